/**
 * Demo scale, in memory (nothing written): the structure the app relies on and the market patterns
 * docs/datagen.md promises an analyst will find.
 */
import { PLATFORM_CODES, SHOP_TYPES } from '@marketlens/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMarket, type Market } from '../src/index.js';
import { AS_OF, HOOK_TIMEOUT, SEED } from './helpers.js';

interface Aggregates {
  rows: number;
  byPeriod: number[];
  byPlatformYear: Map<string, number>;
  byYear: Map<string, number>;
  brandLast12: Map<number, number>;
  brandPrev12: Map<number, number>;
  byCategoryYear: Map<string, number>;
  salesByLevel1Year: Map<string, number>;
  unitsByLevel1Year: Map<string, number>;
  discountByMonth: number[];
  salesByMonth: number[];
  shopTypes: Set<string>;
  /** Sales of SKUs whose Chinese title contains a word, per level-2 category and year. */
  wordSales: Map<string, number>;
  /** Sales of the last 12 periods per SKU (indexed like dim_sku). */
  skuLast12: Float64Array;
  /** Sales and units of the 12 periods before those, and units of the last 12, per SKU. */
  skuPrev12: Float64Array;
  unitsLast12: Float64Array;
  unitsPrev12: Float64Array;
  /** Cents per brand × level-2 category (key brand_id * 1000 + level 2) in the latest period and a year before. */
  pairLatest: Map<number, number>;
  pairYearBefore: Map<number, number>;
  /** Cents per level-2 category, platform and 12-month window ending with the last period (0 = latest). */
  l2PlatformWindow: Map<string, number>;
  /** Cents per brand × level-2 category, platform and window (brand-l2/platform/window). */
  pairPlatformWindow: Map<string, number>;
  /** Cents per brand × level-2 pair and period. */
  pairPeriod: Map<number, Float64Array>;
  /** Cents per period of every leaf category and of every brand in it (leaf or leaf/brand keys). */
  leafPeriod: Map<string, number[]>;
}

const WORDS = ['玻色因', '0糖', '碳板'];

function aggregate(market: Market): Aggregates {
  const platformCode = new Map(market.dims.dim_platform.map((p) => [p.platform_id, p.code]));
  const skus = market.dims.dim_sku;
  const wordsOf = skus.map((s) => WORDS.filter((w) => s.title_zh.includes(w)));
  const n = market.periods.length;
  const a: Aggregates = {
    rows: 0,
    byPeriod: [],
    byPlatformYear: new Map(),
    byYear: new Map(),
    brandLast12: new Map(),
    brandPrev12: new Map(),
    byCategoryYear: new Map(),
    salesByLevel1Year: new Map(),
    unitsByLevel1Year: new Map(),
    discountByMonth: new Array(13).fill(0),
    salesByMonth: new Array(13).fill(0),
    shopTypes: new Set(),
    wordSales: new Map(),
    skuLast12: new Float64Array(skus.length),
    skuPrev12: new Float64Array(skus.length),
    unitsLast12: new Float64Array(skus.length),
    unitsPrev12: new Float64Array(skus.length),
    pairLatest: new Map(),
    pairYearBefore: new Map(),
    l2PlatformWindow: new Map(),
    pairPlatformWindow: new Map(),
    leafPeriod: new Map(),
    pairPeriod: new Map(),
  };
  const eventLeaves = new Set(market.plantedEvents.map((e) => e.category_id));
  const series = (key: string, t: number, cents: number) => {
    let arr = a.leafPeriod.get(key);
    if (!arr) {
      arr = new Array(n).fill(0);
      a.leafPeriod.set(key, arr);
    }
    arr[t]! += cents;
  };
  const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const batch of market.factBatches()) {
    const label = batch.period.label;
    const year = label.slice(0, 4);
    const month = Number(label.slice(5, 7));
    let total = 0;
    for (let i = 0; i < batch.size; i++) {
      const sku = skus[batch.sku[i]!]!;
      const sales = batch.salesCents[i]! / 100;
      total += sales;
      add(a.byPlatformYear, `${platformCode.get(sku.platform_id)}/${year}`, sales);
      add(a.byCategoryYear, `${sku.category_id}/${year}`, sales);
      add(a.byCategoryYear, `${Math.floor(sku.category_id / 100)}/${year}`, sales);
      add(a.salesByLevel1Year, `${Math.floor(sku.category_id / 10000)}/${year}`, sales);
      add(a.unitsByLevel1Year, `${Math.floor(sku.category_id / 10000)}/${year}`, batch.count[i]!);
      const s = batch.sku[i]!;
      const t = batch.periodIndex;
      const cents = batch.salesCents[i]!;
      const l2 = Math.floor(sku.category_id / 100);
      const pair = sku.brand_id * 1000 + l2;
      if (t >= n - 12) {
        add(a.brandLast12, sku.brand_id, sales);
        a.skuLast12[s]! += sales;
        a.unitsLast12[s]! += batch.count[i]!;
      } else if (t >= n - 24) {
        add(a.brandPrev12, sku.brand_id, sales);
        a.skuPrev12[s]! += sales;
        a.unitsPrev12[s]! += batch.count[i]!;
      }
      let perPeriod = a.pairPeriod.get(pair);
      if (!perPeriod) {
        perPeriod = new Float64Array(n);
        a.pairPeriod.set(pair, perPeriod);
      }
      perPeriod[t]! += cents;
      if (t === n - 1) add(a.pairLatest, pair, cents);
      if (t === n - 13) add(a.pairYearBefore, pair, cents);
      const w = Math.floor((n - 1 - t) / 12);
      add(a.l2PlatformWindow, `${l2}/${sku.platform_id}/${w}`, cents);
      add(a.pairPlatformWindow, `${pair}/${sku.platform_id}/${w}`, cents);
      if (eventLeaves.has(sku.category_id)) {
        series(String(sku.category_id), t, cents);
        series(`${sku.category_id}/${sku.brand_id}`, t, cents);
      }
      a.discountByMonth[month]! += sales - batch.discountCents[i]! / 100;
      a.salesByMonth[month]! += sales;
      for (const w of wordsOf[batch.sku[i]!]!)
        add(a.wordSales, `${w}/${Math.floor(sku.category_id / 100)}/${year}`, sales);
    }
    a.rows += batch.size;
    a.byPeriod.push(total);
    add(a.byYear, year, total);
  }
  for (const s of market.dims.dim_shop) a.shopTypes.add(s.shop_type);
  return a;
}

/** Last-12-month sales of the biggest product, shop and brand, the market, and how concentrated leaves are. */
function magnitudes(market: Market, a: Aggregates) {
  const skus = market.dims.dim_sku;
  const sumBy = (key: (i: number) => number) => {
    const m = new Map<number, number>();
    a.skuLast12.forEach((v, i) => {
      m.set(key(i), (m.get(key(i)) ?? 0) + v);
    });
    return m;
  };
  const leaves = sumBy((i) => skus[i]!.category_id);
  const topOfLeaf = new Map<number, number>();
  a.skuLast12.forEach((v, i) => {
    const leaf = skus[i]!.category_id;
    topOfLeaf.set(leaf, Math.max(topOfLeaf.get(leaf) ?? 0, v));
  });
  const topShares = [...leaves].filter(([, v]) => v > 0).map(([leaf, v]) => topOfLeaf.get(leaf)! / v);
  topShares.sort((x, y) => x - y);
  // A fold, not Math.max(...): 160 000 arguments overflow the stack.
  const max = (values: Iterable<number>) => {
    let m = 0;
    for (const v of values) m = Math.max(m, v);
    return m;
  };
  return {
    market: a.skuLast12.reduce((s, v) => s + v, 0),
    product: max(a.skuLast12),
    shop: max(sumBy((i) => skus[i]!.shop_id).values()),
    brand: max(sumBy((i) => skus[i]!.brand_id).values()),
    /** Median over leaf categories of the top product's share of its leaf. */
    medianTopShare: topShares[Math.floor(topShares.length / 2)]!,
  };
}

const YI = 1e8;

const share = (a: Aggregates, code: string, year: string) =>
  (a.byPlatformYear.get(`${code}/${year}`) ?? 0) / a.byYear.get(year)!;

/** Demo cn_monthly and its aggregates, built once for both describe blocks. */
let cnMonthly: { market: Market; agg: Aggregates } | undefined;
function demoMonthly() {
  if (!cnMonthly) {
    const market = buildMarket({ scale: 'demo', seed: SEED, asOf: AS_OF, dataset: 'cn_monthly' });
    cnMonthly = { market, agg: aggregate(market) };
  }
  return cnMonthly;
}

describe('demo cn_monthly', () => {
  let market: Market;
  let agg: Aggregates;
  beforeAll(() => {
    ({ market, agg } = demoMonthly());
  }, HOOK_TIMEOUT);

  it('is big enough: ≥ 2M fact rows, ≥ 6/30/150 categories, ≥ 1000 brands', () => {
    expect(agg.rows).toBeGreaterThanOrEqual(2_000_000);
    const levels = [1, 2, 3].map((l) => market.dims.dim_category.filter((c) => c.level === l).length);
    expect(levels[0]).toBeGreaterThanOrEqual(6);
    expect(levels[1]).toBeGreaterThanOrEqual(30);
    expect(levels[2]).toBeGreaterThanOrEqual(150);
    expect(market.dims.dim_brand.length).toBeGreaterThanOrEqual(1000);
  });

  it('has the magnitudes of a real market: products, shops and brands (docs/datagen.md, Magnitudes)', () => {
    const m = magnitudes(market, agg);
    // A ¥0.5–2 T year; the biggest product sells a few ¥ billion (a real category leader), not tens.
    expect(m.market).toBeGreaterThan(5_000 * YI);
    expect(m.market).toBeLessThan(20_000 * YI);
    expect(m.product).toBeGreaterThan(5 * YI);
    expect(m.product).toBeLessThan(50 * YI);
    expect(m.shop).toBeLessThan(400 * YI);
    expect(m.brand).toBeGreaterThan(50 * YI);
    expect(m.brand).toBeLessThan(800 * YI);
    // In a typical leaf category the top product holds a share, not the category.
    expect(m.medianTopShare).toBeLessThan(0.15);
  });

  it('uses every channel type and every Chinese platform, with some inactive channels', () => {
    expect([...agg.shopTypes].sort()).toEqual([...SHOP_TYPES].sort());
    for (const code of [
      'tmall',
      'jd',
      'taobao',
      'pdd',
      'douyin',
      'suning',
      'kaola',
      'meituan',
      'vipshop',
      'yunji',
      'others',
    ]) {
      expect(PLATFORM_CODES).toContain(code);
      expect(share(agg, code, '2025'), code).toBeGreaterThan(0);
    }
    expect(market.dims.dim_channel.some((c) => !c.is_active)).toBe(true);
    expect(market.dims.dim_channel.filter((c) => c.is_active).length).toBeGreaterThan(30);
  });

  it('has series, multi-valued attributes and bilingual titles', () => {
    const skus = market.dims.dim_sku;
    const withSeries = skus.filter((s) => s.series !== null).length / skus.length;
    expect(withSeries).toBeGreaterThan(0.5);
    expect(withSeries).toBeLessThan(0.9);
    const perSkuAttr = new Map<string, number>();
    for (const a of market.dims.sku_attribute)
      perSkuAttr.set(`${a.sku_id}/${a.attr_name}`, (perSkuAttr.get(`${a.sku_id}/${a.attr_name}`) ?? 0) + 1);
    expect([...perSkuAttr.values()].some((n) => n > 1)).toBe(true);
    const attrsPerLeaf = new Map<number, Set<string>>();
    const category = new Map(skus.map((s) => [s.sku_id, s.category_id]));
    for (const a of market.dims.sku_attribute) {
      const c = category.get(a.sku_id)!;
      if (!attrsPerLeaf.has(c)) attrsPerLeaf.set(c, new Set());
      attrsPerLeaf.get(c)!.add(a.attr_name);
    }
    for (const [leaf, attrs] of attrsPerLeaf) expect(attrs.size, String(leaf)).toBeGreaterThanOrEqual(3);
    expect(skus.every((s) => /[A-Za-z]/.test(s.title_en) && /\p{Script=Han}/u.test(s.title_zh))).toBe(true);
  });

  it('peaks in November (Double 11) and June (618) and dips in February (New Year)', () => {
    const years = [...agg.byYear.keys()].filter((y) => market.periods.includes(`${y}-12-01`));
    const month = (y: string, m: number) =>
      agg.byPeriod[market.periods.indexOf(`${y}-${String(m).padStart(2, '0')}-01`)]!;
    const novOverOct = years.filter((y) => month(y, 11) > month(y, 10) * 1.15).length;
    expect(novOverOct).toBe(years.length);
    expect(years.filter((y) => month(y, 6) > month(y, 5) * 1.15).length).toBe(years.length);
    expect(years.filter((y) => month(y, 2) < month(y, 1)).length).toBeGreaterThanOrEqual(years.length - 3);
    for (const y of years) expect(month(y, 2)).toBeLessThan(agg.byYear.get(y)! / 12);
  });

  it('shifts platform shares: Douyin from nothing to a large share, Taobao down, PDD up, Tmall/JD large', () => {
    const last = market.periods.at(-1)!.slice(0, 4);
    expect(share(agg, 'douyin', '2018')).toBeLessThan(0.01);
    expect(share(agg, 'douyin', last)).toBeGreaterThan(0.15);
    expect(share(agg, 'taobao', last)).toBeLessThan(share(agg, 'taobao', '2017') * 0.7);
    expect(share(agg, 'pdd', last)).toBeGreaterThan(share(agg, 'pdd', '2017') * 3);
    for (const code of ['tmall', 'jd']) expect(share(agg, code, last)).toBeGreaterThan(0.15);
  });

  it('has fast-rising brands with meaningful sales and declining ones', () => {
    const total = [...agg.brandLast12.values()].reduce((s, v) => s + v, 0);
    const rising = [...agg.brandLast12].filter(([b, s]) => {
      const prev = agg.brandPrev12.get(b) ?? 0;
      return s > total * 0.0005 && prev > 0 && s > 2 * prev;
    });
    expect(rising.length).toBeGreaterThanOrEqual(5);
    const declining = [...agg.brandPrev12].filter(
      ([b, s]) => s > total * 0.0005 && (agg.brandLast12.get(b) ?? 0) < 0.6 * s,
    );
    expect(declining.length).toBeGreaterThanOrEqual(5);
    // Zipf-like: the top brand of the market holds a few percent, not half.
    const top = Math.max(...agg.brandLast12.values());
    expect(top / total).toBeGreaterThan(0.005);
    expect(top / total).toBeLessThan(0.15);
  });

  it('lets concepts appear and take share (玻色因 in facial care, 0糖 in snacks)', () => {
    const conceptShare = (word: string, l2: number, year: string) =>
      (agg.wordSales.get(`${word}/${l2}/${year}`) ?? 0) / agg.byCategoryYear.get(`${l2}/${year}`)!;
    expect(conceptShare('玻色因', 101, '2018')).toBe(0);
    expect(conceptShare('玻色因', 101, '2022')).toBeGreaterThan(0.05);
    expect(conceptShare('0糖', 401, '2019')).toBeLessThan(0.01);
    expect(conceptShare('0糖', 401, '2025')).toBeGreaterThan(conceptShare('0糖', 401, '2021'));
  });

  it('grows and shrinks categories (air fryer boom, stage-1 formula decline, floor washers)', () => {
    const cat = (id: number, y: string) => agg.byCategoryYear.get(`${id}/${y}`) ?? 0;
    expect(cat(50101, '2020')).toBeGreaterThan(cat(50101, '2018') * 2);
    expect(cat(50101, '2024')).toBeLessThan(cat(50101, '2021'));
    expect(cat(30101, '2025')).toBeLessThan(cat(30101, '2019'));
    expect(cat(50203, '2023')).toBeGreaterThan(cat(50203, '2018') * 4);
  });

  it('discounts deeper in promotion months, and prices drift up', () => {
    const rate = (m: number) => agg.discountByMonth[m]! / agg.salesByMonth[m]!;
    expect(rate(11)).toBeGreaterThan(rate(8) + 0.05);
    expect(rate(6)).toBeGreaterThan(rate(8) + 0.05);
    // Average price of beauty (sales / units): inflation plus premiumisation of new launches.
    const beautyPrice = (y: string) => agg.salesByLevel1Year.get(`1/${y}`)! / agg.unitsByLevel1Year.get(`1/${y}`)!;
    expect(beautyPrice('2025')).toBeGreaterThan(beautyPrice('2017') * 1.15);
  });
});

/** Sales of each level-2 category in the last 12 periods and the 12 before, with units and a price term. */
function level2Years(market: Market, a: Aggregates) {
  const out = new Map<number, { v1: number; v0: number; q1: number; q0: number; price: number }>();
  market.dims.dim_sku.forEach((sku, s) => {
    const l2 = Math.floor(sku.category_id / 100);
    const o = out.get(l2) ?? { v1: 0, v0: 0, q1: 0, q0: 0, price: 0 };
    o.v1 += a.skuLast12[s]!;
    o.v0 += a.skuPrev12[s]!;
    o.q1 += a.unitsLast12[s]!;
    o.q0 += a.unitsPrev12[s]!;
    // Price term of a price × volume × mix split: SKUs sold in both years, at this year's units.
    if (a.unitsLast12[s]! > 0 && a.unitsPrev12[s]! > 0)
      o.price += (a.skuLast12[s]! / a.unitsLast12[s]! - a.skuPrev12[s]! / a.unitsPrev12[s]!) * a.unitsLast12[s]!;
    out.set(l2, o);
  });
  return out;
}

describe('demo cn_monthly: regimes, brands, prices, events and channels (docs/datagen.md, Patterns)', () => {
  let market: Market;
  let agg: Aggregates;
  beforeAll(() => {
    ({ market, agg } = demoMonthly());
  }, HOOK_TIMEOUT);

  it('spreads level-2 growth over booming and shrinking categories in the last year', () => {
    const growth = [...level2Years(market, agg).values()].map((o) => o.v1 / o.v0 - 1);
    expect(growth.filter((g) => g >= 0.25).length).toBeGreaterThanOrEqual(3);
    expect(growth.filter((g) => g <= -0.1).length).toBeGreaterThanOrEqual(3);
  });

  it('changes regimes: fitness equipment boomed in 2020 and is flat since; outdoor gear boomed twice', () => {
    const cat = (id: number, y: string) => agg.byCategoryYear.get(`${id}/${y}`) ?? 0;
    expect(cat(703, '2020') / cat(703, '2019')).toBeGreaterThan(1.5);
    expect(Math.abs(cat(703, '2025') / cat(703, '2024') - 1)).toBeLessThan(0.1);
    expect(cat(704, '2022') / cat(704, '2021')).toBeGreaterThan(1.3);
    expect(cat(704, '2024') / cat(704, '2023')).toBeLessThan(1.05);
    expect(cat(704, '2025') / cat(704, '2024')).toBeGreaterThan(1.2);
  });

  it('finds 5–40 brands with the Potential Brand defaults on the latest month (plain rule over the rows)', () => {
    // docs/pages/potential.md: level-2 categories with ≥ ¥100 M and ≥ +20 % against the same month a
    // year before; brands there with ≥ ¥10 M and ≥ +30 % in the category. Money in cents.
    const l2Now = new Map<number, number>();
    const l2Base = new Map<number, number>();
    for (const [pair, v] of agg.pairLatest) l2Now.set(pair % 1000, (l2Now.get(pair % 1000) ?? 0) + v);
    for (const [pair, v] of agg.pairYearBefore) l2Base.set(pair % 1000, (l2Base.get(pair % 1000) ?? 0) + v);
    const passes = (now: number, base: number, min: number, growth: number) =>
      now >= min * 100 && base > 0 && (now - base) / base >= growth;
    const found = [...agg.pairLatest].filter(([pair, now]) => {
      const l2 = pair % 1000;
      return (
        passes(l2Now.get(l2)!, l2Base.get(l2) ?? 0, 1e8, 0.2) &&
        passes(now, agg.pairYearBefore.get(pair) ?? 0, 1e7, 0.3)
      );
    });
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(found.length).toBeLessThanOrEqual(40);
  });

  it('lets brands enter categories and reach their top 20 within 18 months, every year', () => {
    const n = market.periods.length;
    const byL2 = new Map<number, number[]>();
    for (const pair of agg.pairPeriod.keys()) byL2.set(pair % 1000, [...(byL2.get(pair % 1000) ?? []), pair]);
    const inTop20 = new Set<string>();
    for (const pairs of byL2.values()) {
      for (let t = 0; t < n; t++) {
        const selling = pairs.filter((p) => agg.pairPeriod.get(p)![t]! > 0);
        selling.sort((x, y) => agg.pairPeriod.get(y)![t]! - agg.pairPeriod.get(x)![t]! || x - y);
        for (const p of selling.slice(0, 20)) inTop20.add(`${p}/${t}`);
      }
    }
    const reached = new Map<string, number>();
    for (const [pair, series] of agg.pairPeriod) {
      const first = series.findIndex((v) => v > 0);
      if (first < 12) continue;
      const year = market.periods[first]!.slice(0, 4);
      for (let t = first; t < Math.min(n, first + 18); t++) {
        if (inTop20.has(`${pair}/${t}`)) {
          reached.set(year, (reached.get(year) ?? 0) + 1);
          break;
        }
      }
    }
    for (const year of ['2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025'])
      expect(reached.get(year) ?? 0, year).toBeGreaterThanOrEqual(3);
  });

  it('trades up and down: price, volume and mix terms all move', () => {
    const years = [...level2Years(market, agg).values()].map((o) => {
      const volume = (o.q1 - o.q0) * (o.v0 / o.q0);
      return {
        price: o.v1 / o.q1 / (o.v0 / o.q0) - 1,
        units: o.q1 / o.q0 - 1,
        priceTerm: o.price / o.v0,
        volumeTerm: volume / o.v0,
        mixTerm: (o.v1 - o.v0 - o.price - volume) / o.v0,
      };
    });
    const up = years.filter((y) => y.price > 0.08 && y.units < -0.05);
    const down = years.filter((y) => y.price < -0.05 && y.units > 0.05);
    expect(up.length).toBeGreaterThanOrEqual(2);
    expect(down.length).toBeGreaterThanOrEqual(2);
    // Somewhere each term is at least 1 % of the category's sales.
    for (const term of ['priceTerm', 'volumeTerm', 'mixTerm'] as const)
      expect(
        years.some((y) => Math.abs(y[term]) > 0.01 && up.concat(down).includes(y)),
        term,
      ).toBe(true);
  });

  it('lists planted events that the rows show: the brand against the rest of its category', () => {
    const events = market.plantedEvents;
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['livestream_spike', 'stockout']));
    for (const e of events) {
      const t = market.periods.indexOf(e.month);
      expect(t, e.month).toBeGreaterThanOrEqual(0);
      const leaf = agg.leafPeriod.get(String(e.category_id))!;
      const brand = agg.leafPeriod.get(`${e.category_id}/${e.brand_id}`)!;
      const relative = (u: number) => brand[u]! / (leaf[u]! - brand[u]!);
      const around = [t - 2, t - 1, t + 1, t + 2].filter((u) => u >= 0 && u < market.periods.length);
      const ratio = relative(t) / (around.reduce((s, u) => s + relative(u), 0) / around.length);
      if (e.kind === 'livestream_spike') expect(ratio, `${e.brand_en} ${e.month}`).toBeGreaterThan(2);
      else expect(ratio, `${e.brand_en} ${e.month}`).toBeLessThan(0.5);
    }
  });

  it('shifts channels at a believable pace: Douyin gains points a year, leaders move their mix slowly', () => {
    const W = Math.floor(market.periods.length / 12);
    const platforms = market.dims.dim_platform.map((p) => p.platform_id);
    const douyin = market.dims.dim_platform.find((p) => p.code === 'douyin')!.platform_id;
    const l2s = [...new Set(market.dims.dim_category.filter((c) => c.level === 2).map((c) => c.category_id))];
    const total = (m: Map<string, number>, key: number, w: number) =>
      platforms.reduce((s, p) => s + (m.get(`${key}/${p}/${w}`) ?? 0), 0);
    const share = (m: Map<string, number>, key: number, p: number, w: number) =>
      (m.get(`${key}/${p}/${w}`) ?? 0) / total(m, key, w);
    // Douyin's median yearly gain over the level-2 categories: a few points, never tens.
    for (let w = 0; w + 1 < W - 1; w++) {
      const steps = l2s.map(
        (c) => share(agg.l2PlatformWindow, c, douyin, w) - share(agg.l2PlatformWindow, c, douyin, w + 1),
      );
      steps.sort((x, y) => x - y);
      const median = steps[Math.floor(steps.length / 2)]!;
      expect(median, `window ${w}`).toBeGreaterThan(-0.01);
      expect(median, `window ${w}`).toBeLessThan(0.08);
    }
    // Incumbent leaders (top 5 of a level-2 category with ≥ 2 % of it, selling there two years
    // before too): the largest yearly move of one platform's part of their sales stays under
    // 20 points in at least 95 % of leader-years (planted events aside).
    const pairs = new Map<number, number[]>();
    for (const key of agg.pairPlatformWindow.keys()) {
      const pair = Number(key.split('/')[0]);
      const l2 = pair % 1000;
      if (!pairs.has(l2)) pairs.set(l2, []);
      if (!pairs.get(l2)!.includes(pair)) pairs.get(l2)!.push(pair);
    }
    const eventWindows = new Set(
      market.plantedEvents.map(
        (e) =>
          `${e.brand_id * 1000 + e.level2_id}/${Math.floor((market.periods.length - 1 - market.periods.indexOf(e.month)) / 12)}`,
      ),
    );
    let leaderYears = 0;
    let fast = 0;
    for (let w = 0; w + 2 < W; w++) {
      for (const [, list] of pairs) {
        const sized = list.map((p) => [p, total(agg.pairPlatformWindow, p, w)] as const).sort((x, y) => y[1] - x[1]);
        const all = sized.reduce((s, [, v]) => s + v, 0);
        for (const [p, v] of sized.slice(0, 5)) {
          if (v < 0.02 * all || total(agg.pairPlatformWindow, p, w + 2) === 0 || eventWindows.has(`${p}/${w}`))
            continue;
          leaderYears++;
          const move = Math.max(
            ...platforms.map((q) =>
              Math.abs(share(agg.pairPlatformWindow, p, q, w) - share(agg.pairPlatformWindow, p, q, w + 1)),
            ),
          );
          if (move > 0.2) fast++;
        }
      }
    }
    expect(leaderYears).toBeGreaterThan(500);
    expect(fast / leaderYears).toBeLessThan(0.05);
  });
});

describe('demo cn_weekly', () => {
  let market: Market;
  let byWeek: number[];
  beforeAll(() => {
    market = buildMarket({ scale: 'demo', seed: SEED, asOf: AS_OF, dataset: 'cn_weekly' });
    byWeek = [];
    for (const b of market.factBatches()) {
      let total = 0;
      for (let i = 0; i < b.size; i++) total += b.salesCents[i]!;
      byWeek.push(total / 100);
    }
  }, HOOK_TIMEOUT);

  it('has under a million rows over exactly 104 weeks', () => {
    const rows = [...market.factBatches()].reduce((s, b) => s + b.size, 0);
    expect(market.periods).toHaveLength(104);
    expect(rows).toBeGreaterThan(150_000);
    expect(rows).toBeLessThan(1_000_000);
  });

  it('spikes in the 618 and Double 11 weeks', () => {
    const sorted = [...byWeek].sort((a, b) => a - b);
    const median = sorted[52]!;
    const weekOf = (date: string) => market.periods.findLastIndex((p) => p <= date);
    for (const year of ['2025', '2026']) {
      const d11 = weekOf(`${year}-11-11`);
      if (d11 >= 0 && market.periods[d11]! > `${year}-11-04`) expect(byWeek[d11]!).toBeGreaterThan(median * 2);
    }
    // The Double 11 weeks are the two biggest weeks of the window.
    const d11Weeks = ['2025-11-11', '2026-11-11'].map(weekOf);
    const others = byWeek.filter((_, i) => !d11Weeks.includes(i));
    for (const w of d11Weeks) expect(byWeek[w]!).toBeGreaterThan(Math.max(...others));
    expect(byWeek[weekOf('2025-06-18')]!).toBeGreaterThan(median * 1.5);
  });
});

describe('demo global_monthly', () => {
  it('covers the five global platforms in USD, with Shopee gaining share', () => {
    const market = buildMarket({ scale: 'demo', seed: SEED, asOf: AS_OF, dataset: 'global_monthly' });
    const agg = aggregate(market);
    for (const code of ['amazon', 'shopee', 'lazada', 'tokopedia', 'blibli'])
      expect(share(agg, code, '2025')).toBeGreaterThan(0);
    expect(share(agg, 'shopee', '2025')).toBeGreaterThan(share(agg, 'shopee', '2017') * 1.5);
    expect(market.manifest.currency_unit).toBe('USD');
    expect(agg.rows).toBeGreaterThan(150_000);
    expect(agg.rows).toBeLessThan(1_500_000);
    // US$: the biggest product sells a few hundred million a year at most, as on Amazon and Shopee.
    const m = magnitudes(market, agg);
    expect(m.product).toBeLessThan(3 * YI);
    expect(m.brand).toBeLessThan(30 * YI);
  });
});
