import { ROUTES, type RouteDef } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';
import { buildMenu } from '../src/app/layout/menu.js';
import { SCREENS } from '../src/app/screens.js';
import { firstTimeThisSession, guardDecision, homePath } from '../src/shared/auth/permissions.js';
import type { SessionProject, SessionUser } from '../src/shared/auth/types.js';

const find = (name: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined => {
  for (const r of routes) {
    if (r.name === name) return r;
    const c = r.children && find(name, r.children);
    if (c) return c;
  }
  return undefined;
};
/** The matched chain of a route, outermost first, as React Router would report it. */
const chain = (...names: string[]) => names.map((n) => find(n)!);

const project = (id: number, pages: number[], role = 'general'): SessionProject => ({
  id,
  name: `p${id}`,
  role,
  status: 'in_service',
  pages,
  categories: [],
});
const user = (role: string, projects: SessionProject[] = []): SessionUser =>
  ({ id: 1, username: role || 'nobody', role, projects, must_change_password: false }) as SessionUser;

describe('route guards (docs/product.md §6)', () => {
  it('not signed in → /login, remembering the address', () => {
    expect(
      guardDecision({ defs: chain('Index', 'Hot'), user: undefined, project: undefined, params: {}, path: '/hot' }),
    ).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fhot' });
  });

  it('public routes need nothing', () => {
    expect(guardDecision({ defs: chain('Forbidden'), user: undefined, project: undefined, params: {} })).toEqual({
      kind: 'allow',
    });
  });

  it('an auth list that does not match the role → /403 with the role toast', () => {
    const general = user('general', [project(1, [1, 2])]);
    for (const defs of [chain('Accounts', 'AccountList'), chain('Projects'), chain('Accounts', 'AccountBatchCreate')]) {
      expect(guardDecision({ defs, user: general, project: general.projects[0], params: {} })).toEqual({
        kind: 'redirect',
        to: '/403',
        toast: 'guard.roleDenied',
      });
    }
    // Batch account pages are root only, even for an admin.
    const admin = user('admin');
    expect(
      guardDecision({ defs: chain('Accounts', 'AccountBatchCreate'), user: admin, project: undefined, params: {} })
        .kind,
    ).toBe('redirect');
    expect(
      guardDecision({ defs: chain('Accounts', 'AccountList'), user: admin, project: undefined, params: {} }).kind,
    ).toBe('allow');
  });

  it('a project admin (enterprise) reaches that project’s user management only', () => {
    const ent = user('enterprise', [project(7, [1], 'admin'), project(8, [1], 'general')]);
    const um = chain('Projects', 'UserManagement');
    expect(guardDecision({ defs: um, user: ent, project: undefined, params: { id: '7' } }).kind).toBe('allow');
    expect(guardDecision({ defs: um, user: ent, project: undefined, params: { id: '8' } }).kind).toBe('redirect');
    expect(
      guardDecision({ defs: chain('Projects', 'ProjectInfo'), user: ent, project: undefined, params: { id: '7' } })
        .kind,
    ).toBe('redirect');
  });

  it('an analysis page outside the allowed pages → the first allowed page with the page toast', () => {
    const u = user('general', [project(1, [4, 6])]);
    expect(guardDecision({ defs: chain('Index', 'Brand'), user: u, project: u.projects[0], params: {} })).toEqual({
      kind: 'redirect',
      to: '/discover',
      toast: 'guard.pageDenied',
    });
    expect(guardDecision({ defs: chain('Index', 'Analysis'), user: u, project: u.projects[0], params: {} })).toEqual({
      kind: 'allow',
    });
  });

  it('unauthorised Explore visitors go to Trend Overview when they may see it', () => {
    const u = user('general', [project(1, [4, 1])]);
    expect(
      guardDecision({ defs: chain('Index', 'Explore'), user: u, project: u.projects[0], params: {} }),
    ).toMatchObject({
      to: '/hot',
    });
  });

  it('no page in the project → message and Projects (or the "no project" page for roles without it)', () => {
    const ent = user('enterprise', [project(1, [])]);
    expect(guardDecision({ defs: chain('Index', 'Hot'), user: ent, project: ent.projects[0], params: {} })).toEqual({
      kind: 'redirect',
      to: '/projects',
      toast: 'guard.noProjectPages',
    });
    // The page says it all: no toast on top of it, from a page or from the index.
    const gen = user('general');
    expect(guardDecision({ defs: chain('Index', 'Hot'), user: gen, project: undefined, params: {} })).toEqual({
      kind: 'redirect',
      to: '/no-project',
    });
    expect(guardDecision({ defs: chain('Index'), user: gen, project: undefined, params: {}, isIndex: true })).toEqual({
      kind: 'redirect',
      to: '/no-project',
    });
    expect(homePath(gen, undefined)).toBe('/no-project');
    // A member whose project opens no page lands there too.
    const noPages = user('general', [project(1, [])]);
    expect(
      guardDecision({ defs: chain('Index', 'Hot'), user: noPages, project: noPages.projects[0], params: {} }),
    ).toEqual({ kind: 'redirect', to: '/no-project' });
  });

  it('the "no project" page is open without a page, and sends a user who has one since home', () => {
    const gen = user('general');
    expect(guardDecision({ defs: chain('Index', 'NoProject'), user: gen, project: undefined, params: {} })).toEqual({
      kind: 'allow',
    });
    const member = user('general', [project(1, [5, 9])]);
    expect(
      guardDecision({ defs: chain('Index', 'NoProject'), user: member, project: member.projects[0], params: {} }),
    ).toEqual({ kind: 'redirect', to: '/brand' });
  });

  it('personal centre and favourites are always reachable when signed in', () => {
    const gen = user('', []);
    for (const defs of [chain('Index', 'PersonalCenter'), chain('Index', 'PersonalCenter', 'Favorites')]) {
      expect(guardDecision({ defs, user: gen, project: undefined, params: {} })).toEqual({ kind: 'allow' });
    }
  });

  it('the index goes to the first allowed page', () => {
    const u = user('general', [project(1, [9, 5])]);
    expect(guardDecision({ defs: chain('Index'), user: u, project: u.projects[0], params: {}, isIndex: true })).toEqual(
      {
        kind: 'redirect',
        to: '/brand',
      },
    );
    expect(homePath(u, u.projects[0])).toBe('/brand');
  });

  it('each route toast is shown once per session', () => {
    expect(firstTimeThisSession('guard.pageDenied')).toBe(true);
    expect(firstTimeThisSession('guard.pageDenied')).toBe(false);
    expect(firstTimeThisSession('guard.roleDenied')).toBe(true);
  });
});

describe('one route table', () => {
  const names = (routes: readonly RouteDef[]): string[] => routes.flatMap((r) => [r.name, ...names(r.children ?? [])]);

  it('every route of the shared table has a screen entry, and no screen is orphaned', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(names(ROUTES).sort());
  });

  it('the menu shows exactly the allowed pages and the administration the role passes', () => {
    const t = ((k: string) => k) as never;
    const keys = (u: SessionUser) =>
      buildMenu(u, u.projects[0], t).flatMap((i) => {
        const item = i as { key: string; children?: { key: string }[] };
        return item.children ? item.children.map((c) => c.key) : [item.key];
      });
    expect(keys(user('general', [project(1, [2, 4])]))).toEqual(['/explore', '/discover']);
    // Nothing to open: the "no project" page and the personal centre, not an empty menu.
    expect(keys(user('general'))).toEqual(['/no-project', '/personal-center']);
    expect(keys(user('general', [project(1, [])]))).toEqual(['/no-project', '/personal-center']);
    expect(keys(user('enterprise', [project(1, [1])]))).toEqual(['/hot', '/projects']);
    expect(keys(user('admin', [project(1, [7])]))).toEqual([
      '/contrast',
      '/projects',
      '/accounts',
      '/enquiries',
      '/audit',
    ]);
    // A project's administrator (no global admin role) reads the audit trail of that project.
    expect(keys(user('enterprise', [project(1, [1]), project(2, [], 'admin')]))).toEqual([
      '/hot',
      '/projects',
      '/audit',
    ]);
  });

  it('the audit trail opens for root, admins and a project administrator, for no one else', () => {
    const audit = chain('Audit');
    const decide = (u: SessionUser) => guardDecision({ defs: audit, user: u, project: u.projects[0], params: {} });
    expect(decide(user('admin', [project(1, [1])]))).toEqual({ kind: 'allow' });
    expect(decide(user('general', [project(1, [1]), project(2, [1], 'admin')]))).toEqual({ kind: 'allow' });
    expect(decide(user('general', [project(1, [1], 'general')]))).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decide(user('enterprise', []))).toMatchObject({ kind: 'redirect', to: '/403' });
  });
});
