import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoProjects, ensureRootAccount } from '../src/bootstrap/accounts.js';
import { bearer, changePasswordAndSignIn, login } from './auth/helpers.js';
import { buildTestApp, type TestApp } from './support/app.js';

/** First start on the tiny demo warehouse: root account and demo projects, as `npm start` makes them. */
describe('first-start bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ withData: true });
  });
  afterAll(() => t.close());

  it('creates root with a generated password shown once and kept in a 0600 file', async () => {
    const first = await ensureRootAccount(t.ctx.metadata, t.ctx.config.dataDir, undefined);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const file = path.join(t.ctx.config.dataDir, 'INITIAL_PASSWORD');
    expect(first.passwordFile).toBe(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.generatedPassword);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const root = await t.ctx.metadata.users.getByUsername('root');
    expect(root?.role).toBe('root');
    expect(root?.mustChangePassword).toBe(true);
    // A second start leaves the account alone.
    expect(await ensureRootAccount(t.ctx.metadata, t.ctx.config.dataDir, 'Other-Passw0rd')).toEqual({ created: false });
    await login(t.app, 'root', first.generatedPassword);
  });

  it('creates one demo project per demo dataset whose data root can see, once', async () => {
    expect((await ensureDemoProjects(t.ctx.metadata, t.ctx.warehouse)).sort()).toEqual([
      'cn_monthly',
      'cn_weekly',
      'global_monthly',
    ]);
    expect(await ensureDemoProjects(t.ctx.metadata, t.ctx.warehouse)).toEqual([]);

    const password = readFileSync(path.join(t.ctx.config.dataDir, 'INITIAL_PASSWORD'), 'utf8').trim();
    const first = (await login(t.app, 'root', password)).access_token;
    // A generated password must be changed before anything else is served.
    const refused = await t.app.inject({ url: '/api/common/data_scopes', headers: bearer(first) });
    expect(refused.statusCode).toBe(403);
    const token = await changePasswordAndSignIn(t.app, 'root', first, password, 'RootOwn123');
    const scopes = await t.app.inject({ url: '/api/common/data_scopes', headers: bearer(token) });
    expect(scopes.statusCode, scopes.body).toBe(200);
    const items = scopes.json().data.items as { id: number; table: string }[];
    expect(items.map((i) => i.table).sort()).toEqual(['cn_monthly', 'cn_weekly', 'global_monthly']);

    // Deny-by-default data access must not hide the demo data from its owner.
    const cn = items.find((i) => i.table === 'cn_monthly')!;
    const tree = await t.app.inject({
      method: 'POST',
      url: '/api/common/categories',
      headers: bearer(token),
      payload: { data_scope_id: cn.id },
    });
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json().data.items.length).toBeGreaterThan(0);
  });
});
