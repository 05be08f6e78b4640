import { buildMarket, type FactRow } from '@marketlens/datagen';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Custom attributes (docs/web-analysis.md newAttributes, docs/api.md …/custom_attributes): saved per user and project,
 * names unique (docs/api.md "name already exists"), used as a filter and as the attribute distribution's
 * dimension. Expected figures are sums over the generator's rows whose titles contain a word, in
 * plain TypeScript (the oracle), never the engine's answers.
 */

const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts: FactRow[] = [...market.facts()];
const skuById = new Map(market.dims.dim_sku.map((s) => [s.sku_id, s]));
const R = { start: '2025-01-01', end: '2025-06-01' };
const BASE = { start: '2024-01-01', end: '2024-06-01' };
const WORDS = ['紧致', '淡纹', '祛痘'];

/** Case-insensitive, in either title: what a keyword means (analytics/engine/filters.ts). */
const titleHas = (skuId: number, word: string) => {
  const s = skuById.get(skuId)!;
  const w = word.toLowerCase();
  return s.title_zh.toLowerCase().includes(w) || s.title_en.toLowerCase().includes(w);
};
function sum(range: { start: string; end: string }, keep: (f: FactRow) => boolean) {
  let sales = 0;
  let count = 0;
  for (const f of facts) {
    if (f.period < range.start || f.period > range.end || !keep(f)) continue;
    sales += f.sales;
    count += f.count;
  }
  return { sales, count };
}
const close = (actual: number | null, expected: number, what: string) =>
  expect(Math.abs((actual ?? Number.NaN) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-7 * Math.max(1, Math.abs(expected)),
  );

const attribute = (name: string, name_en: string, words: readonly string[], id?: number) => ({
  ...(id !== undefined ? { id } : {}),
  category_id: null,
  name,
  name_en,
  rules: words.map((w) => ({ value: w, query: `"${w}"` })),
});

describeOnEach(await warehouseTargets(), 'custom attributes API', (target) => {
  let t: TestApp;
  let project: number;
  let member: string;
  let other: string;
  const url = () => `/users/projects/${project}/categories/custom_attributes`;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'ca_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'ca_member', { role: 'general' });
    const o = await makeUser(t.ctx, 'ca_other', { role: 'general' });
    project = (
      await metadata.projects.create({ name: 'custom attrs', dataset: 'cn_monthly', ownerId: root.id, pages: [4] })
    ).id;
    const tops = market.dims.dim_category.filter((c) => c.level === 1).map((c) => c.category_id);
    await metadata.projectCategories.add(project, tops, 'ready');
    for (const u of [m, o]) {
      await metadata.members.add({ projectId: project, userId: u.id, role: 'general', pages: [4] });
      await metadata.grants.replace(project, u.id, 'category', tops.map(String));
    }
    member = (await login(t.app, 'ca_member')).access_token;
    other = (await login(t.app, 'ca_other')).access_token;
  });
  afterAll(() => t.close());

  const post = (token: string, path: string, payload: object, locale?: string) =>
    postAs(t.app, token, path, payload, locale);
  const data = async (token: string, path: string, payload: object) => {
    const res = await post(token, path, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refused = async (path: string, payload: object, locale?: string) => {
    const res = await post(member, path, payload, locale);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().msg as string;
  };

  it('saves per user and project, refuses a taken name and a word twice in both languages, keeps ids on edit', async () => {
    const saved = await data(member, url(), { items: [attribute('抗衰', 'Anti-ageing', WORDS)] });
    expect(saved.items).toEqual([
      expect.objectContaining({ name: '抗衰', name_en: 'Anti-ageing', editable: true, category_id: null }),
    ]);
    const id = saved.items[0].id as number;

    // docs/product.md §5 "name already exists": either name, case and outer spaces ignored.
    const twice = { items: [attribute('抗衰', 'Anti-ageing', WORDS, id), attribute(' 抗衰 ', 'Other', ['保湿'])] };
    expect(await refused(url(), twice)).toBe('名称已存在');
    expect(await refused(url(), twice, 'en')).toBe('name already exists');
    const twiceEn = {
      items: [attribute('抗衰', 'Anti-ageing', WORDS, id), attribute('保湿', 'anti-AGEING', ['保湿'])],
    };
    expect(await refused(url(), twiceEn, 'en')).toBe('name already exists');
    // docs/product.md §5 "This keyword already exists!" for a word twice in one attribute.
    expect(await refused(url(), { items: [attribute('X', '', ['保湿', '保湿'])] }, 'en')).toBe(
      'This keyword already exists!',
    );
    expect(await refused(url(), { items: [attribute('X', '', ['保湿', '保湿'])] })).toBe('该关键词已存在！');
    expect(await refused(url(), { items: [attribute(' ', '', ['保湿'])] }, 'en')).toBe(
      'Please enter a name for the attribute.',
    );

    // An edit keeps the id (a filter link keeps naming it); a new item gets its own.
    const edited = await data(member, url(), {
      items: [attribute('抗衰老', 'Anti-ageing', WORDS, id), attribute('保湿', 'Hydrating', ['保湿', '补水'])],
    });
    expect(edited.items.map((i: { id: number; name: string }) => [i.id === id, i.name])).toEqual([
      [true, '抗衰老'],
      [false, '保湿'],
    ]);
    // Read back next time, and only by its owner.
    const listed = await data(member, `${url()}/queries`, {});
    expect(listed.items).toEqual(edited.items);
    expect((await data(other, `${url()}/queries`, {})).items).toEqual([]);
    // Removing one leaves the other with its id.
    const { editable: _, ...first } = edited.items[0];
    const left = await data(member, url(), { items: [first] });
    expect(left.items.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('as a filter: the sales of the products whose titles contain any chosen word', async () => {
    const { items } = await data(member, url(), { items: [attribute('抗衰', 'Anti-ageing', WORDS)] });
    const id = items[0].id as number;
    const body = (values: string[]) => ({
      data_scope_id: project,
      date: [R.start, R.end],
      newAttributes: [{ id, values }],
    });
    const all = await data(member, '/summary', body(WORDS));
    const expected = sum(R, (f) => WORDS.some((w) => titleHas(f.sku_id, w)));
    expect(expected.sales).toBeGreaterThan(0);
    close(all.sales, expected.sales, 'sales of any word');
    expect(all.count).toBe(expected.count);
    const one = await data(member, '/summary', body(['淡纹']));
    close(one.sales, sum(R, (f) => titleHas(f.sku_id, '淡纹')).sales, 'sales of one word');
    // Another user's attribute id is unknown to this user.
    const res = await post(other, '/summary', body(WORDS), 'en');
    expect(res.statusCode).toBe(400);
  });

  it('as the attribute distribution: a row per word with its share of the scope and growth', async () => {
    const { items } = await data(member, url(), { items: [attribute('抗衰', 'Anti-ageing', WORDS)] });
    const id = items[0].id as number;
    const d = await data(member, '/distributions/attribute_values', {
      data_scope_id: project,
      date: [R.start, R.end],
      selector: 'custom',
      dateBefore: [BASE.start, BASE.end],
      custom_attribute: id,
    });
    expect(d.attribute).toEqual({ name: `custom:${id}`, title: '抗衰', title_en: 'Anti-ageing' });
    const scope = sum(R, () => true);
    const baseScope = sum(BASE, () => true);
    const expected = WORDS.map((w) => ({
      w,
      now: sum(R, (f) => titleHas(f.sku_id, w)),
      before: sum(BASE, (f) => titleHas(f.sku_id, w)),
    }))
      .filter((e) => e.now.sales > 0)
      .sort((a, b) => b.now.sales - a.now.sales);
    expect(d.rows.map((r: { key: string }) => r.key)).toEqual(expected.map((e) => e.w));
    for (const [i, e] of expected.entries()) {
      const row = d.rows[i];
      close(row.sales, e.now.sales, `${e.w} sales`);
      expect(row.count).toBe(e.now.count);
      close(row.share, e.now.sales / scope.sales, `${e.w} share`);
      close(row.share_change, e.now.sales / scope.sales - e.before.sales / baseScope.sales, `${e.w} share change`);
      close(row.growth.sales, (e.now.sales - e.before.sales) / e.before.sales, `${e.w} growth`);
    }
    close(d.total.sales, scope.sales, 'scope');
    // Neither a dataset attribute nor a custom one: refused.
    expect(await refused('/distributions/attribute_values', { data_scope_id: project, date: [R.start, R.end] })).toBe(
      '参数无效：attribute',
    );
  });
});
