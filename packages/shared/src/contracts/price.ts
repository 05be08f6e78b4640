/**
 * Wire contract of the price enquiry and quotation (/price, docs/product.md §2, §5, §8, §9; docs/pricing.md):
 * the subscription catalogue (the categories a visitor may buy, with the price of each alone), the
 * quote of a cart (computed on the server, with the reason of every figure), the enquiry
 * (`POST /order`) and the sales team's list of enquiries. Prices are whole RMB per year.
 */
import { type Static, Type } from 'typebox';
import { ORDER_STATUSES, type OrderStatus } from '../orders.js';
import { LocaleField } from './common.js';

/** One of a list of strings, typed as that union (TypeBox infers `never` from a mapped array). */
const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

/** Why a figure is what it is; the web words each code in the visitor's language. */
export const PRICE_REASONS = [
  /** The base price from the market size: fee + per-billion rate × annual sales, rounded up. */
  'base',
  /** The category had no sales in the last year: the base price is the fee alone. */
  'noSales',
  /** Capped at the second-level limit (999 999). */
  'limitSecond',
  /** Capped at the third-level limit (99 999). */
  'limitThird',
  /** Every third-level category of the second-level one is in the cart: each at most 50 000. */
  'limitAllThird',
  /** Several third-level categories cost more than their second-level category: priced at that. */
  'merged',
  /** Covered by its second-level category, which is in the cart too. */
  'included',
] as const;
export type PriceReasonCode = (typeof PRICE_REASONS)[number];

export const PriceReason = Type.Object({
  code: OneOf(PRICE_REASONS),
  /** Figures the reason names (limit, the sum it replaces, the annual sales in billions …). */
  params: Type.Record(Type.String(), Type.Number()),
});
export type PriceReason = Static<typeof PriceReason>;

/** One category of the catalogue: levels 2 and 3 are sold; level 1 only groups them. */
export const PriceCategory = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  /** The yearly price of this category bought alone (levels 2 and 3; null for level 1). */
  price: Type.Union([Type.Integer(), Type.Null()]),
});
export type PriceCategory = Static<typeof PriceCategory>;

/** The rules' constants, sent so the screen states them as the server applies them. */
export const PriceTerms = Type.Object({
  currency: Type.Literal('CNY'),
  /** First month of history included in every subscription ('YYYY-MM'). */
  history_from: Type.String(),
  fee: Type.Integer(),
  per_billion: Type.Integer(),
  round_to: Type.Integer(),
  limit_second: Type.Integer(),
  limit_third: Type.Integer(),
  limit_all_third: Type.Integer(),
  /** The year of sales the base prices are computed from ('YYYY-MM-DD', first and last period). */
  sales_from: Type.Union([Type.String(), Type.Null()]),
  sales_to: Type.Union([Type.String(), Type.Null()]),
});
export type PriceTerms = Static<typeof PriceTerms>;

export const PriceCatalog = Type.Object({
  terms: PriceTerms,
  categories: Type.Array(PriceCategory),
});
export type PriceCatalog = Static<typeof PriceCatalog>;

/** A cart: the chosen category ids (levels 2 and 3), at most 500. */
export const Cart = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 });

export const QuoteBody = Type.Object({ ...LocaleField, categories: Cart }, { additionalProperties: false });
export type QuoteBody = Static<typeof QuoteBody>;

/** One category inside a quote line. */
export const QuoteItem = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  level: Type.Integer(),
  /** The base price before any limit. */
  base: Type.Integer(),
  /** What it adds to the line (0 when included in its second-level category). */
  price: Type.Integer(),
  reasons: Type.Array(PriceReason),
});
export type QuoteItem = Static<typeof QuoteItem>;

export const QUOTE_LINE_KINDS = ['second', 'thirds', 'allThirds', 'merged'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/** The cart's categories under one second-level category, and what they cost together. */
export const QuoteLine = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  kind: OneOf(QUOTE_LINE_KINDS),
  items: Type.Array(QuoteItem),
  /** The sum of the items' prices. */
  subtotal: Type.Integer(),
  /** The line's yearly price (the subtotal, or the second-level price when merged). */
  price: Type.Integer(),
  reasons: Type.Array(PriceReason),
});
export type QuoteLine = Static<typeof QuoteLine>;

export const Quote = Type.Object({
  terms: PriceTerms,
  lines: Type.Array(QuoteLine),
  /** Yearly total in RMB. */
  total: Type.Integer(),
});
export type Quote = Static<typeof Quote>;

/** docs/product.md §3 quotation form plus the cart; the server recomputes the price from the cart. */
export const OrderBody = Type.Object(
  {
    ...LocaleField,
    enterprise: Type.String({ maxLength: 200 }),
    email: Type.String({ maxLength: 200 }),
    telephone: Type.String({ maxLength: 50 }),
    remark: Type.Optional(Type.String({ maxLength: 2000 })),
    categories: Cart,
  },
  { additionalProperties: false },
);
export type OrderBody = Static<typeof OrderBody>;

export { ORDER_STATUSES, type OrderStatus };

const OrderStatusSchema = OneOf(ORDER_STATUSES);

/** A stored enquiry as the sales team sees it. */
export const Order = Type.Object({
  id: Type.Integer(),
  status: OrderStatusSchema,
  enterprise: Type.String(),
  email: Type.String(),
  telephone: Type.String(),
  remark: Type.String(),
  /** The requester when signed in (null: an anonymous visitor). */
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  categories: Type.Array(Type.Integer()),
  quote: Quote,
  total: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Order = Static<typeof Order>;

export const OrderCreated = Type.Object({ id: Type.Integer(), quote: Quote });
export type OrderCreated = Static<typeof OrderCreated>;

export const OrderListQuery = Type.Object(
  {
    ...LocaleField,
    status: Type.Optional(OrderStatusSchema),
    /** Part of the enterprise, email, telephone or username. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    /** Created on or after / on or before ('YYYY-MM-DD', UTC days). */
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderPage = Type.Object({
  items: Type.Array(Order),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type OrderPage = Static<typeof OrderPage>;

export const OrderStatusBody = Type.Object(
  { ...LocaleField, status: OrderStatusSchema },
  { additionalProperties: false },
);
export type OrderStatusBody = Static<typeof OrderStatusBody>;
