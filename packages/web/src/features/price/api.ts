import type {
  Order,
  OrderCreated,
  OrderListQuery,
  OrderPage,
  OrderStatus,
  PriceCatalog,
  Quote,
} from '@marketlens/shared/contracts';
import { api } from '../../shared/api/request.js';

/** The enquiry form as sent (spec §3 quotation form). */
export interface EnquiryForm {
  enterprise: string;
  email: string;
  telephone: string;
  remark?: string;
}

export type EnquiryListParams = Omit<OrderListQuery, 'locale'>;

export const priceKeys = {
  catalog: ['price', 'catalog'] as const,
  quote: (cart: readonly number[]) => ['price', 'quote', [...cart]] as const,
  enquiries: (p: EnquiryListParams) => ['enquiries', p] as const,
};

/** The calls of the price enquiry (docs/pages/price.md); the catalogue, quote and enquiry are public. */
export const priceApi = {
  catalog: (signal?: AbortSignal) => api.get<PriceCatalog>('/api/common/price/categories', undefined, { signal }),
  quote: (categories: readonly number[], signal?: AbortSignal) =>
    api.post<Quote>('/api/common/price/quote', { categories: [...categories] }, { signal }),
  order: (form: EnquiryForm, categories: readonly number[]) =>
    api.post<OrderCreated>('/api/common/order', { ...form, categories: [...categories] }),
  enquiries: (p: EnquiryListParams, signal?: AbortSignal) =>
    api.get<OrderPage>('/api/common/orders', { ...p }, { signal }),
  setStatus: (id: number, status: OrderStatus) => api.put<Order>(`/api/common/orders/${id}/status`, { status }),
};
