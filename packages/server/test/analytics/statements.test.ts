import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/**
 * Statements per panel (issue 19): one request never sends the same statement twice, and the
 * summary's range, chain base and yoy base are one statement (conditional sums per range).
 */
let t: TestApp;
let token: string;
let project: number;
const sent: string[] = [];

const recording = (w: WarehouseEngine): WarehouseEngine =>
  new Proxy(w, {
    get(target, key) {
      if (key === 'query')
        return (...args: Parameters<WarehouseEngine['query']>) => {
          sent.push(`${args[0]} ${JSON.stringify(args[1] ?? [])}`);
          return target.query(...args);
        };
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });

beforeAll(async () => {
  t = await buildTestApp({ withData: true, wrapWarehouse: recording });
  const root = await makeUser(t.ctx, 's_root', { role: 'root' });
  project = (
    await t.ctx.metadata.projects.create({ name: 'statements', dataset: 'cn_monthly', ownerId: root.id, pages: [4] })
  ).id;
  await t.ctx.metadata.projectCategories.add(project, [1], 'ready');
  token = (await login(t.app, 's_root')).access_token;
});
afterAll(() => t?.close());

it('a summary request totals the range, its chain and its yoy base in one statement, and the parent in another', async () => {
  const body = { data_scope_id: project, category: { enable: true, value: [1] }, date: ['2025-01-01', '2025-06-01'] };
  // The catalogue is read on first use: not part of the panel's statements.
  expect((await postAs(t.app, token, '/summary', { ...body, date: ['2024-01-01', '2024-02-01'] })).statusCode).toBe(
    200,
  );
  sent.length = 0;
  const res = await postAs(t.app, token, '/summary', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.chain.base_sales).toBeGreaterThan(0);
  expect(res.json().data.yoy.base_sales).toBeGreaterThan(0);
  // A level-1 selection: its share of the whole granted market is the second statement.
  expect(sent).toHaveLength(2);
  expect(sent.filter((s) => /AS s2\b/.test(s) && !/AS s3\b/.test(s))).toHaveLength(1);
  expect(new Set(sent).size).toBe(sent.length);
});
