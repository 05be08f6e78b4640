import type { FactRow } from '@marketlens/datagen';
import { growth, share } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { pageProject } from '../support/grant-projects.js';
import { cents, close, facts, inRange, leavesOf, market, skuById, units } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Product Analysis API (docs/pages/product-analysis.md) on the tiny warehouse. Expected figures come
 * from the generator's rows in plain TypeScript, never from the engine: the selection is the union of
 * the chosen products and the products of the chosen series, within the filter and the grant.
 */

const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const YOY = ['2025-01-01', '2025-06-01'] as const;
const PERIODS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
const BEAUTY = 1;
const FOOD = 4;
/** The member's one granted category (level 2 under Beauty). */
const GRANTED = 101;

const beautyLeaves = leavesOf([BEAUTY]);
const grantedLeaves = leavesOf([GRANTED]);
/** What root sees: the project's categories. */
const projectLeaves = leavesOf([BEAUTY, FOOD]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));
const food = facts.filter((f) => leavesOf([FOOD]).has(f.category_id));

/** Sales per key among rows, in cents. */
function salesBy(rows: readonly FactRow[], key: (f: FactRow) => string | number) {
  const m = new Map<string | number, number>();
  for (const f of rows) m.set(key(f), (m.get(key(f)) ?? 0) + Math.round(f.sales * 100));
  return m;
}
const biggest = (m: Map<string | number, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
const seriesOf = (f: FactRow) => skuById.get(f.sku_id)!.series;

// The chosen series: the biggest series of the granted category; the chosen products: the biggest
// product of another series of Beauty, and one product of the chosen series (counted once).
const grantedNow = inRange(
  beauty.filter((f) => grantedLeaves.has(f.category_id)),
  ...RANGE,
);
const SERIES = String(
  biggest(
    salesBy(
      grantedNow.filter((f) => seriesOf(f) !== null),
      (f) => seriesOf(f)!,
    ),
  )[0]![0],
);
const beautyNow = inRange(beauty, ...RANGE);
const OTHER = Number(
  biggest(
    salesBy(
      beautyNow.filter((f) => seriesOf(f) !== SERIES && !grantedLeaves.has(f.category_id)),
      (f) => f.sku_id,
    ),
  )[0]![0],
);
const INSIDE = Number(
  biggest(
    salesBy(
      grantedNow.filter((f) => seriesOf(f) === SERIES),
      (f) => f.sku_id,
    ),
  )[0]![0],
);
const PRODUCTS = [OTHER, INSIDE];
const picked = (f: FactRow) => PRODUCTS.includes(f.sku_id) || seriesOf(f) === SERIES;
const selection = beauty.filter(picked);

const count = (rows: readonly FactRow[], key: (f: FactRow) => number) =>
  [...salesBy(rows, key).values()].filter((v) => v > 0).length;

describeOnEach(await warehouseTargets(), 'product analysis API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let outsider: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    ({ project, admin, member, outsider } = await pageProject(t.ctx, t.app, {
      prefix: 'pa',
      name: 'products',
      page: 6,
      categories: [BEAUTY, FOOD, GRANTED],
      granted: GRANTED,
      outsiderGrant: [BEAUTY],
      project: { hasSeries: true, seriesName: '产品线', seriesNameEn: 'Product line', discountPrice: true },
    }));
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object, locale?: string) =>
    postAs(t.app, token, url, payload, locale);
  const body = (extra: object = {}, categories: number[] = [BEAUTY]) => ({
    data_scope_id: project,
    date: [...RANGE],
    category: { enable: true, value: categories },
    ...extra,
  });
  const chosen = { products: PRODUCTS, series: [SERIES] };
  const data = async (token: string, url: string, payload: object, locale?: string) => {
    const res = await post(token, url, payload, locale);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data;
  };

  it('the chosen products and series are a real, overlapping part of the market', () => {
    expect(skuById.get(INSIDE)!.series).toBe(SERIES);
    expect(skuById.get(OTHER)!.series).not.toBe(SERIES);
    const now = cents(inRange(selection, ...RANGE));
    expect(now).toBeGreaterThan(0);
    expect(now).toBeLessThan(cents(beautyNow));
  });

  it('summary: sales, count, average price, growth and counts of the selection agree with the oracle', async () => {
    for (const [sel, rows] of [
      [chosen, selection],
      [{}, beauty],
    ] as const) {
      const s = await data(admin, '/analysis/summary', body(sel));
      const cur = inRange(rows, ...RANGE);
      close(s.sales, cents(cur), 'sales');
      expect(s.count).toBe(units(cur));
      close(s.avg_price, cents(cur) / units(cur), 'avg price');
      for (const [kind, range] of [
        ['chain', MOM],
        ['yoy', YOY],
      ] as const) {
        const base = inRange(rows, range[0], range[1]);
        expect(s[kind].base).toEqual({ start: range[0], end: range[1] });
        close(s[kind].base_sales, cents(base), `${kind} base`);
        close(s[kind].growth.sales, growth(cents(cur), cents(base)), `${kind} growth`);
        close(s[kind].growth.count, growth(units(cur), units(base)), `${kind} count growth`);
      }
      expect(s.custom).toBeNull();
      expect(s.discount).toBe(false);
      expect(s.product_count).toBe(count(cur, (f) => f.sku_id));
      expect(s.shop_count).toBe(count(cur, (f) => f.shop_id));
      expect(s.platform_count).toBe(count(cur, (f) => f.platform_id));
    }
    // A custom base range.
    const custom = ['2025-03-01', '2025-08-01'] as const;
    const s = await data(admin, '/analysis/summary', body({ ...chosen, selector: 'custom', dateBefore: [...custom] }));
    close(
      s.custom.growth.sales,
      growth(cents(inRange(selection, ...RANGE)), cents(inRange(selection, ...custom))),
      'custom',
    );
  });

  it('trends: per period figures and growth of the selection, per product and per series', async () => {
    const perPeriod = (rows: readonly FactRow[], p: string) => rows.filter((f) => f.period === p);
    const total = await data(admin, '/analysis/trends', body(chosen));
    expect(total.periods).toEqual(PERIODS);
    expect(total.lines).toHaveLength(1);
    total.lines[0].points.forEach(
      (pt: { period: string; sales: number; count: number; growth: { sales: number } }, i: number) => {
        const cur = perPeriod(selection, PERIODS[i]!);
        const before = perPeriod(selection, i === 0 ? '2025-12-01' : PERIODS[i - 1]!);
        expect(pt.period).toBe(PERIODS[i]);
        close(pt.sales, cents(cur), `sales ${pt.period}`);
        expect(pt.count).toBe(units(cur));
        close(pt.growth.sales, growth(cents(cur), cents(before)), `growth ${pt.period}`);
      },
    );

    const yoy = await data(admin, '/analysis/trends', body({ ...chosen, by: 'product', selector: 'yoy' }));
    expect(yoy.lines.map((l: { key: string }) => Number(l.key))).toEqual(PRODUCTS);
    for (const line of yoy.lines) {
      const own = selection.filter((f) => f.sku_id === Number(line.key));
      expect(line.name).toBe(skuById.get(Number(line.key))!.title_zh);
      line.points.forEach((pt: { sales: number; growth: { sales: number } }, i: number) => {
        const cur = perPeriod(own, PERIODS[i]!);
        close(pt.sales, cents(cur), 'product sales');
        close(pt.growth.sales, growth(cents(cur), cents(perPeriod(own, PERIODS[i]!.replace('2026', '2025')))), 'yoy');
      });
    }

    const series = await data(admin, '/analysis/trends', body({ ...chosen, by: 'series' }));
    expect(series.lines.map((l: { key: string }) => l.key)).toEqual([SERIES]);
    const inSeries = beauty.filter((f) => seriesOf(f) === SERIES);
    series.lines[0].points.forEach((pt: { sales: number }, i: number) => {
      close(pt.sales, cents(perPeriod(inSeries, PERIODS[i]!)), 'series sales');
    });

    // Without chosen products: the 10 biggest of the filtered market.
    const top = await data(admin, '/analysis/trends', body({ by: 'product' }));
    const expectedTop = biggest(salesBy(beautyNow, (f) => f.sku_id))
      .slice(0, 10)
      .map(([id]) => String(id));
    expect(top.lines.map((l: { key: string }) => l.key)).toEqual(expectedTop);
  });

  it('price trends: list, discount and category average prices, and sales over the price bands', async () => {
    const p = await data(admin, '/analysis/trends/prices', body(chosen));
    expect(p.has_discount).toBe(true);
    expect(p.discount).toBe(false);
    const bands: [number, number | null][] = p.bands;
    expect(bands.length).toBeGreaterThan(1);
    p.points.forEach(
      (
        pt: {
          period: string;
          avg_price: number;
          list_avg_price: number;
          discount_avg_price: number;
          market_avg_price: number;
          band_sales: number[];
          band_shares: number[];
        },
        i: number,
      ) => {
        const cur = selection.filter((f) => f.period === PERIODS[i]);
        const discounted = cur.reduce((s, f) => s + Math.round(f.sales_discount * 100), 0) / 100;
        close(pt.list_avg_price, cents(cur) / units(cur), 'list price');
        close(pt.avg_price, cents(cur) / units(cur), 'price at the switch (list)');
        close(pt.discount_avg_price, discounted / units(cur), 'discount price');
        const all = beauty.filter((f) => f.period === PERIODS[i]);
        close(pt.market_avg_price, cents(all) / units(all), 'category price');
        bands.forEach(([min, max], b) => {
          const own = cur.filter((f) => {
            const price = skuById.get(f.sku_id)!.price;
            return bands.findIndex(([lo, hi]) => price >= lo && (hi === null || price <= hi)) === b;
          });
          close(pt.band_sales[b], cents(own), `band ${min}-${max}`);
          close(pt.band_shares[b], share(cents(own), cents(cur)), 'band share');
        });
      },
    );
  });

  it('products: a page of the selection by sales or count with shares, growth and details; the download equals it', async () => {
    const cur = inRange(selection, ...RANGE);
    const base = inRange(selection, ...MOM);
    const bySales = biggest(salesBy(cur, (f) => f.sku_id));
    const res = await data(admin, '/analysis/products', body({ ...chosen, page_size: 3 }));
    expect(res.total).toBe(bySales.length);
    close(res.selection_sales, cents(cur), 'selection sales');
    expect(res.items.map((r: { id: number }) => r.id)).toEqual(bySales.slice(0, 3).map(([id]) => Number(id)));
    for (const row of res.items) {
      const own = cur.filter((f) => f.sku_id === row.id);
      const sku = skuById.get(row.id)!;
      close(row.sales, cents(own), 'product sales');
      close(row.share, share(cents(own), cents(cur)), 'share of the selection');
      close(row.growth, growth(cents(own), cents(base.filter((f) => f.sku_id === row.id))), 'growth');
      expect(row).toMatchObject({ title: sku.title_zh, series: sku.series, first_period: sku.first_period });
      close(row.price, sku.price, 'price');
      expect(row.brand.id).toBe(sku.brand_id);
      expect(row.shop.id).toBe(sku.shop_id);
      expect(row.platform.id).toBe(sku.platform_id);
    }
    const second = await data(admin, '/analysis/products', body({ ...chosen, page_size: 3, page: 2 }));
    expect(second.items.map((r: { rank: number }) => r.rank)).toEqual([4, 5, 6].slice(0, second.items.length));
    expect(second.items[0]?.id).toBe(Number(bySales[3]?.[0]));

    const byCount = await data(admin, '/analysis/products', body({ ...chosen, sort: 'count', page_size: 1 }));
    const unitsBy = new Map<number, number>();
    for (const f of cur) unitsBy.set(f.sku_id, (unitsBy.get(f.sku_id) ?? 0) + f.count);
    expect(byCount.items[0].count).toBe(Math.max(...unitsBy.values()));

    const dl = await post(admin, '/analysis/products/downloads', body({ ...chosen, locale: 'en_us' }));
    expect(dl.statusCode, dl.body.slice(0, 300)).toBe(200);
    expect(dl.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as never);
    const values = wb.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    const first = values.find((r) => r[0] === 1)!;
    const top = (await data(admin, '/analysis/products', body({ ...chosen, locale: 'en_us' }))).items[0];
    expect(first[1]).toBe(top.title_en);
    close(Number(first[9]), top.sales, 'sales in the sheet');
    expect(values.filter((r) => typeof r[0] === 'number')).toHaveLength(bySales.length);
  });

  it('series search: series and products in both languages, with the project label', async () => {
    const word = SERIES.slice(0, 2);
    for (const [locale, label] of [
      ['zh_cn', '产品线'],
      ['en_us', 'Product line'],
    ] as const) {
      const s = await data(admin, '/series/search', { data_scope_id: project, keyword: word }, locale);
      expect(s).toMatchObject({ has_series: true, label: '产品线', label_en: 'Product line' });
      expect(label.length).toBeGreaterThan(0);
      const expected = new Map<string, number>();
      for (const sku of market.dims.dim_sku) {
        if (projectLeaves.has(sku.category_id) && sku.series?.includes(word))
          expected.set(sku.series, (expected.get(sku.series) ?? 0) + 1);
      }
      expect(new Map(s.series.map((x: { name: string; product_count: number }) => [x.name, x.product_count]))).toEqual(
        new Map([...expected].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 20)),
      );
    }
    // Products by id, and by an English title word ignoring case.
    const byId = await data(admin, '/series/search', { data_scope_id: project, keyword: String(OTHER) });
    expect(byId.products[0].id).toBe(OTHER);
    const sku = skuById.get(OTHER)!;
    const titleWord = sku.title_en.split(' ').at(-1)!.toUpperCase();
    const byWord = await data(admin, '/series/search', { data_scope_id: project, keyword: titleWord });
    expect(byWord.products.length).toBeGreaterThan(0);
    for (const p of byWord.products) {
      const s = skuById.get(p.id)!;
      const brand = market.dims.dim_brand.find((b) => b.brand_id === s.brand_id)!;
      const w = titleWord.toLowerCase();
      expect(
        [s.title_zh, s.title_en, brand.name_zh, brand.name_en].some((x) => x.toLowerCase().includes(w)),
        `${p.id}`,
      ).toBe(true);
    }
  });

  it('series info: figures, platforms, price range and trend of one series', async () => {
    const inSeries = beauty.filter((f) => seriesOf(f) === SERIES);
    const cur = inRange(inSeries, ...RANGE);
    const s = await data(admin, '/series/info', body({ name: SERIES }));
    expect(s).toMatchObject({ name: SERIES, label: '产品线', label_en: 'Product line' });
    close(s.summary.sales, cents(cur), 'series sales');
    close(s.summary.chain.growth.sales, growth(cents(cur), cents(inRange(inSeries, ...MOM))), 'series growth');
    const platforms = biggest(salesBy(cur, (f) => f.platform_id)).filter(([, v]) => v > 0);
    expect(s.platforms.map((p: { id: number }) => p.id)).toEqual(platforms.map(([id]) => Number(id)));
    const prices = [...new Set(cur.map((f) => f.sku_id))].map((id) => skuById.get(id)!.price);
    expect(s.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    expect(s.points).toHaveLength(PERIODS.length);
    close(s.points[0].sales, cents(cur.filter((f) => f.period === PERIODS[0])), 'first point');
  });

  it('the discount switch: figures at discount price, remembered per user', async () => {
    const mine = selection.filter((f) => grantedLeaves.has(f.category_id));
    const cur = inRange(mine, ...RANGE);
    const discounted = cur.reduce((s, f) => s + Math.round(f.sales_discount * 100), 0) / 100;
    const sel = body({ series: [SERIES] });
    const before = await data(member, '/analysis/summary', sel);
    close(before.sales, cents(cur), 'list-price sales');
    expect(before.discount).toBe(false);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/common/projects/${project}/users/discount_price`,
      headers: bearer(member),
      payload: { discount_price_on: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const after = await data(member, '/analysis/summary', sel);
      expect(after.discount).toBe(true);
      close(after.sales, discounted, 'discount-price sales');
      const prices = await data(member, '/analysis/trends/prices', sel);
      expect(prices.discount).toBe(true);
      const jan = cur.filter((f) => f.period === PERIODS[0]);
      const janDiscount = jan.reduce((s, f) => s + Math.round(f.sales_discount * 100), 0) / 100;
      close(prices.points[0].avg_price, janDiscount / units(jan), 'price at the switch (discount)');
      // Remembered: the member's project list says so, and the admin's figures stay at list price.
      const scopes = await t.app.inject({ method: 'GET', url: '/api/common/data_scopes', headers: bearer(member) });
      expect(scopes.json().data.items.find((p: { id: number }) => p.id === project).discount_price_on).toBe(true);
      const inSeries = inRange(
        beauty.filter((f) => seriesOf(f) === SERIES),
        ...RANGE,
      );
      close((await data(admin, '/analysis/summary', sel)).sales, cents(inSeries), 'admin list');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/common/projects/${project}/users/discount_price`,
        headers: bearer(member),
        payload: { discount_price_on: false },
      });
    }
  });

  describe('grants', () => {
    const ENDPOINTS = [
      '/analysis/summary',
      '/analysis/trends',
      '/analysis/trends/prices',
      '/analysis/products',
      '/analysis/products/downloads',
    ];

    it('a member granted one category: products of another are refused, series and search stay inside', async () => {
      for (const url of ENDPOINTS) {
        const res = await post(member, url, body({ products: [OTHER] }));
        expect(res.statusCode, url).toBe(403);
        expect(res.json().msg, url).toBe(`以下商品不在您可查看的数据范围内：${OTHER}`);
      }
      // A series: only its granted products count, whatever the filter names.
      const mine = inRange(
        beauty.filter((f) => seriesOf(f) === SERIES && grantedLeaves.has(f.category_id)),
        ...RANGE,
      );
      const s = await data(member, '/series/info', body({ name: SERIES }));
      close(s.summary.sales, cents(mine), 'granted series sales');
      const table = await data(member, '/analysis/products', body({ series: [SERIES], page_size: 100 }));
      for (const row of table.items) expect(grantedLeaves.has(skuById.get(row.id)!.category_id)).toBe(true);
      // Food has no granted category: nothing at all.
      const foodSeries = String(
        biggest(
          salesBy(
            inRange(food, ...RANGE).filter((f) => seriesOf(f) !== null),
            (f) => seriesOf(f)!,
          ),
        )[0]![0],
      );
      const none = await data(member, '/series/info', body({ name: foodSeries }, [FOOD]));
      expect(none.summary.sales).toBe(0);
      expect(none.platforms).toEqual([]);
      expect(none.price).toBeNull();
      const dl = await post(member, '/analysis/products/downloads', body({ series: [foodSeries] }, [FOOD]));
      expect(dl.statusCode).toBe(400);
      // Search: only granted products and series.
      const found = await data(member, '/series/search', { data_scope_id: project, keyword: String(OTHER) });
      expect(found.products.map((p: { id: number }) => p.id)).not.toContain(OTHER);
      const sr = await data(member, '/series/search', { data_scope_id: project, keyword: foodSeries });
      const grantedSeries = new Set(
        market.dims.dim_sku.filter((k) => grantedLeaves.has(k.category_id)).map((k) => k.series),
      );
      for (const x of sr.series) expect(grantedSeries.has(x.name)).toBe(true);
    });

    it('a member without the page gets 403 on every endpoint', async () => {
      for (const url of [...ENDPOINTS, '/series/info']) {
        const res = await post(outsider, url, body({ name: SERIES }));
        expect(res.statusCode, url).toBe(403);
      }
      const res = await post(outsider, '/series/search', { data_scope_id: project, keyword: 'a' });
      expect(res.statusCode).toBe(403);
    });
  });
});
