import type {
  AccountApplication,
  AccountMembership,
  BatchAddRow,
  BatchUpdateRow,
  CheckReport,
} from '@marketlens/shared/contracts';
import { ACCOUNT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../shared/api/call.js';

/** Account administration's calls (docs/product.md §7 "Accounts"): entries of `ACCOUNT_ENDPOINTS`, typed by its schemas. */

export type Membership = AccountMembership;
export type Application = AccountApplication;
/**
 * `role` as the screens hold it: the text of the role picker or the account's stored role (the
 * forms' value types are text), sent as it is; the server refuses a role outside the contract's
 * `RoleField`.
 */
type RoleAsText<T> = Omit<T, 'role'> & { role?: string | undefined };
export type AccountInput = RoleAsText<Input<typeof ACCOUNT_ENDPOINTS.create>>;
export type AccountPatch = RoleAsText<Input<typeof ACCOUNT_ENDPOINTS.update>>;
export type ListParams = RoleAsText<Input<typeof ACCOUNT_ENDPOINTS.list>>;
export type AccessInput = RoleAsText<Input<typeof ACCOUNT_ENDPOINTS.setAccess>>;
// The contract's form of the inputs above (see RoleAsText).
const wire = <T>(input: RoleAsText<T>) => input as T;

export type BatchKind = 'add' | 'update';

export const accountKeys = {
  list: (p: ListParams) => ['accounts', 'list', p] as const,
  one: (id: number) => ['accounts', id] as const,
  applications: ['accounts', 'applications'] as const,
};

// The rows are the sheet's columns as read; the server checks each one and reports what is wrong
// (the check's row report), so the web sends them as they are.
const addRows = (rows: Record<string, string>[]) => rows as unknown as BatchAddRow[];
const updateRows = (rows: Record<string, string>[]) => rows as unknown as BatchUpdateRow[];

export const accountsApi = {
  list: (p: ListParams, signal?: AbortSignal) => call(ACCOUNT_ENDPOINTS.list, wire({ ...p }), { signal }),
  get: (id: number, signal?: AbortSignal) => call(ACCOUNT_ENDPOINTS.get, {}, { params: { id }, signal }),
  create: (input: AccountInput) => call(ACCOUNT_ENDPOINTS.create, wire({ ...input })),
  update: (id: number, patch: AccountPatch) => call(ACCOUNT_ENDPOINTS.update, wire({ ...patch }), { params: { id } }),
  remove: (id: number) => call(ACCOUNT_ENDPOINTS.remove, {}, { params: { id } }),
  setAuth: (id: number, input: AccessInput) =>
    call(ACCOUNT_ENDPOINTS.setAccess, wire({ ...input }), { params: { id } }),
  applications: (signal?: AbortSignal) => call(ACCOUNT_ENDPOINTS.applications, { status: 'pending' }, { signal }),
  review: (id: number, status: 'approved' | 'rejected') =>
    call(ACCOUNT_ENDPOINTS.reviewApplication, { status }, { params: { app_id: id } }),
  /** The first worksheet of an .xlsx (base64) as a table of texts, read by the server. */
  batchSheet: (file: string) => call(ACCOUNT_ENDPOINTS.batchSheet, { file }),
  batchCheck: (kind: BatchKind, rows: Record<string, string>[]): Promise<CheckReport> =>
    kind === 'add'
      ? call(ACCOUNT_ENDPOINTS.batchAddCheck, { rows: addRows(rows) })
      : call(ACCOUNT_ENDPOINTS.batchUpdateCheck, { rows: updateRows(rows) }),
  batchCommit: (
    kind: BatchKind,
    rows: Record<string, string>[],
  ): Promise<{ created?: { id: number; username: string; password?: string }[]; updated?: number }> =>
    kind === 'add'
      ? call(ACCOUNT_ENDPOINTS.batchAdd, { rows: addRows(rows) })
      : call(ACCOUNT_ENDPOINTS.batchUpdate, { rows: updateRows(rows) }),
};
