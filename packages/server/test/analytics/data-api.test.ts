import { classifyCoverage, datasetGaps } from '@marketlens/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { catById, facts, leavesOf, market, skuById } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/** Reference-data API on the tiny demo warehouse, with grants. */
describeOnEach(await warehouseTargets(), 'reference data API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let stranger: string;
  // Level-1 categories of the tiny market: 1 (beauty) and 4; the member is granted 101 (level 2) only.
  const GRANTED = 101;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'd_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'd_member', { role: 'general' });
    await makeUser(t.ctx, 'd_stranger', { role: 'general' });
    project = (
      await metadata.projects.create({ name: 'tiny', dataset: 'cn_monthly', ownerId: root.id, pages: [1, 2, 3] })
    ).id;
    // Grants are a subset of the project's categories (permissions module), at any level.
    await metadata.projectCategories.add(project, [1, 4, GRANTED], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [1, 2] });
    await metadata.grants.replace(project, m.id, 'category', [String(GRANTED)]);
    admin = (await login(t.app, 'd_root')).access_token;
    member = (await login(t.app, 'd_member')).access_token;
    stranger = (await login(t.app, 'd_stranger')).access_token;
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/common${url}`, headers: bearer(token) });
  const post = (token: string, url: string, payload: object) => postAs(t.app, token, url, payload);

  it('lists the user’s data scopes with their scope fields', async () => {
    const res = await get(member, '/data_scopes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({ id: project, table: 'cn_monthly', date_field: 'month', cur_symbol: '¥' }),
    ]);
    expect((await get(stranger, '/data_scopes')).json().data.items).toEqual([]);
  });

  it('gives the table dates with the coverage stored at import (docs/data-format.md §11)', async () => {
    const res = await get(member, `/table_date?data_scope_id=${project}`);
    // The coverage of the generated rows, counted here: rows, sales (in cents, exact), SKUs, shops per month.
    const by = new Map<string, { rows: number; cents: number; skus: Set<number>; shops: Set<number> }>();
    for (const f of facts) {
      const s = by.get(f.period) ?? { rows: 0, cents: 0, skus: new Set<number>(), shops: new Set<number>() };
      s.rows += 1;
      s.cents += Math.round(f.sales * 100);
      s.skus.add(f.sku_id);
      s.shops.add(f.shop_id);
      by.set(f.period, s);
    }
    const stats = [...by].map(([period, s]) => ({
      period,
      rows: s.rows,
      sales: s.cents / 100,
      skus: s.skus.size,
      shops: s.shops.size,
    }));
    const loadedAt = t.ctx.warehouse.datasets().find((d) => d.manifest.name === 'cn_monthly')!.loadedAt;
    const coverage = classifyCoverage(stats, 'month', loadedAt.slice(0, 10));
    const periods = [...by.keys()].sort();
    expect(res.json().data).toEqual({
      farthest_date: periods[0],
      latest_date: periods.at(-1),
      last_complete_date: coverage.lastComplete,
      gaps: datasetGaps(coverage),
      as_of: loadedAt.slice(0, 10),
    });
  });

  it('category tree: the member sees only the granted branch; admins see the project', async () => {
    const mine = (await post(member, '/categories', { data_scope_id: project })).json().data.items;
    expect(mine.map((c: { category_id: number }) => c.category_id)).toEqual([1]);
    expect(mine[0].children.map((c: { category_id: number }) => c.category_id)).toEqual([GRANTED]);
    expect(mine[0].children[0].children.length).toBeGreaterThan(0);
    const all = (await post(admin, '/categories', { data_scope_id: project })).json().data.items;
    expect(all.map((c: { category_id: number }) => c.category_id)).toEqual([1, 4]);
    // docs/product.md §5: without a data scope the answer is empty, not an error.
    expect((await post(member, '/categories', {})).json().data.items).toEqual([]);
    // … for anyone signed in (there is nothing to give away), with null too; never without sign-in.
    expect((await post(stranger, '/categories', { data_scope_id: null })).json().data.items).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/common/categories', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    // Someone outside the project is refused.
    expect((await post(stranger, '/categories', { data_scope_id: project })).statusCode).toBe(403);
  });

  it('category tree marks categories not yet ready, with everything under them (docs/product.md §6 warning)', async () => {
    const { metadata } = t.ctx;
    type Node = { category_id: number; ready: boolean; children: Node[] };
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const readiness = async () => {
      const items: Node[] = (await post(admin, '/categories', { data_scope_id: project })).json().data.items;
      return new Map(flat(items).map((n) => [n.category_id, n.ready]));
    };
    expect([...(await readiness()).values()].every(Boolean)).toBe(true);
    await metadata.projectCategories.setStatus(project, [GRANTED], 'not_ready');
    try {
      const ready = await readiness();
      expect(ready.get(1)).toBe(true);
      expect(ready.get(4)).toBe(true);
      expect(ready.get(GRANTED)).toBe(false);
      const leaves = (await post(member, '/categories', { data_scope_id: project })).json().data.items[0].children[0]
        .children as Node[];
      expect(leaves.length).toBeGreaterThan(0);
      expect(leaves.every((l) => l.ready === false)).toBe(true);
      // Siblings of the not-ready branch stay ready.
      const siblings = [...ready.entries()].filter(([id]) => id > 100 && id < 200 && id !== GRANTED);
      expect(siblings.length).toBeGreaterThan(0);
      expect(siblings.every(([, r]) => r)).toBe(true);
    } finally {
      await metadata.projectCategories.setStatus(project, [GRANTED], 'ready');
    }
  });

  type Tree = {
    category_id: number;
    category_self_id: number;
    category_name: string;
    category_name_en: string;
    level: number;
    children: Tree[];
    [name: string]: unknown;
  };
  const flatten = (nodes: Tree[]): Tree[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
  const leafIds = (nodes: Tree[]) =>
    flatten(nodes)
      .filter((n) => n.level === 3)
      .map((n) => n.category_id)
      .sort((a, b) => a - b);

  it('every category answer carries category_self_id and category_name_1..3 of its path (docs/web-analysis.md)', async () => {
    const tree: Tree[] = (await post(member, '/categories', { data_scope_id: project })).json().data.items;
    // Expected names from the tree's own nesting: a node at level L names itself at L and its ancestors above.
    const check = (nodes: Tree[], path: Tree[]) => {
      for (const n of nodes) {
        const names = [...path, n];
        expect(n.category_self_id).toBe(n.category_id);
        for (const level of [1, 2, 3]) {
          const at = names.find((x) => x.level === level);
          expect(n[`category_name_${level}`], `${n.category_id} level ${level}`).toBe(at?.category_name ?? '');
          expect(n[`category_name_${level}_en`], `${n.category_id} level ${level}`).toBe(at?.category_name_en ?? '');
        }
        check(n.children, names);
      }
    };
    check(tree, []);
    expect(flatten(tree).some((n) => n.level === 3)).toBe(true);
    // The flat lists carry the same fields.
    const leaf = flatten(tree).find((n) => n.level === 3)!;
    const third = (await get(member, `/raw/third_categories/${GRANTED}?data_scope_id=${project}`)).json().data.items;
    const same = third.find((c: Tree) => c.category_id === leaf.category_id);
    expect(same).toMatchObject({
      category_self_id: leaf.category_id,
      category_name_1: leaf.category_name_1,
      category_name_2: leaf.category_name_2,
      category_name_3: leaf.category_name,
    });
  });

  it('brands_filtering keeps the categories in which those brands sold, within the grant (docs/api.md)', async () => {
    // A brand that sold both inside and outside the member's granted branch (plain TypeScript over the rows).
    const granted = leavesOf([GRANTED]);
    const project_ = leavesOf([1, 4]);
    const leavesOfBrand = (brand: number, within: Set<number>) =>
      [
        ...new Set(facts.filter((f) => f.brand_id === brand && within.has(f.category_id)).map((f) => f.category_id)),
      ].sort((a, b) => a - b);
    const brand = [...new Set(facts.map((f) => f.brand_id))].find(
      (b) =>
        leavesOfBrand(b, granted).length > 0 && leavesOfBrand(b, project_).length > leavesOfBrand(b, granted).length,
    )!;
    expect(brand).toBeDefined();
    const tree = async (token: string, brands: number[]) =>
      (await post(token, '/categories', { data_scope_id: project, brands_filtering: brands })).json().data
        .items as Tree[];
    expect(leafIds(await tree(member, [brand]))).toEqual(leavesOfBrand(brand, granted));
    expect(leafIds(await tree(admin, [brand]))).toEqual(leavesOfBrand(brand, project_));
    // Empty: the whole granted tree.
    expect(leafIds(await tree(member, []))).toEqual([...granted].sort((a, b) => a - b));
  });

  it('raw tree levels follow the grant', async () => {
    expect((await get(member, `/raw/categories?data_scope_id=${project}`)).json().data.items).toHaveLength(1);
    const second = (await get(member, `/raw/second_categories/1?data_scope_id=${project}`)).json().data.items;
    expect(second.map((c: { category_id: number }) => c.category_id)).toEqual([GRANTED]);
    expect((await get(member, `/raw/second_categories/4?data_scope_id=${project}`)).json().data.items).toEqual([]);
    const third = (await get(member, `/raw/third_categories/${GRANTED}?data_scope_id=${project}`)).json().data.items;
    expect(third.length).toBeGreaterThan(0);
    expect(third.every((c: { level: number }) => c.level === 3)).toBe(true);
  });

  it('brands and shops come only from the granted categories', async () => {
    const mine = (await get(member, `/brands?data_scope_id=${project}&page_size=500`)).json().data;
    const all = (await get(admin, `/brands?data_scope_id=${project}&page_size=500`)).json().data;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    const first = mine.items[0];
    const byPrefix = (
      await get(member, `/brands?data_scope_id=${project}&prefix=${encodeURIComponent(first.name_en.slice(0, 3))}`)
    ).json().data.items;
    expect(byPrefix.map((b: { id: number }) => b.id)).toContain(first.id);
    const shops = (await get(member, `/shops?data_scope_id=${project}`)).json().data.items;
    expect(shops[0].value).toMatch(/^\d+,\d+$/);
    expect(
      (await get(member, `/brands/default?data_scope_id=${project}`)).json().data.items.length,
    ).toBeLessThanOrEqual(10);
  });

  it('a member granted one category gets nothing from another', async () => {
    // Ask for a category of the other level-1 branch explicitly: the grant still wins.
    const res = await post(member, '/data/empty', {
      data_scope_id: project,
      category: { enable: true, value: [4] },
      date: ['2017-01-01', '2026-10-01'],
    });
    expect(res.json().data).toEqual({ empty: true });
    const own = await post(member, '/data/empty', {
      data_scope_id: project,
      category: { enable: true, value: [GRANTED] },
      date: ['2017-01-01', '2026-10-01'],
    });
    expect(own.json().data).toEqual({ empty: false });
    const adminView = await post(admin, '/data/empty', {
      data_scope_id: project,
      category: { enable: true, value: [4] },
      date: ['2017-01-01', '2026-10-01'],
    });
    expect(adminView.json().data).toEqual({ empty: false });
  });

  it('filter validation speaks docs/product.md §5', async () => {
    const base = { data_scope_id: project, date: ['2024-01-01', '2024-06-01'] };
    const neg = await t.app.inject({
      method: 'POST',
      url: '/api/common/data/empty?locale=en_us',
      headers: bearer(member),
      payload: { ...base, bands: [-1, 5] },
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().msg).toBe('Do not input negative numbers');
    const order = await post(member, '/data/empty', { ...base, bands: [10, 5] });
    expect(order.json().msg).toBe('最小值不能大于最大值');
    const many = await post(member, '/data/empty', {
      ...base,
      attributes: { efficacy: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] },
    });
    expect(many.statusCode).toBe(400);
    const superQ = await post(member, '/data/empty', {
      ...base,
      goodsKeywords: { enable: true, input_type: 'super', value: '"a" and' },
    });
    expect(superQ.json().msg).toContain('超级查询语句格式不正确');
    const both = await post(member, '/data/empty', {
      ...base,
      category: { enable: true, value: [GRANTED] },
      sql: { enable: true, value: "brand = 'x'" },
    });
    expect(both.statusCode).toBe(400);
  });

  it('attributes, channels, permission and search', async () => {
    const attrs = (await get(member, `/attributes?data_scope_id=${project}`)).json().data.items;
    expect(attrs.length).toBeGreaterThan(0);
    const withValues = attrs.find((a: { filter_values: unknown[] }) => a.filter_values.length > 0);
    expect(withValues).toBeDefined();
    const values = (await get(member, `/attributes/values?data_scope_id=${project}&name=${withValues.name}`)).json()
      .data.items;
    expect(values).toHaveLength(1);
    expect(
      (await get(member, `/platforms/channels?data_scope_id=${project}`)).json().data.items.length,
    ).toBeGreaterThan(0);
    const perm = (await get(member, `/data/permission?data_scope_id=${project}`)).json().data;
    expect(perm.brands).toBeNull();
    expect(perm.categories.length).toBeGreaterThan(0);
    const cat = (
      await get(member, `/categories/exist_prefix?data_scope_id=${project}&prefix=${encodeURIComponent('护')}`)
    ).json().data.items;
    expect(Array.isArray(cat)).toBe(true);
    const found = (await post(member, '/filter/search', { data_scope_id: project, keyword: 'a' })).json().data;
    expect(found.brands.length + found.shops.length + found.categories.length).toBeGreaterThan(0);
  });

  it('names the granted categories that have each attribute: the leaves with a valued product and their ancestors', async () => {
    const { sku_attribute } = market.dims;
    // Independently from the generator's rows: the granted leaves whose SKUs carry the attribute,
    // then every category on their paths (leaf, level 2, level 1).
    const expected = (name: string, granted: Set<number>) => {
      const ids = new Set<number>();
      for (const a of sku_attribute) {
        const leaf = skuById.get(a.sku_id)!.category_id;
        if (a.attr_name !== name || !granted.has(leaf)) continue;
        for (let c = catById.get(leaf); c; c = c.parent_id === null ? undefined : catById.get(c.parent_id)) {
          ids.add(c.category_id);
        }
      }
      return [...ids].sort((x, y) => x - y);
    };
    type Listed = { name: string; category_ids: number[] };
    const list = async (token: string): Promise<Listed[]> =>
      (await get(token, `/attributes?data_scope_id=${project}`)).json().data.items;

    // The member is granted 101 only: nothing of the other trees is named.
    const mine = await list(member);
    for (const a of mine) expect(a.category_ids, a.name).toEqual(expected(a.name, leavesOf([GRANTED])));
    expect(mine.some((a) => a.category_ids.includes(GRANTED))).toBe(true);
    expect(mine.some((a) => a.category_ids.length === 0)).toBe(true);

    // The whole project (1 and 4): an attribute of one tree is not listed under the other.
    const all = await list(admin);
    for (const a of all) expect(a.category_ids, a.name).toEqual(expected(a.name, leavesOf([1, 4])));
    expect(all.some((a) => a.category_ids.includes(1) && !a.category_ids.includes(4))).toBe(true);
  });

  it('custom SQL turns into categories, or the docs/product.md §5 rejection', async () => {
    const ok = await get(
      member,
      `/categories/sql?data_scope_id=${project}&sql=${encodeURIComponent("price >= 0 AND shop_type IN ('flagship')")}`,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.items.length).toBeGreaterThan(0);
    // Grant applies: nothing outside the granted branch.
    const leaves = new Set((await get(member, `/data/permission?data_scope_id=${project}`)).json().data.categories);
    for (const c of ok.json().data.items) expect(leaves.has(c.category_id)).toBe(true);
    for (const bad of [
      'price >= (select 1)',
      'price > 1; drop table x',
      'brand = 1 -- x',
      'nope = 1',
      "lower(brand) = 'x'",
      "(brand = 'x'",
      "brand NOT IN ('x')",
    ]) {
      const res = await get(member, `/categories/sql?data_scope_id=${project}&sql=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('cache clear is for administrators', async () => {
    expect((await post(admin, '/cache/clear', {})).json().data).toEqual({ cleared: true });
    expect((await post(member, '/cache/clear', {})).statusCode).toBe(403);
  });
});
