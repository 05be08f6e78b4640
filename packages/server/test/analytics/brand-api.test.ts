import type { FactRow } from '@marketlens/datagen';
import { addMonths, contribution, distinctionIndex, growth, share, tgi } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Brand Detail API (docs/pages/brand.md) on the tiny warehouse. Expected figures come from the
 * generator's rows in plain TypeScript (the correctness oracle's way), never from the engine.
 */

const { sku_attribute, dim_attribute } = market.dims;

const RANGE = ['2026-01-01', '2026-06-01'] as const;
const MOM = ['2025-07-01', '2025-12-01'] as const;
const YOY = ['2025-01-01', '2025-06-01'] as const;

const beautyLeaves = leavesOf([1]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));

// The brand under test: the third biggest in category 1 over the range (not trivially the leader).
const ranked = [...brandTotals(inRange(beauty, ...RANGE)).entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
const BRAND = ranked[2]![0];
// A brand that sells only outside the member's granted category (101).
const grantedLeaves = leavesOf([GRANTED]);
const OUTSIDE = [...brandTotals(inRange(facts, ...RANGE)).entries()]
  .filter(([b]) => !facts.some((f) => f.brand_id === b && grantedLeaves.has(f.category_id)))
  .sort((a, b) => b[1] - a[1])[0]![0];

describeOnEach(await warehouseTargets(), 'brand detail API', (target) => {
  let t: TestApp;
  let project: number;
  let limitedProject: number;
  let admin: string;
  let member: string;
  let limited: string;
  let stranger: string;
  let keywordsOf: Map<number, string[]>;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { warehouse } = t.ctx;
    ({ project, limitedProject, admin, member, limited } = await grantProjects(t.ctx, t.app, {
      prefix: 'b',
      name: 'brand',
      pages: [5],
      brand: BRAND,
    }));
    await makeUser(t.ctx, 'b_stranger', { role: 'general' });
    stranger = (await login(t.app, 'b_stranger')).access_token;
    // The importer's title words (the only input not in the generator's rows).
    const words = await warehouse.query<{ sku_id: number; keyword: string }>(
      `SELECT sku_id, keyword FROM ${warehouse.tableName('cn_monthly', 'sku_keyword')} WHERE lang = 'zh'`,
    );
    keywordsOf = new Map();
    for (const w of words) {
      const id = Number(w.sku_id);
      keywordsOf.set(id, [...(keywordsOf.get(id) ?? []), w.keyword]);
    }
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object) => postAs(t.app, token, url, payload);
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/common${url}`, headers: bearer(token) });
  const body = (extra: object = {}) => ({
    data_scope_id: project,
    brand_id: BRAND,
    category: { enable: true, value: [1] },
    date: [...RANGE],
    ...extra,
  });

  it('brand info: names, periods, SKUs, shops, platforms and categories within the grant', async () => {
    const res = await post(admin, '/brands/info', { data_scope_id: project, brand_id: BRAND });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data;
    const mine = facts.filter((f) => f.brand_id === BRAND);
    const periods = [...new Set(mine.map((f) => f.period))].sort();
    expect(info).toMatchObject({
      brand_id: BRAND,
      name: market.dims.dim_brand.find((b) => b.brand_id === BRAND)!.name_zh,
      first_period: periods[0],
      last_period: periods.at(-1),
      sku_count: new Set(mine.map((f) => f.sku_id)).size,
      shop_count: new Set(mine.map((f) => f.shop_id)).size,
      followed: false,
      limited: false,
    });
    expect(info.platforms.map((p: { platform_id: number }) => p.platform_id).sort()).toEqual(
      [...new Set(mine.map((f) => f.platform_id))].sort(),
    );
    expect(info.categories.map((c: { category_id: number }) => c.category_id).sort()).toEqual(
      [...new Set(mine.map((f) => f.category_id))].sort(),
    );
    expect(info.categories[0].path.split(' / ')).toHaveLength(3);
    // Following shows in the info.
    await t.app.inject({
      method: 'PUT',
      url: `/api/common/projects/${project}/collections`,
      headers: bearer(admin),
      payload: { brands: [BRAND] },
    });
    expect((await post(admin, '/brands/info', { data_scope_id: project, brand_id: BRAND })).json().data.followed).toBe(
      true,
    );
  });

  it('overview: sales, share, rank, mom and yoy growth, share change and contribution agree with the oracle', async () => {
    const res = await post(admin, '/brands/overview', body());
    expect(res.statusCode, res.body).toBe(200);
    const { brand, market: m } = res.json().data;
    const cur = inRange(beauty, ...RANGE);
    const mine = cur.filter((f) => f.brand_id === BRAND);
    const scopeSales = cents(cur);
    close(m.sales, scopeSales, 'market sales');
    expect(m.brand_count).toBe(new Set(cur.map((f) => f.brand_id)).size);
    close(brand.sales, cents(mine), 'sales');
    expect(brand.count).toBe(units(mine));
    close(brand.avg_price, cents(mine) / units(mine), 'avg price');
    close(brand.share, share(cents(mine), scopeSales), 'share');
    expect(brand.rank).toBe(3);
    for (const [kind, range] of [
      ['mom', MOM],
      ['yoy', YOY],
    ] as const) {
      const base = inRange(beauty, range[0], range[1]);
      const baseMine = base.filter((f) => f.brand_id === BRAND);
      const c = brand[kind];
      expect(c.base_range).toEqual({ start: range[0], end: range[1] });
      close(c.base.sales, cents(baseMine), `${kind} base`);
      close(c.growth.sales, growth(cents(mine), cents(baseMine)), `${kind} growth`);
      close(c.growth.count, growth(units(mine), units(baseMine)), `${kind} count growth`);
      const baseShare = share(cents(baseMine), cents(base));
      close(c.share_change, share(cents(mine), scopeSales)! - baseShare!, `${kind} share change`);
      close(
        c.contribution,
        contribution(cents(mine), cents(baseMine), scopeSales, cents(base)),
        `${kind} contribution`,
      );
      close(c.market_growth, growth(scopeSales, cents(base)), `${kind} market growth`);
    }
    expect(brand.custom).toBeUndefined();
  });

  it('overviews: several brands in the order asked, each as in its own overview', async () => {
    const other = ranked[0]![0];
    const res = await post(admin, '/brands/overviews', { ...body(), brand_id: undefined, brand_ids: [BRAND, other] });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items;
    expect(items.map((i: { brand_id: number }) => i.brand_id)).toEqual([BRAND, other]);
    expect(items[1].rank).toBe(1);
    const single = (await post(admin, '/brands/overview', body())).json().data.brand;
    expect(items[0]).toEqual(single);
    // A custom selector adds the user's base range.
    const custom = await post(
      admin,
      '/brands/overview',
      body({ selector: 'custom', dateBefore: ['2024-01-01', '2024-03-01'] }),
    );
    expect(custom.json().data.brand.custom.base_range).toEqual({ start: '2024-01-01', end: '2024-03-01' });
    expect(custom.json().data.warnings.map((w: { code: string }) => w.code)).toContain('analytics.unequalPeriods');
  });

  it('categories overview: the brand in each leaf with its share there and growth', async () => {
    const res = await post(admin, '/brands/categories/overview', body());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const cur = inRange(beauty, ...RANGE);
    const base = inRange(beauty, ...MOM);
    const leaves = [...new Set(cur.filter((f) => f.brand_id === BRAND).map((f) => f.category_id))];
    expect(data.items.map((r: { category_id: number }) => r.category_id).sort()).toEqual(leaves.sort());
    const brandTotal = cents(cur.filter((f) => f.brand_id === BRAND));
    close(data.brand_sales, brandTotal, 'brand sales');
    for (const row of data.items) {
      const inCat = cur.filter((f) => f.category_id === row.category_id);
      const b = inCat.filter((f) => f.brand_id === BRAND);
      const baseCat = base.filter((f) => f.category_id === row.category_id);
      const baseB = baseCat.filter((f) => f.brand_id === BRAND);
      close(row.sales, cents(b), `sales ${row.category_id}`);
      close(row.category_sales, cents(inCat), `category ${row.category_id}`);
      close(row.share, share(cents(b), cents(inCat)), `share ${row.category_id}`);
      close(row.brand_part, share(cents(b), brandTotal), `part ${row.category_id}`);
      close(row.growth.sales, growth(cents(b), cents(baseB)), `growth ${row.category_id}`);
      const baseShare = share(cents(baseB), cents(baseCat));
      close(row.share_change, baseShare === null ? null : share(cents(b), cents(inCat))! - baseShare, 'share change');
    }
    // Biggest first; level 1 groups the same sales into category 1.
    const sales = data.items.map((r: { sales: number }) => r.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const top = (await post(admin, '/brands/categories/overview', body({ level: 1 }))).json().data;
    expect(top.items.map((r: { category_id: number }) => r.category_id)).toEqual([1]);
    close(top.items[0].sales, brandTotal, 'level 1');
  });

  it('category valuations: the brand’s categories, valued, with the brand’s part', async () => {
    const res = await post(admin, '/brands/categories/valuations', body({ level: 3 }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const cur = inRange(beauty, ...RANGE);
    const leaves = new Set(cur.filter((f) => f.brand_id === BRAND).map((f) => f.category_id));
    expect(new Set(data.items.map((r: { category_id: number }) => r.category_id))).toEqual(leaves);
    for (const row of data.items) {
      const inCat = cur.filter((f) => f.category_id === row.category_id);
      close(row.sales, cents(inCat), `market ${row.category_id}`);
      close(row.brand_sales, cents(inCat.filter((f) => f.brand_id === BRAND)), `brand ${row.category_id}`);
      expect(row.score).toBeGreaterThanOrEqual(0);
    }
    expect(data.items.map((r: { rank: number }) => r.rank)).toEqual(data.items.map((_: unknown, i: number) => i + 1));
  });

  it('trend: one point per period with the metric and its growth (GET, query parameters)', async () => {
    const q = `data_scope_id=${project}&brand_id=${BRAND}&start=${RANGE[0]}&end=${RANGE[1]}&categories=1&selector=yoy&metric=share`;
    const res = await get(admin, `/brands/trends?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const { points, metric, selector } = res.json().data;
    expect([metric, selector]).toEqual(['share', 'yoy']);
    expect(points.map((p: { period: string }) => p.period)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => addMonths(RANGE[0], i)),
    );
    const at = (period: string) => {
      const all = beauty.filter((f) => f.period === period);
      const mine = all.filter((f) => f.brand_id === BRAND);
      return { sales: cents(mine), share: share(cents(mine), cents(all)), market: cents(all) };
    };
    for (const p of points) {
      const now = at(p.period);
      const base = at(addMonths(p.period, -12));
      close(p.sales, now.sales, `sales ${p.period}`);
      close(p.market_sales, now.market, `market ${p.period}`);
      close(p.value, now.share, `share ${p.period}`);
      close(p.growth, growth(now.share, base.share), `share growth ${p.period}`);
    }
    expect((await get(admin, `/brands/trends?${q}&extra=1`)).statusCode).toBe(400);
  });

  it('characters: TGI and distinction index of attribute values, price bands and keywords agree with the oracle', async () => {
    const res = await post(admin, '/brands/characters', body());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const cur = inRange(beauty, ...RANGE);
    const total = cents(cur);
    const brandTotal = cents(cur.filter((f) => f.brand_id === BRAND));
    const brandShare = share(brandTotal, total);
    close(data.brand_share, brandShare, 'brand share');
    expect(data.bands).toEqual(BANDS);

    /**
     * Segments of the scope by a key function (a row may fall in several), ranked by distinction index as
     * docs/pages/brand.md says.
     */
    const expected = (keysOf: (f: FactRow) => string[]) => {
      const seg = new Map<string, FactRow[]>();
      for (const f of cur) for (const k of keysOf(f)) seg.set(k, [...(seg.get(k) ?? []), f]);
      return (
        [...seg.entries()]
          .map(([key, rows]) => {
            const b = cents(rows.filter((f) => f.brand_id === BRAND));
            const s = cents(rows);
            const t = tgi(share(b, s), brandShare);
            return { key, b, s, tgi: t, distinction: distinctionIndex(b, t) };
          })
          .filter((x) => x.b > 0 && x.tgi !== null && x.tgi > 100)
          // Ties (the same products, up to float noise): more brand sales, then the key.
          .sort((a, b) => {
            const d = b.distinction! - a.distinction!;
            return (
              (Math.abs(d) <= 1e-9 * Math.max(1, a.distinction!) ? 0 : d) || b.b - a.b || a.key.localeCompare(b.key)
            );
          })
          .slice(0, 20)
      );
    };
    const check = (
      actual: { brand_sales: number; segment_sales: number; tgi: number; distinction: number }[],
      exp: ReturnType<typeof expected>,
      keyOf: (r: never) => string,
      what: string,
    ) => {
      expect(actual.map(keyOf as (r: unknown) => string), what).toEqual(exp.map((e) => e.key));
      actual.forEach((r, i) => {
        close(r.brand_sales, exp[i]!.b, `${what} brand sales`);
        close(r.segment_sales, exp[i]!.s, `${what} segment sales`);
        close(r.tgi, exp[i]!.tgi, `${what} tgi`);
        close(r.distinction, exp[i]!.distinction, `${what} distinction`);
        expect(r.tgi).toBeGreaterThan(100);
      });
    };

    const attrNames = new Set(dim_attribute.map((a) => a.attr_name));
    const attrOf = new Map<number, string[]>();
    for (const a of sku_attribute) {
      if (!attrNames.has(a.attr_name)) continue;
      const key = `${a.attr_name}\u0001${a.value_zh}`;
      const list = attrOf.get(a.sku_id) ?? [];
      if (!list.includes(key)) list.push(key);
      attrOf.set(a.sku_id, list);
    }
    const attrs = expected((f) => attrOf.get(f.sku_id) ?? []);
    expect(attrs.length).toBeGreaterThan(0);
    check(
      data.attributes,
      attrs,
      ((r: { group: string; value: string }) => `${r.group}\u0001${r.value}`) as never,
      'attribute',
    );

    const bandOf = (f: FactRow) => {
      const price = skuById.get(f.sku_id)!.price;
      const i = BANDS.findIndex(([min, max]) => price >= min && (max === null || price <= max));
      return i < 0 ? [] : [String(i)];
    };
    const bands = expected(bandOf);
    check(
      data.price_bands,
      bands,
      ((r: { band: [number, number | null] }) => String(BANDS.findIndex((b) => b[0] === r.band[0]))) as never,
      'band',
    );

    const words = expected((f) => keywordsOf.get(f.sku_id) ?? []);
    expect(words.length).toBeGreaterThan(0);
    check(data.keywords, words, ((r: { value: string }) => r.value) as never, 'keyword');
  });

  it('characters download: an .xlsx with the three sheets, in the request language', async () => {
    const res = await post(admin, '/brands/characters/downloads', body({ locale: 'en_us' }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Attribute values', 'Price bands', 'Title keywords']);
    const json = (await post(admin, '/brands/characters', body({ locale: 'en_us' }))).json().data;
    const sheet = wb.worksheets[0]!;
    const values = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    const first = values.find((r) => r[0] === 1)!;
    expect(first[2]).toBe(json.attributes[0].value_en);
    close(Number(first[6]), json.attributes[0].tgi, 'tgi in the sheet');
  });

  describe('grants', () => {
    const outside = (extra: object = {}) => ({
      data_scope_id: project,
      brand_id: OUTSIDE,
      category: { enable: true, value: [4] },
      date: [...RANGE],
      ...extra,
    });

    it('a member granted one category gets nothing of a brand from another', async () => {
      // The administrator sees the brand's sales there.
      const adminView = (await post(admin, '/brands/overview', outside())).json().data.brand;
      expect(adminView.sales).toBeGreaterThan(0);

      const o = await post(member, '/brands/overview', outside());
      expect(o.statusCode, o.body).toBe(200);
      expect(o.json().data.brand).toMatchObject({ sales: 0, count: 0, rank: null });
      expect(o.json().data.market.sales).toBe(0);
      const many = (
        await post(member, '/brands/overviews', { ...outside(), brand_id: undefined, brand_ids: [OUTSIDE] })
      ).json().data;
      expect(many.items[0].sales).toBe(0);
      expect((await post(member, '/brands/categories/overview', outside())).json().data.items).toEqual([]);
      expect((await post(member, '/brands/categories/valuations', outside())).json().data.items).toEqual([]);
      const chRes = await post(member, '/brands/characters', outside());
      expect(chRes.statusCode, chRes.body).toBe(200);
      const ch = chRes.json().data;
      expect([ch.attributes, ch.price_bands, ch.keywords, ch.brand_sales]).toEqual([[], [], [], 0]);
      const tr = (
        await get(
          member,
          `/brands/trends?data_scope_id=${project}&brand_id=${OUTSIDE}&start=${RANGE[0]}&end=${RANGE[1]}&categories=4`,
        )
      ).json().data;
      expect(
        tr.points.every((p: { sales: number; market_sales: number }) => p.sales === 0 && p.market_sales === 0),
      ).toBe(true);
      const info = (await post(member, '/brands/info', { data_scope_id: project, brand_id: OUTSIDE })).json().data;
      expect(info).toMatchObject({ sku_count: 0, shop_count: 0, first_period: null, categories: [], platforms: [] });
      const dl = await post(member, '/brands/characters/downloads', outside());
      expect(dl.statusCode).toBe(400);
      expect(dl.json().msg).toBe('当前筛选条件下没有可下载的数据');
    });

    it('a brand that sells in both: only the granted categories show', async () => {
      const res = (
        await post(member, '/brands/categories/overview', body({ category: { enable: true, value: [1, 4] } }))
      ).json().data;
      for (const row of res.items) expect(grantedLeaves.has(row.category_id)).toBe(true);
      const info = (await post(member, '/brands/info', { data_scope_id: project, brand_id: BRAND })).json().data;
      for (const c of info.categories) expect(grantedLeaves.has(c.category_id)).toBe(true);
    });

    it('a project that limits brands answers 403 with the no-access message for an ungranted brand', async () => {
      const other = ranked[0]![0];
      const lim = (brand: number, extra: object = {}) => ({
        data_scope_id: limitedProject,
        brand_id: brand,
        date: [...RANGE],
        ...extra,
      });
      for (const url of [
        '/brands/info',
        '/brands/overview',
        '/brands/categories/overview',
        '/brands/categories/valuations',
        '/brands/characters',
        '/brands/characters/downloads',
      ]) {
        const payload = url === '/brands/info' ? { data_scope_id: limitedProject, brand_id: other } : lim(other);
        const res = await post(limited, url, payload);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().msg, url).toBe('您没有该品牌的数据权限，请联系管理员开通');
      }
      const many = await post(limited, '/brands/overviews', {
        ...lim(BRAND),
        brand_id: undefined,
        brand_ids: [BRAND, other],
      });
      expect(many.statusCode).toBe(403);
      const trend = await get(
        limited,
        `/brands/trends?data_scope_id=${limitedProject}&brand_id=${other}&start=${RANGE[0]}&end=${RANGE[1]}&locale=en_us`,
      );
      expect(trend.statusCode).toBe(403);
      expect(trend.json().msg).toBe('You have no access to this brand. Contact an administrator to request access.');
      // The granted brand answers, and its market is the granted brands only.
      const own = await post(limited, '/brands/overview', lim(BRAND));
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.brand.share).toBe(1);
      expect(own.json().data.brand.rank).toBe(1);
    });

    it('unknown brands are 404, strangers 403, bad bodies 400', async () => {
      const res = await post(admin, '/brands/overview', body({ brand_id: 987654321 }));
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('品牌不存在于该项目的数据中');
      expect((await post(stranger, '/brands/overview', body())).statusCode).toBe(403);
      expect((await post(admin, '/brands/overview', body({ nope: 1 }))).statusCode).toBe(400);
      expect((await post(admin, '/brands/overview', body({ bands: [10, 5] }))).json().msg).toBe('最小值不能大于最大值');
      expect(
        (await post(admin, '/brands/overviews', { ...body(), brand_id: undefined, brand_ids: [] })).statusCode,
      ).toBe(400);
    });
  });
});
