import {
  ANALYSIS_AUTH,
  ANALYSIS_PAGES,
  allowedPages,
  canEnterRoute,
  fillPath,
  isRole,
  MESSAGES,
  PAGE_ID,
  pageById,
  pageByPath,
  ROLES,
  ROUTES,
  type RouteDef,
  redirectForDeniedPage,
  roleMatches,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const route = (path: string, within: readonly RouteDef[] = ROUTES): RouteDef => {
  const [head, ...rest] = path.split('>');
  const found = within.find((r) => r.path === head);
  if (!found) throw new Error(`no route ${head}`);
  return rest.length ? route(rest.join('>'), found.children ?? []) : found;
};

describe('analysis pages (docs/product.md §2)', () => {
  it('are the nine pages with their ids and paths', () => {
    expect(ANALYSIS_PAGES.map((p) => [p.id, p.path, p.name])).toEqual([
      [1, '/hot', 'Hot'],
      [2, '/explore', 'Explore'],
      [3, '/potential', 'Potential'],
      [4, '/discover', 'Discover'],
      [5, '/brand', 'Brand'],
      [6, '/analysis', 'Analysis'],
      [7, '/contrast', 'Contrast'],
      [8, '/favorite-brand', 'FavoriteBrand'],
      [9, '/shop', 'Shop'],
    ]);
  });

  it('carry the areas of docs/product.md §2', () => {
    expect(pageById(1)?.areas).toEqual(['category', 'discover']);
    expect(pageById(7)?.areas).toEqual([]);
    expect(pageById(8)?.areas).toEqual(['category', 'favorite']);
    expect(ANALYSIS_PAGES.filter((p) => p.areas.includes('analysis')).map((p) => p.id)).toEqual([4, 5, 6, 9]);
  });

  it('allow enterprise, general, community, admin, root and the empty role', () => {
    expect([...ANALYSIS_AUTH].sort()).toEqual(['', 'admin', 'community', 'enterprise', 'general', 'root']);
    for (const role of ROLES) expect(canEnterRoute(route('/>hot'), role)).toBe(true);
  });

  it('have titles in both languages', () => {
    for (const p of ANALYSIS_PAGES) {
      expect(MESSAGES.en[p.titleKey]).toBeTruthy();
      expect(MESSAGES['zh-CN'][p.titleKey]).toBeTruthy();
    }
  });

  it('look up by id and path', () => {
    expect(pageByPath('/shop')?.id).toBe(9);
    expect(pageById(PAGE_ID.favoriteBrand)?.path).toBe('/favorite-brand');
    expect(pageById(10)).toBeUndefined();
    expect(pageByPath('/nope')).toBeUndefined();
  });
});

describe('roleMatches — prefix match: the role starts with an auth entry (docs/product.md §6)', () => {
  it.each([
    ['admin', ['root', 'admin'], true],
    ['root', ['root'], true],
    ['admin_readonly', ['admin'], true],
    ['adm', ['admin'], false],
    ['general', ['root', 'admin'], false],
    ['', ['enterprise', 'admin', 'root'], false], // the empty role is NOT a wildcard
    ['', ['enterprise', ''], true],
    [null, [''], true],
    [undefined, ['admin'], false],
    ['general', [''], true], // an entry '' admits every signed-in role
    ['root', [], false],
    ['root', null, false],
  ] as [string | null | undefined, string[] | null, boolean][])('%j in %j → %s', (role, list, expected) => {
    expect(roleMatches(role, list)).toBe(expected);
  });

  it('property: a known role matches a list of known roles iff the list has it or the empty entry', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.subarray([...ROLES]), (role, list) => {
        const expected = list.includes(role) || list.includes('');
        expect(roleMatches(role, list)).toBe(expected);
      }),
    );
  });

  it('isRole', () => {
    expect(isRole('')).toBe(true);
    expect(isRole('admin')).toBe(true);
    expect(isRole('superuser')).toBe(false);
    expect(isRole(null)).toBe(false);
  });
});

describe('route table (docs/product.md §2, §6)', () => {
  it.each([
    ['/projects', ['enterprise', 'admin', 'root'], ['general', 'community', '']],
    ['/projects>:id/info', ['root', 'admin'], ['enterprise', 'general', '']],
    ['/projects>:id/category-management', ['root', 'admin'], ['enterprise']],
    ['/projects>:id/attribute-management', ['root', 'admin'], ['enterprise']],
    ['/projects>:id/user-management', ['root', 'admin'], ['enterprise', 'general']],
    ['/accounts', ['root', 'admin'], ['enterprise', 'general', 'community', '']],
    ['/accounts>create', ['root', 'admin'], []],
    ['/accounts>batch-create', ['root'], ['admin', 'enterprise']],
    ['/accounts>batch-update', ['root'], ['admin']],
    ['/>personal-center', ['root', 'admin', 'enterprise', 'general', 'community', ''], []],
    ['/icons', ['root', ''], []],
  ])('%s: allows %j, denies %j', (path, allowed, denied) => {
    const r = route(path);
    for (const role of allowed) expect(canEnterRoute(r, role), `${role} → ${path}`).toBe(true);
    for (const role of denied) expect(canEnterRoute(r, role), `${role} → ${path}`).toBe(false);
  });

  it('lets a project admin reach UserManagement only', () => {
    expect(canEnterRoute(route('/projects>:id/user-management'), 'enterprise', 'admin')).toBe(true);
    expect(canEnterRoute(route('/projects>:id/info'), 'enterprise', 'admin')).toBe(false);
    expect(canEnterRoute(route('/projects>:id/category-management'), 'enterprise', 'admin')).toBe(false);
    expect(canEnterRoute(route('/projects>:id/user-management'), 'enterprise', 'general')).toBe(false);
    expect(canEnterRoute(route('/projects>:id/user-management'), 'enterprise', null)).toBe(false);
  });

  it('marks login, price and 403 public; everything else needs a sign-in', () => {
    const publicPaths = ROUTES.filter((r) => r.public).map((r) => r.path);
    expect(publicPaths.sort()).toEqual(['/403', '/login', '/price']);
  });

  it('redirects /price to goods and /accounts to its list', () => {
    expect(route('/price').redirect).toBe('goods');
    expect(route('/price').children?.map((c) => c.path)).toEqual(['goods', 'payment']);
    expect(route('/accounts').redirect).toBe('');
    expect(route('/accounts>').name).toBe('AccountList');
  });

  it('gives every route a title in both languages and unique names', () => {
    const all: RouteDef[] = [];
    const walk = (rs: readonly RouteDef[]) => {
      for (const r of rs) {
        all.push(r);
        walk(r.children ?? []);
      }
    };
    walk(ROUTES);
    for (const r of all) {
      expect(MESSAGES.en[r.titleKey], r.name).toBeTruthy();
      expect(MESSAGES['zh-CN'][r.titleKey], r.name).toBeTruthy();
    }
    const names = all.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('fills path parameters', () => {
    expect(fillPath('/projects/:id/info', { id: 3 })).toBe('/projects/3/info');
    expect(fillPath('/accounts/:id/edit', { id: 'a/b' })).toBe('/accounts/a%2Fb/edit');
    expect(fillPath('/projects/:id/info', {})).toBe('/projects/:id/info');
  });
});

describe('allowedPages (docs/product.md §6)', () => {
  it.each([
    ['root', [1, 2, 3], [], [1, 2, 3]],
    ['root', [3, 1, 2], [9], [1, 2, 3]],
    ['admin', [1, 2, 3], [2, 3, 4], [2, 3]],
    ['general', [1, 2, 3, 4, 5, 6, 7, 8, 9], [9, 1], [1, 9]],
    ['', [1, 2], [1, 2], [1, 2]],
    ['enterprise', [1, 2], [], []],
    ['enterprise', [], [1, 2], []],
    ['enterprise', null, [1], []],
    ['enterprise', [1], null, []],
    ['root', [1, 42, 0], [], [1]], // unknown ids are dropped
    ['root', [2, 2, 1], [], [1, 2]],
  ] as [string, number[] | null, number[] | null, number[]][])(
    '%j project %j user %j → %j',
    (role, project, user, expected) => {
      expect(allowedPages(role, project, user)).toEqual(expected);
    },
  );

  it('property: a non-root user never gets a page missing from either list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin', 'enterprise', 'general', 'community', ''),
        fc.array(fc.integer({ min: 0, max: 12 })),
        fc.array(fc.integer({ min: 0, max: 12 })),
        (role, project, user) => {
          for (const id of allowedPages(role, project, user)) {
            expect(project).toContain(id);
            expect(user).toContain(id);
          }
        },
      ),
    );
  });
});

describe('redirectForDeniedPage (docs/product.md §6)', () => {
  it.each([
    [PAGE_ID.explore, [1, 4], '/hot'],
    [PAGE_ID.explore, [4, 5], '/discover'],
    [PAGE_ID.brand, [1, 4], '/hot'],
    [PAGE_ID.brand, [9, 6], '/analysis'],
    [PAGE_ID.brand, [], null],
  ] as [number, number[], string | null][])('page %i with %j → %s', (denied, allowed, expected) => {
    expect(redirectForDeniedPage(denied, allowed)).toBe(expected);
  });
});
