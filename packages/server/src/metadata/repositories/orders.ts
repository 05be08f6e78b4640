import type { Selectable } from 'kysely';
import { containsIgnoreCase, type JsonValue, type Page, pageBounds, parseJson, toCount, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { OrdersTable } from '../schema.js';

/** Sales-team states of an enquiry (the shared contract's ORDER_STATUSES). */
export type StoredOrderStatus = 'new' | 'contacted' | 'closed';

export interface NewOrder {
  userId: number | null;
  username: string;
  enterprise: string;
  email: string;
  telephone: string;
  remark: string;
  ip: string;
  locale: string;
  categories: readonly number[];
  /** The quote the server computed (stored as it was shown). */
  quote: JsonValue;
  total: number;
}

export interface StoredOrder extends Omit<NewOrder, 'categories'> {
  id: number;
  categories: number[];
  status: StoredOrderStatus;
  handledBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderListQuery {
  status?: StoredOrderStatus | undefined;
  /** Part of the enterprise, email, telephone or username (case-insensitive). */
  search?: string | undefined;
  /** ISO instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

type Row = Selectable<OrdersTable>;

function toOrder(row: Row): StoredOrder {
  return {
    id: Number(row.id),
    userId: row.user_id,
    username: row.username,
    enterprise: row.enterprise,
    email: row.email,
    telephone: row.telephone,
    remark: row.remark,
    ip: row.ip,
    locale: row.locale,
    categories: parseJson<number[]>(row.categories, []),
    quote: parseJson<JsonValue>(row.quote, {}),
    total: Number(row.total),
    status: row.status as StoredOrderStatus,
    handledBy: row.handled_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Price enquiries (migration 0002): stored once, then only their status changes. */
export class OrdersRepository {
  constructor(private readonly ctx: RepoContext) {}

  async create(order: NewOrder): Promise<StoredOrder> {
    const now = this.ctx.now();
    const row = await this.ctx.db
      .insertInto('orders')
      .values({
        user_id: order.userId,
        username: order.username,
        enterprise: order.enterprise,
        email: order.email,
        telephone: order.telephone,
        remark: order.remark,
        ip: order.ip,
        locale: order.locale,
        categories: toJson(order.categories),
        quote: toJson(order.quote),
        total: order.total,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toOrder(row);
  }

  async get(id: number): Promise<StoredOrder | undefined> {
    const row = await this.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toOrder(row);
  }

  /** Newest first. */
  async list(query: OrderListQuery = {}): Promise<Page<StoredOrder>> {
    const { page, pageSize, limit, offset } = pageBounds(query);
    let q = this.ctx.db.selectFrom('orders');
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.from !== undefined) q = q.where('created_at', '>=', query.from);
    if (query.to !== undefined) q = q.where('created_at', '<=', query.to);
    const search = query.search?.trim();
    if (search) {
      q = q.where((eb) =>
        eb.or(
          (['enterprise', 'email', 'telephone', 'username'] as const).map((c) => containsIgnoreCase(eb.ref(c), search)),
        ),
      );
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    return { items: rows.map(toOrder), total: toCount(count.n), page, pageSize };
  }

  /** Sets the status; undefined when there is no such enquiry. */
  async setStatus(id: number, status: StoredOrderStatus, by: number): Promise<StoredOrder | undefined> {
    const row = await this.ctx.db
      .updateTable('orders')
      .set({ status, handled_by: by, updated_at: this.ctx.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toOrder(row);
  }
}
