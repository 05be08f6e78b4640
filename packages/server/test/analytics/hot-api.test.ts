import { buildMarket, type FactRow } from '@marketlens/datagen';
import { addMonths, comparisonPeriod, type DateRange } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_LIMITS, MIN_BASE_SHARE } from '../../src/analytics/pages/hot.js';
import { KeywordExtractor } from '../../src/warehouse/keywords.js';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Trend Overview API (/hot) on the tiny demo warehouse. Expected figures come from plain TypeScript
 * over the generator's rows (the same market global-setup imported), never from the engine.
 */

const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts: FactRow[] = [...market.facts()];
const { dim_category, dim_sku } = market.dims;
const catById = new Map(dim_category.map((c) => [c.category_id, c]));
const skuById = new Map(dim_sku.map((s) => [s.sku_id, s]));
const FULL: DateRange = { start: market.periods[0]!, end: market.periods.at(-1)! };

function leavesOf(ids: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const c of dim_category) {
    if (c.level !== 3) continue;
    const parent = catById.get(c.parent_id!)!;
    if (ids.includes(c.category_id) || ids.includes(parent.category_id) || ids.includes(parent.parent_id!)) {
      out.add(c.category_id);
    }
  }
  return out;
}

const ancestor = (leaf: number, level: number): number => {
  let c = catById.get(leaf)!;
  while (c.level > level) c = catById.get(c.parent_id!)!;
  return c.category_id;
};

/** Sales (exact, summed in cents) and counts per key of the facts a grant and range select. */
function sumBy(
  leaves: Set<number>,
  range: DateRange,
  key: (f: FactRow) => number | string,
  keep: (f: FactRow) => boolean = () => true,
): Map<number | string, { sales: number; count: number }> {
  const out = new Map<number | string, { sales: number; count: number }>();
  for (const f of facts) {
    if (!leaves.has(f.category_id) || f.period < range.start || f.period > range.end || !keep(f)) continue;
    const k = key(f);
    const s = out.get(k) ?? { sales: 0, count: 0 };
    s.sales += Math.round(f.sales * 100);
    s.count += f.count;
    out.set(k, s);
  }
  for (const s of out.values()) s.sales /= 100;
  return out;
}
const total = (m: Map<unknown, { sales: number }>) => [...m.values()].reduce((a, s) => a + s.sales, 0);
/** Biggest sales first, ties by id (the engine's stable order). */
const bySales = <K extends number | string>(m: Map<K, { sales: number }>) =>
  [...m.entries()].sort((a, b) => b[1].sales - a[1].sales || Number(a[0]) - Number(b[0]));

function expectedRising(
  leaves: Set<number>,
  range: DateRange,
  selector: 'mom' | 'yoy',
  kind: 'brand' | 'product' | 'category',
  level = 1,
) {
  const key =
    kind === 'brand'
      ? (f: FactRow) => f.brand_id
      : kind === 'product'
        ? (f: FactRow) => f.sku_id
        : (f: FactRow) => ancestor(f.category_id, level);
  const base = comparisonPeriod(range, selector, 'month');
  let current = bySales(sumBy(leaves, range, key));
  if (kind === 'product') current = current.slice(0, HOT_LIMITS.risingProductPool);
  const baseSums = sumBy(leaves, base, key);
  const minBase = total(baseSums) * MIN_BASE_SHARE[kind];
  return {
    base,
    minBase,
    items: current
      .flatMap(([id, s]) => {
        const b = baseSums.get(id)?.sales ?? 0;
        if (b <= 0 || b < minBase) return [];
        return [{ id: Number(id), sales: s.sales, base_sales: b, growth: (s.sales - b) / b }];
      })
      .sort((a, b) => b.growth - a.growth || b.sales - a.sales || a.id - b.id)
      .slice(0, HOT_LIMITS.rising),
  };
}

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));

describeOnEach(await warehouseTargets(), 'Trend Overview API', (target) => {
  let t: TestApp;
  let project: number;
  let quiet: number;
  let root: string;
  let member: string;
  let noPage: string;
  let projectAdmin: string;
  // The member is granted level-2 category 101 only (level-1 categories of the tiny market: 1, 4).
  const GRANTED = 101;
  const ALL = leavesOf([1, 4]);
  const MINE = leavesOf([GRANTED]);
  const RANGE: DateRange = { start: '2026-04-01', end: '2026-09-01' };
  const date = [RANGE.start, RANGE.end];

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const r = await makeUser(t.ctx, 'h_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'h_member', { role: 'general' });
    const n = await makeUser(t.ctx, 'h_nopage', { role: 'general' });
    const a = await makeUser(t.ctx, 'h_padmin', { role: 'general' });
    project = (
      await metadata.projects.create({
        name: 'hot',
        dataset: 'cn_monthly',
        ownerId: r.id,
        pages: [1, 2, 3],
        hideKeywords: true,
      })
    ).id;
    quiet = (await metadata.projects.create({ name: 'quiet', dataset: 'cn_monthly', ownerId: r.id, pages: [1] })).id;
    for (const p of [project, quiet]) await metadata.projectCategories.add(p, [1, 4, GRANTED], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [1, 2] });
    await metadata.members.add({ projectId: project, userId: n.id, role: 'general', pages: [2] });
    await metadata.members.add({ projectId: project, userId: a.id, role: 'admin', pages: [1] });
    await metadata.members.add({ projectId: quiet, userId: a.id, role: 'admin', pages: [1] });
    await metadata.grants.replace(project, m.id, 'category', [String(GRANTED)]);
    await metadata.grants.replace(project, n.id, 'category', [String(GRANTED)]);
    await metadata.grants.replace(project, a.id, 'category', [String(GRANTED)]);
    root = (await login(t.app, 'h_root')).access_token;
    member = (await login(t.app, 'h_member')).access_token;
    noPage = (await login(t.app, 'h_nopage')).access_token;
    projectAdmin = (await login(t.app, 'h_padmin')).access_token;
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', token: string, url: string, payload: object) =>
    t.app.inject({ method, url: `/api/common${url}`, headers: bearer(token), payload });
  const post = async (token: string, url: string, payload: object) => {
    const res = await call('POST', token, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  describe('POST /rising', () => {
    it('brands by yoy growth agree with the oracle (whole project)', async () => {
      const want = expectedRising(ALL, RANGE, 'yoy', 'brand');
      const data = await post(root, '/rising', { data_scope_id: project, date, selector: 'yoy', kind: 'brand' });
      expect(data.base).toEqual(want.base);
      close(data.min_base_sales, want.minBase);
      expect(want.items.length).toBeGreaterThan(5);
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(want.items.map((i) => i.id));
      data.items.forEach((got: { sales: number; base_sales: number; growth: number }, n: number) => {
        close(got.sales, want.items[n]!.sales);
        close(got.base_sales, want.items[n]!.base_sales);
        close(got.growth, want.items[n]!.growth);
      });
      // The minimum base really cuts: some brand with a smaller base grew faster than the leader.
      const base = sumBy(ALL, want.base, (f) => f.brand_id);
      const cur = sumBy(ALL, RANGE, (f) => f.brand_id);
      const cut = [...base].filter(([id, b]) => b.sales > 0 && b.sales < want.minBase && cur.has(id));
      expect(cut.length).toBeGreaterThan(0);
    });

    it('products (mom) and a member’s grant agree with the oracle', async () => {
      const want = expectedRising(MINE, RANGE, 'mom', 'product');
      const data = await post(member, '/rising', { data_scope_id: project, date, selector: 'mom', kind: 'product' });
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(want.items.map((i) => i.id));
      data.items.forEach((got: { growth: number }, n: number) => {
        close(got.growth, want.items[n]!.growth);
      });
      const first = data.items[0];
      const sku = skuById.get(first.id)!;
      expect(first.product).toMatchObject({ sku_id: sku.sku_id, title: sku.title_zh, price: sku.price });
      expect(MINE.has(first.product.category_id)).toBe(true);
    });

    it('sub-categories of the chosen parent agree with the oracle', async () => {
      const want = expectedRising(leavesOf([1]), RANGE, 'yoy', 'category', 2);
      const data = await post(root, '/rising', {
        data_scope_id: project,
        date,
        selector: 'yoy',
        kind: 'category',
        parent_id: 1,
      });
      expect(data.level).toBe(2);
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(want.items.map((i) => i.id));
      expect(data.items.every((i: { id: number }) => catById.get(i.id)!.parent_id === 1)).toBe(true);
    });

    it('needs a base period and a known parent', async () => {
      const custom = await call('POST', root, '/rising?locale=en_us', {
        data_scope_id: project,
        date,
        selector: 'custom',
      });
      expect(custom.statusCode).toBe(400);
      expect(custom.json().msg).toContain('comparison period');
      const unknown = await call('POST', root, '/rising', {
        data_scope_id: project,
        date,
        kind: 'category',
        parent_id: 999999,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe('当前数据范围中不存在品类 999999');
    });
  });

  describe('POST /fresh', () => {
    const WINDOW: DateRange = { start: '2026-07-01', end: '2026-09-01' };

    it('products first sold in the last 3 months, by sales, agree with the oracle', async () => {
      const inWindow = (f: FactRow) => {
        const first = skuById.get(f.sku_id)!.first_period;
        return first >= WINDOW.start && first <= WINDOW.end;
      };
      const want = bySales(sumBy(ALL, WINDOW, (f) => f.sku_id, inWindow)).slice(0, HOT_LIMITS.fresh);
      const scopeTotal = total(sumBy(ALL, WINDOW, () => 0));
      const data = await post(root, '/fresh', { data_scope_id: project, date, kind: 'product' });
      expect(data.window).toEqual(WINDOW);
      expect(data.periods).toBe(3);
      expect(want.length).toBeGreaterThan(0);
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(want.map(([id]) => id));
      data.items.forEach((got: { sales: number; share: number; first_period: string }, n: number) => {
        close(got.sales, want[n]![1].sales);
        close(got.share, want[n]![1].sales / scopeTotal);
        expect(got.first_period >= WINDOW.start && got.first_period <= WINDOW.end).toBe(true);
      });
    });

    it('brands new to the scope agree with the oracle', async () => {
      // A long range back to the start of the data, so some brands are new in its last months.
      const early: DateRange = { start: FULL.start, end: addMonths(FULL.start, 17) };
      const win: DateRange = { start: addMonths(early.end, -2), end: early.end };
      const before = sumBy(ALL, { start: FULL.start, end: addMonths(win.start, -1) }, (f) => f.brand_id);
      const want = bySales(sumBy(ALL, win, (f) => f.brand_id))
        .filter(([id]) => !before.has(id))
        .slice(0, HOT_LIMITS.fresh);
      const data = await post(root, '/fresh', {
        data_scope_id: project,
        date: [early.start, early.end],
        kind: 'brand',
      });
      expect(data.window).toEqual(win);
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(want.map(([id]) => id));
      for (const item of data.items) {
        const firsts = facts
          .filter(
            (f) => f.brand_id === item.id && ALL.has(f.category_id) && f.period >= win.start && f.period <= win.end,
          )
          .map((f) => f.period)
          .sort();
        expect(item.first_period).toBe(firsts[0]);
      }
    });
  });

  describe('POST /products/top (hot goods)', () => {
    it('samples 20 of the top 1000 with the oracle’s ranks; a seed repeats, another differs', async () => {
      const pool = bySales(sumBy(ALL, RANGE, (f) => f.sku_id)).slice(0, HOT_LIMITS.hotPool);
      const a = await post(root, '/products/top', { data_scope_id: project, date, seed: 42 });
      expect(a.seed).toBe(42);
      expect(a.pool).toBe(pool.length);
      expect(a.items).toHaveLength(Math.min(20, pool.length));
      for (const item of a.items) {
        const [id, s] = pool[item.rank - 1]!;
        expect(item.sku_id).toBe(id);
        close(item.sales, s.sales);
        expect(item.title).toBe(skuById.get(item.sku_id)!.title_zh);
        expect(item.brand).not.toBe('');
      }
      expect(new Set(a.items.map((i: { sku_id: number }) => i.sku_id)).size).toBe(a.items.length);
      const again = await post(root, '/products/top', { data_scope_id: project, date, seed: 42 });
      expect(again.items).toEqual(a.items);
      const other = await post(root, '/products/top', { data_scope_id: project, date, seed: 7 });
      expect(other.items.map((i: { sku_id: number }) => i.sku_id)).not.toEqual(
        a.items.map((i: { sku_id: number }) => i.sku_id),
      );
      // Without a seed the server draws one and says which.
      const drawn = await post(root, '/products/top', { data_scope_id: project, date });
      expect(Number.isInteger(drawn.seed)).toBe(true);
      // Links follow docs/product.md §9 for the platforms that have them.
      const tmall = [...a.items, ...other.items].find((i: { platform: string }) => i.platform === 'tmall');
      if (tmall) expect(tmall.link).toBe(`https://detail.tmall.com/item.htm?id=${tmall.sku_id}`);
    });
  });

  describe('POST /hot/categories/trends', () => {
    it('top 10 categories under the parent with monthly points agree with the oracle', async () => {
      const sums = sumBy(leavesOf([1]), RANGE, (f) => ancestor(f.category_id, 3));
      const want = bySales(sumBy(leavesOf([1]), RANGE, (f) => ancestor(f.category_id, 2))).slice(0, 10);
      expect(sums.size).toBeGreaterThan(0);
      const data = await post(root, '/hot/categories/trends', { data_scope_id: project, date, parent_id: 1 });
      expect(data.level).toBe(2);
      expect(data.periods).toEqual([
        '2026-04-01',
        '2026-05-01',
        '2026-06-01',
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
      ]);
      expect(data.categories.map((c: { category_id: number }) => c.category_id)).toEqual(want.map(([id]) => id));
      const top = data.categories[0];
      const points = sumBy(leavesOf([top.category_id]), RANGE, (f) => f.period);
      const perPeriod = sumBy(leavesOf([1]), RANGE, (f) => f.period);
      for (const p of top.trend) {
        close(p.sales, points.get(p.period)?.sales ?? 0);
        close(p.share, (points.get(p.period)?.sales ?? 0) / perPeriod.get(p.period)!.sales);
      }
      // Without a parent: level-1 categories, at most 10.
      const level1 = await post(root, '/hot/categories/trends', { data_scope_id: project, date });
      expect(level1.categories.map((c: { category_id: number }) => c.category_id).sort()).toEqual([1, 4]);
    });
  });

  describe('word cloud and hidden keywords', () => {
    const extractor = new KeywordExtractor();
    function expectedWords(leaves: Set<number>, lang: 'zh' | 'en') {
      const words = new Map<string, { sales: number }>();
      const perSku = sumBy(leaves, RANGE, (f) => f.sku_id);
      for (const [sku, s] of perSku) {
        const row = skuById.get(Number(sku))!;
        for (const w of lang === 'zh' ? extractor.zh(row.title_zh) : extractor.en(row.title_en)) {
          const acc = words.get(w) ?? { sales: 0 };
          acc.sales += Math.round(s.sales * 100);
          words.set(w, acc);
        }
      }
      for (const v of words.values()) v.sales /= 100;
      return [...words.entries()].sort((a, b) => b[1].sales - a[1].sales || (a[0] < b[0] ? -1 : 1));
    }

    it('hot words with heat index agree with the oracle, in the request’s language', async () => {
      const want = expectedWords(ALL, 'zh').slice(0, HOT_LIMITS.keywords);
      const data = await post(root, '/keywords/hot', { data_scope_id: project, date });
      expect(data.lang).toBe('zh');
      expect(data.items).toHaveLength(want.length);
      // Words of equal sales may come in either order: compare as sets of (word, sales).
      const max = want[0]![1].sales;
      const got = new Map(data.items.map((i: { keyword: string; sales: number; heat: number }) => [i.keyword, i]));
      for (const [w, s] of want.slice(0, 30)) {
        const item = got.get(w) as { sales: number; heat: number } | undefined;
        expect(item, w).toBeDefined();
        close(item!.sales, s.sales);
        close(item!.heat, (100 * s.sales) / max);
      }
      expect(data.items[0].heat).toBe(100);
      const en = await post(root, '/keywords/hot', { data_scope_id: project, date, locale: 'en_us' });
      expect(en.lang).toBe('en');
      expect(en.items[0].keyword).toBe(expectedWords(ALL, 'en')[0]![0]);
    });

    it('hides and unhides for project admins and root only, and the cloud follows', async () => {
      const top = (await post(member, '/keywords/hot', { data_scope_id: project, date })).items[0].keyword;
      // A plain member may read the list but not change it.
      const list = await post(member, '/hidden/keywords', { data_scope_id: project });
      expect(list).toEqual({ enabled: true, can_edit: false, items: [] });
      const denied = await call('POST', member, '/settings/keywords', { data_scope_id: project, keywords: [top] });
      expect(denied.statusCode).toBe(403);

      const hidden = await call('POST', projectAdmin, '/settings/keywords', {
        data_scope_id: project,
        keywords: [top, ` ${top} `],
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().data).toMatchObject({
        enabled: true,
        can_edit: true,
        items: [{ keyword: top, hidden_by: 'h_padmin' }],
      });
      const cloud = await post(member, '/keywords/hot', { data_scope_id: project, date });
      expect(cloud.hidden_applied).toBe(true);
      expect(cloud.items.map((i: { keyword: string }) => i.keyword)).not.toContain(top);
      expect(cloud.items[0].heat).toBe(100);
      expect((await post(member, '/hidden/keywords', { data_scope_id: project })).items).toHaveLength(1);

      const shown = await call('PUT', root, '/settings/keywords', { data_scope_id: project, keywords: [top] });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data.items).toEqual([]);
      const back = await post(member, '/keywords/hot', { data_scope_id: project, date });
      expect(back.items[0].keyword).toBe(top);

      const actions = (await t.ctx.metadata.audit.listRecent({ limit: 50 })).map((e) => e.action);
      expect(actions).toContain('project.keywords_hide');
      expect(actions).toContain('project.keywords_unhide');
    });

    it('a project without hide_keywords refuses hiding and shows every word', async () => {
      const res = await call('POST', projectAdmin, '/settings/keywords?locale=en_us', {
        data_scope_id: quiet,
        keywords: ['面霜'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('This project does not hide keywords.');
      expect((await post(projectAdmin, '/hidden/keywords', { data_scope_id: quiet })).enabled).toBe(false);
    });
  });

  describe('grants and page permission', () => {
    const OTHER = [4];
    // Ranges whose fresh window (the last 3 months) holds something new both in the other branch
    // (the administrator's answer, filtered to it) and in the member's granted category (the
    // member's own answer): the latest such month for SKUs (first_period) and for brands (the first
    // month with a sale within the filter).
    const inOther = (leaf: number) => Math.floor(leaf / 10000) === OTHER[0];
    const firstMonths = (keep: (leaf: number) => boolean) => {
      const first = new Map<number, string>();
      for (const f of facts)
        if (keep(f.category_id) && f.period < (first.get(f.brand_id) ?? '9999')) first.set(f.brand_id, f.period);
      return [...first.values()];
    };
    const latestShared = (a: readonly string[], b: readonly string[]) =>
      [...market.periods].reverse().find((end) => {
        const start = addMonths(end, -2);
        const within = (m: string) => m >= start && m <= end;
        return start > FULL.start && a.some(within) && b.some(within);
      })!;
    const freshProduct = latestShared(
      dim_sku.filter((s) => inOther(s.category_id)).map((s) => s.first_period),
      dim_sku.filter((s) => MINE.has(s.category_id)).map((s) => s.first_period),
    );
    const freshBrand = latestShared(
      firstMonths(inOther),
      firstMonths((leaf) => MINE.has(leaf)),
    );
    const endpoints: [string, object][] = [
      ['/rising', { selector: 'yoy', kind: 'brand' }],
      ['/rising', { selector: 'yoy', kind: 'product' }],
      ['/rising', { selector: 'yoy', kind: 'category' }],
      ['/fresh', { kind: 'product', date: [FULL.start, freshProduct] }],
      ['/fresh', { kind: 'brand', date: [FULL.start, freshBrand] }],
      ['/keywords/hot', {}],
      ['/products/top', { seed: 1 }],
      ['/hot/categories/trends', {}],
    ];

    it.each(endpoints)('%s %j: a member granted one category gets nothing from another', async (url, extra) => {
      const other = await post(member, url, {
        data_scope_id: project,
        date,
        category: { enable: true, value: OTHER },
        ...extra,
      });
      const list = other.items ?? other.categories;
      expect(list).toEqual([]);
      expect(other.warnings.map((w: { code: string }) => w.code)).toContain('analytics.noData');
      // The administrator does see that category.
      const adminView = await post(root, url, {
        data_scope_id: project,
        date,
        category: { enable: true, value: OTHER },
        ...extra,
      });
      expect((adminView.items ?? adminView.categories).length).toBeGreaterThan(0);
      // And the member's own answer holds only granted data.
      const own = await post(member, url, { data_scope_id: project, date, ...extra });
      const rows: {
        id?: number;
        sku_id?: number;
        category_id?: number;
        sales: number;
        product?: { category_id: number };
      }[] = own.items ?? own.categories;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const leaf =
          row.product?.category_id ?? (row.sku_id !== undefined ? skuById.get(row.sku_id)!.category_id : undefined);
        if (leaf !== undefined) expect(MINE.has(leaf)).toBe(true);
      }
      if (url === '/hot/categories/trends') {
        // Level 1 seen through the grant: category 1 only, with the granted leaves' sales.
        expect(rows.map((r) => r.category_id)).toEqual([1]);
        close(rows[0]!.sales, total(sumBy(MINE, RANGE, () => 0)));
      }
    });

    it('a member without the Trend Overview page, or outside the project, is refused', async () => {
      for (const url of ['/rising', '/fresh', '/keywords/hot', '/products/top', '/hot/categories/trends']) {
        const res = await call('POST', noPage, url, { data_scope_id: project, date, selector: 'yoy' });
        expect(res.statusCode, url).toBe(403);
      }
      expect((await call('POST', noPage, '/hidden/keywords', { data_scope_id: project })).statusCode).toBe(403);
      expect((await call('POST', member, '/rising', { data_scope_id: quiet, date })).statusCode).toBe(403);
    });

    it('rejects unknown fields', async () => {
      const res = await call('POST', root, '/rising', { data_scope_id: project, date, nope: 1 });
      expect(res.statusCode).toBe(400);
    });
  });
});
