import type { FactRow } from '@marketlens/datagen';
import { growth, share } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { cents, close, facts, inRange, leavesOf, market, units } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Store Analysis API (docs/pages/shop.md) on the tiny warehouse, and the shop parts of the shared
 * filter ('platform,shop_id' constrains both halves; channel sources only with shops). Expected
 * figures come from the generator's rows in plain TypeScript, never from the engine.
 */

const { dim_shop } = market.dims;
const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const YOY = ['2025-01-01', '2025-06-01'] as const;
/** The member's one granted category (level 2 under level 1). */
const GRANTED = 101;

const beautyLeaves = leavesOf([1]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));
const shopById = new Map(dim_shop.map((s) => [s.shop_id, s]));

/** Sales in cents per key of the rows. */
function totals<K>(rows: readonly FactRow[], key: (f: FactRow) => K): Map<K, number> {
  const m = new Map<K, number>();
  for (const f of rows) m.set(key(f), (m.get(key(f)) ?? 0) + Math.round(f.sales * 100));
  return m;
}
const rankedShops = (rows: readonly FactRow[]) =>
  [...totals(rows, (f) => f.shop_id)].sort((a, b) => b[1] - a[1] || a[0] - b[0]);

const current = inRange(beauty, ...RANGE);
const ranked = rankedShops(current);
// The shops under test: the third biggest of category 1 (not trivially the leader), and the biggest
// shop on another platform.
const SHOP_A = ranked[2]![0];
const PLATFORM_A = shopById.get(SHOP_A)!.platform_id;
const SHOP_B = ranked.find(([id]) => shopById.get(id)!.platform_id !== PLATFORM_A)![0];
const PLATFORM_B = shopById.get(SHOP_B)!.platform_id;
const shopValue = (id: number) => `${shopById.get(id)!.platform_id},${id}`;
const distinct = (rows: readonly FactRow[], key: (f: FactRow) => number) =>
  [...totals(rows, key)].filter(([, s]) => s > 0).length;

describeOnEach(await warehouseTargets(), 'store analysis API', (target) => {
  let t: TestApp;
  let project: number;
  let limitedProject: number;
  let admin: string;
  let member: string;
  let limited: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 's_root', { role: 'root' });
    const m = await makeUser(t.ctx, 's_member', { role: 'general' });
    const l = await makeUser(t.ctx, 's_limited', { role: 'general' });
    project = (await metadata.projects.create({ name: 'shop', dataset: 'cn_monthly', ownerId: root.id, pages: [4, 9] }))
      .id;
    await metadata.projectCategories.add(project, [1, 4, GRANTED], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [9] });
    await metadata.grants.replace(project, m.id, 'category', [String(GRANTED)]);
    limitedProject = (
      await metadata.projects.create({
        name: 'shop-limited',
        dataset: 'cn_monthly',
        ownerId: root.id,
        pages: [9],
        limitShops: true,
      })
    ).id;
    await metadata.projectCategories.add(limitedProject, [1, 4], 'ready');
    await metadata.members.add({ projectId: limitedProject, userId: l.id, role: 'general', pages: [9] });
    await metadata.grants.replaceMany(limitedProject, l.id, { category: ['1', '4'], shop: [String(SHOP_A)] });
    admin = (await login(t.app, 's_root')).access_token;
    member = (await login(t.app, 's_member')).access_token;
    limited = (await login(t.app, 's_limited')).access_token;
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object) => postAs(t.app, token, url, payload);
  const body = (extra: object = {}) => ({
    data_scope_id: project,
    locale: 'en_us',
    category: { enable: true, value: [1] },
    date: [...RANGE],
    shops: [shopValue(SHOP_A), shopValue(SHOP_B)],
    ...extra,
  });

  describe('the shop parts of the filter', () => {
    it("'platform,shop_id' constrains the platform too: a shop asked on another platform has nothing", async () => {
      const other = PLATFORM_B;
      const res = await post(admin, '/top', {
        ...body({ shops: [`${other},${SHOP_A}`] }),
        kind: 'shop',
        sort_by: 'sales',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.items).toEqual([]);
      // The right pair answers the shop.
      const right = await post(admin, '/top', {
        ...body({ shops: [shopValue(SHOP_A)] }),
        kind: 'shop',
        sort_by: 'sales',
      });
      const items = right.json().data.items;
      expect(items.map((i: { id: number }) => i.id)).toEqual([SHOP_A]);
      close(items[0].sales, cents(current.filter((f) => f.shop_id === SHOP_A)), 'sales of the right pair');
    });

    it('selections on several platforms are pairs: a shop named on another platform selects nothing', async () => {
      // The case: shop A asked on platform B beside a shop C of A's own platform. Splitting
      // the values into shop ids and platform ids selected A's rows on its own platform.
      const SHOP_C = ranked.find(([id]) => id !== SHOP_A && shopById.get(id)!.platform_id === PLATFORM_A)![0];
      const shops = [`${PLATFORM_B},${SHOP_A}`, shopValue(SHOP_C)];
      const valid = current.filter((f) => f.shop_id === SHOP_C);
      const summary = await post(admin, '/summary', body({ shops }));
      expect(summary.statusCode, summary.body).toBe(200);
      close(summary.json().data.sales, cents(valid), 'summary: the valid half alone');
      const res = await post(admin, '/shops/overviews', body({ shops }));
      expect(res.statusCode, res.body).toBe(200);
      const [misnamed, own] = res.json().data.items;
      expect([misnamed.value, own.value]).toEqual(shops);
      expect([misnamed.sales, misnamed.count, misnamed.brand_count, misnamed.product_count]).toEqual([0, 0, 0, 0]);
      expect(misnamed.rank).toBeNull();
      close(own.sales, cents(valid), 'overview of the valid pair');
      // The same shop asked with two platforms: two items in the order asked, not merged.
      const twice = [`${PLATFORM_B},${SHOP_A}`, shopValue(SHOP_A)];
      const both = await post(admin, '/shops/overviews', body({ shops: twice }));
      expect(both.statusCode, both.body).toBe(200);
      const items = both.json().data.items;
      expect(items.map((i: { value: string; shop_id: number }) => [i.value, i.shop_id])).toEqual([
        [twice[0], SHOP_A],
        [twice[1], SHOP_A],
      ]);
      expect(items[0].sales).toBe(0);
      close(items[1].sales, cents(current.filter((f) => f.shop_id === SHOP_A)), 'the shop on its own platform');
      const trends = await post(admin, '/shops/trends', body({ shops: twice, metric: 'sales' }));
      expect(trends.statusCode, trends.body).toBe(200);
      const [none, mine] = trends.json().data.series;
      expect(none.points.every((p: { sales: number }) => p.sales === 0)).toBe(true);
      close(
        mine.points.reduce((sum: number, p: { sales: number }) => sum + p.sales, 0),
        cents(current.filter((f) => f.shop_id === SHOP_A)),
        'trend of the shop on its own platform',
      );
    });

    it('channel sources: refused without a shop (docs/product.md §5), and narrow the shops to those channel types', async () => {
      const refused = await post(admin, '/top', {
        ...body({ shops: undefined, channel_sources: ['global'] }),
        kind: 'shop',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('Channel source requires a shop selection first.');
      const typeA = shopById.get(SHOP_A)!.shop_type;
      const otherSource = (['supermarket', 'global', 'others'] as const).find((s) => s !== typeA)!;
      const narrowed = await post(admin, '/top', {
        ...body({ shops: [shopValue(SHOP_A)], channel_sources: [otherSource] }),
        kind: 'shop',
      });
      expect(narrowed.statusCode, narrowed.body).toBe(200);
      expect(narrowed.json().data.items).toEqual([]);
    });
  });

  it('overviews: sales, shares of the market and platform, rank, growth, channel, brands and products', async () => {
    const res = await post(admin, '/shops/overviews', body());
    expect(res.statusCode, res.body).toBe(200);
    const { items, market: m } = res.json().data;
    expect(items.map((i: { shop_id: number }) => i.shop_id)).toEqual([SHOP_A, SHOP_B]);
    const scopeSales = cents(current);
    close(m.sales, scopeSales, 'market sales');
    expect(m.shop_count).toBe(distinct(current, (f) => f.shop_id));
    for (const item of items) {
      const id = item.shop_id as number;
      const shop = shopById.get(id)!;
      const mine = current.filter((f) => f.shop_id === id);
      const sales = cents(mine);
      close(item.sales, sales, 'sales');
      expect(item.count).toBe(units(mine));
      close(item.avg_price, sales / units(mine), 'avg price');
      close(item.share, share(sales, scopeSales), 'share');
      close(
        item.platform_share,
        share(sales, cents(current.filter((f) => f.platform_id === shop.platform_id))),
        'platform share',
      );
      expect(item.rank).toBe(1 + ranked.filter(([, s]) => s > Math.round(sales * 100)).length);
      expect(item.platform.id).toBe(shop.platform_id);
      expect(item.channel.shop_type).toBe(shop.shop_type);
      expect(item.name).toBe(shop.name_zh);
      expect(item.brand_count).toBe(distinct(mine, (f) => f.brand_id));
      expect(item.product_count).toBe(distinct(mine, (f) => f.sku_id));
      for (const [kind, range] of [
        ['mom', MOM],
        ['yoy', YOY],
      ] as const) {
        const base = inRange(beauty, range[0], range[1]);
        const baseMine = base.filter((f) => f.shop_id === id);
        const c = item[kind];
        expect(c.base_range).toEqual({ start: range[0], end: range[1] });
        close(c.base.sales, cents(baseMine), `${kind} base`);
        close(c.growth.sales, growth(sales, cents(baseMine)), `${kind} growth`);
        close(c.growth.count, growth(units(mine), units(baseMine)), `${kind} count growth`);
        close(c.share_change, share(sales, scopeSales)! - share(cents(baseMine), cents(base))!, `${kind} share change`);
      }
    }
    expect(items[0].rank).toBe(3);
    // A custom selector adds the user's base range.
    const custom = await post(
      admin,
      '/shops/overviews',
      body({ selector: 'custom', dateBefore: ['2025-01-01', '2025-06-01'] }),
    );
    const c = custom.json().data.items[0].custom;
    close(c.base.sales, cents(inRange(beauty, ...YOY).filter((f) => f.shop_id === SHOP_A)), 'custom base');
  });

  it('overviews: at least one and at most ten shops; an unknown shop is 404', async () => {
    expect((await post(admin, '/shops/overviews', body({ shops: undefined }))).statusCode).toBe(400);
    const eleven = dim_shop.slice(0, 11).map((s) => `${s.platform_id},${s.shop_id}`);
    const tooMany = await post(admin, '/shops/overviews', body({ shops: eleven }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('Choose at most 10 shops.');
    expect((await post(admin, '/shops/overviews', body({ shops: ['1,999999999'] }))).statusCode).toBe(404);
  });

  it('composition: the shop by leaf category and by brand, its part and its share of each', async () => {
    const mine = current.filter((f) => f.shop_id === SHOP_A);
    const shopSales = cents(mine);
    for (const by of ['category', 'brand'] as const) {
      const key = (f: FactRow) => (by === 'brand' ? f.brand_id : f.category_id);
      const res = await post(admin, '/shops/composition', body({ shop: shopValue(SHOP_A), by, level: 3 }));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      close(data.shop_sales, shopSales, 'shop sales');
      const expected = [...totals(mine, key)].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      expect(data.items.map((i: { id: number }) => i.id)).toEqual(expected.map(([id]) => id));
      const marketOf = totals(current, key);
      for (const item of data.items) {
        const s = expected.find(([id]) => id === item.id)![1] / 100;
        close(item.sales, s, `${by} sales`);
        close(item.part, share(s, shopSales), `${by} part`);
        close(item.market_share, share(s, marketOf.get(item.id)! / 100), `${by} market share`);
      }
    }
  });

  it('products: the shop’s top products with links and pictures', async () => {
    const res = await post(admin, '/shops/products/top', body({ shop: shopValue(SHOP_A), sort_by: 'sales' }));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items;
    const expected = [
      ...totals(
        current.filter((f) => f.shop_id === SHOP_A),
        (f) => f.sku_id,
      ),
    ].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    expect(items.length).toBe(Math.min(50, expected.length));
    expect(items[0].id).toBe(expected[0]![0]);
    close(items[0].sales, expected[0]![1] / 100, 'top product sales');
    expect(items.every((i: { shop: { id: number } }) => i.shop.id === SHOP_A)).toBe(true);
    expect(items[0]).toHaveProperty('link');
    expect(items[0]).toHaveProperty('image_id');
  });

  it('rankings: the top 50 shops of the market (the shop selection does not narrow it), by channel', async () => {
    const res = await post(admin, '/shops/rankings', body({ sort_by: 'sales' }));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items;
    expect(items.map((i: { id: number }) => i.id)).toEqual(ranked.slice(0, 50).map(([id]) => id));
    const scopeSales = cents(current);
    close(items[0].share, share(ranked[0]![1] / 100, scopeSales), 'leader share');
    const base = inRange(beauty, ...MOM);
    const leaderBase = cents(base.filter((f) => f.shop_id === ranked[0]![0]));
    close(items[0].growth.sales, growth(ranked[0]![1] / 100, leaderBase), 'leader mom growth');
    // Filtered by platform and channel type (the filter's channels).
    const type = shopById.get(SHOP_A)!.shop_type;
    const byChannel = await post(admin, '/shops/rankings', body({ channels: [`${PLATFORM_A},${type}`] }));
    const expected = rankedShops(current.filter((f) => f.platform_id === PLATFORM_A && f.shop_type === type));
    expect(byChannel.json().data.items.map((i: { id: number }) => i.id)).toEqual(
      expected.slice(0, 50).map(([id]) => id),
    );
  });

  it('rankings download: an .xlsx with the ranking as the API answers it', async () => {
    const res = await post(admin, '/shops/rankings/downloads', body({ locale: 'en_us' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    const first = rows.find((r) => r[0] === 1)!;
    const leader = shopById.get(ranked[0]![0])!;
    expect(first).toContain(leader.name_en);
  });

  it('trends: each shop per period with its share of the market, and the market', async () => {
    const res = await post(admin, '/shops/trends', body({ metric: 'count' }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.periods).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01']);
    expect(data.series.map((s: { shop_id: number }) => s.shop_id)).toEqual([SHOP_A, SHOP_B]);
    for (const [i, period] of data.periods.entries()) {
      const inPeriod = current.filter((f) => f.period === period);
      close(data.market[i].sales, cents(inPeriod), 'market');
      const mine = inPeriod.filter((f) => f.shop_id === SHOP_B);
      const p = data.series[1].points[i];
      close(p.sales, cents(mine), 'shop sales');
      expect(p.value).toBe(units(mine));
      close(p.share, share(cents(mine), cents(inPeriod)), 'shop share');
    }
  });

  it('channel trends: the market’s channel types per period, on every platform and on one', async () => {
    for (const platform of [undefined, PLATFORM_A]) {
      const res = await post(admin, '/shops/channels/trends', body(platform ? { platform_id: platform } : {}));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const rows = platform ? current.filter((f) => f.platform_id === platform) : current;
      const types = [...totals(rows, (f) => f.shop_type)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      expect(data.series.map((s: { shop_type: string }) => s.shop_type)).toEqual(types.map(([k]) => k));
      const period = data.periods[2];
      const inPeriod = rows.filter((f) => f.period === period);
      for (const s of data.series) {
        const mine = inPeriod.filter((f) => f.shop_type === s.shop_type);
        close(s.points[2].sales, cents(mine), 'channel sales');
        close(s.points[2].share, share(cents(mine), cents(inPeriod)), 'channel share');
      }
    }
  });

  describe('grants', () => {
    it('a member granted one category sees the shops only there', async () => {
      const granted = leavesOf([GRANTED]);
      const inGrant = inRange(facts, ...RANGE).filter((f) => granted.has(f.category_id));
      const shop = rankedShops(inGrant)[0]![0];
      const res = await post(member, '/shops/overviews', {
        ...body({ shops: [shopValue(shop)] }),
        category: undefined,
      });
      expect(res.statusCode, res.body).toBe(200);
      close(res.json().data.items[0].sales, cents(inGrant.filter((f) => f.shop_id === shop)), 'granted sales');
      // An ungranted category's rows give nothing: ranking and download name only granted shops.
      const outside = { ...body({ category: { enable: true, value: [4] } }) };
      const top = await post(member, '/shops/rankings', outside);
      expect(top.json().data.items).toEqual([]);
      const dl = await post(member, '/shops/rankings/downloads', outside);
      // docs/product.md §8: nothing to download.
      expect(dl.statusCode).toBe(400);
      expect(dl.json().msg).toBe('There is no data to download for this filter.');
    });

    it('a project that limits shops: an ungranted shop is 403 on every endpoint, rankings hold granted shops only', async () => {
      const ask = (url: string, extra: object) => post(limited, url, { ...body(extra), data_scope_id: limitedProject });
      for (const [url, extra] of [
        ['/shops/overviews', { shops: [shopValue(SHOP_B)] }],
        ['/shops/trends', { shops: [shopValue(SHOP_B)] }],
        ['/shops/composition', { shop: shopValue(SHOP_B), shops: undefined }],
        ['/shops/products/top', { shop: shopValue(SHOP_B), shops: undefined }],
      ] as const) {
        const res = await ask(url, extra);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().msg).toContain('no access to this shop');
      }
      const own = await ask('/shops/overviews', { shops: [shopValue(SHOP_A)], locale: 'en_us' });
      expect(own.statusCode, own.body).toBe(200);
      const top = await ask('/shops/rankings', { shops: undefined });
      expect(top.json().data.items.map((i: { id: number }) => i.id)).toEqual([SHOP_A]);
      const dl = await ask('/shops/rankings/downloads', { shops: undefined });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(dl.rawPayload as never);
      const ranked = wb.worksheets[0]!.getSheetValues().filter((r) => Array.isArray(r) && typeof r[1] === 'number');
      expect(ranked).toHaveLength(1);
    });
  });
});
