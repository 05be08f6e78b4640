import type { OrderStatus } from '@marketlens/shared/contracts';
import { ORDER_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../shared/api/call.js';

/** The enquiry form as sent (docs/product.md §3 quotation form), without the cart. */
export type EnquiryForm = Omit<Input<typeof ORDER_ENDPOINTS.order>, 'categories'>;

export type EnquiryListParams = Input<typeof ORDER_ENDPOINTS.list>;

export const priceKeys = {
  catalog: ['price', 'catalog'] as const,
  quote: (cart: readonly number[]) => ['price', 'quote', [...cart]] as const,
  enquiries: (p: EnquiryListParams) => ['enquiries', p] as const,
};

/** The calls of the price enquiry (docs/pages/price.md): entries of `ORDER_ENDPOINTS`; the catalogue, quote and enquiry are public. */
export const priceApi = {
  catalog: (signal?: AbortSignal) => call(ORDER_ENDPOINTS.catalog, {}, { signal }),
  quote: (categories: readonly number[], signal?: AbortSignal) =>
    call(ORDER_ENDPOINTS.quote, { categories: [...categories] }, { signal }),
  order: (form: EnquiryForm, categories: readonly number[]) =>
    call(ORDER_ENDPOINTS.order, { ...form, categories: [...categories] }),
  enquiries: (p: EnquiryListParams, signal?: AbortSignal) => call(ORDER_ENDPOINTS.list, { ...p }, { signal }),
  setStatus: (id: number, status: OrderStatus) => call(ORDER_ENDPOINTS.setStatus, { status }, { params: { id } }),
};
