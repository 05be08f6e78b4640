import { addMonths, growth } from '@marketlens/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { recordingInto } from '../support/warehouses.js';

/**
 * Statements per panel: one request never sends the same statement twice, and the
 * summary's range, chain base and yoy base are one statement (conditional sums per range).
 */
let t: TestApp;
let token: string;
let project: number;
const sent: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ withData: true, wrapWarehouse: recordingInto(sent) });
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
  // The range and its two bases (Jul–Dec and Jan–Jun 2024): one statement reads all three.
  expect(sent.filter((s) => (s.match(/"period" BETWEEN/g) ?? []).length === 3)).toHaveLength(1);
  expect(new Set(sent).size).toBe(sent.length);
});

it('a yoy trend shorter than a year is one scan over its own and its base periods, with the figures of two', async () => {
  const body = {
    data_scope_id: project,
    category: { enable: true, value: [1] },
    date: ['2025-03-01', '2025-05-01'],
    selector: 'yoy',
    metric: 'sales',
  };
  sent.length = 0;
  const res = await postAs(t.app, token, '/trends', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(sent).toHaveLength(1);
  // The base months are read with the range, not the months between them.
  expect(sent[0]).toMatch(/BETWEEN .+ OR .+ BETWEEN/);
  // Each month's growth is against the same month a year earlier, as two statements gave it.
  const points = res.json().data.points as { period: string; sales: number; growth: { sales: number | null } }[];
  const salesOf = async (date: string[]) => {
    const r = await postAs(t.app, token, '/trends', { ...body, date, selector: 'mom' });
    return new Map((r.json().data.points as typeof points).map((p) => [p.period, p.sales]));
  };
  const [current, base] = await Promise.all([
    salesOf(['2025-03-01', '2025-05-01']),
    salesOf(['2024-03-01', '2024-05-01']),
  ]);
  expect(points.map((p) => p.period)).toEqual(['2025-03-01', '2025-04-01', '2025-05-01']);
  for (const p of points) {
    expect(p.sales).toBe(current.get(p.period));
    const before = base.get(addMonths(p.period, -12))!;
    expect(before).toBeGreaterThan(0);
    expect(p.growth.sales).toBeCloseTo(growth(p.sales, before)!, 9);
  }
});
