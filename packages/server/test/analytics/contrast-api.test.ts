import type { FactRow } from '@marketlens/datagen';
import { addMonths, contribution, growth, share } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandMovement, movementOf } from '../../src/analytics/pages/contrast.js';
import { bearer, login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { grantProjects } from '../support/grant-projects.js';
import {
  TEST_BANDS as BANDS,
  brandTotals,
  cents,
  close,
  facts,
  GRANTED_CATEGORY as GRANTED,
  inRange,
  leavesOf,
  market,
  skuById,
  units,
} from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Brand Comparison and Favourite Brands API (docs/pages/contrast.md) on the tiny warehouse.
 * Expected figures come from the generator's rows in plain TypeScript, never from the engine.
 */

const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const catById = new Map(market.dims.dim_category.map((c) => [c.category_id, c]));
const level1Of = (leaf: number) => catById.get(catById.get(catById.get(leaf)!.parent_id!)!.parent_id!)!.category_id;

const cur = inRange(facts, ...RANGE);
const ranked = [...brandTotals(cur).entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([b]) => b);
/** Four slots, each on its own categories; the third follows the filter's selection (1 and 4). */
const FILTER_CATEGORIES = [1, 4];
const SLOTS = [
  { brand_id: ranked[0]!, categories: [1] },
  { brand_id: ranked[1]!, categories: [4] },
  { brand_id: ranked[2]!, categories: [] as number[] },
  { brand_id: ranked[3]!, categories: [GRANTED] },
];
const marketOf = (categories: readonly number[], rows: readonly FactRow[] = cur) => {
  const leaves = leavesOf(categories.length ? categories : FILTER_CATEGORIES);
  return rows.filter((f) => leaves.has(f.category_id));
};
/** 1 + the brands that sold strictly more in the market. */
const rankOf = (rows: readonly FactRow[], brand: number) => {
  const totals = brandTotals(rows);
  const own = totals.get(brand) ?? 0;
  return own > 0 ? 1 + [...totals.values()].filter((v) => v > own).length : null;
};

describeOnEach(await warehouseTargets(), 'brand comparison and favourite brands API', (target) => {
  let t: TestApp;
  let project: number;
  let limitedProject: number;
  let admin: string;
  let member: string;
  let limited: string;
  let brandOnly: string;
  let limitedId: number;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    ({ project, limitedProject, admin, member, limited, limitedId } = await grantProjects(t.ctx, t.app, {
      prefix: 'c',
      name: 'contrast',
      // Brand Detail too, so the member below is refused by their own pages, not the project's.
      pages: [5, 7, 8],
      brand: ranked[0]!,
    }));
    // A member of the first project who may open Brand Detail only.
    const b = await makeUser(t.ctx, 'c_brand_only', { role: 'general' });
    await t.ctx.metadata.members.add({ projectId: project, userId: b.id, role: 'general', pages: [5] });
    brandOnly = (await login(t.app, 'c_brand_only')).access_token;
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object) => postAs(t.app, token, url, payload);
  const body = (extra: object = {}) => ({
    data_scope_id: project,
    category: { enable: true, value: FILTER_CATEGORIES },
    date: [...RANGE],
    slots: SLOTS,
    ...extra,
  });

  it('four slots, each in its own categories: overview, trend and mixes agree with the oracle', async () => {
    const res = await post(admin, '/contrast/brands', body());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.level).toBe(1);
    expect(data.slots.map((s: { brand_id: number }) => s.brand_id)).toEqual(SLOTS.map((s) => s.brand_id));
    for (const [i, slot] of SLOTS.entries()) {
      const s = data.slots[i];
      const what = `slot ${i + 1}`;
      expect(s.access, what).toBe('ok');
      expect(s.categories).toEqual(slot.categories);
      expect(s.name).toBe(market.dims.dim_brand.find((b) => b.brand_id === slot.brand_id)!.name_zh);
      const scope = marketOf(slot.categories);
      const mine = scope.filter((f) => f.brand_id === slot.brand_id);
      const base = marketOf(slot.categories, inRange(facts, ...MOM));
      const baseMine = base.filter((f) => f.brand_id === slot.brand_id);
      const o = s.figures.overview;
      close(s.figures.market.sales, cents(scope), `${what} market`);
      close(o.sales, cents(mine), `${what} sales`);
      expect(o.count).toBe(units(mine));
      close(o.avg_price, mine.length ? cents(mine) / units(mine) : null, `${what} avg price`);
      close(o.share, share(cents(mine), cents(scope)), `${what} share`);
      expect(o.rank, what).toBe(rankOf(scope, slot.brand_id));
      close(o.mom.growth.sales, growth(cents(mine), cents(baseMine)), `${what} growth`);
      close(
        o.mom.contribution,
        contribution(cents(mine), cents(baseMine), cents(scope), cents(base)),
        `${what} contribution`,
      );
      // The trend: every period of the range, the brand's sales and share of its own market.
      expect(s.figures.trend.map((p: { period: string }) => p.period)).toEqual(
        [0, 1, 2, 3, 4, 5].map((k) => addMonths(RANGE[0], k)),
      );
      for (const p of s.figures.trend) {
        const all = scope.filter((f) => f.period === p.period);
        const own = all.filter((f) => f.brand_id === slot.brand_id);
        close(p.sales, cents(own), `${what} trend ${p.period}`);
        close(p.share, share(cents(own), cents(all)), `${what} trend share ${p.period}`);
      }
      // Category mix at level 1: the brand's sales per top category, and their part of its sales.
      const byTop = new Map<number, FactRow[]>();
      for (const f of mine) byTop.set(level1Of(f.category_id), [...(byTop.get(level1Of(f.category_id)) ?? []), f]);
      expect(new Set(s.figures.categories.map((c: { category_id: number }) => c.category_id))).toEqual(
        new Set(byTop.keys()),
      );
      for (const c of s.figures.categories) {
        close(c.sales, cents(byTop.get(c.category_id)!), `${what} category ${c.category_id}`);
        close(c.brand_part, share(cents(byTop.get(c.category_id)!), cents(mine)), `${what} part ${c.category_id}`);
      }
      // Channel mix: per platform, sales and the part of the brand's sales.
      const byPlatform = new Map<number, FactRow[]>();
      for (const f of mine) byPlatform.set(f.platform_id, [...(byPlatform.get(f.platform_id) ?? []), f]);
      expect(s.figures.channels.length).toBe(byPlatform.size);
      for (const p of s.figures.channels) {
        close(p.sales, cents(byPlatform.get(p.platform_id)!), `${what} platform ${p.platform_id}`);
        close(p.share, share(cents(byPlatform.get(p.platform_id)!), cents(mine)), `${what} platform share`);
      }
      // Price-band mix: the bands cover the brand's sales.
      const bandSales = s.figures.price_bands.rows.reduce((sum: number, r: { sales: number }) => sum + r.sales, 0);
      close(bandSales, cents(mine), `${what} bands`);
      // Top products: the brand's SKUs by sales in its market.
      const bySku = [...brandTotals(mine.map((f) => ({ ...f, brand_id: f.sku_id }))).entries()].sort(
        (a, b) => b[1] - a[1],
      );
      const products = s.figures.top_products;
      expect(products.length).toBe(Math.min(10, bySku.length));
      if (bySku.length > 0) {
        close(products[0].sales, bySku[0]![1] / 100, `${what} top product`);
        for (const p of products) expect(p.brand.id).toBe(slot.brand_id);
      }
      const sales = products.map((p: { sales: number }) => p.sales);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
    }
    // The first slot's own category 1 has the project's bands, each band's sales by list price.
    const first = data.slots[0].figures.price_bands;
    expect(first.bands).toEqual(BANDS);
    const mine = marketOf([1]).filter((f) => f.brand_id === SLOTS[0]!.brand_id);
    BANDS.forEach(([min, max], i) => {
      const inBand = mine.filter((f) => {
        const price = skuById.get(f.sku_id)!.price;
        return price >= min && (max === null || price <= max);
      });
      close(first.rows[i].sales, cents(inBand), `band ${i}`);
    });
  });

  it('level 2 mixes, custom comparison warnings, a brand without sales, unknown brands', async () => {
    const res = await post(
      admin,
      '/contrast/brands',
      body({
        level: 2,
        selector: 'custom',
        dateBefore: ['2024-01-01', '2024-03-01'],
        slots: [SLOTS[0], { brand_id: SLOTS[1]!.brand_id, categories: [1] }, { brand_id: 987654321 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.warnings.map((w: { code: string }) => w.code)).toContain('analytics.unequalPeriods');
    const [a, b, unknown] = data.slots;
    expect(a.figures.categories.every((c: { level: number }) => c.level === 2)).toBe(true);
    expect(a.figures.overview.custom.base_range).toEqual({ start: '2024-01-01', end: '2024-03-01' });
    const bInBeauty = marketOf([1]).filter((f) => f.brand_id === SLOTS[1]!.brand_id);
    if (bInBeauty.length === 0) {
      expect(b.figures.overview.sales).toBe(0);
      expect(b.warnings.map((w: { code: string }) => w.code)).toEqual(['contrast.brandNoData']);
    } else close(b.figures.overview.sales, cents(bInBeauty), 'brand 2 in category 1');
    expect(unknown).toMatchObject({ access: 'not_found', figures: null, name: '' });
  });

  it('the comparison as .xlsx: one sheet per panel, the overview equal to the answer', async () => {
    const res = await post(admin, '/contrast/brands/downloads', body({ locale: 'en_us' }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Overview',
      'Trend',
      'Category mix',
      'Channel mix',
      'Price-band mix',
      'Top products',
    ]);
    const json = (await post(admin, '/contrast/brands', body({ locale: 'en_us' }))).json().data;
    const rows = wb.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    for (const [i, s] of json.slots.entries()) {
      const row = rows.find((r) => r[0] === i + 1 && r[1] === s.name_en)!;
      expect(row, `slot ${i + 1}`).toBeDefined();
      close(Number(row[3]), s.figures.overview.sales, `sheet sales ${i + 1}`);
    }
    const trendRows = wb.worksheets[1]!.getSheetValues().filter((r) => Array.isArray(r) && r[1] === 1);
    expect(trendRows).toHaveLength(6);
  });

  it('an empty comparison download is 400 download.empty, not a workbook of zeros', async () => {
    // A keyword no title holds: every slot's market is empty, as the oracle says.
    const nothing = 'zzqx-no-such-word';
    const skus = [...skuById.values()];
    expect(skus.some((s) => `${s.title_zh}\n${s.title_en}`.toLowerCase().includes(nothing))).toBe(false);
    const payload = body({ goodsKeywords: { enable: true, input_type: 'keyword', value: [nothing] } });
    const screen = await post(admin, '/contrast/brands', payload);
    expect(screen.statusCode, screen.body).toBe(200);
    for (const s of screen.json().data.slots) expect(s.figures.overview.sales).toBe(0);
    for (const locale of ['en_us', 'zh_cn']) {
      const res = await post(admin, '/contrast/brands/downloads', { ...payload, locale });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'download_empty',
        msg: locale === 'en_us' ? 'There is no data to download for this filter.' : '当前筛选条件下没有可下载的数据',
      });
    }
  });

  describe('grants', () => {
    it('a member granted one category: a slot on another category is no access and leaks nothing', async () => {
      const res = await post(
        member,
        '/contrast/brands',
        body({
          category: { enable: true, value: [GRANTED] },
          slots: [
            { brand_id: SLOTS[0]!.brand_id, categories: [4] },
            { brand_id: SLOTS[0]!.brand_id, categories: [GRANTED] },
            { brand_id: SLOTS[1]!.brand_id },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [denied, own, filter] = res.json().data.slots;
      expect(denied).toEqual({
        brand_id: SLOTS[0]!.brand_id,
        categories: [4],
        access: 'no_access_category',
        name: '',
        name_en: '',
        figures: null,
        warnings: [],
      });
      const mine = marketOf([GRANTED]).filter((f) => f.brand_id === SLOTS[0]!.brand_id);
      close(own.figures.overview.sales, cents(mine), 'granted slot');
      close(own.figures.market.sales, cents(marketOf([GRANTED])), 'granted market');
      // Without own categories: the filter's, within the grant.
      close(filter.figures.market.sales, cents(marketOf([GRANTED])), 'filter slot market');
      for (const s of [own, filter]) {
        for (const c of s.figures.categories) expect(c.category_id).toBe(1);
        for (const p of s.figures.top_products)
          expect(leavesOf([GRANTED]).has(skuById.get(p.id)!.category_id)).toBe(true);
      }
      // The download names nothing of the refused slot.
      const dl = await post(
        member,
        '/contrast/brands/downloads',
        body({
          category: { enable: true, value: [GRANTED] },
          slots: [{ brand_id: SLOTS[0]!.brand_id, categories: [4] }],
        }),
      );
      expect(dl.statusCode).toBe(400);
      expect(dl.json().msg).toBe('当前筛选条件下没有可下载的数据');
    });

    it('a project that limits brands: an ungranted brand slot is no access without its name', async () => {
      const payload = {
        data_scope_id: limitedProject,
        date: [...RANGE],
        slots: [{ brand_id: ranked[0]! }, { brand_id: ranked[1]! }],
      };
      const res = await post(limited, '/contrast/brands', payload);
      expect(res.statusCode, res.body).toBe(200);
      const [own, other] = res.json().data.slots;
      expect(own.access).toBe('ok');
      // The granted brand is its whole market.
      expect(own.figures.overview.share).toBe(1);
      expect(other).toMatchObject({ access: 'no_access_brand', name: '', name_en: '', figures: null });
      const dl = await post(limited, '/contrast/brands/downloads', { ...payload, locale: 'en_us' });
      expect(dl.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(dl.rawPayload as never);
      const names = new Set(
        wb.worksheets.flatMap((w) => w.getSheetValues().flatMap((r) => (Array.isArray(r) ? [String(r[2])] : []))),
      );
      const otherName = market.dims.dim_brand.find((b) => b.brand_id === ranked[1])!.name_en;
      expect(names.has(otherName)).toBe(false);
    });

    it('pages: Brand Detail alone does not open the comparison or the favourites', async () => {
      expect((await post(brandOnly, '/contrast/brands', body())).statusCode).toBe(403);
      expect((await post(brandOnly, '/contrast/brands/downloads', body())).statusCode).toBe(403);
      expect(
        (await post(brandOnly, '/brands/favorites', { data_scope_id: project, date: [...RANGE] })).statusCode,
      ).toBe(403);
      expect((await post(admin, '/contrast/brands', body({ slots: [] }))).statusCode).toBe(400);
      expect((await post(admin, '/contrast/brands', body({ slots: [...SLOTS, SLOTS[0]] }))).statusCode).toBe(400);
    });
  });

  describe('favourite brands', () => {
    const FAV_RANGE = ['2026-01-01', '2026-10-01'] as const;
    const favBody = (extra: object = {}) => ({ data_scope_id: project, date: [...FAV_RANGE], ...extra });
    const periods = Array.from({ length: 10 }, (_, k) => addMonths(FAV_RANGE[0], k));
    const seriesOf = (brand: number) =>
      periods.map((period) => {
        const all = facts.filter((f) => f.period === period);
        const own = all.filter((f) => f.brand_id === brand);
        return { period, sales: cents(own), share: share(cents(own), cents(all)) };
      });
    /** The documented rule, computed here from the rows: > 2 sample sd from the earlier periods' mean. */
    const expectedMove = (values: (number | null)[]) => {
      const history = values.slice(0, -1).filter((x): x is number => x !== null);
      const last = values.at(-1);
      if (last === null || last === undefined || history.length < 3) return null;
      const mean = history.reduce((s, x) => s + x, 0) / history.length;
      const sd = Math.sqrt(history.reduce((s, x) => s + (x - mean) ** 2, 0) / (history.length - 1));
      if (!(sd > 0) || Math.abs((last - mean) / sd) <= 2) return null;
      return { direction: last > mean ? 'up' : 'down', z: (last - mean) / sd };
    };
    // The market's own latest move: while the market moved, a brand's sales are not judged (its share is).
    const marketMoved = expectedMove(periods.map((period) => cents(facts.filter((f) => f.period === period)))) !== null;
    const moveOf = (brand: number) => {
      const s = seriesOf(brand);
      const sales = marketMoved ? null : expectedMove(s.map((p) => p.sales));
      if (sales) return { metric: 'sales', ...sales };
      const sh = expectedMove(s.map((p) => p.share));
      return sh ? { metric: 'share', ...sh } : null;
    };
    // Followed: the brands with a movement (if the data has any) and a few without, in that order.
    const all = [...new Set(facts.map((f) => f.brand_id))].sort((a, b) => a - b);
    const moving = all.filter((b) => moveOf(b) !== null).slice(0, 2);
    const FOLLOWED = [...moving, ...ranked.slice(0, 4).filter((b) => !moving.includes(b))].slice(0, 5);

    it('the followed brands with overview, trend line and movements equal to the oracle', async () => {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/common/projects/${project}/collections`,
        headers: bearer(admin),
        payload: { brands: FOLLOWED },
      });
      expect(put.statusCode, put.body).toBe(200);
      // The tiny market has brands that moved in its latest month: the flag is exercised, not just its absence.
      expect(moving.length).toBeGreaterThan(0);
      const res = await post(admin, '/brands/favorites', favBody());
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(new Set(data.items.map((i: { brand_id: number }) => i.brand_id))).toEqual(new Set(FOLLOWED));
      expect(data.ungranted).toEqual([]);
      const scope = inRange(facts, ...FAV_RANGE);
      close(data.market.sales, cents(scope), 'market');
      for (const item of data.items) {
        const what = `brand ${item.brand_id}`;
        const mine = scope.filter((f) => f.brand_id === item.brand_id);
        close(item.sales, cents(mine), `${what} sales`);
        close(item.share, share(cents(mine), cents(scope)), `${what} share`);
        expect(item.rank, what).toBe(rankOf(scope, item.brand_id));
        expect(item.followed_at).toEqual(expect.any(String));
        const series = seriesOf(item.brand_id);
        expect(item.trend.map((p: { period: string }) => p.period)).toEqual(periods);
        item.trend.forEach((p: { sales: number; share: number | null }, k: number) => {
          close(p.sales, series[k]!.sales, `${what} trend ${k}`);
          close(p.share, series[k]!.share, `${what} trend share ${k}`);
        });
        const move = moveOf(item.brand_id);
        if (move === null) expect(item.movement, what).toBeNull();
        else {
          expect(item.movement, what).toMatchObject({
            metric: move.metric,
            direction: move.direction,
            period: periods[9],
          });
          close(item.movement.z, move.z, `${what} z`);
        }
      }
    });

    it('the "only favourite brands" filter narrows the market to them', async () => {
      const res = await post(admin, '/brands/favorites', favBody({ isFollowConcernedBrands: true }));
      expect(res.statusCode, res.body).toBe(200);
      const scope = inRange(facts, ...FAV_RANGE).filter((f) => FOLLOWED.includes(f.brand_id));
      close(res.json().data.market.sales, cents(scope), 'favourites market');
    });

    it('a followed brand the project no longer grants is listed by id only', async () => {
      // Followed before the project limited brands (the follow endpoint refuses ungranted brands now).
      await t.ctx.metadata.favoriteBrands.add(limitedProject, limitedId, [ranked[0]!, ranked[1]!]);
      const res = await post(limited, '/brands/favorites', { data_scope_id: limitedProject, date: [...FAV_RANGE] });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.items.map((i: { brand_id: number }) => i.brand_id)).toEqual([ranked[0]]);
      expect(data.ungranted).toEqual([ranked[1]]);
      expect(JSON.stringify(data)).not.toContain(market.dims.dim_brand.find((b) => b.brand_id === ranked[1])!.name_zh);
    });
  });
});

describe('movement rule', () => {
  const series = (values: (number | null)[]) => values.map((value, i) => ({ period: `p${i}`, value }));
  it('flags the latest value beyond two sample standard deviations, with direction and figures', () => {
    const m = movementOf('sales', series([10, 12, 11, 9, 10, 30]));
    expect(m).toMatchObject({ metric: 'sales', direction: 'up', period: 'p5', value: 30, mean: 10.4 });
    expect(m!.sd).toBeCloseTo(Math.sqrt(1.3), 12);
    expect(movementOf('share', series([0.2, 0.21, 0.19, 0.2, 0.05]))?.direction).toBe('down');
  });
  it('flags nothing within two deviations, on a flat or too short history, or without a latest value', () => {
    expect(movementOf('sales', series([10, 12, 11, 9, 10, 12]))).toBeNull();
    expect(movementOf('sales', series([10, 10, 10, 10, 50]))).toBeNull();
    expect(movementOf('sales', series([10, 12, 50]))).toBeNull();
    expect(movementOf('share', series([0.1, 0.2, 0.1, 0.2, null]))).toBeNull();
  });
  const trend = (sales: number[], market: number[]) => ({
    trend: sales.map((v, i) => ({ period: `p${i}`, sales: v, share: v / market[i]! })),
    market: market.map((v, i) => ({ period: `p${i}`, value: v })),
  });
  it('judges a brand whose market stayed ordinary on its sales first', () => {
    // Brand 10, 12, 11, 9, 10 then 30 (mean 10.4, sd √1.3: z ≈ 17) in a market of 100 but for a
    // latest 110 (mean 100, sd 0 for the market's history: flat, so the market did not move).
    const t = trend([10, 12, 11, 9, 10, 30], [100, 100, 100, 100, 100, 110]);
    expect(brandMovement(t.trend, t.market)).toMatchObject({ metric: 'sales', direction: 'up', value: 30 });
  });
  it('does not flag the sales of a brand that rose with its whole market: its share tells', () => {
    // The market 100, 104, 98, 102, 96 then 200 (mean 100, sd √10: z ≈ 32, a seasonal peak); the brand
    // sells a tenth of it every period: sales z ≈ 32 as well, but its share (0.1 throughout) did not move.
    const market = [100, 104, 98, 102, 96, 200];
    const withMarket = trend(
      market.map((m) => m / 10),
      market,
    );
    expect(movementOf('sales', withMarket.market)).not.toBeNull();
    expect(brandMovement(withMarket.trend, withMarket.market)).toBeNull();
    // Same peak, the brand doubling its part (share 0.1 → 0.2, 40 of 200): flagged on its share.
    const beyond = trend([10, 11, 9.8, 10.2, 9.6, 40], market);
    expect(brandMovement(beyond.trend, beyond.market)).toMatchObject({ metric: 'share', direction: 'up', value: 0.2 });
  });
});
