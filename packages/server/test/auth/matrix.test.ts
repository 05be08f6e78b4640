import { ROLES, ROUTES, type Role, type RouteDef, roleMatches } from '@marketlens/shared';
import * as ENDPOINT_TABLES from '@marketlens/shared/endpoints';
import {
  ACCOUNT_ENDPOINTS,
  type AdminAccess,
  type AdminEndpoint,
  AUDIT_ENDPOINTS,
  BRAND_ENDPOINTS,
  DATA_ENDPOINTS,
  type Endpoint,
  EXPLORE_ENDPOINTS,
  FAVORITE_ENDPOINTS,
  HOT_ENDPOINTS,
  INSIGHT_ENDPOINTS,
  ORDER_ENDPOINTS,
  PROJECT_ENDPOINTS,
  SESSION_ENDPOINTS,
} from '@marketlens/shared/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/permissions/index.js';
import { type DeclaredRoute, declaredRoutes } from '../../src/plugins/auth.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { bearer, changePasswordAndSignIn, login, makeUser, PASSWORD } from './helpers.js';

/**
 * The authorization matrix: every API route × every role × own / other project → the expected
 * status, derived from the route's declared permission by the small oracle below (written from
 * docs/product.md §6, independently of src/permissions). Requests carry an unknown field, so an allowed call
 * stops at schema validation (400) and no handler ever changes data; a denied one is 403 (401 when
 * anonymous) before validation.
 */

type Actor = { role: Role; memberRole: Role | null };

/** Pages of the own and the other project, and the pages each member holds in the own project. */
const PROJECT_PAGES = [1, 2, 3, 4, 5];
const MEMBER_PAGES = [1, 2];
const ACTORS: Record<string, Actor> = {
  root: { role: 'root', memberRole: null },
  admin: { role: 'admin', memberRole: null },
  // An enterprise user who is the admin of the own project: may manage its members only.
  enterprise: { role: 'enterprise', memberRole: 'admin' },
  general: { role: 'general', memberRole: 'general' },
  community: { role: 'community', memberRole: 'community' },
  empty: { role: '', memberRole: '' },
};

const ADMIN: readonly string[] = ['root', 'admin'];

/** The oracle: may this actor call a route with this permission in this project? */
function expectedAllowed(p: Permission, actor: Actor, own: boolean): boolean {
  const admin = roleMatches(actor.role, ADMIN);
  switch (p.kind) {
    case 'public':
    case 'signedIn':
    case 'ownAccount':
      return true;
    case 'roles':
      return roleMatches(actor.role, p.roles);
    case 'project': {
      const member = own && actor.memberRole !== null;
      if (p.access === 'member') return admin || member;
      if (p.access === 'manage') return admin;
      return admin || (member && actor.memberRole === 'admin');
    }
    case 'analysis': {
      // docs/product.md §6: root opens the project's pages; everyone else the pages held in the project
      // (global admins too: membership is what grants pages). No page listed = any page will do.
      const open = actor.role === 'root' ? PROJECT_PAGES : own && actor.memberRole !== null ? MEMBER_PAGES : [];
      return p.pages.length === 0 ? open.length > 0 : p.pages.some((page) => open.includes(page));
    }
  }
}

const PROJECT_PARAMS = new Set(['project_id', 'pid', 'p_id']);

function fillUrl(url: string, projectId: number): string {
  return url.replace(/:(\w+)/g, (_m, name: string, offset: number) => {
    const before = url.slice(0, offset);
    if (PROJECT_PARAMS.has(name) || (name === 'id' && before.endsWith('/projects/'))) return String(projectId);
    if (name === 'table_name') return 'no_such_table';
    return '999999';
  });
}

/** The administration tables: every entry must be registered, with the permission its access declares. */
const ADMIN_TABLES: Record<string, Record<string, AdminEndpoint>> = {
  ACCOUNT_ENDPOINTS,
  SESSION_ENDPOINTS,
  PROJECT_ENDPOINTS,
  FAVORITE_ENDPOINTS,
  ORDER_ENDPOINTS,
  AUDIT_ENDPOINTS,
};

function screenAuth(name: string, routes: readonly RouteDef[] = ROUTES): readonly Role[] | undefined {
  for (const r of routes) {
    if (r.name === name) return r.auth;
    const child = r.children && screenAuth(name, r.children);
    if (child) return child;
  }
  return undefined;
}

/**
 * The permission an administration entry's access stands for, written from the shared route table
 * (the screens' role lists, docs/product.md §6) rather than from src/permissions. Fails for an
 * access of a kind it does not know, so a new kind must be given a meaning here too.
 */
export function expectedPermission(access: AdminAccess): Permission {
  const screens = {
    projects: 'Projects',
    projectAdmin: 'ProjectInfo',
    accounts: 'Accounts',
    batch: 'AccountBatchCreate',
  };
  switch (access?.kind) {
    case 'public':
    case 'signedIn':
    case 'ownAccount':
      return { kind: access.kind };
    case 'roles':
      return { kind: 'roles', roles: screenAuth(screens[access.roles])! };
    case 'project':
      return { kind: 'project', access: access.access, projectId: access.projectId };
    default:
      throw new Error(`no declared access: ${JSON.stringify(access)}`);
  }
}

/** Fails for a route that declares no permission (exported so the test below can prove it). */
export function assertDeclared(routes: readonly DeclaredRoute[]): void {
  const missing = routes.filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`);
  expect(missing, 'API routes without a declared permission').toEqual([]);
}

describe('authorization matrix', () => {
  let t: TestApp;
  let own: number;
  let other: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' } });
    const { metadata } = t.ctx;
    const owner = await makeUser(t.ctx, 'owner', { role: 'root' });
    own = (await metadata.projects.create({ name: 'own', dataset: 'none', ownerId: owner.id, pages: PROJECT_PAGES }))
      .id;
    other = (
      await metadata.projects.create({ name: 'other', dataset: 'none', ownerId: owner.id, pages: PROJECT_PAGES })
    ).id;
    for (const [name, actor] of Object.entries(ACTORS)) {
      const user = await makeUser(t.ctx, `m_${name}`, { role: actor.role });
      if (actor.memberRole !== null) {
        await metadata.members.add({ projectId: own, userId: user.id, role: actor.memberRole, pages: MEMBER_PAGES });
      }
      tokens[name] = (await login(t.app, user.username)).access_token;
    }
  });
  afterAll(() => t.close());

  it('covers every role of docs/product.md §6', () => {
    expect(
      Object.values(ACTORS)
        .map((a) => a.role)
        .sort(),
    ).toEqual([...ROLES].sort());
  });

  it('every API route declares a permission, and every documented route is in the registry', () => {
    const routes = declaredRoutes(t.ctx);
    expect(routes.length).toBeGreaterThan(60);
    assertDeclared(routes);
    const registry = new Set(routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (method === 'head') continue;
        expect(registry.has(`${method.toUpperCase()} ${path}`), `${method} ${path}`).toBe(true);
      }
    }
  });

  it('every endpoint table entry is registered with its method, path and access', () => {
    const routes = declaredRoutes(t.ctx);
    const tables = { DATA_ENDPOINTS, INSIGHT_ENDPOINTS, BRAND_ENDPOINTS, HOT_ENDPOINTS, EXPLORE_ENDPOINTS };
    expect(Object.keys(DATA_ENDPOINTS).length).toBeGreaterThan(15);
    for (const [table, entries] of Object.entries(tables)) {
      for (const [key, e] of Object.entries(entries as Record<string, Endpoint>)) {
        const route = routes.find((r) => r.method === e.method && r.url === `/api/common${e.path}`);
        expect(route, `${table}.${key}: ${e.method} ${e.path}`).toBeDefined();
        const p = route!.permission!;
        const projectId = `${e.method === 'GET' ? 'query' : 'body'}.data_scope_id`;
        if (e.access === 'pages') expect(p).toEqual({ kind: 'analysis', pages: e.pages, projectId });
        else {
          expect(p, `${table}.${key}`).toMatchObject({
            kind: 'project',
            access: e.access === 'member' ? 'member' : 'users',
            projectId,
          });
        }
      }
    }
  });

  it('every administration table entry is registered with its method, path and declared access', () => {
    const routes = declaredRoutes(t.ctx);
    expect(Object.keys(ACCOUNT_ENDPOINTS).length).toBeGreaterThan(15);
    expect(Object.keys(PROJECT_ENDPOINTS).length).toBeGreaterThan(30);
    for (const [table, entries] of Object.entries(ADMIN_TABLES)) {
      for (const [key, e] of Object.entries(entries)) {
        const route = routes.find((r) => r.method === e.method && r.url === `/api/common${e.path}`);
        expect(route, `${table}.${key}: ${e.method} ${e.path}`).toBeDefined();
        expect(route!.permission, `${table}.${key}`).toEqual(expectedPermission(e.access));
      }
    }
  });

  it('every /api/common route comes from an endpoint table, but the few registered by hand', () => {
    // Every table of the entry point, analysis and administration alike (any export named *_ENDPOINTS).
    const tables = Object.entries(ENDPOINT_TABLES).filter(([name]) => name.endsWith('_ENDPOINTS'));
    expect(tables.length).toBeGreaterThan(10);
    const tabled = new Set(
      tables.flatMap(([, table]) =>
        Object.values(table as Record<string, { method: string; path: string }>).map(
          (e) => `${e.method} /api/common${e.path}`,
        ),
      ),
    );
    const byHand = declaredRoutes(t.ctx)
      .filter((r) => r.url.startsWith('/api/common/') && !tabled.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    // Not tabled, each for its reason in its route module: the user's data scopes and the cache
    // clearing are no project's data; a picture answers bytes, not the envelope; the pages'
    // tracking events (docs/api.md "Tracking") are the logging pipeline's.
    expect(byHand.sort()).toEqual(
      [
        'GET /api/common/data_scopes',
        'POST /api/common/cache/clear',
        'GET /api/common/pictures/:id',
        'POST /api/common/logs',
      ].sort(),
    );
  });

  it('an administration entry without a declared access fails the check', () => {
    expect(() => expectedPermission(undefined as unknown as AdminAccess)).toThrow();
  });

  it('a route without a declared permission fails the check', () => {
    expect(() => assertDeclared([{ method: 'GET', url: '/api/common/forgotten', permission: undefined }])).toThrow();
  });

  it('every route × role × own/other project answers as the oracle says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of declaredRoutes(t.ctx)) {
      const permission = route.permission!;
      if (permission.kind === 'public') continue;
      const scoped = permission.kind === 'project' || permission.kind === 'analysis';
      const projects = scoped ? [own, other] : [own];
      for (const projectId of projects) {
        const url = fillUrl(route.url, projectId);
        const withBody = route.method !== 'GET';
        // A project id read from the body or the query (e.g. body.data_scope_id) is sent there.
        const [part, field] = scoped ? permission.projectId.split('.') : [];
        const payload = { __matrix: 1, ...(part === 'body' ? { [field!]: projectId } : {}) };
        const query = `__matrix=1${part === 'query' ? `&${field}=${projectId}` : ''}`;
        const request = (headers: Record<string, string>) =>
          t.app.inject({
            method: route.method as 'GET',
            url: withBody ? url : `${url}?${query}`,
            headers,
            ...(withBody ? { payload } : {}),
          });
        const anon = await request({});
        if (anon.statusCode !== 401) failures.push(`anonymous ${route.method} ${url}: ${anon.statusCode}`);
        for (const [name, actor] of Object.entries(ACTORS)) {
          const res = await request(bearer(tokens[name]!));
          const allowed = expectedAllowed(permission, actor, projectId === own);
          checked++;
          const ok = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === 403;
          if (!ok) {
            failures.push(
              `${name} ${route.method} ${url} (${projectId === own ? 'own' : 'other'}): ${res.statusCode} ${res.body}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('every analysis endpoint and download names the pages it serves, and a member without them is refused', async () => {
    const pagesOf = (r: DeclaredRoute) => (r.permission?.kind === 'analysis' ? r.permission.pages : []);
    const pageSpecific = declaredRoutes(t.ctx).filter((r) => pagesOf(r).length > 0);
    expect(pageSpecific.length).toBeGreaterThan(25);
    // Category Insight (4), Brand Detail (5) and Trend Overview (1) serve their own endpoints.
    for (const page of [1, 4, 5]) {
      expect(
        pageSpecific.some((r) => pagesOf(r).includes(page)),
        `page ${page}`,
      ).toBe(true);
    }
    for (const url of ['/api/common/top/downloads', '/api/common/brands/characters/downloads']) {
      expect(pageSpecific.map((r) => r.url)).toContain(url);
    }
    // The general member holds pages 1 and 2 only: a Category Insight call is refused before validation.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/summary',
      headers: bearer(tokens.general!),
      payload: { data_scope_id: own },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an account that must change its password may use nothing but its profile, the password change and sign-out', async () => {
    const user = await makeUser(t.ctx, 'must_change', { role: 'root', mustChangePassword: true });
    await t.ctx.metadata.members.add({ projectId: own, userId: user.id, role: 'admin', pages: PROJECT_PAGES });
    const token = (await login(t.app, user.username)).access_token;
    const open: string[] = [];
    const refused: string[] = [];
    for (const route of declaredRoutes(t.ctx)) {
      const permission = route.permission!;
      if (permission.kind === 'public') continue;
      const url = fillUrl(route.url, own);
      const withBody = route.method !== 'GET';
      const [part, field] =
        permission.kind === 'project' || permission.kind === 'analysis' ? permission.projectId.split('.') : [];
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: withBody ? url : `${url}?__matrix=1${part === 'query' ? `&${field}=${own}` : ''}`,
        headers: bearer(token),
        ...(withBody ? { payload: { __matrix: 1, ...(part === 'body' ? { [field!]: own } : {}) } } : {}),
      });
      const key = `${route.method} ${route.url}`;
      if (res.statusCode === 403) {
        expect(res.json().msg, key).toMatch(/change your password|先修改密码/i);
        refused.push(key);
      } else open.push(key);
    }
    expect(open.sort()).toEqual(
      [
        'GET /api/auth/user',
        'GET /api/common/users/me',
        'POST /api/auth/logout',
        'PUT /api/common/users/me/password',
      ].sort(),
    );
    expect(refused.length).toBeGreaterThan(60);
    // Once the password is changed, the same account is served again.
    const fresh = await changePasswordAndSignIn(t.app, user.username, token, PASSWORD, 'Another456');
    const projects = await t.app.inject({ method: 'GET', url: '/api/common/projects', headers: bearer(fresh) });
    expect(projects.statusCode).toBe(200);
  });

  it('records permission denials in the audit trail', async () => {
    const denied = await t.ctx.metadata.audit.listRecent({ action: 'permission.denied', limit: 5 });
    expect(denied.length).toBeGreaterThan(0);
    expect(denied[0]).toMatchObject({ outcome: 'denied' });
    expect(denied[0]!.ip).not.toBe('');
  });
});
