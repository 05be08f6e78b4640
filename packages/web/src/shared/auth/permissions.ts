/**
 * docs/product.md §6 route rules for the web app, as one pure decision so the guard, the menu and the tests
 * agree. Role lists and page ids come from @marketlens/shared's route table, which the server's
 * permission checks read too.
 */
import {
  canEnterRoute,
  FORBIDDEN_PATH,
  LOGIN_PATH,
  PAGE_IDS,
  ROUTES,
  type RouteDef,
  redirectForDeniedPage,
  roleMatches,
} from '@marketlens/shared';
import type { SessionProject, SessionUser } from './types.js';

export const PROJECTS_PATH = '/projects';
export const PERSONAL_CENTER_PATH = '/personal-center';
/** The page of a user with no page to open in any project: it says so and whom to ask. */
export const NO_PROJECT_PATH = '/no-project';

/** Route toasts of docs/product.md §8, each shown at most once per browser session. */
export type GuardToast = 'guard.noProjectPages' | 'guard.pageDenied' | 'guard.roleDenied';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; toast?: GuardToast };

export interface GuardInput {
  /** Route definitions matched by the current address, outermost first. */
  defs: readonly RouteDef[];
  user: SessionUser | undefined;
  project: SessionProject | undefined;
  /** Route parameters (`:id` of project pages). */
  params: Readonly<Record<string, string | undefined>>;
  /** The address is the index ("/") itself. */
  isIndex?: boolean;
  /** The current path, to come back after signing in. */
  path?: string;
}

const PROJECTS_ROUTE = ROUTES.find((r) => r.path === PROJECTS_PATH)!;
const NO_PROJECT_ROUTE = 'NoProject';

export function canOpenProjects(user: Pick<SessionUser, 'role'>): boolean {
  return canEnterRoute(PROJECTS_ROUTE, user.role);
}

/** Pages of the current project the user may open (docs/product.md §6; the server already intersected them). */
export function allowedPageIds(project: SessionProject | undefined): number[] {
  const pages = new Set(project?.pages ?? []);
  return PAGE_IDS.filter((id) => pages.has(id));
}

/**
 * The project role that counts for a route: the role in the addressed project (`:id`); outside a
 * project, for a route that project roles open (the audit trail), a role in any project that opens
 * it — the server then scopes what the user sees to those projects.
 */
export function projectRoleFor(
  def: Pick<RouteDef, 'projectAuth'>,
  user: Pick<SessionUser, 'projects'>,
  params: Readonly<Record<string, string | undefined>> = {},
): string | null {
  if (params.id !== undefined) return user.projects.find((p) => String(p.id) === params.id)?.role ?? null;
  const auth = def.projectAuth;
  if (!auth) return null;
  return user.projects.find((p) => roleMatches(p.role, auth))?.role ?? null;
}

/** Whether the user passes a route's role check, with the project role that counts for it. */
export function mayEnter(
  def: Pick<RouteDef, 'auth' | 'projectAuth'>,
  user: Pick<SessionUser, 'role' | 'projects'>,
  params?: Readonly<Record<string, string | undefined>>,
): boolean {
  return canEnterRoute(def, user.role, projectRoleFor(def, user, params));
}

/**
 * Where a user without any page goes: the projects screen when they may see it (docs/product.md §6), otherwise
 * the page that says they have no project and whom to ask (an empty menu told them nothing).
 */
function noPagesTarget(user: SessionUser): string {
  return canOpenProjects(user) ? PROJECTS_PATH : NO_PROJECT_PATH;
}

/** The address a signed-in user lands on: their first allowed page. */
export function homePath(user: SessionUser, project: SessionProject | undefined): string {
  const first = redirectForDeniedPage(0, allowedPageIds(project));
  return first ?? noPagesTarget(user);
}

export function guardDecision(input: GuardInput): GuardDecision {
  const { user, project, defs, params } = input;
  if (defs.some((d) => d.public)) return { kind: 'allow' };
  if (!user) {
    const back = input.path && input.path !== '/' ? `?redirect=${encodeURIComponent(input.path)}` : '';
    return { kind: 'redirect', to: `${LOGIN_PATH}${back}` };
  }
  for (const def of defs) {
    if (!mayEnter(def, user, params)) {
      return { kind: 'redirect', to: FORBIDDEN_PATH, toast: 'guard.roleDenied' };
    }
  }
  const allowed = allowedPageIds(project);
  // Granted a page since: the "no project" page has nothing more to say.
  if (defs.at(-1)?.name === NO_PROJECT_ROUTE && allowed.length > 0) {
    return { kind: 'redirect', to: homePath(user, project) };
  }
  const page = defs.find((d) => d.pageId !== undefined);
  if (page?.pageId !== undefined || input.isIndex) {
    if (allowed.length === 0) {
      const to = noPagesTarget(user);
      // On the index, with nothing to show, that target is simply home; the "no project" page
      // explains itself.
      return input.isIndex || to === NO_PROJECT_PATH
        ? { kind: 'redirect', to }
        : { kind: 'redirect', to, toast: 'guard.noProjectPages' };
    }
    if (input.isIndex) return { kind: 'redirect', to: homePath(user, project) };
    if (!allowed.includes(page!.pageId!)) {
      return { kind: 'redirect', to: redirectForDeniedPage(page!.pageId!, allowed)!, toast: 'guard.pageDenied' };
    }
  }
  return { kind: 'allow' };
}

const SHOWN_KEY = 'marketlens.routeToasts';

/** Marks a route toast as shown; false when it already was in this browser session. */
export function firstTimeThisSession(toast: GuardToast): boolean {
  const shown = new Set<string>(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as string[]);
  if (shown.has(toast)) return false;
  shown.add(toast);
  sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...shown]));
  return true;
}
