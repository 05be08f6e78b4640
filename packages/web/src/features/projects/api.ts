import { DATA_ENDPOINTS } from '@marketlens/shared/endpoints';
import { callEndpoint } from '../../shared/analysis/endpoint.js';
import { api } from '../../shared/api/request.js';
import type { CheckReport } from '../../shared/ui/RowReport.js';

/** Projects API shapes (spec §3, §7) and calls, shared by the project and account screens. */

export interface Project {
  id: number;
  name: string;
  owner_id: number | null;
  owner: string | null;
  data_scope: string;
  currency_unit: string;
  cur_symbol: string;
  date_field: 'month' | 'week' | string;
  has_series: boolean;
  series_name: string;
  series_name_en: string;
  hide_keywords: boolean;
  discount_price: boolean;
  limit_brands: boolean;
  limit_shops: boolean;
  pages: number[];
  status: 'in_service' | 'stopped' | string;
  created_at: string;
}

/** GET attributes/config/check: the pending draft (if any) and the server's check of it. */
export interface AttributeDraft extends CheckReport {
  pending: boolean;
  attributes: Attribute[];
}

export type ProjectInput = Omit<Project, 'id' | 'owner' | 'created_at' | 'status'>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface Dataset {
  table_name: string;
  title: string;
  title_en: string;
  date_field: string;
  currency_unit: string;
  cur_symbol: string;
  has_series: boolean;
  discount_price: boolean;
  farthest_date: string;
  latest_date: string;
}

export interface ProjectCategory {
  category_id: number;
  category_name: string;
  category_name_en: string;
  level: number;
  parent: number | null;
  status: 'ready' | 'not_ready' | string;
}

export interface Member {
  user_id: number;
  username: string;
  email: string;
  enterprise: string;
  role: string;
  pages: number[];
  categories: number[];
  brands: string[];
  shops: string[];
}

export interface MemberInput {
  role: string;
  pages: number[];
  categories: number[];
  /** Brand and shop grants: sent only for a project that limits them (else left as they are). */
  brands?: string[];
  shops?: string[];
}

/** Which data a project limits beyond categories (DESIGN §6): brands and shops need grants then. */
export type ProjectLimits = Pick<Project, 'limit_brands' | 'limit_shops'>;
export type GrantKind = 'brands' | 'shops';
/** A brand (its id) or a shop ('platform,shop_id', spec §4) that can be granted, with its names. */
export interface GrantOption {
  value: string;
  name: string;
  name_en: string;
}

export type Band = [number, number | null];
export type BandKind = 'price' | 'weight';

export interface Attribute {
  name: string;
  title: string;
  title_en: string;
  sort_order?: number;
}

export const projectKeys = {
  all: ['projects'] as const,
  one: (id: number) => ['projects', id] as const,
  categories: (id: number) => ['projects', id, 'categories'] as const,
  members: (id: number) => ['projects', id, 'members'] as const,
  attributes: (id: number) => ['projects', id, 'attributes'] as const,
  attributeDraft: (id: number) => ['projects', id, 'attributes', 'draft'] as const,
  grantOptions: (id: number, kind: GrantKind, prefix: string) =>
    ['projects', id, 'grant-options', kind, prefix] as const,
  bands: (id: number, kind: BandKind, category: number | undefined) =>
    ['projects', id, 'bands', kind, category] as const,
};

const base = (id: number) => `/api/common/projects/${id}`;

export const projectsApi = {
  list: (params: { page?: number; page_size?: number; search?: string; status?: string }, signal?: AbortSignal) =>
    api.get<Page<Project>>('/api/common/projects', params, { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<Project>(base(id), undefined, { signal }),
  create: (input: Partial<ProjectInput>) => api.post<Project>('/api/common/projects', input),
  update: (id: number, input: Partial<ProjectInput>) => api.put<Project>(base(id), input),
  setStatus: (id: number, status: 'in_service' | 'stopped') => api.put<Project>(`${base(id)}/status`, { status }),
  nameTaken: (name: string, id?: number) =>
    api.post<{ exists: boolean; message: string }>('/api/common/projects/check', { name, ...(id ? { id } : {}) }),
  datasets: (signal?: AbortSignal) => api.get<{ items: Dataset[] }>('/api/common/tables', undefined, { signal }),
  currencies: (signal?: AbortSignal) =>
    api.get<{ items: { currency_unit: string; cur_symbol: string }[] }>('/api/common/currencies', undefined, {
      signal,
    }),
  categories: (id: number, signal?: AbortSignal) =>
    api.get<{ items: ProjectCategory[] }>(`${base(id)}/categories`, undefined, { signal }),
  /** `file`: the .xlsx or CSV as base64; the answer lists the categories read, for the row report. */
  uploadCategories: (id: number, file: string, dryRun: boolean) =>
    api.post<{
      valid: boolean;
      rows: number;
      errors: { row: number; field: string; problem: string }[];
      added: number;
      categories: string[];
    }>(`${base(id)}/categories/upload`, { file, dry_run: dryRun }),
  setCategoryStatus: (id: number, categories: number[], status: 'ready' | 'not_ready') =>
    api.put<{ updated: number }>(`${base(id)}/categories/status`, { categories, status }),
  removeCategory: (id: number, categoryId: number) => api.del(`${base(id)}/categories/${categoryId}`),
  members: (id: number, signal?: AbortSignal) =>
    api.get<{ items: Member[] }>(`${base(id)}/users`, undefined, { signal }),
  addMember: (id: number, who: { user_id?: number; username?: string }, input: MemberInput) =>
    api.post<{ items: Member[] }>(`${base(id)}/users`, { ...who, ...input }),
  updateMember: (id: number, userId: number, input: MemberInput) =>
    api.put<{ items: Member[] }>(`${base(id)}/users/${userId}`, { ...input }),
  removeMember: (id: number, userId: number) => api.del(`${base(id)}/users/${userId}`),
  /** Brands or shops of the project's dataset that can be granted, by name prefix (first 200). */
  grantOptions: (id: number, kind: GrantKind, prefix: string, signal?: AbortSignal): Promise<GrantOption[]> => {
    const query = { data_scope_id: id, prefix: prefix.trim() || undefined, page_size: 200 };
    return kind === 'brands'
      ? callEndpoint(DATA_ENDPOINTS.brands, query, { signal }).then((r) =>
          r.items.map((b) => ({ value: String(b.id), name: b.name, name_en: b.name_en })),
        )
      : callEndpoint(DATA_ENDPOINTS.shops, query, { signal }).then((r) => r.items);
  },
  attributes: (id: number, signal?: AbortSignal) =>
    api.get<{ items: Attribute[]; available: Attribute[] }>(`${base(id)}/attributes`, undefined, { signal }),
  saveAttributes: (id: number, attributes: Attribute[]) =>
    api.put<{ items: Attribute[]; available: Attribute[] }>(`${base(id)}/attributes`, { attributes }),
  /** The attribute draft: saved, checked by the server, then applied (PUT attributes) or discarded. */
  attributeDraft: (id: number, signal?: AbortSignal) =>
    api.get<AttributeDraft>(`${base(id)}/attributes/config/check`, undefined, { signal }),
  saveAttributeDraft: (id: number, attributes: Attribute[]) =>
    api.post(`${base(id)}/attributes/config`, { attributes }),
  discardAttributeDraft: (id: number) => api.post(`${base(id)}/attributes/config/cancel`),
  bands: (id: number, kind: BandKind, categoryId: number, signal?: AbortSignal) =>
    api
      .post<{ items: { category_id: number; bands: Band[] }[] }>(
        `${base(id)}/categories/bands`,
        { category_ids: [categoryId], kind },
        { signal },
      )
      .then((r) => r.items[0]?.bands ?? []),
  saveBands: (id: number, kind: BandKind, categoryId: number, bands: Band[]) =>
    api.put<{ bands: Band[] }>(`${base(id)}/categories/bands`, { category_id: categoryId, kind, bands }),
  calculateBands: (id: number, categoryId: number, count: number) =>
    api.post<{ bands: Band[] }>(`${base(id)}/categories/calculate_bands`, { category_id: categoryId, count }),
};
