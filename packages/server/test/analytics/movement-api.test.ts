import type { FactRow } from '@marketlens/datagen';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { catById, editionWindow, facts, leavesOf, monthOf, skuById } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * "What moved it" (POST /movement, docs/metrics.md) on both warehouses. Every term is recomputed
 * here in plain TypeScript from the generator's rows, in whole cents, from the definitions of
 * docs/metrics.md — never from the engine's answers — and compared to the cent.
 */

type Range = readonly [string, string];
const R: Range = ['2026-01-01', '2026-06-01'];
const MOM: Range = ['2025-07-01', '2025-12-01'];
const YOY: Range = ['2025-01-01', '2025-06-01'];
const CUSTOM: Range = ['2025-03-01', '2025-08-01'];
const BEAUTY = 1;
const FOOD = 4;
const GRANTED = 101;
const TOP = 10;
type Basis = 'sales' | 'sales_discount';

const inR = (f: FactRow, r: Range) => f.period >= r[0] && f.period <= r[1];
const money = (x: number) => Math.round(x * 100);

/** n / d to the nearest integer, halves away from zero (d > 0), on exact integers. */
function nearest(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const m = neg ? -n : n;
  const q = (2n * m + d) / (2n * d);
  return neg ? -q : q;
}

interface Sku {
  id: number;
  leaf: number;
  s0: bigint;
  s1: bigint;
  q0: bigint;
  q1: bigint;
}
interface Expected extends Sku {
  life: 'launches' | 'continuing' | 'discontinued';
  change: bigint;
  volume: bigint;
  price: bigint;
  mix: bigint;
  residual: bigint;
}

/** The oracle: each SKU's terms over the rows of the selection, by docs/metrics.md. */
function oracle(rows: readonly FactRow[], base: Range, basis: Basis) {
  const skus = new Map<number, Sku>();
  for (const f of rows) {
    const now = inR(f, R);
    if (!now && !inR(f, base)) continue;
    const s = skus.get(f.sku_id) ?? { id: f.sku_id, leaf: f.category_id, s0: 0n, s1: 0n, q0: 0n, q1: 0n };
    const c = BigInt(money(f[basis]));
    if (now) {
      s.s1 += c;
      s.q1 += BigInt(f.count);
    } else {
      s.s0 += c;
      s.q0 += BigInt(f.count);
    }
    skus.set(f.sku_id, s);
  }
  let S0 = 0n;
  let Q0 = 0n;
  for (const s of skus.values()) {
    S0 += s.s0;
    Q0 += s.q0;
  }
  const out: Expected[] = [];
  for (const s of skus.values()) {
    const change = s.s1 - s.s0;
    const life = s.q0 > 0n && s.q1 > 0n ? 'continuing' : s.q0 > 0n ? 'discontinued' : 'launches';
    let volume = 0n;
    let price = 0n;
    let mix = change;
    if (Q0 > 0n) {
      // volume = Δunits × S0/Q0; price = q0 (s1/q1 − s0/q0); mix = Δunits (s0/q0 − S0/Q0), or for a
      // launch s1 − q1 S0/Q0 and for a discontinued SKU q0 S0/Q0 − s0.
      volume = nearest((s.q1 - s.q0) * S0, Q0);
      if (life === 'continuing') {
        price = nearest(s.q0 * s.s1 - s.q1 * s.s0, s.q1);
        mix = nearest((s.q1 - s.q0) * (s.s0 * Q0 - S0 * s.q0), s.q0 * Q0);
      } else if (life === 'launches') mix = nearest(s.s1 * Q0 - s.q1 * S0, Q0);
      else mix = nearest(s.q0 * S0 - s.s0 * Q0, Q0);
    }
    out.push({ ...s, life, change, volume, price, mix, residual: change - volume - price - mix });
  }
  return out;
}

const sumOf = (xs: readonly Expected[], k: 'change' | 'volume' | 'price' | 'mix' | 'residual' | 's0' | 's1') =>
  xs.reduce((t, x) => t + x[k], 0n);
const cents = (x: number) => BigInt(Math.round(x * 100));
const abs = (x: bigint) => (x < 0n ? -x : x);
function topIds(xs: readonly Expected[], v: (x: Expected) => bigint): number[] {
  return xs
    .filter((x) => v(x) !== 0n)
    .sort((a, b) => {
      const d = abs(v(b)) - abs(v(a));
      return d > 0n ? 1 : d < 0n ? -1 : a.id - b.id;
    })
    .slice(0, TOP)
    .map((x) => x.id);
}
function ancestor(leaf: number, level: number): number {
  let c = catById.get(leaf)!;
  while (c.level > level) c = catById.get(c.parent_id!)!;
  return c.category_id;
}

interface Answer {
  base: { start: string; end: string };
  price_basis: string;
  total: Record<string, number>;
  sku_counts: Record<string, number>;
  top: Record<
    string,
    {
      sku_id: number;
      name: string;
      name_en: string;
      shop: { key: string; name: string; name_en: string };
      platform: { id: number; name: string; name_en: string };
      change: number;
      volume: number;
      price: number;
      mix: number;
      residual: number;
      base_sales: number;
      sales: number;
      lifecycle: string;
    }[]
  >;
  category_level: number;
  cohorts: null | {
    recent_since: string;
    recent_sales: number;
    recent_share: number | null;
    by_year: { year: number; sales: number; share: number | null }[];
  };
  categories: ({ category_id: number } & Record<string, number>)[];
  share: null | {
    share: number | null;
    base_share: number | null;
    change: number | null;
    market_sales: number;
    market_base_sales: number;
    by_category: { key: string; contribution: number; within: number; weight: number; sales: number }[];
    by_platform: { key: string; contribution: number; within: number; weight: number; sales: number }[];
  };
}

/** The listed SKUs carry their own title, shop and platform (the generator's dim_sku). */
function checkSkuDetails(d: Answer, what: string) {
  for (const list of Object.values(d.top))
    for (const s of list) {
      const sku = skuById.get(s.sku_id)!;
      expect(s.name, `${what} sku ${s.sku_id} title`).toBe(sku.title_zh);
      expect(s.name_en, `${what} sku ${s.sku_id} title`).toBe(sku.title_en);
      expect(s.shop.key, `${what} sku ${s.sku_id} shop`).toBe(`${sku.platform_id},${sku.shop_id}`);
      expect(s.platform.id, `${what} sku ${s.sku_id} platform`).toBe(sku.platform_id);
      expect(s.shop.name && s.shop.name_en && s.platform.name && s.platform.name_en, what).toBeTruthy();
    }
}

/** Every term of an answer against the oracle over `rows`, to the cent. */
function checkTerms(d: Answer, rows: readonly FactRow[], base: Range, basis: Basis, what: string) {
  const exp = oracle(rows, base, basis);
  expect(d.base, what).toEqual({ start: base[0], end: base[1] });
  expect(d.price_basis, what).toBe(basis === 'sales' ? 'list' : 'discount');
  const t = d.total;
  const total = sumOf(exp, 'change');
  expect(cents(t.base_sales!), `${what} base sales`).toBe(sumOf(exp, 's0'));
  expect(cents(t.sales!), `${what} sales`).toBe(sumOf(exp, 's1'));
  expect(cents(t.change!), `${what} change`).toBe(total);
  for (const k of ['volume', 'price', 'mix', 'residual'] as const)
    expect(cents(t[k]!), `${what} ${k}`).toBe(sumOf(exp, k));
  // The identities, to the cent, on the answer's own figures.
  expect(cents(t.volume!) + cents(t.price!) + cents(t.mix!) + cents(t.residual!), `${what} vpm identity`).toBe(
    cents(t.change!),
  );
  expect(cents(t.launches!) + cents(t.continuing!) + cents(t.discontinued!), `${what} lifecycle identity`).toBe(
    cents(t.change!),
  );
  for (const life of ['launches', 'continuing', 'discontinued'] as const) {
    const of = exp.filter((x) => x.life === life);
    expect(cents(t[life]!), `${what} ${life}`).toBe(sumOf(of, 'change'));
    expect(d.sku_counts[life], `${what} ${life} count`).toBe(of.length);
    expect(
      d.top[life]!.map((s) => s.sku_id),
      `${what} top ${life}`,
    ).toEqual(topIds(of, (x) => x.change));
  }
  const byId = new Map(exp.map((x) => [x.id, x]));
  for (const k of ['volume', 'price', 'mix', 'residual'] as const) {
    expect(
      d.top[k]!.map((s) => s.sku_id),
      `${what} top ${k}`,
    ).toEqual(topIds(exp, (x) => x[k]));
    for (const s of d.top[k]!) {
      const e = byId.get(s.sku_id)!;
      expect(cents(s[k]), `${what} sku ${s.sku_id} ${k}`).toBe(e[k]);
      expect(cents(s.change), `${what} sku ${s.sku_id} change`).toBe(e.change);
    }
  }
  // Categories at the answer's level: the SKUs' terms summed, the largest changes first.
  const cats = new Map<number, Expected[]>();
  for (const x of exp) {
    const c = ancestor(x.leaf, d.category_level);
    cats.set(c, [...(cats.get(c) ?? []), x]);
  }
  const catIds = [...cats.entries()]
    .sort(([ka, a], [kb, b]) => {
      const dd = abs(sumOf(b, 'change')) - abs(sumOf(a, 'change'));
      return dd > 0n ? 1 : dd < 0n ? -1 : ka - kb;
    })
    .slice(0, TOP)
    .map(([k]) => k);
  expect(
    d.categories.map((c) => c.category_id),
    `${what} categories`,
  ).toEqual(catIds);
  for (const c of d.categories)
    for (const k of ['change', 'volume', 'price', 'mix', 'residual'] as const)
      expect(cents(c[k]!), `${what} category ${c.category_id} ${k}`).toBe(sumOf(cats.get(c.category_id)!, k));
  checkSkuDetails(d, what);
  return exp;
}

/** The share split of `focus` in `market` by a key, from the definitions of docs/metrics.md. */
function checkShare(
  got: NonNullable<Answer['share']>['by_category'],
  market: readonly FactRow[],
  focus: (f: FactRow) => boolean,
  key: (f: FactRow) => string,
  base: Range,
  basis: Basis,
  what: string,
) {
  const cells = new Map<string, { m0: number; m1: number; f0: number; f1: number }>();
  const T = { m0: 0, m1: 0, f0: 0, f1: 0 };
  for (const f of market) {
    const now = inR(f, R);
    if (!now && !inR(f, base)) continue;
    const c = cells.get(key(f)) ?? { m0: 0, m1: 0, f0: 0, f1: 0 };
    const v = money(f[basis]);
    const [m, fo] = now ? (['m1', 'f1'] as const) : (['m0', 'f0'] as const);
    c[m] += v;
    T[m] += v;
    if (focus(f)) {
      c[fo] += v;
      T[fo] += v;
    }
    cells.set(key(f), c);
  }
  expect(got.map((g) => g.key).sort(), `${what} keys`).toEqual([...cells.keys()].sort());
  let sum = 0;
  for (const g of got) {
    const c = cells.get(g.key)!;
    const contribution = c.f1 / T.m1 - c.f0 / T.m0;
    const w0 = c.m0 / T.m0;
    const w1 = c.m1 / T.m1;
    let s0 = c.m0 === 0 ? null : c.f0 / c.m0;
    let s1 = c.m1 === 0 ? null : c.f1 / c.m1;
    s0 ??= s1 ?? 0;
    s1 ??= s0;
    near(g.contribution, contribution, `${what} ${g.key} contribution`);
    near(g.within, ((w0 + w1) / 2) * (s1 - s0), `${what} ${g.key} within`);
    near(g.weight, ((s0 + s1) / 2) * (w1 - w0), `${what} ${g.key} weight`);
    expect(cents(g.sales), `${what} ${g.key} sales`).toBe(BigInt(c.f1));
    sum += g.contribution;
  }
  return { sum, share: T.f1 / T.m1, base: T.f0 / T.m0 };
}
const near = (a: number | null, b: number, what: string) =>
  expect(Math.abs((a ?? Number.NaN) - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-12);

const beautyLeaves = leavesOf([BEAUTY]);
const grantedLeaves = leavesOf([GRANTED]);
const beauty = facts.filter((f) => beautyLeaves.has(f.category_id));
/** The brand and the shop with the most Beauty sales in the range: real parts of the market. */
const leader = <K extends 'brand_id' | 'shop'>(key: (f: FactRow) => number | string) => {
  const m = new Map<number | string, number>();
  for (const f of beauty) if (inR(f, R)) m.set(key(f), (m.get(key(f)) ?? 0) + f.sales);
  return [...m.entries()].sort((a, b) => b[1] - a[1])[0]![0] as K extends 'brand_id' ? number : string;
};
const BRAND = leader<'brand_id'>((f) => f.brand_id);
const SHOP = leader<'shop'>((f) => `${f.platform_id},${f.shop_id}`);
const ofShop = (f: FactRow) => `${f.platform_id},${f.shop_id}` === SHOP;

describeOnEach(await warehouseTargets(), 'what moved it API', (target) => {
  let t: TestApp;
  let project: number;
  let list: string;
  let discount: string;
  let limited: string;
  let brandProject: number;
  let oneBrand: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const root = await makeUser(t.ctx, 'mv_root', { role: 'root' });
    const users = await Promise.all(
      ['mv_list', 'mv_discount', 'mv_limited'].map((u) => makeUser(t.ctx, u, { role: 'general' })),
    );
    project = (
      await metadata.projects.create({
        name: 'movement',
        dataset: 'cn_monthly',
        ownerId: root.id,
        pages: [4, 5, 8, 9],
        discountPrice: true,
      })
    ).id;
    await metadata.projectCategories.add(project, [BEAUTY, FOOD, GRANTED], 'ready');
    const pages = [4, 5, 9];
    await metadata.members.add({ projectId: project, userId: users[0]!.id, role: 'general', pages });
    await metadata.members.add({
      projectId: project,
      userId: users[1]!.id,
      role: 'general',
      pages,
      discountPriceOn: true,
    });
    await metadata.members.add({ projectId: project, userId: users[2]!.id, role: 'general', pages });
    await metadata.grants.replace(project, users[0]!.id, 'category', [String(BEAUTY), String(FOOD)]);
    await metadata.grants.replace(project, users[1]!.id, 'category', [String(BEAUTY), String(FOOD)]);
    await metadata.grants.replace(project, users[2]!.id, 'category', [String(GRANTED)]);
    list = (await login(t.app, 'mv_list')).access_token;
    discount = (await login(t.app, 'mv_discount')).access_token;
    limited = (await login(t.app, 'mv_limited')).access_token;
    // A project that limits brands: its member is granted Beauty and one brand.
    const b = await makeUser(t.ctx, 'mv_brand', { role: 'general' });
    brandProject = (
      await metadata.projects.create({
        name: 'movement-brands',
        dataset: 'cn_monthly',
        ownerId: root.id,
        pages: [4, 5],
        limitBrands: true,
      })
    ).id;
    await metadata.projectCategories.add(brandProject, [BEAUTY], 'ready');
    await metadata.members.add({ projectId: brandProject, userId: b.id, role: 'general', pages: [4, 5] });
    await metadata.grants.replaceMany(brandProject, b.id, { category: [String(BEAUTY)], brand: [String(BRAND)] });
    oneBrand = (await login(t.app, 'mv_brand')).access_token;
  });
  afterAll(() => t.close());

  const body = (selector: 'mom' | 'yoy' | 'custom', extra: object = {}) => ({
    data_scope_id: project,
    category: { enable: true, value: [BEAUTY] },
    date: [...R],
    selector,
    ...(selector === 'custom' ? { dateBefore: [...CUSTOM] } : {}),
    ...extra,
  });
  const movement = async (token: string, payload: object): Promise<Answer> => {
    const res = await postAs(t.app, token, '/movement', payload);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    return res.json().data;
  };

  const cases = [
    ['mom', MOM],
    ['yoy', YOY],
  ] as const;
  const bases = [
    ['list', 'sales'],
    ['discount', 'sales_discount'],
  ] as const;

  it('a category: volume, price, mix, residual and launches, continuing, discontinued to the cent', async () => {
    let launches = 0;
    let discontinued = 0;
    for (const [sel, base] of cases)
      for (const [who, basis] of bases) {
        const d = await movement(who === 'list' ? list : discount, body(sel));
        const exp = checkTerms(d, beauty, base, basis, `beauty ${sel} ${who}`);
        expect(d.category_level).toBe(2);
        expect(d.share).toBeNull();
        launches += exp.filter((x) => x.life === 'launches').length;
        discontinued += exp.filter((x) => x.life === 'discontinued').length;
        // The split is not all one term: the data moves in volume and in price.
        expect(exp.some((x) => x.price !== 0n) && exp.some((x) => x.volume !== 0n)).toBe(true);
      }
    // The cases exercise the life cycle: SKUs new in the range, and SKUs gone from it.
    expect(launches).toBeGreaterThan(0);
    expect(discontinued).toBeGreaterThan(0);
    const custom = await movement(list, body('custom', { category_level: 3, cohorts: true }));
    checkTerms(custom, beauty, CUSTOM, 'sales', 'beauty custom');
    expect(custom.category_level).toBe(3);
    // Launch cohorts: the range's sales by the year of each SKU's first sale (dim_sku.first_period).
    const firstYear = Number(facts.reduce((m, f) => (f.period < m ? f.period : m), R[0]).slice(0, 4));
    const byYear = new Map<number, bigint>();
    let recent = 0n;
    let all = 0n;
    for (const f of beauty) {
      if (!inR(f, R)) continue;
      const fp = skuById.get(f.sku_id)!.first_period;
      const year = Math.max(firstYear, Number(fp.slice(0, 4)));
      const c = BigInt(money(f.sales));
      byYear.set(year, (byYear.get(year) ?? 0n) + c);
      all += c;
      if (fp >= '2025-07-01' && fp <= R[1]) recent += c;
    }
    const co = custom.cohorts!;
    expect(co.recent_since).toBe('2025-07-01');
    expect(cents(co.recent_sales)).toBe(recent);
    near(co.recent_share, Number(recent) / Number(all), 'recent share');
    expect(co.by_year.map((y) => y.year)).toEqual(
      Array.from({ length: 2026 - firstYear + 1 }, (_, i) => firstYear + i),
    );
    for (const y of co.by_year) expect(cents(y.sales), `cohort ${y.year}`).toBe(byYear.get(y.year) ?? 0n);
    expect(co.by_year.reduce((t, y) => t + cents(y.sales), 0n)).toBe(cents(custom.total.sales!));
    // Some of the range's sales come from SKUs launched within it, some from older ones.
    expect(recent > 0n && recent < all).toBe(true);
    expect((await movement(list, body('mom'))).cohorts).toBeNull();
  });

  it('a brand: its terms, and its share change by category and by platform', async () => {
    const mine = beauty.filter((f) => f.brand_id === BRAND);
    for (const [sel, base] of cases)
      for (const [who, basis] of bases) {
        const what = `brand ${sel} ${who}`;
        const d = await movement(who === 'list' ? list : discount, body(sel, { brand_id: BRAND }));
        checkTerms(d, mine, base, basis, what);
        const s = d.share!;
        const byCat = checkShare(
          s.by_category,
          beauty,
          (f) => f.brand_id === BRAND,
          (f) => String(ancestor(f.category_id, 2)),
          base,
          basis,
          `${what} by category`,
        );
        const byPlatform = checkShare(
          s.by_platform,
          beauty,
          (f) => f.brand_id === BRAND,
          (f) => String(f.platform_id),
          base,
          basis,
          `${what} by platform`,
        );
        near(s.share, byCat.share, `${what} share`);
        near(s.base_share, byCat.base, `${what} base share`);
        near(s.change, byCat.share - byCat.base, `${what} share change`);
        // Both lists add up to the share change.
        near(byCat.sum, s.change!, `${what} category sum`);
        near(byPlatform.sum, s.change!, `${what} platform sum`);
        for (const g of [...s.by_category, ...s.by_platform]) near(g.within + g.weight, g.contribution, what);
      }
  });

  it('a shop: its terms, and its share change in the market without its shop parts', async () => {
    const mine = beauty.filter(ofShop);
    for (const [sel, base] of cases)
      for (const [who, basis] of bases) {
        const what = `shop ${sel} ${who}`;
        const d = await movement(who === 'list' ? list : discount, body(sel, { shop: SHOP }));
        checkTerms(d, mine, base, basis, what);
        const s = d.share!;
        const byCat = checkShare(
          s.by_category,
          beauty,
          ofShop,
          (f) => String(ancestor(f.category_id, 2)),
          base,
          basis,
          what,
        );
        near(s.change, byCat.share - byCat.base, `${what} share change`);
        near(byCat.sum, s.change!, `${what} category sum`);
        const byPlatform = checkShare(s.by_platform, beauty, ofShop, (f) => String(f.platform_id), base, basis, what);
        near(byPlatform.sum, s.change!, `${what} platform sum`);
      }
  });

  it('a member granted one category gets only its data in every term and list', async () => {
    const granted = beauty.filter((f) => grantedLeaves.has(f.category_id));
    // The grant takes a real part away: Beauty has sales outside the granted category.
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.length).toBeLessThan(beauty.length);
    for (const [sel, base] of cases) {
      const whole = await movement(limited, body(sel));
      checkTerms(whole, granted, base, 'sales', `granted category ${sel}`);
      const grantedSkus = new Set(granted.map((f) => f.sku_id));
      for (const list of Object.values(whole.top)) for (const s of list) expect(grantedSkus.has(s.sku_id)).toBe(true);
      expect(whole.categories.map((c) => c.category_id)).toEqual([GRANTED]);
      const d = await movement(limited, body(sel, { brand_id: BRAND }));
      const mine = granted.filter((f) => f.brand_id === BRAND);
      checkTerms(d, mine, base, 'sales', `granted ${sel}`);
      const skus = new Set(mine.map((f) => f.sku_id));
      for (const list of Object.values(d.top)) for (const s of list) expect(skus.has(s.sku_id)).toBe(true);
      expect(d.categories.every((c) => c.category_id === GRANTED)).toBe(true);
      expect(d.share!.by_category.map((c) => c.key)).toEqual([String(GRANTED)]);
      checkShare(
        d.share!.by_platform,
        granted,
        (f) => f.brand_id === BRAND,
        (f) => String(f.platform_id),
        base,
        'sales',
        `granted ${sel} platforms`,
      );
      const marketNow = granted.filter((f) => inR(f, R)).reduce((s, f) => s + BigInt(money(f.sales)), 0n);
      expect(cents(d.share!.market_sales), `granted ${sel} market`).toBe(marketNow);
    }
  });

  it('a member granted one brand gets only that brand, and no other brand share', async () => {
    const d = await movement(oneBrand, { ...body('yoy'), data_scope_id: brandProject });
    const mine = beauty.filter((f) => f.brand_id === BRAND);
    expect(mine.length).toBeLessThan(beauty.length);
    checkTerms(d, mine, YOY, 'sales', 'one brand');
    const other = beauty.find((f) => f.brand_id !== BRAND)!.brand_id;
    const res = await postAs(t.app, oneBrand, '/movement', {
      ...body('yoy', { brand_id: other }),
      data_scope_id: brandProject,
    });
    expect(res.statusCode).toBe(403);
  });

  it('a brand and a shop at once is refused, in both languages', async () => {
    for (const [locale, text] of [
      ['en_us', 'Ask for the share of a brand or of a shop, not both.'],
      ['zh_cn', '请只选择一个品牌或一个店铺来分析份额变化，不能同时选择两者'],
    ] as const) {
      const res = await postAs(t.app, list, '/movement', body('mom', { brand_id: BRAND, shop: SHOP }), locale);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(text);
    }
  });
  it('a concept (title keywords in the filter): the terms of the products whose titles hold the words', async () => {
    // A concept word matches a product whose Chinese or English title contains it, ignoring case
    // (docs/pages/explore.md); computed here from the generator's titles.
    const has = (word: string) => (f: FactRow) => {
      const s = skuById.get(f.sku_id)!;
      return `${s.title_zh}\n${s.title_en}`.toLowerCase().includes(word.toLowerCase());
    };
    const food = facts.filter((f) => leavesOf([FOOD]).has(f.category_id));
    for (const [word, categories, market] of [
      ['Retinol', [BEAUTY], beauty],
      ['coffee', [], [...beauty, ...food]],
    ] as const) {
      const rows = market.filter(has(word));
      // The words select a real part of the market, with SKUs in both ranges.
      expect(rows.length, word).toBeGreaterThan(0);
      expect(rows.length, word).toBeLessThan(market.length);
      for (const [sel, base] of cases) {
        const what = `concept ${word} ${sel}`;
        const payload = {
          ...body(sel, { goodsKeywords: { enable: true, input_type: 'keyword', value: [word] } }),
          ...(categories.length ? {} : { category: undefined }),
        };
        const d = await movement(list, payload);
        const exp = checkTerms(d, rows, base, 'sales', what);
        expect(exp.length, what).toBeGreaterThan(0);
        const words = new Set(rows.map((f) => f.sku_id));
        for (const l of Object.values(d.top)) for (const x of l) expect(words.has(x.sku_id), what).toBe(true);
      }
    }
  });

  /** A sheet's table: the rows under its header row (the row whose first cell is `first`), as arrays. */
  const tableOf = (ws: ExcelJS.Worksheet, first: string) => {
    const rows = ws.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1)] : []));
    const at = rows.findIndex((r) => r[0] === first);
    expect(at, `${ws.name} header "${first}"`).toBeGreaterThan(0);
    return { header: rows[at]!, rows: rows.slice(at + 1) };
  };
  const download = async (token: string, payload: object, locale: 'en_us' | 'zh_cn') => {
    const res = await postAs(t.app, token, '/movement/downloads', payload, locale);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return { wb, disposition: String(res.headers['content-disposition']) };
  };

  it('the download has the panel figures: bridge, life cycle, share split, top SKUs, cohorts, notes', async () => {
    const payload = body('yoy', { brand_id: BRAND, cohorts: true });
    const d = await movement(list, payload);
    const { wb, disposition } = await download(list, payload, 'en_us');
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Volume, price, mix',
      'Launches, continuing',
      'Categories',
      'Share by category',
      'Share by platform',
      'Top SKUs',
      'Launch cohorts',
      'How computed',
    ]);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toContain('What moved it');
    // The header block names the filter and the base range.
    const head = wb.worksheets[0]!.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1)] : []));
    expect(head).toContainEqual(['Base range', '2025-01 ~ 2025-06']);
    expect(head).toContainEqual(['Price basis', 'List price']);
    expect(head.some((r) => r[0] === 'Categories')).toBe(true);
    // The bridge: base, the four terms, current, change — the answer's own cents.
    const money = (v: unknown) => cents(Number(v));
    const bridge = tableOf(wb.worksheets[0]!, 'Term').rows;
    expect(bridge.map((r) => r[0])).toEqual([
      'Base sales',
      'Volume',
      'Price',
      'Mix',
      'Residual',
      'Current sales',
      'Change',
    ]);
    expect(bridge.map((r) => money(r[1]))).toEqual(
      [
        d.total.base_sales,
        d.total.volume,
        d.total.price,
        d.total.mix,
        d.total.residual,
        d.total.sales,
        d.total.change,
      ].map((x) => cents(x!)),
    );
    // And they add up in the sheet too.
    expect(money(bridge[1]![1]) + money(bridge[2]![1]) + money(bridge[3]![1]) + money(bridge[4]![1])).toBe(
      money(bridge[6]![1]),
    );
    const life = tableOf(wb.worksheets[1]!, 'Term').rows;
    expect(life.slice(1, 4).map((r) => [money(r[1]), r[3]])).toEqual(
      (['launches', 'continuing', 'discontinued'] as const).map((k) => [cents(d.total[k]!), d.sku_counts[k]]),
    );
    // The share split: every category and platform with its contribution in points.
    const s = d.share!;
    for (const [ws, parts] of [
      [wb.worksheets[3]!, s.by_category],
      [wb.worksheets[4]!, s.by_platform],
    ] as const) {
      const rows = tableOf(ws, ws === wb.worksheets[3] ? 'Category' : 'Platform').rows;
      expect(rows).toHaveLength(parts.length);
      parts.forEach((p, i) => {
        near(Number(rows[i]![5]) / 100, p.contribution, `${ws.name} ${p.key}`);
        expect(money(rows[i]![4])).toBe(cents(p.sales));
      });
    }
    // Every top list, in order, with shop and platform beside the title.
    const skus = tableOf(wb.worksheets[5]!, 'Listed under').rows;
    const lists = ['volume', 'price', 'mix', 'residual', 'launches', 'continuing', 'discontinued'] as const;
    const expected = lists.flatMap((l) => d.top[l]!.map((x, i) => ({ l, i, x })));
    expect(skus).toHaveLength(expected.length);
    expected.forEach(({ l, i, x }, n) => {
      const r = skus[n]!;
      expect(r[1], `${l} rank`).toBe(i + 1);
      expect([r[2], r[3], r[4], r[5]]).toEqual([x.name_en, x.shop.name_en, x.platform.name_en, String(x.sku_id)]);
      const term = l === 'launches' || l === 'continuing' || l === 'discontinued' ? x.change : x[l];
      expect(money(r[7]), `${l} ${x.sku_id}`).toBe(cents(term));
      expect(money(r[8])).toBe(cents(x.change));
    });
    // Cohorts: the recent window and each year, as the answer.
    const co = tableOf(wb.worksheets[6]!, 'Cohort').rows;
    expect(co[0]![0]).toBe('Launched since 2025-07');
    expect(co.map((r) => money(r[1]))).toEqual(
      [d.cohorts!.recent_sales, ...d.cohorts!.by_year.map((y) => y.sales)].map(cents),
    );
    // How computed: the on-screen definitions, word for word.
    const notes = tableOf(wb.worksheets[7]!, 'Figure').rows.map((r) => r[0]);
    expect(notes).toEqual(
      expect.arrayContaining(['Volume effect', 'Price effect', 'Mix effect', 'Share change by part', 'Launch cohorts']),
    );

    // Chinese: the same figures under Chinese names.
    const zh = await download(list, payload, 'zh_cn');
    expect(zh.wb.worksheets.map((w) => w.name)[0]).toBe('销量、价格、结构');
    const zhBridge = tableOf(zh.wb.worksheets[0]!, '拆解项').rows;
    expect(zhBridge.map((r) => r[0])).toEqual(['基期销售额', '销量', '价格', '结构', '交互项', '本期销售额', '变化']);
    expect(zhBridge.map((r) => money(r[1]))).toEqual(bridge.map((r) => money(r[1])));
    const zhSkus = tableOf(zh.wb.worksheets[5]!, '所属列表').rows;
    expect(zhSkus.map((r) => [r[2], r[3]])).toEqual(expected.map(({ x }) => [x.name, x.shop.name]));
  });

  it('a download without a brand or cohorts has no share or cohort sheet; an empty one is 400', async () => {
    const { wb } = await download(limited, body('mom'), 'en_us');
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Volume, price, mix',
      'Launches, continuing',
      'Categories',
      'Top SKUs',
      'How computed',
    ]);
    const nothing = 'zzqx-no-such-word';
    expect([...skuById.values()].some((x) => `${x.title_zh}\n${x.title_en}`.toLowerCase().includes(nothing))).toBe(
      false,
    );
    const res = await postAs(
      t.app,
      list,
      '/movement/downloads',
      body('mom', { goodsKeywords: { enable: true, input_type: 'keyword', value: [nothing] } }),
      'en_us',
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'download_empty' });
  });

  it('the same event a year earlier: Double 11 2025 against 2024 over the months covering each', async () => {
    // The demo calendar's windows (the generator's rows), in months: the periods compared.
    const windowOf = (year: number) => {
      const [start, end] = editionWindow('double11', year);
      return [monthOf(start), monthOf(end)] as const;
    };
    const now = windowOf(2025);
    const before = windowOf(2024);
    const d = await movement(list, {
      ...body('mom'),
      selector: 'event',
      event: { code: 'double11', year: 2025 },
    });
    expect((d as unknown as { comparison: string }).comparison).toBe('event');
    expect(d.base).toEqual({ start: before[0], end: before[1] });
    const sum = (r: Range) => beauty.filter((f) => inR(f, r)).reduce((t, f) => t + BigInt(money(f.sales)), 0n);
    expect(cents(d.total.sales!)).toBe(sum(now));
    expect(cents(d.total.base_sales!)).toBe(sum(before));
    expect(cents(d.total.volume!) + cents(d.total.price!) + cents(d.total.mix!) + cents(d.total.residual!)).toBe(
      cents(d.total.change!),
    );
    expect((d as unknown as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toContain(
      'analytics.event.approximate',
    );
  });
});
