import type {
  CategoryBands,
  CheckReport,
  DatasetCategory,
  DatasetTable,
  ProjectCategory as ProjectCategoryView,
  ProjectMember,
  ProjectView,
} from '@marketlens/shared/contracts';
import { ACCOUNT_ENDPOINTS, DATA_ENDPOINTS, PROJECT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../shared/api/call.js';

/**
 * Project administration's calls (docs/product.md §3, §7 "Projects"): entries of `PROJECT_ENDPOINTS`,
 * typed by its schemas, shared by the project and account screens.
 */

export type Project = ProjectView;
export type ProjectInput = Input<typeof PROJECT_ENDPOINTS.create>;
export type ProjectChange = Input<typeof PROJECT_ENDPOINTS.update>;
export type ProjectListParams = Input<typeof PROJECT_ENDPOINTS.list>;
export type Dataset = DatasetTable;
export type ProjectCategory = ProjectCategoryView;
/** A category of the project's dataset, with its status in the project (null: not in it). */
export type { DatasetCategory };
export type CategoryStatus = 'ready' | 'not_ready';
export type Member = ProjectMember;
/**
 * A member's role, pages and grants; brand and shop grants are sent only for a project that limits
 * them (else left as they are). `role` is text as the membership editor holds it (its value type is
 * text), sent as it is; the server refuses a role outside the contract's `RoleField`.
 */
export type MemberInput = Omit<Input<typeof PROJECT_ENDPOINTS.updateMember>, 'role'> & { role?: string | undefined };
// The contract's form of a member input (see MemberInput).
const memberWire = (input: MemberInput) => input as Input<typeof PROJECT_ENDPOINTS.updateMember>;

/** GET attributes/config/check: the pending draft (if any) and the server's check of it. */
export interface AttributeDraft extends CheckReport {
  pending: boolean;
  attributes: Attribute[];
}

/** Which data a project limits beyond categories (DESIGN §6): brands and shops need grants then. */
export type ProjectLimits = Pick<Project, 'limit_brands' | 'limit_shops'>;
export type GrantKind = 'brands' | 'shops';
/** A brand (its id) or a shop ('platform,shop_id', docs/product.md §4) that can be granted, with its names. */
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
  /** The account picker (owner, new member): under the accounts' key, so a change of accounts refreshes it. */
  accountChoices: ['accounts', 'brief'] as const,
  one: (id: number) => ['projects', id] as const,
  categories: (id: number) => ['projects', id, 'categories'] as const,
  datasetCategories: (id: number) => ['projects', id, 'categories', 'dataset'] as const,
  ties: (id: number) => ['projects', id, 'ties'] as const,
  members: (id: number) => ['projects', id, 'members'] as const,
  attributes: (id: number) => ['projects', id, 'attributes'] as const,
  attributeDraft: (id: number) => ['projects', id, 'attributes', 'draft'] as const,
  grantOptions: (id: number, kind: GrantKind, prefix: string) =>
    ['projects', id, 'grant-options', kind, prefix] as const,
  bands: (id: number, kind: BandKind, category: number | undefined) =>
    ['projects', id, 'bands', kind, category] as const,
};

// The bands of a category as the server sends them: each [from, to], `to` null for the open-ended last one.
const bandsOf = (c: CategoryBands | undefined): Band[] => c?.bands ?? [];

export const projectsApi = {
  list: (params: ProjectListParams, signal?: AbortSignal) => call(PROJECT_ENDPOINTS.list, params, { signal }),
  get: (id: number, signal?: AbortSignal) => call(PROJECT_ENDPOINTS.get, {}, { params: { id }, signal }),
  create: (input: ProjectInput) => call(PROJECT_ENDPOINTS.create, input),
  update: (id: number, input: ProjectChange) => call(PROJECT_ENDPOINTS.update, input, { params: { id } }),
  /** Root only: the project and everything `ties` counts. */
  remove: (id: number) => call(PROJECT_ENDPOINTS.remove, {}, { params: { id } }),
  ties: (id: number, signal?: AbortSignal) => call(PROJECT_ENDPOINTS.ties, {}, { params: { id }, signal }),
  setStatus: (id: number, status: 'in_service' | 'stopped') =>
    call(PROJECT_ENDPOINTS.setStatus, { status }, { params: { id } }),
  nameTaken: (name: string, id?: number) => call(PROJECT_ENDPOINTS.check, { name, ...(id ? { id } : {}) }),
  /** The accounts an administrator picks a project's owner or a new member from. */
  accountChoices: (signal?: AbortSignal) => call(ACCOUNT_ENDPOINTS.brief, {}, { signal }),
  datasets: (signal?: AbortSignal) => call(PROJECT_ENDPOINTS.tables, {}, { signal }),
  currencies: (signal?: AbortSignal) => call(PROJECT_ENDPOINTS.currencies, {}, { signal }),
  categories: (id: number, signal?: AbortSignal) => call(PROJECT_ENDPOINTS.categories, {}, { params: { id }, signal }),
  /** The whole category tree of the project's dataset (the picker's and the upload template's). */
  datasetCategories: (id: number, signal?: AbortSignal) =>
    call(PROJECT_ENDPOINTS.datasetCategories, {}, { params: { id }, signal }),
  addCategories: (id: number, categories: number[], status: CategoryStatus) =>
    call(PROJECT_ENDPOINTS.addCategories, { categories, status }, { params: { id } }),
  /** `file`: the .xlsx or CSV as base64; the answer lists the categories read, for the row report. */
  uploadCategories: (id: number, file: string, dryRun: boolean, status: CategoryStatus = 'ready') =>
    call(PROJECT_ENDPOINTS.uploadCategories, { file, dry_run: dryRun, status }, { params: { id } }),
  setCategoryStatus: (id: number, categories: number[], status: 'ready' | 'not_ready') =>
    call(PROJECT_ENDPOINTS.categoryStatus, { categories, status }, { params: { id } }),
  removeCategory: (id: number, categoryId: number) =>
    call(PROJECT_ENDPOINTS.removeCategory, {}, { params: { p_id: id, c_id: categoryId } }),
  members: (id: number, signal?: AbortSignal) => call(PROJECT_ENDPOINTS.members, {}, { params: { id }, signal }),
  addMember: (id: number, who: { user_id?: number; username?: string }, input: MemberInput) =>
    call(PROJECT_ENDPOINTS.addMember, { ...who, ...memberWire(input) }, { params: { id } }),
  updateMember: (id: number, userId: number, input: MemberInput) =>
    call(PROJECT_ENDPOINTS.updateMember, memberWire({ ...input }), { params: { p_id: id, u_id: userId } }),
  removeMember: (id: number, userId: number) =>
    call(PROJECT_ENDPOINTS.removeMember, {}, { params: { p_id: id, u_id: userId } }),
  /** Brands or shops of the project's dataset that can be granted, by name prefix (first 200). */
  grantOptions: (id: number, kind: GrantKind, prefix: string, signal?: AbortSignal): Promise<GrantOption[]> => {
    const query = { data_scope_id: id, prefix: prefix.trim() || undefined, page_size: 200 };
    return kind === 'brands'
      ? call(DATA_ENDPOINTS.brands, query, { signal }).then((r) =>
          r.items.map((b) => ({ value: String(b.id), name: b.name, name_en: b.name_en })),
        )
      : call(DATA_ENDPOINTS.shops, query, { signal }).then((r) => r.items);
  },
  attributes: (id: number, signal?: AbortSignal) =>
    call(PROJECT_ENDPOINTS.attributes, {}, { params: { pid: id }, signal }),
  saveAttributes: (id: number, attributes: Attribute[]) =>
    call(PROJECT_ENDPOINTS.setAttributes, { attributes }, { params: { pid: id } }),
  /** The attribute draft: saved, checked by the server, then applied (PUT attributes) or discarded. */
  attributeDraft: (id: number, signal?: AbortSignal): Promise<AttributeDraft> =>
    call(PROJECT_ENDPOINTS.checkAttributeDraft, {}, { params: { pid: id }, signal }),
  saveAttributeDraft: (id: number, attributes: Attribute[]) =>
    call(PROJECT_ENDPOINTS.saveAttributeDraft, { attributes }, { params: { pid: id } }),
  discardAttributeDraft: (id: number) => call(PROJECT_ENDPOINTS.cancelAttributeDraft, {}, { params: { pid: id } }),
  bands: (id: number, kind: BandKind, categoryId: number, signal?: AbortSignal) =>
    call(PROJECT_ENDPOINTS.bands, { category_ids: [categoryId], kind }, { params: { id }, signal }).then((r) =>
      bandsOf(r.items[0]),
    ),
  saveBands: (id: number, kind: BandKind, categoryId: number, bands: Band[]) =>
    call(PROJECT_ENDPOINTS.setBands, { category_id: categoryId, kind, bands }, { params: { id } }).then((r) => ({
      bands: bandsOf(r),
    })),
  calculateBands: (id: number, categoryId: number, count: number) =>
    call(PROJECT_ENDPOINTS.calculateBands, { category_id: categoryId, count }, { params: { id } }).then((r) => ({
      bands: bandsOf(r),
    })),
};
