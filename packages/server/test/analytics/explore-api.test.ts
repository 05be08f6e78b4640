import type { FactRow } from '@marketlens/datagen';
import { growth, share } from '@marketlens/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { cents, close, facts, inRange, leavesOf, skuById, units } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Concept Explore API (docs/pages/explore.md) on the tiny warehouse. Expected figures come from the
 * generator's rows in plain TypeScript, never from the engine. A concept word matches a product when
 * its Chinese or its English title contains it, ignoring case (engine/filters.ts titleContains).
 */

const matches = (word: string) => (f: FactRow) => {
  const s = skuById.get(f.sku_id)!;
  const w = word.toLowerCase();
  return s.title_zh.toLowerCase().includes(w) || s.title_en.toLowerCase().includes(w);
};
/** Distinct values of a key among rows whose sales sum above zero. */
function withSales(rows: readonly FactRow[], key: (f: FactRow) => number): number[] {
  const m = new Map<number, number>();
  for (const f of rows) m.set(key(f), (m.get(key(f)) ?? 0) + Math.round(f.sales * 100));
  return [...m.entries()].filter(([, v]) => v > 0).map(([k]) => k);
}

const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const YOY = ['2025-01-01', '2025-06-01'] as const;
const BEAUTY = 1;
const FOOD = 4;
/** The member's one granted category (level 2 under Beauty). */
const GRANTED = 101;
/** Mixed case on purpose: matching ignores case. */
const WORD = 'Retinol';
const FOOD_WORD = 'coffee';

const beautyLeaves = leavesOf([BEAUTY]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));

describeOnEach(await warehouseTargets(), 'concept explore API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let outsider: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'e_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'e_member', { role: 'general' });
    const o = await makeUser(t.ctx, 'e_outsider', { role: 'general' });
    project = (
      await metadata.projects.create({ name: 'explore', dataset: 'cn_monthly', ownerId: root.id, pages: [2, 4] })
    ).id;
    await metadata.projectCategories.add(project, [BEAUTY, FOOD, GRANTED], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [2] });
    await metadata.grants.replace(project, m.id, 'category', [String(GRANTED)]);
    // Holds Category Insight only, not Concept Explore.
    await metadata.members.add({ projectId: project, userId: o.id, role: 'general', pages: [4] });
    await metadata.grants.replace(project, o.id, 'category', [String(BEAUTY)]);
    admin = (await login(t.app, 'e_root')).access_token;
    member = (await login(t.app, 'e_member')).access_token;
    outsider = (await login(t.app, 'e_outsider')).access_token;
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object, locale?: string) =>
    postAs(t.app, token, url, payload, locale);
  const concept = (word: string) => ({ enable: true, input_type: 'keyword', value: [word] });
  const body = (word: string | null, categories: number[] | null = [BEAUTY], extra: object = {}) => ({
    data_scope_id: project,
    date: [...RANGE],
    ...(categories ? { category: { enable: true, value: categories } } : {}),
    ...(word === null ? {} : { goodsKeywords: concept(word) }),
    ...extra,
  });
  const data = async (token: string, url: string, payload: object) => {
    const res = await post(token, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** The oracle's summary of a concept word over rows already bounded by grant and filter. */
  function expected(scope: readonly FactRow[], word: string) {
    const cur = inRange(scope, ...RANGE).filter(matches(word));
    const leaves = new Set(withSales(cur, (f) => f.category_id));
    const categories = inRange(scope, ...RANGE).filter((f) => leaves.has(f.category_id));
    return {
      cur,
      sales: cents(cur),
      count: units(cur),
      penetration: leaves.size ? share(cents(cur), cents(categories)) : null,
      categories_sales: cents(categories),
      category_count: leaves.size,
      brand_count: withSales(cur, (f) => f.brand_id).length,
      product_count: withSales(cur, (f) => f.sku_id).length,
    };
  }

  it('summary: sales, count, growth, penetration, brands and products agree with the oracle', async () => {
    const e = expected(beauty, WORD);
    expect(e.cur.length).toBeGreaterThan(0);
    // The concept is a part of its categories, not all of them.
    expect(e.penetration).toBeGreaterThan(0);
    expect(e.penetration).toBeLessThan(1);
    const s = await data(admin, '/concept/summary', body(WORD));
    close(s.sales, e.sales, 'sales');
    expect(s.count).toBe(e.count);
    close(s.avg_price, e.sales / e.count, 'avg price');
    close(s.penetration, e.penetration, 'penetration');
    close(s.categories_sales, e.categories_sales, 'categories sales');
    expect(s.category_count).toBe(e.category_count);
    expect(s.brand_count).toBe(e.brand_count);
    expect(s.product_count).toBe(e.product_count);
    expect(s.range).toEqual({ start: RANGE[0], end: RANGE[1] });
    for (const [kind, range] of [
      ['chain', MOM],
      ['yoy', YOY],
    ] as const) {
      const base = inRange(beauty, range[0], range[1]).filter(matches(WORD));
      expect(s[kind].base).toEqual({ start: range[0], end: range[1] });
      close(s[kind].base_sales, cents(base), `${kind} base sales`);
      close(s[kind].growth.sales, growth(cents(e.cur), cents(base)), `${kind} growth`);
      close(s[kind].growth.count, growth(units(e.cur), units(base)), `${kind} count growth`);
    }
    expect(s.custom).toBeNull();
    expect(s.warnings).toEqual([]);
    // Against the user's own base range.
    const BEFORE = ['2024-01-01', '2024-06-01'] as const;
    const custom = await data(
      admin,
      '/concept/summary',
      body(WORD, [BEAUTY], { selector: 'custom', dateBefore: [...BEFORE] }),
    );
    const before = inRange(beauty, ...BEFORE).filter(matches(WORD));
    expect(custom.custom.base).toEqual({ start: BEFORE[0], end: BEFORE[1] });
    close(custom.custom.base_sales, cents(before), 'custom base sales');
    close(custom.custom.growth.sales, growth(cents(e.cur), cents(before)), 'custom growth');
    // The same concept as a super query of one quoted keyword, in lower case (matching ignores case).
    const zh = await data(admin, '/concept/summary', {
      ...body(null),
      goodsKeywords: { enable: true, input_type: 'super', value: `"${WORD.toLowerCase()}"` },
    });
    close(zh.sales, e.sales, 'super query sales');
    expect(await data(admin, '/concept/empty', body(WORD))).toEqual({ empty: false, warnings: [] });
  });

  it('a Chinese concept word matches Chinese titles', async () => {
    const word = '面霜';
    const e = expected(beauty, word);
    expect(e.cur.length).toBeGreaterThan(0);
    const s = await data(admin, '/concept/summary', body(word));
    close(s.sales, e.sales, 'sales');
    close(s.penetration, e.penetration, 'penetration');
    expect(s.product_count).toBe(e.product_count);
  });

  it('a missing or empty concept is a 400 in the request language', async () => {
    for (const url of ['/concept/empty', '/concept/summary']) {
      const missing = await post(admin, url, body(null), 'en_us');
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json().msg).toBe('Enter a concept: one or more keywords, or a super query.');
      const zh = await post(admin, url, body(null));
      expect(zh.statusCode).toBe(400);
      expect(zh.json().msg).toBe('请输入概念：一个或多个关键词，或高级查询语句');
      const disabled = await post(admin, url, { ...body(WORD), goodsKeywords: { ...concept(WORD), enable: false } });
      expect(disabled.statusCode).toBe(400);
      const blank = await post(admin, url, { ...body(null), goodsKeywords: concept('  ') });
      expect(blank.statusCode).toBe(400);
      const twice = await post(
        admin,
        url,
        { ...body(null), goodsKeywords: { enable: true, input_type: 'keyword', value: [WORD, WORD.toUpperCase()] } },
        'en_us',
      );
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe('This keyword already exists!');
    }
  });

  it('a word that matches nothing: empty, with the no-data warning', async () => {
    const none = 'zzqxnotaword';
    expect(expected(facts, none).cur).toEqual([]);
    const e = await data(admin, '/concept/empty', body(none));
    expect(e.empty).toBe(true);
    expect(e.warnings.map((w: { code: string }) => w.code)).toEqual(['analytics.noData']);
    const s = await data(admin, '/concept/summary', body(none));
    expect(s).toMatchObject({ sales: 0, count: 0, penetration: null, brand_count: 0, product_count: 0 });
    expect(s.warnings.map((w: { code: string }) => w.code)).toContain('analytics.noData');
  });

  it('a member granted one category gets nothing from another, and only its own of a wider filter', async () => {
    const food = facts.filter((f) => leavesOf([FOOD]).has(f.category_id));
    expect(expected(food, FOOD_WORD).cur.length).toBeGreaterThan(0);
    expect((await data(member, '/concept/empty', body(FOOD_WORD, [FOOD]))).empty).toBe(true);
    expect(await data(member, '/concept/summary', body(FOOD_WORD, [FOOD]))).toMatchObject({
      sales: 0,
      count: 0,
      penetration: null,
      brand_count: 0,
      product_count: 0,
    });
    // Beauty as a whole, or no category at all: only the granted category's figures.
    const granted = facts.filter((f) => leavesOf([GRANTED]).has(f.category_id));
    const e = expected(granted, WORD);
    for (const categories of [[BEAUTY], null]) {
      const s = await data(member, '/concept/summary', body(WORD, categories));
      close(s.sales, e.sales, `member sales (${categories})`);
      close(s.penetration, e.penetration, 'member penetration');
      expect(s.product_count).toBe(e.product_count);
    }
  });

  it('a member without page 2 is refused', async () => {
    for (const url of ['/concept/empty', '/concept/summary']) {
      expect((await post(outsider, url, body(WORD))).statusCode, url).toBe(403);
    }
  });
});
