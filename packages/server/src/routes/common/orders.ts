import { validateEmail, validateRequired, validateTelephone } from '@marketlens/shared';
import { ORDER_SCHEMAS, type Order, type OrderBody, type Quote } from '@marketlens/shared/contracts';
import { ORDER_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AnalyticsEngine } from '../../analytics/engine/service.js';
import { requestSignal } from '../../analytics/request.js';
import type { AuthServices } from '../../auth/index.js';
import { RateLimiter } from '../../auth/rate-limit.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { OrdersRepository, type StoredOrder } from '../../metadata/repositories/orders.js';
import { priceBook } from '../../pricing/catalog.js';
import { quoteCart, unknownCategories } from '../../pricing/rules.js';
import { registerRoutes } from '../register.js';

/** Enquiries per hour: anonymous ones per IP, signed-in ones per account (docs/pages/price.md). */
export const ENQUIRY_LIMITS = { windowMs: 3_600_000, anonymousPerIp: 5, perUser: 20 } as const;

function orderView(o: StoredOrder): Order {
  return {
    id: o.id,
    status: o.status,
    enterprise: o.enterprise,
    email: o.email,
    telephone: o.telephone,
    remark: o.remark,
    user_id: o.userId,
    username: o.username,
    categories: o.categories,
    quote: o.quote as unknown as Quote,
    total: o.total,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

/**
 * The price enquiry (docs/pages/price.md): the public catalogue and quote, `POST /order`
 * (public, rate limited), and the enquiries of the administration area (root and admins).
 */
export function orderRoutes(ctx: AppContext, services: AuthServices, engine: AnalyticsEngine): FastifyPluginAsync {
  const orders = new OrdersRepository({
    db: ctx.metadata.db,
    dialect: ctx.metadata.dialect,
    now: () => services.clock().toISOString(),
  });
  const limiter = new RateLimiter(services.counters, ENQUIRY_LIMITS.windowMs);

  /** The quote of a cart, recomputed from the catalogue; unknown ids are refused. */
  async function quoteOf(categories: readonly number[], reply: FastifyReply): Promise<Quote> {
    if (categories.length === 0) throw badRequest('price.emptyCart');
    const book = await priceBook(engine, requestSignal(reply));
    if (book.tree.categories.size === 0) throw badRequest('price.noCatalog');
    const unknown = unknownCategories(book.tree, categories);
    if (unknown.length > 0) throw badRequest('price.unknownCategories', { ids: unknown.join(', ') });
    return quoteCart(book.tree, categories, book.catalog.terms);
  }

  /** docs/product.md §5 required fields, e-mail and telephone formats, each with its own message. */
  function validateForm(b: OrderBody): void {
    const k = validateRequired('enterprise', b.enterprise) ?? validateTelephone(b.telephone) ?? validateEmail(b.email);
    if (k) throw badRequest(k);
  }

  async function limit(req: FastifyRequest): Promise<void> {
    if (req.user) await limiter.check(`order:user:${req.user.id}`, ENQUIRY_LIMITS.perUser);
    else await limiter.check(`order:ip:${req.ip}`, ENQUIRY_LIMITS.anonymousPerIp);
  }

  return async (app) => {
    registerRoutes(app, {
      tag: 'price',
      endpoints: ORDER_ENDPOINTS,
      schemas: ORDER_SCHEMAS,
      summaries: {
        catalog: 'Price catalogue of the categories',
        quote: 'Quote the price of categories',
        order: 'Place an order for categories',
        list: 'Orders, one page',
        setStatus: 'Change the status of an order',
      },
      handlers: {
        catalog: async (_req, reply) => (await priceBook(engine, requestSignal(reply))).catalog,
        quote: async (req, reply) => quoteOf(req.body.categories, reply),
        order: async (req, reply) => {
          const b = req.body;
          validateForm(b);
          await limit(req);
          const quote = await quoteOf(b.categories, reply);
          const categories = [...new Set(b.categories)].sort((x, y) => x - y);
          const order = await orders.create({
            userId: req.user?.id ?? null,
            username: req.user?.username ?? '',
            enterprise: b.enterprise.trim(),
            email: b.email.trim(),
            telephone: b.telephone.trim(),
            remark: (b.remark ?? '').trim(),
            ip: req.ip,
            locale: req.locale,
            categories,
            quote,
            total: quote.total,
          });
          await services.audit.record(req, {
            action: 'order.create',
            outcome: 'success',
            target: `order:${order.id}`,
            detail: { total: quote.total, categories, enterprise: order.enterprise },
          });
          return { id: order.id, quote };
        },
        list: async (req) => {
          const q = req.query;
          const page = await orders.list({
            status: q.status,
            search: q.search,
            from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
            to: q.to ? `${q.to}T23:59:59.999Z` : undefined,
            page: q.page,
            pageSize: q.page_size,
          });
          return { items: page.items.map(orderView), total: page.total, page: page.page, page_size: page.pageSize };
        },
        setStatus: async (req) => {
          const before = await orders.get(req.params.id);
          if (!before) throw notFound('price.orderNotFound');
          const order = await orders.setStatus(req.params.id, req.body.status, req.user!.id);
          if (!order) throw notFound('price.orderNotFound');
          await services.audit.record(req, {
            action: 'order.status',
            outcome: 'success',
            target: `order:${order.id}`,
            detail: { from: before.status, to: order.status },
          });
          return orderView(order);
        },
      },
    });
  };
}
