/**
 * Schemas of the price enquiry endpoints (docs/pages/price.md), by the key of `ORDER_ENDPOINTS`
 * (admin-endpoints.ts): the public catalogue, quote and order, and the enquiries of the
 * administration area. The shapes themselves are in price.ts.
 */
import { Type } from 'typebox';
import { AdminBody } from './accounts.js';
import {
  Order,
  OrderBody,
  OrderCreated,
  OrderListQuery,
  OrderPage,
  OrderStatusBody,
  PriceCatalog,
  Quote,
  QuoteBody,
} from './price.js';

export const ORDER_SCHEMAS = {
  catalog: { body: AdminBody({}), data: PriceCatalog },
  quote: { body: QuoteBody, data: Quote },
  order: { body: OrderBody, data: OrderCreated },
  list: { body: OrderListQuery, data: OrderPage },
  setStatus: { body: OrderStatusBody, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), data: Order },
};
