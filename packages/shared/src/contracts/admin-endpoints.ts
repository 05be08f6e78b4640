import type { ACCOUNT_SCHEMAS } from './accounts.js';
import type { AUDIT_SCHEMAS } from './audit.js';
import type { FAVORITE_SCHEMAS } from './favorites.js';
import type { ORDER_SCHEMAS } from './orders.js';
import type { PROJECT_SCHEMAS } from './projects.js';
import type { SESSION_SCHEMAS } from './session.js';
import type { Carried, EndpointSchemas, HttpMethod } from './table-types.js';

/** Project-level access: `member` of the project, `manage` its settings (global root/admin), `users` its members (also its own admin). */
export type ProjectAccessKind = 'member' | 'manage' | 'users';
/** Where a request names its project: a path parameter, a query field or a body field. */
export type ProjectIdSource = `${'params' | 'query' | 'body'}.${string}`;
/**
 * Global role lists, each the roles of a screen of the shared route table (docs/product.md §6):
 * `projects` the project list (enterprise, admin, root), `projectAdmin` a project's settings and
 * `accounts` the account screens (root, admin), `batch` the batch account screens (root).
 */
export type RoleList = 'projects' | 'projectAdmin' | 'accounts' | 'batch';

/** Who may call an administration endpoint; the server turns it into the auth plugin's permission. */
export type AdminAccess =
  /** No sign-in needed (a valid token, when sent, is still recognised). */
  | { readonly kind: 'public' }
  /** Any usable account without a password change pending. */
  | { readonly kind: 'signedIn' }
  /** The own profile and password: open even while a password change is pending. */
  | { readonly kind: 'ownAccount' }
  | { readonly kind: 'roles'; readonly roles: RoleList }
  | { readonly kind: 'project'; readonly access: ProjectAccessKind; readonly projectId: ProjectIdSource };

export const allow = {
  public: { kind: 'public' } as AdminAccess,
  signedIn: { kind: 'signedIn' } as AdminAccess,
  ownAccount: { kind: 'ownAccount' } as AdminAccess,
  roles: (roles: RoleList): AdminAccess => ({ kind: 'roles', roles }),
  project: (access: ProjectAccessKind, projectId: ProjectIdSource): AdminAccess => ({
    kind: 'project',
    access,
    projectId,
  }),
};

export interface AdminEndpoint<Body = unknown, Data = unknown, Params = unknown> {
  readonly method: HttpMethod;
  /** Path under /api/common; `:name` segments are the path parameters. */
  readonly path: string;
  readonly access: AdminAccess;
  /** The answer is a file (.xlsx), not the JSON envelope. */
  readonly file: boolean;
  /** Type carriers only (never set): the request (body, or query of a GET), the answer's data, the path parameters. */
  readonly types?: { readonly body: Body; readonly data: Data; readonly params: Params };
}

type AdminTyped<S extends EndpointSchemas> = AdminEndpoint<
  Carried<S>['body'],
  Carried<S>['data'],
  Carried<S>['params']
>;
/** An endpoint table typed by its schema table: a key missing from either is a compile error. */
export type AdminTableOf<T extends Record<string, EndpointSchemas>> = {
  readonly [K in keyof T]: AdminTyped<T[K]>;
};

interface Options {
  file?: boolean;
}
/** An entry of an administration table; `access` is required: nothing is open by default. */
export const on = (method: HttpMethod, path: string, access: AdminAccess, o: Options = {}) =>
  ({ method, path, access, file: o.file ?? false }) as AdminEndpoint<never, never, never>;

const accounts = allow.roles('accounts');
const batch = allow.roles('batch');
const projectAdmin = allow.roles('projectAdmin');
const inProject = (access: ProjectAccessKind, param = 'id') => allow.project(access, `params.${param}`);

/** Account administration (the Accounts screens): root and admins; batch operations root only. */
export const ACCOUNT_ENDPOINTS: AdminTableOf<typeof ACCOUNT_SCHEMAS> = {
  list: on('GET', '/users', accounts),
  all: on('GET', '/users/all', accounts),
  brief: on('GET', '/users/brief', accounts),
  applications: on('GET', '/users/applications', accounts),
  get: on('GET', '/users/:id', accounts),
  create: on('POST', '/users', accounts),
  update: on('PUT', '/users/:id', accounts),
  remove: on('DELETE', '/users/:id', accounts),
  exist: on('POST', '/users/exist', accounts),
  setAccess: on('PUT', '/users/:id/auth', accounts),
  updateApplication: on('PUT', '/users/application/:id', accounts),
  reviewApplication: on('PUT', '/users/application/:app_id/status', accounts),
  batchSheet: on('POST', '/users/batch/sheet', batch),
  batchAddCheck: on('POST', '/users/batch/add/check', batch),
  batchAdd: on('POST', '/users/batch/add', batch),
  batchUpdateCheck: on('POST', '/users/batch/update/check', batch),
  batchUpdate: on('POST', '/users/batch/update', batch),
  // Everyone who opens the project list picks from it (an enterprise user sees only their own).
  enterprises: on('GET', '/enterprises', allow.roles('projects')),
};

/** The personal centre: the own account (open during a pending password change) and own project settings. */
export const SESSION_ENDPOINTS: AdminTableOf<typeof SESSION_SCHEMAS> = {
  me: on('GET', '/users/me', allow.ownAccount),
  changePassword: on('PUT', '/users/me/password', allow.ownAccount),
  projectConfig: on('GET', '/users/projects/:id/config', inProject('member')),
  saveProjectConfig: on('PUT', '/users/projects/:id/config', inProject('member')),
};

/**
 * Project administration: the project list (enterprise and above), a project's settings, categories
 * and attributes (global root and admin), its members (also the project's own admin), and what every
 * member reads or sets for themselves (brief, pages, discount switch, filter attributes, custom attributes).
 */
export const PROJECT_ENDPOINTS: AdminTableOf<typeof PROJECT_SCHEMAS> = {
  list: on('GET', '/projects', allow.roles('projects')),
  create: on('POST', '/projects', projectAdmin),
  check: on('POST', '/projects/check', projectAdmin),
  get: on('GET', '/projects/:id', inProject('member')),
  brief: on('GET', '/projects/:id/brief', inProject('member')),
  update: on('PUT', '/projects/:id', inProject('manage')),
  // Root only: the handler refuses a global admin (the project tables have no root-only access kind).
  remove: on('DELETE', '/projects/:id', inProject('manage')),
  ties: on('GET', '/projects/:id/ties', inProject('manage')),
  setStatus: on('PUT', '/projects/:id/status', inProject('manage')),
  pages: on('GET', '/projects/:project_id/pages', inProject('member', 'project_id')),
  discountPrice: on('PUT', '/projects/:project_id/users/discount_price', inProject('member', 'project_id')),
  tables: on('GET', '/tables', projectAdmin),
  currencies: on('GET', '/currencies', projectAdmin),
  platformChannels: on('GET', '/platforms/channels/:table_name', projectAdmin),

  members: on('GET', '/projects/:id/users', inProject('users')),
  addMember: on('POST', '/projects/:id/users', inProject('users')),
  updateMember: on('PUT', '/projects/:p_id/users/:u_id', inProject('users', 'p_id')),
  removeMember: on('DELETE', '/projects/:p_id/users/:u_id', inProject('users', 'p_id')),

  categories: on('GET', '/projects/:id/categories', inProject('member')),
  datasetCategories: on('GET', '/projects/:id/dataset/categories', inProject('manage')),
  addCategories: on('POST', '/projects/:id/categories', inProject('manage')),
  checkCategories: on('POST', '/projects/:id/categories/check', inProject('manage')),
  uploadCategories: on('POST', '/projects/:id/categories/upload', inProject('manage')),
  replaceCategory: on('PUT', '/projects/:p_id/categories/:c_id', inProject('manage', 'p_id')),
  removeCategory: on('DELETE', '/projects/:p_id/categories/:c_id', inProject('manage', 'p_id')),
  categoryStatus: on('PUT', '/projects/:id/categories/status', inProject('manage')),

  bands: on('POST', '/projects/:id/categories/bands', inProject('member')),
  setBands: on('PUT', '/projects/:id/categories/bands', inProject('manage')),
  calculateBands: on('POST', '/projects/:id/categories/calculate_bands', inProject('manage')),

  attributes: on('GET', '/projects/:pid/attributes', inProject('manage', 'pid')),
  setAttributes: on('PUT', '/projects/:pid/attributes', inProject('manage', 'pid')),
  removeAttributes: on('DELETE', '/projects/:pid/attributes', inProject('manage', 'pid')),
  saveAttributeDraft: on('POST', '/projects/:pid/attributes/config', inProject('manage', 'pid')),
  checkAttributeDraft: on('GET', '/projects/:pid/attributes/config/check', inProject('manage', 'pid')),
  cancelAttributeDraft: on('POST', '/projects/:pid/attributes/config/cancel', inProject('manage', 'pid')),
  filterAttributes: on('GET', '/filter/projects/:project_id/attributes', inProject('member', 'project_id')),

  customAttributes: on('POST', '/users/projects/:id/categories/custom_attributes/queries', inProject('member')),
  saveCustomAttributes: on('POST', '/users/projects/:id/categories/custom_attributes', inProject('member')),
};

/**
 * Favourites: the user's own folder (any signed-in user; every read and delete is keyed by the user,
 * an item collected in a project needs membership of it) and the brands followed in a project.
 */
export const FAVORITE_ENDPOINTS: AdminTableOf<typeof FAVORITE_SCHEMAS> = {
  collections: on('GET', '/collections', allow.signedIn),
  collect: on('POST', '/collections', allow.signedIn),
  removeCollection: on('DELETE', '/collections/:id', allow.signedIn),
  brands: on('GET', '/projects/:project_id/collections', inProject('member', 'project_id')),
  follow: on('PUT', '/projects/:project_id/collections', inProject('member', 'project_id')),
  unfollow: on('DELETE', '/projects/:project_id/collections', inProject('member', 'project_id')),
};

/** The price enquiry: catalogue, quote and order are public (the order rate limited); the enquiries root and admins'. */
export const ORDER_ENDPOINTS: AdminTableOf<typeof ORDER_SCHEMAS> = {
  catalog: on('GET', '/price/categories', allow.public),
  quote: on('POST', '/price/quote', allow.public),
  order: on('POST', '/order', allow.public),
  list: on('GET', '/orders', accounts),
  setStatus: on('PUT', '/orders/:id/status', accounts),
};

/**
 * The audit trail: signed in; what a reader sees (root everything, administrators their projects,
 * anyone else 403) is the server's audit scope (docs/security.md "Audit trail").
 */
export const AUDIT_ENDPOINTS: AdminTableOf<typeof AUDIT_SCHEMAS> = {
  list: on('GET', '/audit', allow.signedIn),
  download: on('GET', '/audit/downloads', allow.signedIn, { file: true }),
};
