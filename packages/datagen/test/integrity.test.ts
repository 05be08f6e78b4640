import { DEMO_DATASETS, type DemoDatasetName, SHOP_TYPES } from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMarket, type Market } from '../src/index.js';
import { AS_OF, SEED } from './helpers.js';

/**
 * Every referential and value rule the importer enforces, plus the generator's own promises.
 * Returns the violations (at most a few per rule) instead of asserting row by row, which is slow.
 */
function integrityProblems(market: Market): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const check = (ok: boolean, rule: string, detail: () => unknown) => {
    if (ok) return;
    const n = (seen.get(rule) ?? 0) + 1;
    seen.set(rule, n);
    if (n <= 3) problems.push(`${rule}: ${JSON.stringify(detail())}`);
  };
  const d = market.dims;
  const platforms = new Set(d.dim_platform.map((p) => p.platform_id));
  const channels = new Set(d.dim_channel.map((c) => `${c.platform_id}/${c.shop_type}`));
  const categories = new Map(d.dim_category.map((c) => [c.category_id, c]));
  const brands = new Map(d.dim_brand.map((b) => [b.brand_id, b]));
  const shops = new Map(d.dim_shop.map((s) => [s.shop_id, s]));
  const attributes = new Set(d.dim_attribute.map((a) => a.attr_name));
  const skus = new Map(d.dim_sku.map((s) => [s.sku_id, s]));

  check(skus.size === d.dim_sku.length, 'unique sku_id', () => d.dim_sku.length);
  check(shops.size === d.dim_shop.length, 'unique shop_id', () => d.dim_shop.length);
  for (const c of d.dim_channel) {
    check(platforms.has(c.platform_id) && SHOP_TYPES.includes(c.shop_type), 'channel platform and type', () => c);
  }
  for (const c of d.dim_category) {
    const parentLevel = c.parent_id === null ? 0 : categories.get(c.parent_id)?.level;
    check(parentLevel === c.level - 1, 'category parent one level up', () => c);
  }
  for (const s of d.dim_shop) {
    check(channels.has(`${s.platform_id}/${s.shop_type}`), 'shop channel exists', () => s);
    check(s.brand_id === null || brands.has(s.brand_id), 'shop brand exists', () => s);
    // Brand shops are flagship/specialty stores; supermarket, cross-border and small sellers are multi-brand.
    check((s.brand_id !== null) === (s.shop_type === 'flagship' || s.shop_type === 'specialty'), 'shop owner', () => s);
  }
  for (const s of d.dim_sku) {
    const shop = shops.get(s.shop_id);
    check(shop?.platform_id === s.platform_id, 'sku shop on the same platform', () => s);
    check(!shop || shop.brand_id === null || shop.brand_id === s.brand_id, 'sku in its brand shop', () => s);
    check(categories.get(s.category_id)?.level === 3, 'sku in a level-3 category', () => s);
    check(s.price > 0 && Math.round(s.price * 100) / 100 === s.price, 'price in cents', () => s);
    check(s.title_zh.includes(brands.get(s.brand_id)?.name_zh ?? '\u0000'), 'title names the brand', () => s);
  }
  const attrKeys = new Set<string>();
  for (const a of d.sku_attribute) {
    const key = `${a.sku_id}/${a.attr_name}/${a.value_zh}`;
    check(skus.has(a.sku_id) && attributes.has(a.attr_name) && !attrKeys.has(key), 'sku_attribute keys', () => a);
    attrKeys.add(key);
  }

  const periods = new Set(market.periods);
  const firstFact = new Map<number, string>();
  let lastKey = '';
  for (const f of market.facts()) {
    const sku = skus.get(f.sku_id);
    check(sku !== undefined && periods.has(f.period), 'fact sku and period exist', () => f);
    if (!sku) continue;
    check(
      f.platform_id === sku.platform_id &&
        f.shop_id === sku.shop_id &&
        f.brand_id === sku.brand_id &&
        f.category_id === sku.category_id &&
        f.shop_type === shops.get(f.shop_id)?.shop_type,
      'fact repeats the sku dimensions',
      () => [f, sku],
    );
    check(Number.isInteger(f.count) && f.count >= 1, 'count is a positive integer', () => f);
    check(f.sales > 0 && Math.round(f.sales * 100) / 100 === f.sales, 'sales positive, in cents', () => f);
    check(
      f.sales_discount > 0 &&
        f.sales_discount <= f.sales &&
        Math.round(f.sales_discount * 100) / 100 === f.sales_discount,
      '0 < sales_discount <= sales, in cents',
      () => f,
    );
    // File order = key order: (period, sku_id) strictly increasing.
    const key = `${f.period}/${String(f.sku_id).padStart(15, '0')}`;
    check(key > lastKey, 'facts in key order', () => [lastKey, key]);
    lastKey = key;
    if (!firstFact.has(f.sku_id)) firstFact.set(f.sku_id, f.period);
  }
  // Every SKU sells; first_period is the first period it sold in (earlier when it launched before the window).
  check(firstFact.size === skus.size, 'every sku has facts', () => [firstFact.size, skus.size]);
  for (const [id, sku] of skus) {
    // A SKU launched before the window has its first row in the first period.
    const expected = [sku.first_period, market.periods[0]!].sort()[1];
    check(firstFact.get(id) === expected, 'first_period is the first period with sales', () => [
      sku,
      firstFact.get(id),
    ]);
  }
  return problems;
}

describe.each(DEMO_DATASETS)('tiny %s', (dataset: DemoDatasetName) => {
  const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset });

  it('has consistent dimensions and facts', () => {
    expect(integrityProblems(market)).toEqual([]);
  });

  it('aligns periods and ends with the last complete period before the as-of date', () => {
    if (dataset === 'cn_weekly') {
      expect(market.periods).toHaveLength(104);
      expect(market.periods.at(-1)).toBe('2026-11-09');
      for (const p of market.periods) expect(new Date(p).getUTCDay()).toBe(1);
    } else {
      expect(market.periods[0]).toBe('2017-01-01');
      expect(market.periods.at(-1)).toBe('2026-10-01');
      expect(market.periods).toHaveLength(118);
      for (const p of market.periods) expect(p.endsWith('-01')).toBe(true);
    }
    const factPeriods = new Set<string>();
    for (const f of market.facts()) factPeriods.add(f.period);
    expect([...factPeriods]).toEqual(market.periods);
  });

  it('uses the right currency and platforms', () => {
    const codes = market.dims.dim_platform.map((p) => p.code);
    if (dataset === 'global_monthly') {
      expect(market.manifest).toMatchObject({ currency_unit: 'USD', cur_symbol: '$', date_field: 'month' });
      expect(codes).toEqual(['amazon', 'shopee', 'lazada', 'tokopedia', 'blibli']);
    } else {
      expect(market.manifest).toMatchObject({ currency_unit: 'CNY', cur_symbol: '¥' });
      expect(codes.sort()).toEqual(
        ['tmall', 'jd', 'taobao', 'pdd', 'douyin', 'suning', 'kaola', 'meituan', 'vipshop', 'yunji', 'others'].sort(),
      );
    }
  });
});

describe('any seed', () => {
  it('keeps the invariants (property test over seeds and as-of dates)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.date({ min: new Date('2019-03-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...DEMO_DATASETS),
        (seed, date, dataset) => {
          const market = buildMarket({ scale: 'tiny', seed, asOf: date.toISOString().slice(0, 10), dataset });
          expect(integrityProblems(market)).toEqual([]);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('does not rewrite history when the as-of date moves on', () => {
    const earlier = buildMarket({ scale: 'tiny', seed: SEED, asOf: '2025-06-15', dataset: 'cn_monthly' });
    const later = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_monthly' });
    const lastEarly = earlier.periods.at(-1)!;
    const a = [...earlier.facts()];
    const b = [...later.facts()].filter((f) => f.period <= lastEarly);
    expect(b).toEqual(a);
  });

  it('shares brands, shops and SKU ids between cn_monthly and cn_weekly', () => {
    const monthly = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_monthly' });
    const weekly = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_weekly' });
    const monthlySkus = new Map(monthly.dims.dim_sku.map((s) => [s.sku_id, s.title_zh]));
    // SKUs launched after the last complete month are only in the weekly data.
    const shared = weekly.dims.dim_sku.filter((s) => s.first_period < '2026-11-01');
    expect(shared.length).toBeGreaterThan(weekly.dims.dim_sku.length * 0.9);
    for (const s of shared) expect(monthlySkus.get(s.sku_id)).toBe(s.title_zh);
  });
});
