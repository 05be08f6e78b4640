import { buildMarket, type FactRow } from '@marketlens/datagen';
import { addMonths, concentration } from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Category Insight API (/discover) on the tiny demo warehouse. Expected figures are recomputed in
 * plain TypeScript from the generator's rows (the oracle), never copied from the engine's answers.
 */

const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts: FactRow[] = [...market.facts()];
const { dim_category, dim_sku, sku_attribute } = market.dims;
const catById = new Map(dim_category.map((c) => [c.category_id, c]));
const skuById = new Map(dim_sku.map((s) => [s.sku_id, s]));

function leavesOf(ids: readonly number[]): number[] {
  return dim_category
    .filter((c) => {
      if (c.level !== 3) return false;
      const parent = catById.get(c.parent_id!)!;
      return ids.includes(c.category_id) || ids.includes(parent.category_id) || ids.includes(parent.parent_id!);
    })
    .map((c) => c.category_id);
}
const ownerAt = (leaf: number, level: number): number => {
  let c = catById.get(leaf)!;
  while (c.level > level) c = catById.get(c.parent_id!)!;
  return c.category_id;
};

interface Range {
  start: string;
  end: string;
}
const inRange = (f: FactRow, r: Range) => f.period >= r.start && f.period <= r.end;

/** Σ sales and Σ count of the facts in the leaves and range (and an extra condition). */
function sum(leaves: readonly number[], r: Range, extra: (f: FactRow) => boolean = () => true) {
  const set = new Set(leaves);
  let sales = 0;
  let count = 0;
  for (const f of facts) {
    if (!set.has(f.category_id) || !inRange(f, r) || !extra(f)) continue;
    sales += f.sales;
    count += f.count;
  }
  return { sales, count };
}

/** Sums grouped by a key of the fact. */
function groupBy(leaves: readonly number[], r: Range, key: (f: FactRow) => string | number | null) {
  const set = new Set(leaves);
  const out = new Map<string | number | null, { sales: number; count: number }>();
  for (const f of facts) {
    if (!set.has(f.category_id) || !inRange(f, r)) continue;
    const k = key(f);
    const s = out.get(k) ?? { sales: 0, count: 0 };
    s.sales += f.sales;
    s.count += f.count;
    out.set(k, s);
  }
  return out;
}

const growth = (c: number, b: number) => (b === 0 ? null : (c - b) / b);
/** Equal within floating-point rounding of the DECIMAL sums. */
function close(actual: number | null | undefined, expected: number | null, what = '') {
  if (expected === null) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-7 * Math.max(1, Math.abs(expected)),
  );
}

const R: Range = { start: '2025-01-01', end: '2025-06-01' };
const MOM: Range = { start: '2024-07-01', end: '2024-12-01' };
const YOY: Range = { start: '2024-01-01', end: '2024-06-01' };
const BEAUTY = 1;
const FOOD = 4;
const FACIAL = 101;
const facialLeaf = dim_category.find((c) => c.level === 3 && c.parent_id === FACIAL)!.category_id;

describeOnEach(await warehouseTargets(), 'category insight API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;
  let member: string;
  let stranger: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'i_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'i_member', { role: 'general' });
    await makeUser(t.ctx, 'i_stranger', { role: 'general' });
    project = (
      await metadata.projects.create({ name: 'insight', dataset: 'cn_monthly', ownerId: root.id, pages: [4, 5] })
    ).id;
    await metadata.projectCategories.add(project, [BEAUTY, FOOD, FACIAL], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [4] });
    // The member may see Facial Care (level 2) only.
    await metadata.grants.replace(project, m.id, 'category', [String(FACIAL)]);
    admin = (await login(t.app, 'i_root')).access_token;
    member = (await login(t.app, 'i_member')).access_token;
    stranger = (await login(t.app, 'i_stranger')).access_token;
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload: object, locale?: string) =>
    postAs(t.app, token, url, payload, locale);
  const body = (categories: number[] | null, extra: object = {}) => ({
    data_scope_id: project,
    ...(categories ? { category: { enable: true, value: categories } } : {}),
    date: [R.start, R.end],
    ...extra,
  });
  const data = async (token: string, url: string, payload: object) => {
    const res = await post(token, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('summary: sales, count, average price, chain and yoy growth, share of parent', async () => {
    const d = await data(admin, '/summary', body([BEAUTY]));
    const leaves = leavesOf([BEAUTY]);
    const now = sum(leaves, R);
    const mom = sum(leaves, MOM);
    const yoy = sum(leaves, YOY);
    close(d.sales, now.sales, 'sales');
    expect(d.count).toBe(now.count);
    close(d.avg_price, now.sales / now.count, 'avg_price');
    expect(d.chain.base).toEqual(MOM);
    close(d.chain.growth.sales, growth(now.sales, mom.sales), 'chain sales');
    close(d.chain.growth.count, growth(now.count, mom.count), 'chain count');
    close(d.chain.growth.avg_price, growth(now.sales / now.count, mom.sales / mom.count), 'chain price');
    expect(d.yoy.base).toEqual(YOY);
    close(d.yoy.growth.sales, growth(now.sales, yoy.sales), 'yoy sales');
    // Level 1: share of the whole granted market (the project's categories for root).
    expect(d.parent).toBeNull();
    close(d.share_of_parent, now.sales / sum(leavesOf([BEAUTY, FOOD]), R).sales, 'share of market');
    expect(d.custom).toBeNull();

    // A leaf within its level-2 parent, for the one-category member.
    const leaf = await data(member, '/summary', body([facialLeaf]));
    expect(leaf.parent.category_id).toBe(FACIAL);
    close(leaf.share_of_parent, sum([facialLeaf], R).sales / sum(leavesOf([FACIAL]), R).sales, 'leaf share');

    // Custom comparison with dateBefore.
    const custom = await data(
      admin,
      '/summary',
      body([BEAUTY], { selector: 'custom', dateBefore: ['2023-01-01', '2023-06-01'] }),
    );
    const base = sum(leaves, { start: '2023-01-01', end: '2023-06-01' });
    close(custom.custom.growth.sales, growth(now.sales, base.sales), 'custom sales');

    // A price band sent as numbers with an open end ("above 100"): the empty end stays open (the
    // web sends text; an API client numbers and null).
    const above = await data(admin, '/summary', body([BEAUTY], { bands: [100, null] }));
    close(above.sales, sum(leaves, R, (f) => skuById.get(f.sku_id)!.price > 100).sales, 'sales above 100');
  });

  it('top brands: up to 100, shares of the scope, share change and growth; shops and products', async () => {
    const d = await data(admin, '/top', body([BEAUTY], { kind: 'brand', selector: 'yoy' }));
    const leaves = leavesOf([BEAUTY]);
    const now = groupBy(leaves, R, (f) => f.brand_id);
    const before = groupBy(leaves, YOY, (f) => f.brand_id);
    const total = sum(leaves, R).sales;
    const baseTotal = sum(leaves, YOY).sales;
    const expected = [...now.entries()]
      .sort((a, b) => b[1].sales - a[1].sales || Number(a[0]) - Number(b[0]))
      .slice(0, 100);
    expect(d.limit).toBe(100);
    expect(d.items.map((r: { id: number }) => r.id)).toEqual(expected.map(([id]) => id));
    for (const [i, [id, s]] of expected.slice(0, 5).entries()) {
      const row = d.items[i];
      const b = before.get(id)?.sales ?? 0;
      expect(row.rank).toBe(i + 1);
      close(row.sales, s.sales, `brand ${id} sales`);
      close(row.share, s.sales / total, `brand ${id} share`);
      close(row.share_change, s.sales / total - b / baseTotal, `brand ${id} share change`);
      close(row.growth.sales, growth(s.sales, b), `brand ${id} growth`);
      expect(row.name).toBeTruthy();
    }

    const byCount = await data(admin, '/top', body([BEAUTY], { kind: 'brand', sort_by: 'count' }));
    expect(byCount.items[0].count).toBe(Math.max(...[...now.values()].map((v) => v.count)));

    const shops = await data(admin, '/top', body([BEAUTY], { kind: 'shop' }));
    const shopSums = groupBy(leaves, R, (f) => f.shop_id);
    expect(shops.limit).toBe(50);
    expect(shops.items.length).toBe(Math.min(50, shopSums.size));
    close(shops.items[0].sales, Math.max(...[...shopSums.values()].map((v) => v.sales)), 'top shop');
    expect(shops.items[0].platform.code).toBeTruthy();
    expect(shops.items[0].channel.shop_type).toBeTruthy();

    const products = await data(admin, '/top', body([BEAUTY], { kind: 'product' }));
    const skuSums = groupBy(leaves, R, (f) => f.sku_id);
    const best = [...skuSums.entries()].sort((a, b) => b[1].sales - a[1].sales || Number(a[0]) - Number(b[0]))[0]!;
    const p = products.items[0];
    expect(p.id).toBe(best[0]);
    const sku = skuById.get(Number(best[0]))!;
    expect(p.name).toBe(sku.title_zh);
    close(p.price, sku.price, 'price');
    expect(p.brand.id).toBe(sku.brand_id);
    expect(p.shop.id).toBe(sku.shop_id);
    expect(p.image_id).toBe(sku.image_id);
    if (['tmall', 'jd', 'taobao'].includes(p.platform.code)) expect(p.link).toContain(String(sku.sku_id));
  });

  it('trends: every period with its chain growth, and the metric switch', async () => {
    const d = await data(admin, '/trends', body([FOOD], { metric: 'avg_price' }));
    const leaves = leavesOf([FOOD]);
    expect(d.points.map((p: { period: string }) => p.period)).toEqual(
      Array.from({ length: 6 }, (_, i) => addMonths(R.start, i)),
    );
    for (const p of d.points) {
      const now = sum(leaves, { start: p.period, end: p.period });
      const prev = addMonths(p.period, -1);
      const before = sum(leaves, { start: prev, end: prev });
      close(p.sales, now.sales, `${p.period} sales`);
      expect(p.count).toBe(now.count);
      close(p.value, now.sales / now.count, `${p.period} value`);
      close(p.growth.sales, growth(now.sales, before.sales), `${p.period} growth`);
      close(p.value_growth, growth(now.sales / now.count, before.sales / before.count), `${p.period} value growth`);
    }

    const list = await data(admin, '/trends_list', body([BEAUTY], { dimension: 'category' }));
    // Sub-categories of Beauty: its level-2 children, ranked by sales.
    const children = dim_category.filter((c) => c.parent_id === BEAUTY).map((c) => c.category_id);
    expect(list.series.map((s: { key: string }) => Number(s.key)).sort()).toEqual(children.sort());
    const first = list.series[0];
    const point = first.points.find((x: { period: string }) => x.period === R.start);
    close(point.sales, sum(leavesOf([Number(first.key)]), { start: R.start, end: R.start }).sales, 'trend list point');
    expect(list.periods).toHaveLength(6);
  });

  it('distributions: sub-categories, platforms, channels, attributes, price bands', async () => {
    const leaves = leavesOf([BEAUTY]);
    const total = sum(leaves, R);
    const cats = await data(admin, '/distributions', body([BEAUTY]));
    const byChild = groupBy(leaves, R, (f) => ownerAt(f.category_id, 2));
    expect(cats.rows).toHaveLength(byChild.size);
    for (const row of cats.rows) {
      const s = byChild.get(Number(row.key))!;
      close(row.sales, s.sales, `child ${row.key}`);
      close(row.share, s.sales / total.sales, `child ${row.key} share`);
    }
    expect(cats.rows[0].sales).toBeGreaterThanOrEqual(cats.rows.at(-1).sales);

    const platforms = await data(admin, '/distributions', body([BEAUTY], { dimension: 'platform', metric: 'count' }));
    const byPlatform = groupBy(leaves, R, (f) => f.platform_id);
    for (const row of platforms.rows) close(row.share, byPlatform.get(Number(row.key))!.sales / total.sales);
    expect(platforms.rows[0].value).toBe(Math.max(...[...byPlatform.values()].map((v) => v.count)));

    const channels = await data(admin, '/channels/overviews', body([BEAUTY]));
    const byChannel = groupBy(leaves, R, (f) => `${f.platform_id},${f.shop_type}`);
    for (const p of channels.platforms) {
      close(p.share, byPlatform.get(p.platform_id)!.sales / total.sales, `platform ${p.code}`);
      for (const c of p.channels) {
        const s = byChannel.get(`${p.platform_id},${c.shop_type}`)!.sales;
        close(c.sales, s, `channel ${p.code}/${c.shop_type}`);
        close(c.share_in_platform, s / byPlatform.get(p.platform_id)!.sales);
      }
    }

    // Attribute values: a product counts once per value.
    const attr = sku_attribute.find((a) => leaves.includes(skuById.get(a.sku_id)!.category_id))!.attr_name;
    const values = await data(admin, '/distributions/attribute_values', body([BEAUTY], { attribute: attr }));
    const skusOf = new Map<string, Set<number>>();
    for (const a of sku_attribute.filter((x) => x.attr_name === attr)) {
      skusOf.set(a.value_zh, (skusOf.get(a.value_zh) ?? new Set()).add(a.sku_id));
    }
    for (const row of values.rows.slice(0, 3)) {
      const s = sum(leaves, R, (f) => skusOf.get(row.key)!.has(f.sku_id));
      close(row.sales, s.sales, `value ${row.key}`);
      close(row.share, s.sales / total.sales, `value ${row.key} share`);
    }
    const attributes = await data(admin, '/distributions/attributes', body([BEAUTY]));
    const item = attributes.items.find((a: { name: string }) => a.name === attr);
    const covered = new Set(sku_attribute.filter((a) => a.attr_name === attr).map((a) => a.sku_id));
    close(item.sales, sum(leaves, R, (f) => covered.has(f.sku_id)).sales, 'covered sales');

    // The project's bands of Facial Care; a leaf inherits them.
    await t.ctx.metadata.bands.set(project, FACIAL, 'price', [
      [0, 100],
      [100, null],
    ]);
    const bands = await data(member, '/distributions/bands_values', body([facialLeaf]));
    expect(bands.source).toBe('project');
    expect(bands.category_id).toBe(FACIAL);
    const leafTotal = sum([facialLeaf], R).sales;
    const cheap = sum([facialLeaf], R, (f) => skuById.get(f.sku_id)!.price <= 100).sales;
    expect(bands.rows.map((r: { name: string }) => r.name)).toEqual(['0-100', '100+']);
    close(bands.rows[0].sales, cheap, 'band 0-100');
    close(bands.rows[0].share, cheap / leafTotal, 'band share');
    close(bands.rows[1].sales, leafTotal - cheap, 'band 100+');
    // Without project bands: proposed from price quintiles.
    const computed = await data(admin, '/distributions/bands_values', body([FOOD]));
    expect(computed.source).toBe('computed');
    close(
      computed.rows.reduce((s: number, r: { sales: number }) => s + r.sales, 0),
      sum(leavesOf([FOOD]), R).sales,
    );
  });

  it('category valuation: factors from the oracle, scores, custom weights', async () => {
    const d = await data(admin, '/categories/valuations', body(null));
    // No selection: the level-1 categories.
    expect(d.items.map((i: { category_id: number }) => i.category_id).sort()).toEqual([BEAUTY, FOOD]);
    expect(d.new_brand_since).toBe('2024-07-01');
    for (const item of d.items) {
      const leaves = leavesOf([item.category_id]);
      const now = groupBy(leaves, R, (f) => f.brand_id);
      const total = sum(leaves, R).sales;
      close(item.sales, total, 'valuation sales');
      close(item.growth, growth(total, sum(leaves, YOY).sales), 'valuation growth');
      const c = concentration([...now.values()].filter((v) => v.sales > 0).map((v) => v.sales / total));
      close(item.hhi, c.hhi, 'hhi');
      close(item.cr5, c.cr5, 'cr5');
      const old = groupBy(leaves, { start: '2017-01-01', end: '2024-06-01' }, (f) => f.brand_id);
      const fresh = [...now.entries()]
        .filter(([b, v]) => v.sales > 0 && !((old.get(b)?.sales ?? 0) > 0))
        .reduce((s, [, v]) => s + v.sales, 0);
      close(item.new_brand_share, fresh / total, 'new brand share');
      const w = d.weights;
      const weighted =
        (w.market_size * (item.scores.market_size ?? 0) +
          w.growth * (item.scores.growth ?? 0) +
          w.concentration * (item.scores.concentration ?? 0) +
          w.avg_price * (item.scores.avg_price ?? 0) +
          w.new_brand * (item.scores.new_brand ?? 0)) /
        (w.market_size + w.growth + w.concentration + w.avg_price + w.new_brand);
      close(item.score, weighted, 'score');
    }
    // Two categories: min–max gives 0 and 100; the bigger market scores 100 on size.
    const bigger = d.items.reduce((a: { sales: number }, b: { sales: number }) => (a.sales > b.sales ? a : b));
    expect(bigger.scores.market_size).toBe(100);

    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/common/categories/valuations/settings?data_scope_id=${project}`,
      headers: bearer(member),
    });
    expect(settings.json().data.factors.map((f: { key: string }) => f.key)).toEqual([
      'market_size',
      'growth',
      'concentration',
      'avg_price',
      'new_brand',
    ]);

    const custom = await data(admin, '/categories/valuations/custom', body(null, { weights: { market_size: 1 } }));
    expect(custom.items[0].category_id).toBe(bigger.category_id);
    expect(custom.items[0].score).toBe(100);

    const negative = await post(
      admin,
      '/categories/valuations/custom',
      body(null, { weights: { growth: -1 } }),
      'en_us',
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toBe('Do not input negative numbers');
    const zero = await post(admin, '/categories/valuations/custom', body(null, { weights: { growth: 0 } }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toBe('至少有一个权重需要大于 0');
  });

  it('validation: a bad metric or bad dates are a 400 in the request language', async () => {
    const bad = await post(admin, '/trends', body([BEAUTY], { metric: 'profit' }), 'en_us');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^invalid argument/);
    const badZh = await post(admin, '/trends', body([BEAUTY], { metric: 'profit' }));
    expect(badZh.json().msg).toMatch(/^参数无效/);
    const dates = await post(admin, '/summary', { ...body([BEAUTY]), date: ['2025-06-01', '2025-01-01'] }, 'en_us');
    expect(dates.statusCode).toBe(400);
    expect(dates.json().msg).toBe('The start date cannot be later than the end date.');
    const datesZh = await post(admin, '/summary', { ...body([BEAUTY]), date: ['2025-06-01', '2025-01-01'] });
    expect(datesZh.statusCode).toBe(400);
    expect(datesZh.json().msg).not.toBe(dates.json().msg);
    const attr = await post(admin, '/distributions/attribute_values', body([BEAUTY], { attribute: 'nope' }), 'en_us');
    expect(attr.statusCode).toBe(400);
    expect(attr.json().msg).toBe('Unknown attribute "nope".');
    const extra = await post(admin, '/top', body([BEAUTY], { kind: 'category' }));
    expect(extra.statusCode).toBe(400);
  });

  it('a member granted one category gets nothing from another, on every endpoint', async () => {
    const other = body([FOOD]);
    const empty = (d: { total?: { sales: number } }) => expect(d.total?.sales ?? 0).toBe(0);
    const summary = await data(member, '/summary', other);
    expect(summary.sales).toBe(0);
    expect(summary.count).toBe(0);
    expect((await data(member, '/trends', other)).points).toEqual([]);
    expect((await data(member, '/trends_list', other)).series).toEqual([]);
    for (const dimension of ['category', 'platform', 'channel']) {
      const d = await data(member, '/distributions', { ...other, dimension });
      expect(d.rows).toEqual([]);
      empty(d);
    }
    const attrs = await data(member, '/distributions/attributes', other);
    expect(attrs.items.every((a: { sales: number; values: unknown[] }) => a.sales === 0 && a.values.length === 0)).toBe(
      true,
    );
    const attr = sku_attribute[0]!.attr_name;
    expect((await data(member, '/distributions/attribute_values', { ...other, attribute: attr })).rows).toEqual([]);
    const bands = await data(member, '/distributions/bands_values', other);
    expect(bands.rows.every((r: { sales: number }) => r.sales === 0)).toBe(true);
    expect((await data(member, '/channels/overviews', other)).platforms).toEqual([]);
    for (const kind of ['brand', 'shop', 'product']) {
      expect((await data(member, '/top', { ...other, kind })).items).toEqual([]);
    }
    expect((await data(member, '/categories/valuations', other)).items).toEqual([]);
    expect((await data(member, '/categories/valuations/custom', { ...other, weights: { growth: 1 } })).items).toEqual(
      [],
    );
    // Downloads: nothing to download (not the other category's rows).
    for (const url of ['/top/downloads', '/categories/valuations/downloads']) {
      const res = await post(member, url, other, 'en_us');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe('There is no data to download for this filter.');
    }
    // Someone outside the project is refused (403), downloads and settings included.
    for (const url of ['/summary', '/top', '/top/downloads', '/categories/valuations']) {
      expect((await post(stranger, url, body([FACIAL]))).statusCode, url).toBe(403);
    }
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/common/categories/valuations/settings?data_scope_id=${project}`,
      headers: bearer(stranger),
    });
    expect(settings.statusCode).toBe(403);
    // The member's own category answers.
    const own = await data(member, '/summary', body([FACIAL]));
    close(own.sales, sum(leavesOf([FACIAL]), R).sales, 'own sales');
    // Without a selection the member sees the granted branch only.
    const all = await data(member, '/distributions', body(null));
    expect(all.rows.map((r: { key: string }) => Number(r.key))).toEqual([BEAUTY]);
    close(all.rows[0].sales, sum(leavesOf([FACIAL]), R).sales, 'granted branch');
  });

  it('downloads: a real .xlsx whose first row has the numbers of /top', async () => {
    const payload = body([BEAUTY], { kind: 'brand', selector: 'yoy' });
    const screen = await data(admin, '/top', payload);
    const res = await post(admin, '/top/downloads', payload, 'en_us');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Top brands');
    let header = 0;
    ws.eachRow((row, n) => {
      if (row.getCell(1).value === 'Rank') header = n;
    });
    expect(header).toBeGreaterThan(0);
    const cells = ws.getRow(header).values as unknown[];
    const first = ws.getRow(header + 1);
    const col = (name: string) => cells.indexOf(name);
    const top = screen.items[0];
    expect(first.getCell(col('Rank')).value).toBe(1);
    expect(first.getCell(col('Brand')).value).toBe(top.name_en);
    expect(first.getCell(col('Sales')).value).toBe(top.sales);
    expect(first.getCell(col('Share')).value).toBe(top.share);
    expect(first.getCell(col('Sales growth')).value).toBe(top.growth.sales);
    let rows = 0;
    ws.eachRow((_, n) => {
      if (n > header) rows++;
    });
    expect(rows).toBe(screen.items.length);

    const zh = await post(admin, '/categories/valuations/downloads', body(null));
    expect(zh.statusCode, zh.body).toBe(200);
    const vb = new ExcelJS.Workbook();
    await vb.xlsx.load(zh.rawPayload as never);
    expect(vb.worksheets[0]!.name).toBe('品类估值');
  });
});
