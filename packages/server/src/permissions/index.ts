/**
 * THE authorization module (docs/product.md §6, docs/security.md). Every API route declares a {@link Permission}
 * in its route options (`config: { permission }`); the auth plugin checks it before the handler
 * runs, and a route that declares none is refused. Role rules come from @marketlens/shared's route
 * table, so the web router and the server agree on who may open what.
 */
import {
  ANALYSIS_AUTH,
  allowedPages,
  canEnterRoute,
  PROJECT_TARGET_PREFIX,
  projectTarget,
  ROUTES,
  type Role,
  type RouteDef,
  roleMatches,
} from '@marketlens/shared';
import type { AdminAccess, RoleList } from '@marketlens/shared/contracts';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { ContactsHidden, MetadataStore, Project, ProjectMember, User } from '../metadata/index.js';

function findRoute(name: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  for (const r of routes) {
    if (r.name === name) return r;
    const child = r.children && findRoute(name, r.children);
    if (child) return child;
  }
  return undefined;
}

function route(name: string): RouteDef {
  const r = findRoute(name);
  if (!r?.auth) throw new Error(`route ${name} has no auth list in the shared route table`);
  return r;
}

/** The auth lists of docs/product.md §6, read from the shared route table. */
export const AUTH = {
  /** Project list: enterprise, admin, root. */
  projects: route('Projects').auth!,
  /** Project info, categories, attributes: global root or admin. */
  projectAdmin: route('ProjectInfo').auth!,
  /** Accounts pages: root or admin. */
  accounts: route('Accounts').auth!,
  /** Batch account operations: root only. */
  batch: route('AccountBatchCreate').auth!,
  /** Analysis pages: every role including the empty one. */
  analysis: ANALYSIS_AUTH,
} as const satisfies Record<RoleList | 'analysis', readonly Role[]>;

const USER_MANAGEMENT = route('UserManagement');

/**
 * Project-level access:
 * - member: the user belongs to the project (global root/admin always do); stopped projects are
 *   closed to everyone else;
 * - manage: project info, categories, attributes, bands — global root or admin;
 * - users: project user management — global root or admin, or the project's own admin.
 */
export type ProjectAccess = 'member' | 'manage' | 'users';

/** Where the project id is: a path parameter, a query field or a body field. */
export type ProjectIdSource = `${'params' | 'query' | 'body'}.${string}`;

export type Permission =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'ownAccount' }
  | { kind: 'roles'; roles: readonly Role[] }
  /** `optional`: a request without the project id is served without a project (docs/product.md §5 empty answers). */
  | { kind: 'project'; access: ProjectAccess; projectId: ProjectIdSource; optional?: boolean }
  | { kind: 'analysis'; pages: readonly number[]; projectId: ProjectIdSource };

export const perm = {
  /** No sign-in needed (a valid token, when sent, is still recognised). */
  public: { kind: 'public' } as Permission,
  /** Any usable account that has no password change pending. */
  signedIn: { kind: 'signedIn' } as Permission,
  /**
   * The account's own profile, password change and sign-out: the only calls open to an account
   * that must change its password first (generated at opening or reset by an administrator).
   */
  ownAccount: { kind: 'ownAccount' } as Permission,
  roles: (roles: readonly Role[]): Permission => ({ kind: 'roles', roles }),
  project: (access: ProjectAccess, projectId: ProjectIdSource, o: { optional?: boolean } = {}): Permission => ({
    kind: 'project',
    access,
    projectId,
    ...(o.optional ? { optional: true } : {}),
  }),
  /**
   * Analysis data of a project (data scope): membership, and one of `pages` among the pages the user
   * may open there (docs/product.md §6 intersection; root: the project's list). `pages` empty = reference data
   * every page reads (membership and an analysis page of any kind suffice).
   */
  analysis: (pages: readonly number[], projectId: ProjectIdSource = 'body.data_scope_id'): Permission => ({
    kind: 'analysis',
    pages,
    projectId,
  }),
};

/**
 * The permission of an endpoint table entry's declared access (`@marketlens/shared/endpoints`,
 * administration tables): the table names who may call it, this module decides what that means.
 */
export function permissionFor(access: AdminAccess): Permission {
  switch (access.kind) {
    case 'public':
      return perm.public;
    case 'signedIn':
      return perm.signedIn;
    case 'ownAccount':
      return perm.ownAccount;
    case 'roles':
      return perm.roles(AUTH[access.roles]);
    case 'project':
      return perm.project(access.access, access.projectId);
  }
}

/** The signed-in user of a request. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  account: User;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** A project the request was authorised for, with the user's membership in it. */
export interface ProjectScope {
  project: Project;
  member: ProjectMember | undefined;
}

export function isAdmin(user: Pick<AuthUser, 'role'>): boolean {
  return roleMatches(user.role, AUTH.projectAdmin);
}

export function isRoot(user: Pick<AuthUser, 'role'>): boolean {
  return roleMatches(user.role, ['root']);
}

/** Whether a user may take a project action; the membership is passed in (or undefined). */
export function canAccessProject(
  user: Pick<AuthUser, 'role'>,
  project: Project,
  member: ProjectMember | undefined,
  access: ProjectAccess,
): boolean {
  switch (access) {
    case 'member':
      return isAdmin(user) || (member !== undefined && project.status === 'in_service');
    case 'manage':
      return roleMatches(user.role, AUTH.projectAdmin);
    case 'users':
      return canEnterRoute(USER_MANAGEMENT, user.role, member?.role ?? null);
  }
}

type RequestParts = { params: unknown; query: unknown; body: unknown };

/** The raw value at the place the permission names, and the field's name. */
function rawProjectId(source: ProjectIdSource, req: RequestParts): { name: string; raw: unknown } {
  const dot = source.indexOf('.');
  const container = req[source.slice(0, dot) as 'params' | 'query' | 'body'];
  const name = source.slice(dot + 1);
  return {
    name,
    raw: container && typeof container === 'object' ? (container as Record<string, unknown>)[name] : undefined,
  };
}

/** Whether the request names no project at all where the permission looks (absent or null). */
export function projectIdAbsent(source: ProjectIdSource, req: RequestParts): boolean {
  const { raw } = rawProjectId(source, req);
  return raw === undefined || raw === null;
}

/** Reads a positive integer project id from the request part the permission names. */
export function projectIdFrom(source: ProjectIdSource, req: RequestParts): number {
  const { name, raw } = rawProjectId(source, req);
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest('server.invalidArgumentDetail', { field: name });
  return id;
}

/**
 * Checks project access. A missing project is 404 for administrators (who may see every project)
 * and 403 for everyone else, so ids of other customers' projects reveal nothing.
 */
export async function authorizeProject(
  metadata: MetadataStore,
  user: AuthUser,
  projectId: number,
  access: ProjectAccess,
): Promise<ProjectScope> {
  const [project, member] = await Promise.all([
    metadata.projects.getById(projectId),
    metadata.members.get(projectId, user.id),
  ]);
  if (!project) throw isAdmin(user) ? notFound('server.projectNotFound') : forbidden();
  if (!canAccessProject(user, project, member, access)) throw forbidden();
  return { project, member };
}

/**
 * The analysis permission: the user belongs to the project and may open one of the pages the route
 * serves there (any page at all for reference data). 403 otherwise, like every project denial.
 */
export async function authorizeAnalysis(
  metadata: MetadataStore,
  user: AuthUser,
  projectId: number,
  pages: readonly number[],
): Promise<ProjectScope> {
  const scope = await authorizeProject(metadata, user, projectId, 'member');
  const open = projectPages(user, scope.project, scope.member);
  const allowed = pages.length === 0 ? open.length > 0 : pages.some((p) => open.includes(p));
  if (!allowed) throw forbidden();
  return scope;
}

/** Pages a user may open in a project: root the project's list, others the intersection (docs/product.md §6). */
export function projectPages(
  user: Pick<AuthUser, 'role'>,
  project: Project,
  member: ProjectMember | undefined,
): number[] {
  if (!isRoot(user) && (!member || project.status !== 'in_service')) return [];
  return allowedPages(user.role, project.pages, member?.pages ?? []);
}

/**
 * What data of a project a user may see, to be applied by the analytics layer to every query.
 * Deny by default: no membership means empty lists, never "everything". `null` brands / shops mean
 * the project does not limit them (the category list still applies).
 */
export interface DataGrant {
  projectId: number;
  dataset: string;
  categories: number[];
  brands: string[] | null;
  shops: string[] | null;
}

/**
 * How much of a project's data a membership opens, for the member tables (docs/security.md "Data grants"):
 * `sees_all` for a root or admin account, which sees every category, brand and shop whatever its grant
 * ({@link resolveDataGrant}); `all_categories` also for a grant holding each of the project's categories
 * (a project without categories has none to see, so never "all").
 */
export function grantCoverage(
  account: Pick<AuthUser, 'role'>,
  projectCategories: readonly number[],
  granted: readonly number[],
): { sees_all: boolean; all_categories: boolean } {
  const seesAll = isAdmin(account);
  const held = new Set(granted);
  return {
    sees_all: seesAll,
    all_categories: seesAll || (projectCategories.length > 0 && projectCategories.every((id) => held.has(id))),
  };
}

export async function resolveDataGrant(metadata: MetadataStore, user: AuthUser, project: Project): Promise<DataGrant> {
  const base = { projectId: project.id, dataset: project.dataset };
  const projectCategories = await metadata.projectCategories.ids(project.id);
  if (isAdmin(user)) return { ...base, categories: projectCategories, brands: null, shops: null };
  const member = await metadata.members.get(project.id, user.id);
  if (!member || project.status !== 'in_service') return { ...base, categories: [], brands: [], shops: [] };
  const grants = await metadata.grants.list(project.id, user.id);
  const inProject = new Set(projectCategories);
  return {
    ...base,
    categories: grants.category.map(Number).filter((id) => inProject.has(id)),
    brands: project.limitBrands ? grants.brand : null,
    shops: project.limitShops ? grants.shop : null,
  };
}

/**
 * Which audit entries a user reads (docs/security.md "Audit trail"): root every entry; a global
 * admin the entries about projects (target `project:<id>`) — every project, as the admin manages
 * every project — but no sign-ins, accounts or enquiries; a project admin (the project role that
 * opens UserManagement) the entries of the projects they administer. Anyone else: 403.
 */
export type AuditScope = { targets: string[] } | { targetPrefix: string } | undefined;

export async function auditScope(metadata: MetadataStore, user: AuthUser): Promise<AuditScope> {
  if (isRoot(user)) return undefined;
  if (isAdmin(user)) return { targetPrefix: PROJECT_TARGET_PREFIX };
  const administered = (await metadata.members.listForUser(user.id)).filter((m) =>
    canEnterRoute(USER_MANAGEMENT, user.role, m.role),
  );
  if (administered.length === 0) throw forbidden();
  return { targets: administered.map((m) => projectTarget(m.projectId)) };
}

/**
 * Tenancy (docs/security.md "Tenancy: who sees which accounts"). Many customers share one
 * installation, so an account's contact fields — e-mail, telephone and enterprise — are shown only
 * to those who look after that account: root every account; a global admin the accounts they
 * manage (below the administrators, {@link canManageUser}) — of root and admin accounts only the
 * user name and role, as those are the operator's staff, not a customer's; anyone else the accounts
 * of their own enterprise. Everyone sees their own account.
 */

/** Root manages every account; an admin only the accounts below the administrators. */
export function canManageUser(actor: Pick<AuthUser, 'role'>, target: Pick<User, 'role'>): boolean {
  return isRoot(actor) || !roleMatches(target.role, AUTH.projectAdmin);
}

/** The same customer: the same enterprise name as stored (trimmed); an empty one matches nobody. */
export function sameEnterprise(a: Pick<User, 'enterprise'>, b: Pick<User, 'enterprise'>): boolean {
  return a.enterprise !== '' && a.enterprise === b.enterprise;
}

/** Who looks at accounts: the signed-in user with their stored account (its enterprise). */
export type AccountViewer = Pick<AuthUser, 'id' | 'role' | 'account'>;

/**
 * Whether `viewer` may read the contact fields of `account`. `undefined` is an account that is not
 * there any more (an audit entry's deleted actor): root only.
 */
export function accountFieldsVisible(
  viewer: AccountViewer,
  account: Pick<User, 'id' | 'role' | 'enterprise'> | undefined,
): boolean {
  if (isRoot(viewer)) return true;
  if (!account) return false;
  if (account.id === viewer.id) return true;
  if (isAdmin(viewer)) return canManageUser(viewer, account);
  return sameEnterprise(viewer.account, account);
}

/** An account's contact fields as a viewer sees them: hidden ones are empty strings on the wire. */
export interface AccountContact {
  email: string;
  enterprise: string;
  telephone: string;
}

export const HIDDEN_CONTACT: Readonly<AccountContact> = { email: '', enterprise: '', telephone: '' };

export function accountContact(
  viewer: AccountViewer,
  account: Pick<User, 'id' | 'role' | 'email' | 'enterprise' | 'telephone'>,
): AccountContact {
  if (!accountFieldsVisible(viewer, account)) return { ...HIDDEN_CONTACT };
  return { email: account.email, enterprise: account.enterprise, telephone: account.telephone };
}

/**
 * The accounts a search of the account lists must not match on their contact fields, so a filter
 * (`search`, `enterprise`) cannot reveal what the view hides: none for root; for a global admin the
 * root and admin accounts but their own. The lists are open to root and admins only; for anyone
 * else every account is hidden (deny by default).
 */
export function contactsHiddenFrom(viewer: AccountViewer): ContactsHidden | undefined {
  if (isRoot(viewer)) return undefined;
  return { rolePrefixes: isAdmin(viewer) ? AUTH.projectAdmin : [''], exceptId: viewer.id };
}

/**
 * Whom a caller may add to a project they may manage the members of: root and global admins any
 * account (they run every project); a project admin only an account of their own enterprise.
 */
export function canAddMember(actor: AccountViewer, account: Pick<User, 'enterprise'>): boolean {
  return isAdmin(actor) || sameEnterprise(actor.account, account);
}
