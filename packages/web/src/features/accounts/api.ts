import { api } from '../../shared/api/request.js';
import type { UserView } from '../../shared/auth/types.js';
import type { CheckReport } from '../../shared/ui/RowReport.js';
import type { MemberInput, Page } from '../projects/api.js';

export interface Membership {
  project_id: number;
  project_name: string;
  role: string;
  pages: number[];
  categories: number[];
  brands: string[];
  shops: string[];
}

export interface Application {
  id: number;
  kind: 'account_opening' | 'wechat_unbind' | string;
  user_id: number | null;
  username: string | null;
  payload: Record<string, unknown>;
  status: string;
  created_at: string;
}

export interface AccountInput {
  username: string;
  email: string;
  enterprise: string;
  telephone: string;
  password?: string;
  role?: string;
  group?: string;
  valid_from?: string | null;
  valid_to?: string | null;
}

export type AccountPatch = Partial<Omit<AccountInput, 'username'>> & { status?: string; locked?: boolean };

export interface ListParams {
  page: number;
  page_size: number;
  search?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

export type BatchKind = 'add' | 'update';

export const accountKeys = {
  list: (p: ListParams) => ['accounts', 'list', p] as const,
  one: (id: number) => ['accounts', id] as const,
  applications: ['accounts', 'applications'] as const,
  brief: ['accounts', 'brief'] as const,
};

export const accountsApi = {
  list: (p: ListParams, signal?: AbortSignal) => api.get<Page<UserView>>('/api/common/users', { ...p }, { signal }),
  brief: (signal?: AbortSignal) =>
    api.get<{ items: { id: number; username: string; enterprise: string }[] }>('/api/common/users/brief', undefined, {
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<{ user: UserView; projects: Membership[] }>(`/api/common/users/${id}`, undefined, { signal }),
  create: (input: AccountInput) => api.post<{ user: UserView; password?: string }>('/api/common/users', { ...input }),
  update: (id: number, patch: AccountPatch) => api.put<{ user: UserView }>(`/api/common/users/${id}`, { ...patch }),
  remove: (id: number) => api.del(`/api/common/users/${id}`),
  setAuth: (id: number, input: MemberInput & { project_id: number }) =>
    api.put<Membership>(`/api/common/users/${id}/auth`, { ...input }),
  applications: (signal?: AbortSignal) =>
    api.get<{ items: Application[] }>('/api/common/users/applications', { status: 'pending' }, { signal }),
  review: (id: number, status: 'approved' | 'rejected') =>
    api.put<{ id: number; status: string }>(`/api/common/users/application/${id}/status`, { status }),
  /** The first worksheet of an .xlsx (base64) as a table of texts, read by the server. */
  batchSheet: (file: string) => api.post<{ table: string[][] }>('/api/common/users/batch/sheet', { file }),
  batchCheck: (kind: BatchKind, rows: Record<string, string>[]) =>
    api.post<CheckReport>(`/api/common/users/batch/${kind}/check`, { rows }),
  batchCommit: (kind: BatchKind, rows: Record<string, string>[]) =>
    api.post<{ created?: { id: number; username: string; password?: string }[]; updated?: number }>(
      `/api/common/users/batch/${kind}`,
      { rows },
    ),
};
