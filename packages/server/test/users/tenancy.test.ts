import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { type Caller, caller, data, refused } from '../projects/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/**
 * Tenancy (docs/security.md "Tenancy: who sees which accounts"): every route that returns account
 * fields, asked by each kind of caller, shows e-mail, enterprise and telephone only where the rule
 * lets it — root every account, a global admin the accounts below the administrators (and their
 * own), anyone else the accounts of their own enterprise.
 */

/** The accounts of the installation: the operator's staff, two customers A and B. */
const ACCOUNTS = {
  root: { role: 'root', enterprise: 'Ops-Root', telephone: '100' },
  adm: { role: 'admin', enterprise: 'Ops', telephone: '101' },
  adm2: { role: 'admin', enterprise: 'Ops', telephone: '102' },
  pa: { role: 'enterprise', enterprise: 'A', telephone: '201' },
  ga: { role: 'general', enterprise: 'A', telephone: '202' },
  a3: { role: 'general', enterprise: 'A', telephone: '203' },
  ub: { role: 'enterprise', enterprise: 'B', telephone: '301' },
  bx: { role: 'general', enterprise: 'B', telephone: '302' },
} as const;
type Name = keyof typeof ACCOUNTS;
const NAMES = Object.keys(ACCOUNTS) as Name[];

/** The callers of the matrix: root, a global admin, A's project admin, a member of A, B's project admin. */
const VIEWERS = ['root', 'adm', 'pa', 'ga', 'ub'] as const;
type Viewer = (typeof VIEWERS)[number];

/** Whose contact fields each caller sees — the rule written out by hand, account by account. */
const SEES: Record<Viewer, readonly Name[]> = {
  root: NAMES,
  adm: ['adm', 'pa', 'ga', 'a3', 'ub', 'bx'],
  pa: ['pa', 'ga', 'a3'],
  ga: ['pa', 'ga', 'a3'],
  ub: ['ub', 'bx'],
};

interface Shown {
  username: string;
  email?: string;
  enterprise?: string;
  telephone?: string;
}

/** What `viewer` should get for `name`, in the fields the route returns. */
function expected(viewer: Viewer, shown: Shown): Shown {
  const name = shown.username as Name;
  const a = ACCOUNTS[name];
  const visible = SEES[viewer].includes(name);
  const out: Shown = { username: name };
  if (shown.email !== undefined) out.email = visible ? `${name}@example.com` : '';
  if (shown.enterprise !== undefined) out.enterprise = visible ? a.enterprise : '';
  if (shown.telephone !== undefined) out.telephone = visible ? a.telephone : '';
  return out;
}

const pick = ({ username, email, enterprise, telephone }: Shown): Shown => ({
  username,
  ...(email === undefined ? {} : { email }),
  ...(enterprise === undefined ? {} : { enterprise }),
  ...(telephone === undefined ? {} : { telephone }),
});

describe.each(stores())('tenancy: who sees which accounts ($name)', (target) => {
  let t: TestApp;
  const call = {} as Record<Viewer, Caller>;
  const id = {} as Record<Name, number>;
  let projectA: number;
  let projectB: number;

  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' },
    });
    for (const name of NAMES) {
      const a = ACCOUNTS[name];
      id[name] = (await makeUser(t.ctx, name, { role: a.role, enterprise: a.enterprise, telephone: a.telephone })).id;
    }
    for (const v of VIEWERS) call[v] = caller(t.app, (await login(t.app, v)).access_token);
    const { projects, members } = t.ctx.metadata;
    projectA = (await projects.create({ name: 'A market', dataset: 'd', ownerId: id.root, pages: [1] })).id;
    projectB = (await projects.create({ name: 'B market', dataset: 'd', ownerId: id.root, pages: [1] })).id;
    // Root staffs A's project through the API (audited with root's IP): A's admin and member, a
    // member of customer B and an operator's admin.
    for (const [name, role] of [
      ['pa', 'admin'],
      ['ga', 'general'],
      ['ub', 'general'],
      ['adm2', 'general'],
    ] as const) {
      data(await call.root('POST', `/projects/${projectA}/users`, { user_id: id[name], role }));
    }
    // A's project admin adds a colleague of A by user name.
    data(await call.pa('POST', `/projects/${projectA}/users`, { username: 'a3', role: 'general' }));
    await members.add({ projectId: projectB, userId: id.ub, role: 'admin', pages: [1] });
    await members.add({ projectId: projectB, userId: id.bx, role: 'general', pages: [1] });
  });
  afterAll(() => t.close());

  /** Each account a route returns, as the viewer got it and as the rule says it should be. */
  function check(viewer: Viewer, items: Shown[], expectNames: readonly Name[]) {
    expect(items.map((i) => i.username).sort()).toEqual([...expectNames].sort());
    for (const item of items) expect(pick(item), `${viewer} reading ${item.username}`).toEqual(expected(viewer, item));
  }

  const admins: readonly Viewer[] = ['root', 'adm'];

  it.each(VIEWERS)('the account lists (/users, /users/all, /users/brief) as %s', async (viewer) => {
    const list = await call[viewer]('GET', '/users?page_size=1000');
    const all = await call[viewer]('GET', '/users/all');
    const brief = await call[viewer]('GET', '/users/brief');
    if (!admins.includes(viewer)) {
      for (const res of [list, all, brief]) expect(res.statusCode, res.body).toBe(403);
      return;
    }
    check(viewer, data<{ items: Shown[] }>(list).items, NAMES);
    check(viewer, data<{ items: Shown[] }>(all).items, NAMES);
    const briefItems = data<{ items: Shown[] }>(brief).items;
    expect(briefItems.every((i) => i.email === undefined && i.telephone === undefined)).toBe(true);
    check(viewer, briefItems, NAMES);
  });

  it.each(VIEWERS)('one account (/users/{id}) as %s', async (viewer) => {
    for (const name of NAMES) {
      const res = await call[viewer]('GET', `/users/${id[name]}`);
      if (!admins.includes(viewer)) {
        expect(res.statusCode, res.body).toBe(403);
        continue;
      }
      check(viewer, [data<{ user: Shown }>(res).user], [name]);
    }
  });

  it.each(VIEWERS)("the projects' members (/projects/{id}/users) as %s", async (viewer) => {
    const cases = [
      { project: projectA, members: ['pa', 'ga', 'a3', 'ub', 'adm2'] as Name[], admins: ['root', 'adm', 'pa'] },
      { project: projectB, members: ['ub', 'bx'] as Name[], admins: ['root', 'adm', 'ub'] },
    ];
    for (const c of cases) {
      const res = await call[viewer]('GET', `/projects/${c.project}/users`);
      if (!c.admins.includes(viewer)) {
        expect(res.statusCode, res.body).toBe(403);
        continue;
      }
      check(viewer, data<{ items: Shown[] }>(res).items, c.members);
    }
  });

  it.each(VIEWERS)('the own account (/users/me) as %s, in full', async (viewer) => {
    check(viewer, [data<{ user: Shown }>(await call[viewer]('GET', '/users/me')).user], [viewer]);
  });

  it.each(VIEWERS)('the audit trail as %s: an actor’s IP only where the caller sees that account', async (viewer) => {
    const res = await call[viewer]('GET', '/audit?page_size=200');
    if (viewer === 'ga') {
      expect(res.statusCode, res.body).toBe(403);
      return;
    }
    const items = data<{ items: { user_id: number | null; username: string; ip: string }[] }>(res).items;
    const shown = new Set<string>();
    for (const e of items) {
      const visible = viewer === 'root' || SEES[viewer].includes(e.username as Name);
      expect(e.ip, `${viewer} reading an entry of ${e.username}`).toBe(visible ? '127.0.0.1' : '');
      shown.add(`${e.username}:${visible}`);
    }
    // The entries of A's project: root staffed it, pa added a colleague.
    if (viewer === 'adm') expect([...shown].sort()).toEqual(['pa:true', 'root:false']);
    if (viewer === 'pa') expect([...shown].sort()).toEqual(['pa:true', 'root:false']);
    if (viewer === 'root') expect(shown.has('root:true')).toBe(true);
  });

  it.each(VIEWERS)('the enterprise picker (/enterprises) as %s', async (viewer) => {
    const res = await call[viewer]('GET', '/enterprises');
    // The project list's roles: enterprise, admin, root.
    if (viewer === 'ga') {
      expect(res.statusCode, res.body).toBe(403);
      return;
    }
    const items = data<{ items: string[] }>(res).items;
    const expectedNames = [...new Set(SEES[viewer].map((n) => ACCOUNTS[n].enterprise))].sort();
    const own = ACCOUNTS[viewer].enterprise;
    expect(items).toEqual(admins.includes(viewer) ? expectedNames : [own]);
  });

  it("a global admin's filters find no root or admin account by its hidden fields", async () => {
    const found = async (viewer: Viewer, query: string) =>
      data<{ items: Shown[] }>(await call[viewer]('GET', `/users?${query}`)).items.map((u) => u.username);
    // Matches only root's e-mail / enterprise / telephone, and adm2's.
    for (const query of ['search=root%40example', 'search=ops-root', 'search=100', 'enterprise=Ops-Root']) {
      expect(await found('root', query), query).toEqual(['root']);
      expect(await found('adm', query), query).toEqual([]);
    }
    expect(await found('root', 'enterprise=Ops')).toEqual(['adm', 'adm2']);
    expect(await found('adm', 'enterprise=Ops')).toEqual(['adm']);
    expect(await found('adm', 'search=adm2%40')).toEqual([]);
    // By user name every account is found: the name is what a global admin sees of any account.
    expect(await found('adm', 'search=adm2')).toEqual(['adm2']);
    expect(await found('adm', 'enterprise=B')).toEqual(['ub', 'bx']);
  });

  it("a project admin adds only their own enterprise's accounts; foreign and missing answer alike", async () => {
    const add = (who: Viewer, body: object) => call[who]('POST', `/projects/${projectA}/users`, body);
    const foreign = await add('pa', { username: 'bx' });
    const missing = await add('pa', { username: 'nobody-at-all' });
    const same = (a: LightMyRequestResponse, b: LightMyRequestResponse) => {
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.body).toBe(b.body);
    };
    refused(foreign, 404);
    same(foreign, missing);
    // An operator's account is as foreign to customer A as customer B's.
    same(await add('pa', { username: 'adm' }), missing);
    // By id a project admin adds no one, whether the id exists or not.
    const byId = await add('pa', { user_id: id.bx });
    refused(byId, 400);
    same(byId, await add('pa', { user_id: 999_999 }));
    same(await add('pa', { user_id: id.a3 }), byId);
    expect(await t.ctx.metadata.members.get(projectA, id.bx)).toBeUndefined();
    // B's project admin cannot reach A's accounts through their own project either.
    const intoB = await call.ub('POST', `/projects/${projectB}/users`, { username: 'ga' });
    same(intoB, await call.ub('POST', `/projects/${projectB}/users`, { username: 'nobody-at-all' }));
    expect(await t.ctx.metadata.members.get(projectB, id.ga)).toBeUndefined();
  });
});
