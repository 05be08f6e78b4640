/**
 * docs/product.md §2 route table and §6 role rules as data, so the web router, the menu and the server's page
 * permission checks read the same ids, paths and auth lists.
 *
 * Paths use React Router syntax (`:id`); docs/product.md §2 writes `{id}`.
 */
import type { MessageKey } from './messages.js';

export const ROLES = ['root', 'admin', 'enterprise', 'general', 'community', ''] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * docs/product.md §6 "role check is prefix match": a user role matches an auth-list entry when the ROLE STARTS
 * WITH THE ENTRY (`role.startsWith(entry)`).
 *
 * Why this direction: the analysis pages list the empty role '' explicitly (docs/product.md §2). With the
 * opposite reading (entry starts with role) '' would be a prefix of every entry, so a user with the
 * empty role would pass every auth list — /projects and /accounts included — and listing '' would be
 * pointless. With this reading:
 * - the empty role ('' , or a missing role) matches only lists that contain '';
 * - an entry '' matches every role (a list containing '' means "any signed-in user");
 * - a derived role such as 'admin_readonly' matches lists containing 'admin' — the use a prefix
 *   rule exists for; exact roles never collide because no role in {@link ROLES} prefixes another.
 * - an empty or missing auth list matches nobody (deny by default); routes without any role check
 *   simply have no auth list (see {@link canEnterRoute}).
 *
 * | role | auth list | match |
 * |---|---|---|
 * | 'admin' | ['root', 'admin'] | true |
 * | 'admin_readonly' | ['admin'] | true |
 * | 'adm' | ['admin'] | false |
 * | '' | ['enterprise', 'admin', 'root'] | false |
 * | '' | ['enterprise', ''] | true |
 * | 'general' | [''] | true |
 * | 'root' | [] | false |
 */
export function roleMatches(
  userRole: string | null | undefined,
  authList: readonly string[] | null | undefined,
): boolean {
  const role = userRole ?? '';
  return (authList ?? []).some((entry) => role.startsWith(entry));
}

export type PageArea = 'category' | 'discover' | 'analysis' | 'favorite';

export interface AnalysisPage {
  /** Route id used in page permission lists (projects' and users' `pages`). */
  readonly id: number;
  readonly path: string;
  /** Route name (React Router id, component name). */
  readonly name: string;
  readonly titleKey: MessageKey;
  /** Menu areas of docs/product.md §2's "Area" column, split into tags ('category discover' → both). */
  readonly areas: readonly PageArea[];
}

/** docs/product.md §2: enterprise, general, community, admin, root and the empty role. */
export const ANALYSIS_AUTH: readonly Role[] = ['enterprise', 'general', 'community', 'admin', 'root', ''];

export const ANALYSIS_PAGES: readonly AnalysisPage[] = [
  { id: 1, path: '/hot', name: 'Hot', titleKey: 'route.hot', areas: ['category', 'discover'] },
  { id: 2, path: '/explore', name: 'Explore', titleKey: 'route.explore', areas: ['discover'] },
  { id: 3, path: '/potential', name: 'Potential', titleKey: 'route.potential', areas: ['discover'] },
  { id: 4, path: '/discover', name: 'Discover', titleKey: 'route.discover', areas: ['analysis'] },
  { id: 5, path: '/brand', name: 'Brand', titleKey: 'route.brand', areas: ['analysis'] },
  { id: 6, path: '/analysis', name: 'Analysis', titleKey: 'route.analysis', areas: ['analysis'] },
  { id: 7, path: '/contrast', name: 'Contrast', titleKey: 'route.contrast', areas: [] },
  {
    id: 8,
    path: '/favorite-brand',
    name: 'FavoriteBrand',
    titleKey: 'route.favoriteBrand',
    areas: ['category', 'favorite'],
  },
  { id: 9, path: '/shop', name: 'Shop', titleKey: 'route.shop', areas: ['analysis'] },
];

export const PAGE_IDS: readonly number[] = ANALYSIS_PAGES.map((p) => p.id);
export const PAGE_ID = {
  hot: 1,
  explore: 2,
  potential: 3,
  discover: 4,
  brand: 5,
  analysis: 6,
  contrast: 7,
  favoriteBrand: 8,
  shop: 9,
} as const;

export function pageById(id: number): AnalysisPage | undefined {
  return ANALYSIS_PAGES.find((p) => p.id === id);
}

export function pageByPath(path: string): AnalysisPage | undefined {
  return ANALYSIS_PAGES.find((p) => p.path === path);
}

export interface RouteDef {
  readonly path: string;
  readonly name: string;
  readonly titleKey: MessageKey;
  /** Global roles allowed (prefix match); absent = no role check. */
  readonly auth?: readonly Role[];
  /** Project-level roles that also grant access (docs/product.md §6: a project admin reaches UserManagement). */
  readonly projectAuth?: readonly Role[];
  /** Reachable without signing in. */
  readonly public?: boolean;
  /** Not shown in menus. */
  readonly hidden?: boolean;
  /** Child path to redirect to when the parent path itself is opened. */
  readonly redirect?: string;
  /** Analysis page id, for routes governed by page permissions. */
  readonly pageId?: number;
  readonly children?: readonly RouteDef[];
}

const PROJECT_ADMIN_AUTH: readonly Role[] = ['root', 'admin'];

/**
 * Every route of docs/product.md §2. Decisions where it is silent: /price is public (the enquiry form asks
 * for enterprise, email and telephone, i.e. it serves prospects as well as customers); /403 is public;
 * /icons and the personal center need a sign-in but no role.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/login', name: 'Login', titleKey: 'route.login', public: true, hidden: true },
  {
    path: '/price',
    name: 'Price',
    titleKey: 'route.price',
    public: true,
    hidden: true,
    redirect: 'goods',
    children: [
      { path: 'goods', name: 'PriceGoods', titleKey: 'route.priceGoods' },
      { path: 'payment', name: 'PricePayment', titleKey: 'route.pricePayment' },
    ],
  },
  {
    path: '/',
    name: 'Index',
    titleKey: 'app.name',
    children: [
      ...ANALYSIS_PAGES.map(
        (p): RouteDef => ({
          path: p.path.slice(1),
          name: p.name,
          titleKey: p.titleKey,
          auth: ANALYSIS_AUTH,
          pageId: p.id,
        }),
      ),
      {
        path: 'personal-center',
        name: 'PersonalCenter',
        titleKey: 'route.personalCenter',
        children: [
          { path: 'password', name: 'ChangePassword', titleKey: 'route.changePassword' },
          { path: 'favorites', name: 'Favorites', titleKey: 'route.favorites' },
          { path: 'sessions', name: 'Sessions', titleKey: 'route.sessions' },
          { path: 'views', name: 'SavedViews', titleKey: 'route.savedViews' },
        ],
      },
      /** Where a user with no page to open lands: says so and whom to ask. */
      { path: 'no-project', name: 'NoProject', titleKey: 'route.noProject', hidden: true },
    ],
  },
  {
    path: '/projects',
    name: 'Projects',
    titleKey: 'route.projects',
    auth: ['enterprise', 'admin', 'root'],
    children: [
      { path: ':id/info', name: 'ProjectInfo', titleKey: 'route.projectInfo', auth: PROJECT_ADMIN_AUTH },
      {
        path: ':id/category-management',
        name: 'CategoryManagement',
        titleKey: 'route.categoryManagement',
        auth: PROJECT_ADMIN_AUTH,
      },
      {
        path: ':id/attribute-management',
        name: 'AttributeManagement',
        titleKey: 'route.attributeManagement',
        auth: PROJECT_ADMIN_AUTH,
      },
      {
        path: ':id/user-management',
        name: 'UserManagement',
        titleKey: 'route.userManagement',
        auth: PROJECT_ADMIN_AUTH,
        projectAuth: ['admin'],
      },
      /** The events calendar: every member reads it (projectAuth '' = any project role); writes are the server's check. */
      {
        path: ':id/events',
        name: 'ProjectEvents',
        titleKey: 'route.projectEvents',
        auth: PROJECT_ADMIN_AUTH,
        projectAuth: [''],
      },
    ],
  },
  {
    path: '/accounts',
    name: 'Accounts',
    titleKey: 'route.accounts',
    auth: ['root', 'admin'],
    redirect: '',
    children: [
      { path: '', name: 'AccountList', titleKey: 'route.accountList' },
      { path: 'create', name: 'AccountCreate', titleKey: 'route.accountCreate' },
      { path: ':id/edit', name: 'AccountEdit', titleKey: 'route.accountEdit' },
      { path: 'batch-create', name: 'AccountBatchCreate', titleKey: 'route.accountBatchCreate', auth: ['root'] },
      { path: 'batch-update', name: 'AccountBatchUpdate', titleKey: 'route.accountBatchUpdate', auth: ['root'] },
    ],
  },
  /** The sales team's enquiries (docs/pages/price.md): root and admins, beside the account administration. */
  { path: '/enquiries', name: 'Enquiries', titleKey: 'route.enquiries', auth: ['root', 'admin'] },
  /**
   * The audit trail (docs/security.md "Audit trail"): root reads every entry, global admins the entries of
   * projects, and a project's administrators the entries of the projects they administer (projectAuth: a role
   * in any project opens it); the server's audit scope decides (docs/security.md "Audit trail").
   */
  { path: '/audit', name: 'Audit', titleKey: 'route.audit', auth: ['root', 'admin'], projectAuth: ['admin'] },
  { path: '/icons', name: 'Icons', titleKey: 'route.icons', hidden: true },
  { path: '/403', name: 'Forbidden', titleKey: 'route.forbidden', public: true, hidden: true },
];

/** Any other path redirects to Index (docs/product.md §2). */
export const FALLBACK_PATH = '/';
export const FORBIDDEN_PATH = '/403';
export const LOGIN_PATH = '/login';

/**
 * Whether a signed-in user passes a route's role check (docs/product.md §6): no auth list = open to every
 * signed-in user; otherwise the global role must prefix-match, or — for routes with `projectAuth`,
 * such as UserManagement — the user's role in the route's project may.
 */
export function canEnterRoute(
  route: Pick<RouteDef, 'auth' | 'projectAuth'>,
  userRole: string | null | undefined,
  projectRole?: string | null,
): boolean {
  if (!route.auth) return true;
  if (roleMatches(userRole, route.auth)) return true;
  return route.projectAuth !== undefined && projectRole != null && roleMatches(projectRole, route.projectAuth);
}

/** Fills `:name` segments: `fillPath('/projects/:id/info', { id: 3 })` = '/projects/3/info'. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? encodeURIComponent(String(params[name])) : whole,
  );
}

/**
 * Pages a user may open in a project (docs/product.md §6). Root: the project's page list. Everyone else: the
 * intersection of the project's list and the user's own pages in that project. Unknown ids are
 * dropped, order follows the route table, a missing list grants nothing.
 */
export function allowedPages(
  role: string | null | undefined,
  projectPages: readonly number[] | null | undefined,
  userPages: readonly number[] | null | undefined,
): number[] {
  const project = new Set(projectPages ?? []);
  const user = new Set(userPages ?? []);
  return PAGE_IDS.filter((id) => project.has(id) && (role === 'root' || user.has(id)));
}

/**
 * Where to send a user who opened an analysis page they may not see (docs/product.md §6): Explore visitors go
 * to Trend Overview when they may see it; everyone else to their first allowed page. null when no
 * page is allowed at all (the caller shows the "no page" message and sends the user to Projects).
 */
export function redirectForDeniedPage(deniedPageId: number, allowed: readonly number[]): string | null {
  if (deniedPageId === PAGE_ID.explore && allowed.includes(PAGE_ID.hot)) return pageById(PAGE_ID.hot)!.path;
  const first = PAGE_IDS.find((id) => allowed.includes(id));
  return first === undefined ? null : pageById(first)!.path;
}
