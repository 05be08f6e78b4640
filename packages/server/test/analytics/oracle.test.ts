import { buildMarket, type FactRow } from '@marketlens/datagen';
import {
  addMonths,
  avgPrice,
  CHANNEL_SOURCES,
  comparisonPeriod,
  growth,
  matchesSuperQuery,
  parseSuperQuery,
  share,
  tgi,
} from '@marketlens/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ResolvedGrant } from '../../src/analytics/engine/filters.js';
import type { AnalyticsQuery, Band, Comparison, Dimension, Filter, Measure } from '../../src/analytics/engine/model.js';
import { AnalyticsEngine } from '../../src/analytics/engine/service.js';
import { shareChange } from '../../src/analytics/panels/common.js';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { describeOnEach, openTarget, warehouseTargets } from '../support/warehouses.js';

/**
 * Correctness oracle: random filter / period / grouping combinations answered by the
 * engine (SQL on the imported tiny warehouse) and, independently, by plain TypeScript over the
 * generator's in-memory rows. Any difference beyond floating-point rounding fails.
 */

const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts: FactRow[] = [...market.facts()];
const { dim_category, dim_sku, sku_attribute, dim_brand, dim_channel, dim_shop } = market.dims;
const skuById = new Map(dim_sku.map((s) => [s.sku_id, s]));
const catById = new Map(dim_category.map((c) => [c.category_id, c]));
const periods = market.periods;
const ATTRS = ['efficacy', 'skin_type', 'flavor', 'color'].filter((a) => sku_attribute.some((r) => r.attr_name === a));
const attrValues = new Map<string, string[]>();
const skuAttr = new Map<string, Set<number>>();
for (const r of sku_attribute) {
  const list = attrValues.get(r.attr_name) ?? [];
  if (!list.includes(r.value_zh)) list.push(r.value_zh);
  attrValues.set(r.attr_name, list);
  const key = `${r.attr_name}\u0001${r.value_zh}`;
  const set = skuAttr.get(key) ?? new Set<number>();
  set.add(r.sku_id);
  skuAttr.set(key, set);
}

function leavesOf(ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const c of dim_category) {
    if (c.level !== 3) continue;
    const parent = catById.get(c.parent_id!)!;
    if (ids.includes(c.category_id) || ids.includes(parent.category_id) || ids.includes(parent.parent_id!)) {
      out.add(c.category_id);
    }
  }
  return [...out].sort((a, b) => a - b);
}

const platformIds = [...new Set(dim_shop.map((s) => s.platform_id))].sort((a, b) => a - b);

// Title words for keyword filters: frequent two-character pieces of real titles.
const words = [...new Set(dim_sku.slice(0, 60).map((s) => s.title_zh.slice(2, 4)))].filter(
  (w) => w.trim().length === 2,
);

interface Case {
  grant: ResolvedGrant;
  query: AnalyticsQuery;
}

const arbRange = fc
  .tuple(fc.integer({ min: 13, max: periods.length - 1 }), fc.integer({ min: 0, max: 30 }))
  .map(([end, len]) => ({ start: periods[Math.max(13, end - len)]!, end: periods[end]! }));

const filterParts = {
  categories: fc
    .subarray(
      dim_category.map((c) => c.category_id),
      { minLength: 1, maxLength: 3 },
    )
    .map(leavesOf),
  brands: fc.subarray(
    dim_brand.map((b) => b.brand_id),
    { minLength: 1, maxLength: 15 },
  ),
  shops: fc
    .subarray(dim_shop, { minLength: 1, maxLength: 40 })
    .map((list) => list.map((s) => ({ platformId: s.platform_id, shopId: s.shop_id }))),
  // A shop selection as the validated 'platform,shop_id' pairs: shops on their own platform, shops
  // named with a platform they do not trade on (which select nothing of them), the same shop with
  // two platforms; sometimes narrowed by channel sources.
  shopPick: fc
    .record({
      picks: fc.subarray(
        dim_shop.flatMap((s) => platformIds.map((p) => ({ platformId: p, shopId: s.shop_id }))),
        { minLength: 1, maxLength: 40 },
      ),
      channelSources: fc.option(fc.subarray([...CHANNEL_SOURCES] as string[], { minLength: 1 }), { nil: undefined }),
    })
    .map(({ picks, channelSources }) => ({ shops: picks, ...(channelSources ? { channelSources } : {}) })),
  channels: fc.subarray(
    dim_channel.map((c) => ({ platformId: c.platform_id, shopType: c.shop_type as string })),
    { minLength: 1, maxLength: 6 },
  ),
  price: fc
    .tuple(fc.integer({ min: 0, max: 200 }), fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }))
    .map(([a, b]): Band => [a, b === null ? null : a + b]),
  keywords: fc.oneof(
    fc
      .record({ words: fc.subarray(words, { minLength: 1, maxLength: 2 }), condition: fc.constantFrom('AND', 'OR') })
      .map((k) => ({ kind: 'keywords' as const, condition: k.condition as 'AND' | 'OR', words: k.words })),
    fc.tuple(fc.constantFrom(...words), fc.constantFrom(...words)).map(([a, b]) => ({
      kind: 'super' as const,
      ast: (parseSuperQuery(`"${a}" or not "${b}"`) as { ok: true; ast: never }).ast,
    })),
  ),
  attributes: fc
    .constantFrom(...ATTRS)
    .chain((name) => fc.subarray(attrValues.get(name)!, { minLength: 1, maxLength: 3 }).map((v) => ({ [name]: v }))),
};
type Part = keyof typeof filterParts;
// At most two kinds of filter at once, so most answers are not empty.
const arbFilter: fc.Arbitrary<Filter> = fc
  .subarray(Object.keys(filterParts) as Part[], { minLength: 0, maxLength: 2 })
  .chain((parts) =>
    fc.record(Object.fromEntries(parts.map((p) => [p, filterParts[p]])) as { [K in Part]: (typeof filterParts)[K] }),
  )
  .map(({ shopPick, ...f }) => ({ ...f, ...shopPick }) as Filter);

const arbShape = fc.constantFrom<{ dims: Dimension[]; measures: Measure[]; limit?: number }>(
  { dims: [], measures: ['sales', 'count', 'avg_price', 'share'] },
  { dims: ['brand'], measures: ['sales', 'count', 'avg_price', 'share'] },
  { dims: ['brand'], measures: ['sales', 'share'], limit: 5 },
  { dims: ['shop'], measures: ['sales', 'count', 'share'] },
  { dims: ['brand', 'period'], measures: ['sales', 'share'] },
  { dims: ['period'], measures: ['sales', 'count', 'avg_price', 'share'] },
  { dims: ['category_2'], measures: ['sales', 'share'] },
  { dims: ['category_1', 'category_3'], measures: ['sales', 'share'] },
  { dims: ['channel'], measures: ['sales', 'count', 'share'] },
  { dims: ['platform', 'period'], measures: ['sales', 'share'] },
  { dims: ['price_band'], measures: ['sales', 'share'] },
  { dims: [`attribute:${ATTRS[0]}`], measures: ['sales', 'share'] },
  { dims: [`attribute:${ATTRS[0]}`, 'brand'], measures: ['sales', 'share', 'tgi'] },
  { dims: ['category_3', 'brand'], measures: ['sales', 'share', 'tgi'] },
  // As /top (products) and /distributions (platforms) ask: rows new in the range have no base.
  { dims: ['sku'], measures: ['sales', 'count', 'avg_price', 'share'], limit: 30 },
  { dims: ['platform'], measures: ['sales', 'count', 'avg_price', 'share'] },
);

const arbComparison: fc.Arbitrary<Comparison> = fc.oneof(
  fc.constant<Comparison>({ kind: 'none' }),
  fc.constant<Comparison>({ kind: 'mom' }),
  fc.constant<Comparison>({ kind: 'yoy' }),
  fc.integer({ min: 0, max: 12 }).map(
    (len): Comparison => ({
      kind: 'custom',
      base: { start: periods[0]!, end: periods[len]! },
    }),
  ),
);

const arbGrant: fc.Arbitrary<ResolvedGrant> = fc.record({
  // Mostly generous grants; sometimes empty (which must answer nothing).
  categories: fc.oneof(
    { weight: 1, arbitrary: fc.constant([] as number[]) },
    {
      weight: 6,
      arbitrary: fc
        .subarray(
          dim_category.filter((c) => c.level < 3).map((c) => c.category_id),
          { minLength: 1, maxLength: 4 },
        )
        .map(leavesOf),
    },
  ),
  brands: fc.option(
    fc.subarray(
      dim_brand.map((b) => b.brand_id),
      { minLength: 0, maxLength: 40 },
    ),
    { nil: null, freq: 2 },
  ),
  // Shop grants (projects that limit shops): sometimes a subset, which every answer must respect.
  shops: fc.option(
    fc.subarray(
      dim_shop.map((s) => s.shop_id),
      { minLength: 0, maxLength: 60 },
    ),
    { nil: null, freq: 2 },
  ),
});

const BANDS: Band[] = [
  [0, 50],
  [50, 150],
  [150, 400],
  [400, null],
];

const arbCase: fc.Arbitrary<Case> = fc
  .record({
    grant: arbGrant,
    filter: arbFilter,
    range: arbRange,
    shape: arbShape,
    comparison: arbComparison,
    discount: fc.boolean(),
  })
  .map(({ grant, filter, range, shape, comparison, discount }) => ({
    grant,
    query: {
      dataset: 'cn_monthly',
      granularity: 'month',
      measures: shape.measures,
      dimensions: shape.dims,
      filter,
      range,
      comparison,
      discount,
      bands: BANDS,
      ...(shape.limit ? { limit: shape.limit, sort: { by: 'sales', desc: true } } : {}),
    },
  }));

// ---------------------------------------------------------------------------------------------
// The oracle: plain TypeScript over the generator rows.

function matches(f: FactRow, grant: ResolvedGrant, filter: Filter, range: { start: string; end: string }): boolean {
  if (!grant.categories.includes(f.category_id)) return false;
  if (grant.brands && !grant.brands.includes(f.brand_id)) return false;
  if (grant.shops && !grant.shops.includes(f.shop_id)) return false;
  if (f.period < range.start || f.period > range.end) return false;
  if (filter.categories && !filter.categories.includes(f.category_id)) return false;
  if (filter.brands && !filter.brands.includes(f.brand_id)) return false;
  // A selection is the shop on the platform it names: matched as a pair.
  if (filter.shops && !filter.shops.some((s) => s.platformId === f.platform_id && s.shopId === f.shop_id)) return false;
  if (filter.channelSources && !filter.channelSources.includes(f.shop_type)) return false;
  if (filter.channels && !filter.channels.some((c) => c.platformId === f.platform_id && c.shopType === f.shop_type))
    return false;
  const sku = skuById.get(f.sku_id)!;
  if (filter.price && (sku.price < filter.price[0] || (filter.price[1] !== null && sku.price > filter.price[1])))
    return false;
  const title = `${sku.title_zh}\n${sku.title_en}`;
  const k = filter.keywords;
  if (k?.kind === 'keywords') {
    const hits = k.words.map((w) => title.toLowerCase().includes(w.toLowerCase()));
    if (k.condition === 'AND' ? !hits.every(Boolean) : !hits.some(Boolean)) return false;
  }
  if (k?.kind === 'super' && !matchesSuperQuery(k.ast, title)) return false;
  for (const [name, values] of Object.entries(filter.attributes ?? {})) {
    if (!values.some((v) => skuAttr.get(`${name}\u0001${v}`)?.has(f.sku_id))) return false;
  }
  return true;
}

function keysOf(f: FactRow, dim: Dimension): (string | number | null)[] {
  const sku = skuById.get(f.sku_id)!;
  switch (dim) {
    case 'period':
      return [f.period];
    case 'brand':
      return [f.brand_id];
    case 'shop':
      return [f.shop_id];
    case 'sku':
      return [f.sku_id];
    case 'platform':
      return [f.platform_id];
    case 'channel':
      return [`${f.platform_id},${f.shop_type}`];
    case 'category_3':
      return [f.category_id];
    case 'category_2':
      return [catById.get(f.category_id)!.parent_id];
    case 'category_1':
      return [catById.get(catById.get(f.category_id)!.parent_id!)!.parent_id];
    case 'price_band': {
      const i = BANDS.findIndex(([min, max]) => sku.price >= min && (max === null || sku.price <= max));
      return [i < 0 ? null : i];
    }
    default: {
      const name = dim.slice('attribute:'.length);
      return [
        ...new Set(sku_attribute.filter((a) => a.sku_id === f.sku_id && a.attr_name === name).map((a) => a.value_zh)),
      ];
    }
  }
}

type Sums = { sales: number; count: number };
function aggregate(rows: FactRow[], dims: readonly Dimension[], discount: boolean): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const f of rows) {
    let combos: (string | number | null)[][] = [[]];
    for (const d of dims) combos = combos.flatMap((c) => keysOf(f, d).map((k) => [...c, k]));
    for (const c of combos) {
      const key = c.map(String).join('\u0001');
      const s = out.get(key) ?? { sales: 0, count: 0 };
      s.sales += Math.round((discount ? f.sales_discount : f.sales) * 100);
      s.count += f.count;
      out.set(key, s);
    }
  }
  // Sums in cents are exact; back to currency units at the end, like the engine's DECIMAL sums.
  for (const s of out.values()) s.sales /= 100;
  return out;
}

function project(key: string, dims: readonly Dimension[], subset: readonly Dimension[]): string {
  const parts = key.split('\u0001');
  return subset.map((d) => parts[dims.indexOf(d)]).join('\u0001');
}

function shiftPeriod(p: string, n: number): string {
  return addMonths(p, n);
}

// ---------------------------------------------------------------------------------------------

const targets = await warehouseTargets();

describeOnEach(targets, 'analytics correctness oracle (tiny cn_monthly)', (target) => {
  let warehouse: WarehouseEngine;
  let engine: AnalyticsEngine;
  let withoutWindows: AnalyticsEngine;

  beforeAll(async () => {
    warehouse = await openTarget(target);
    engine = new AnalyticsEngine(warehouse);
    const dialect = { ...warehouse.dialect, windowSums: false };
    withoutWindows = new AnalyticsEngine(Object.create(warehouse, { dialect: { value: dialect } }));
  });
  afterAll(async () => {
    await engine?.parser.close();
    await withoutWindows?.parser.close();
    await warehouse?.close();
  });

  const close = (a: number | null | undefined, b: number | null | undefined, what: string) => {
    if (a === null || a === undefined || b === null || b === undefined) {
      expect(a ?? null, what).toBe(b ?? null);
      return;
    }
    expect(Math.abs(a - b), `${what}: engine ${a} vs oracle ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
  };

  it('agrees with plain TypeScript on 80 random combinations, with and without window sums', async () => {
    let nonEmpty = 0;
    let newInRange = 0;
    await fc.assert(
      fc.asyncProperty(arbCase, async ({ grant, query }) => {
        // Subset totals as window sums (DuckDB) and as separate grouped statements (a dialect
        // without window functions, e.g. ClickHouse 18.16) must give the same answers.
        for (const e of engine.dialect.windowSums ? [engine, withoutWindows] : [engine]) {
          const result = await e.answer(grant, query);
          const dims = query.dimensions;
          const periodDims = dims.filter((d) => d === 'period');
          const scoped = (range: { start: string; end: string }) =>
            facts.filter((f) => matches(f, grant, query.filter, range));
          const current = scoped(query.range);
          const groups = aggregate(current, dims, query.discount);
          const scope = aggregate(current, periodDims, query.discount);
          const [seg, ent] = dims.filter((d) => d !== 'period');
          const segTotals = seg ? aggregate(current, [...periodDims, seg], query.discount) : undefined;
          const entTotals = ent ? aggregate(current, [...periodDims, ent], query.discount) : undefined;

          // Comparison base as docs/metrics.md defines it, written out independently.
          let baseGroups: Map<string, Sums> | undefined;
          let baseScope: Map<string, Sums> | undefined;
          let shift = 0;
          const c = query.comparison;
          if (c.kind !== 'none') {
            const trend = dims.includes('period');
            let base: { start: string; end: string };
            if (c.kind === 'custom') {
              base = c.base;
              if (trend) {
                shift =
                  (Number(query.range.start.slice(0, 4)) - Number(c.base.start.slice(0, 4))) * 12 +
                  Number(query.range.start.slice(5, 7)) -
                  Number(c.base.start.slice(5, 7));
              }
            } else if (c.kind === 'event') {
              // The resolved event comparison: its base, or on a trend the point `periodShift` earlier.
              base = c.base;
              if (trend) {
                shift = c.periodShift;
                base = { start: shiftPeriod(query.range.start, -shift), end: shiftPeriod(query.range.end, -shift) };
              }
            } else if (trend) {
              shift = c.kind === 'mom' ? 1 : 12;
              base = { start: shiftPeriod(query.range.start, -shift), end: shiftPeriod(query.range.end, -shift) };
            } else {
              base = comparisonPeriod(query.range, c.kind, 'month');
            }
            const rows = scoped(base);
            baseGroups = aggregate(rows, dims, query.discount);
            baseScope = aggregate(rows, periodDims, query.discount);
          }

          const expectedKeys = [...groups.keys()].filter(
            (k) => !(dims.includes('price_band') && k.split('\u0001')[dims.indexOf('price_band')] === 'null'),
          );
          if (query.limit === undefined) {
            expect(result.rows.length).toBe(
              dims.includes('price_band') ? expectedKeys.length + (groups.size - expectedKeys.length) : groups.size,
            );
          } else {
            expect(result.rows.length).toBe(Math.min(query.limit, groups.size));
            // The top rows by sales: no left-out group sells more than the last one shown.
            const last = result.rows.at(-1);
            if (last) {
              const shown = new Set(result.rows.map((r) => dims.map((d) => String(r.keys[d])).join('\u0001')));
              for (const [k, s] of groups) if (!shown.has(k)) expect(s.sales).toBeLessThanOrEqual(last.sales + 1e-6);
            }
          }
          if (result.rows.length) nonEmpty++;
          for (const row of result.rows) {
            const key = dims.map((d) => String(row.keys[d])).join('\u0001');
            const exp = groups.get(key);
            expect(exp, `group ${key}`).toBeDefined();
            close(row.sales, exp!.sales, `sales ${key}`);
            close(row.count, exp!.count, `count ${key}`);
            close(row.avg_price, avgPrice(exp!.sales, exp!.count), `avg_price ${key}`);
            const scopeSales = scope.get(project(key, dims, periodDims))!.sales;
            if (query.measures.includes('share')) close(row.share, share(exp!.sales, scopeSales), `share ${key}`);
            if (query.measures.includes('tgi') && segTotals && entTotals) {
              const inSeg = share(exp!.sales, segTotals.get(project(key, dims, [...periodDims, seg!]))!.sales);
              const inWhole = share(entTotals.get(project(key, dims, [...periodDims, ent!]))!.sales, scopeSales);
              close(row.tgi, tgi(inSeg, inWhole), `tgi ${key}`);
            }
            if (baseGroups) {
              const parts = key.split('\u0001');
              const pi = dims.indexOf('period');
              if (pi >= 0) parts[pi] = shiftPeriod(parts[pi]!, -shift);
              const bkey = parts.join('\u0001');
              const b = baseGroups.get(bkey);
              close(row.growth?.sales, growth(exp!.sales, b?.sales ?? 0), `growth ${key}`);
              if (query.measures.includes('share')) {
                // share − base share as the panels answer it (/top, /distributions): a row without
                // base sales has base share 0 when the base scope sold, no value when it did not.
                const bs = baseScope!.get(project(bkey, dims, periodDims))?.sales;
                const now = share(exp!.sales, scopeSales);
                const before = share(b?.sales ?? 0, bs);
                close(shareChange(row), now !== null && before !== null ? now - before : null, `share change ${key}`);
                if (!b && before !== null) newInRange++;
              }
              if (query.measures.includes('share') && b) {
                const bs = baseScope!.get(project(bkey, dims, periodDims))?.sales;
                close(
                  row.growth?.share,
                  growth(share(exp!.sales, scopeSales), share(b.sales, bs)),
                  `share growth ${key}`,
                );
              }
            }
          }
          if (!dims.length && result.total) close(result.total.sales, scope.get('')?.sales ?? 0, 'total');
        }
      }),
      { numRuns: 80, seed: 20261101, endOnFailure: true },
    );
    // The generator must not be producing only empty answers.
    expect(nonEmpty).toBeGreaterThan(15);
    // … nor leaving out rows new in the range (no base sales), whose share change once was null.
    expect(newInRange).toBeGreaterThan(0);
  }, 120_000);

  it('a grant of every leaf answers every sales row; a grant of all leaves but one still leaves that one out', async () => {
    const range = { start: periods[0]!, end: periods.at(-1)! };
    const total = (rows: FactRow[]) => aggregate(rows, [], false).get('')!;
    const roots = dim_category.filter((c) => c.level === 1).map((c) => c.category_id);
    const whole = await engine.resolveGrant({
      projectId: 0,
      dataset: 'cn_monthly',
      categories: roots,
      brands: null,
      shops: null,
    });
    expect(whole.everyLeaf).toBe(true);
    const all = await engine.rangeTotals(whole, {
      dataset: 'cn_monthly',
      filter: {},
      ranges: [range],
      discount: false,
    });
    close(all.totals[0]!.sales, total(facts).sales, 'every leaf: sales');

    const leaves = leavesOf(roots);
    const left = leaves.find((l) => facts.some((f) => f.category_id === l))!;
    const partial = await engine.resolveGrant({
      projectId: 0,
      dataset: 'cn_monthly',
      categories: leaves.filter((l) => l !== left),
      brands: null,
      shops: null,
    });
    expect(partial.everyLeaf).toBeUndefined();
    const some = await engine.rangeTotals(partial, {
      dataset: 'cn_monthly',
      filter: {},
      ranges: [range],
      discount: false,
    });
    const expected = total(facts.filter((f) => f.category_id !== left)).sales;
    expect(expected).toBeLessThan(total(facts).sales);
    close(some.totals[0]!.sales, expected, 'all leaves but one: sales');
  });

  it('shop selections on several platforms are matched as pairs: a shop named on another platform selects nothing', async () => {
    const range = { start: periods[0]!, end: periods.at(-1)! };
    const all: ResolvedGrant = {
      categories: leavesOf(dim_category.map((c) => c.category_id)),
      brands: null,
      shops: null,
    };
    const sold = (shopId: number) => facts.some((f) => f.shop_id === shopId);
    // Two shops that sold on the same platform, and a platform neither trades on (as the issue's
    // ["1,100100651", "2,100067563"], where both shops trade on platform 2).
    const [a, b] = dim_shop.filter(
      (s) => sold(s.shop_id) && s.platform_id === dim_shop.find((x) => sold(x.shop_id))!.platform_id,
    );
    expect(b).toBeDefined();
    const elsewhere = platformIds.find((p) => p !== a!.platform_id)!;
    expect(elsewhere).toBeDefined();
    const cases: { shops: Filter['shops']; only: number[] }[] = [
      // The misnamed half selects nothing; the valid half alone answers.
      {
        shops: [
          { platformId: elsewhere, shopId: a!.shop_id },
          { platformId: b!.platform_id, shopId: b!.shop_id },
        ],
        only: [b!.shop_id],
      },
      // The same shop with two platforms: only its own platform's rows, once.
      {
        shops: [
          { platformId: a!.platform_id, shopId: a!.shop_id },
          { platformId: elsewhere, shopId: a!.shop_id },
        ],
        only: [a!.shop_id],
      },
      { shops: [{ platformId: elsewhere, shopId: a!.shop_id }], only: [] },
    ];
    for (const { shops, only } of cases) {
      const filter: Filter = { shops };
      const rows = facts.filter((f) => matches(f, all, filter, range));
      // The oracle's pair rule, checked against the rows it keeps: exactly the valid shops' rows.
      expect(new Set(rows.map((f) => f.shop_id))).toEqual(new Set(only));
      const expected = aggregate(rows, [], false).get('');
      const { totals } = await engine.rangeTotals(all, {
        dataset: 'cn_monthly',
        filter,
        ranges: [range],
        discount: false,
      });
      if (!expected) expect(totals[0]).toBeUndefined();
      else close(totals[0]?.sales, expected.sales, `totals ${JSON.stringify(shops)}`);
      const byShop = await engine.answer(all, {
        dataset: 'cn_monthly',
        granularity: 'month',
        measures: ['sales', 'count'],
        dimensions: ['platform', 'shop'],
        filter,
        range,
        comparison: { kind: 'none' },
        discount: false,
      });
      const groups = aggregate(rows, ['platform', 'shop'], false);
      expect(byShop.rows.map((r) => `${r.keys.platform}\u0001${r.keys.shop}`).sort()).toEqual(
        [...groups.keys()].sort(),
      );
      for (const r of byShop.rows)
        close(r.sales, groups.get(`${r.keys.platform}\u0001${r.keys.shop}`)!.sales, 'shop sales');
    }
  });

  it('totals over several ranges in one statement (the summary cards) agree with plain TypeScript', async () => {
    // Ranges that overlap, touch, repeat or hold no sales at all (before the data): each its own totals.
    const arbRanges = fc.array(
      fc.oneof(
        arbRange,
        fc
          .tuple(fc.nat(periods.length - 1), fc.nat(periods.length - 1))
          .map(([a, b]) => ({ start: periods[Math.min(a, b)]!, end: periods[Math.max(a, b)]! })),
        fc.constant({ start: '2001-01-01', end: '2001-03-01' }),
      ),
      { minLength: 1, maxLength: 4 },
    );
    let filled = 0;
    let empty = 0;
    await fc.assert(
      fc.asyncProperty(arbGrant, arbFilter, arbRanges, fc.boolean(), async (grant, filter, ranges, discount) => {
        const { totals } = await engine.rangeTotals(grant, { dataset: 'cn_monthly', filter, ranges, discount });
        expect(totals).toHaveLength(ranges.length);
        ranges.forEach((range, i) => {
          const rows = facts.filter((f) => matches(f, grant, filter, range));
          const got = totals[i];
          if (!rows.length) {
            // No sales row: "no data", as a grand total of run() answers it (no row).
            expect(got, `range ${i}`).toBeUndefined();
            empty++;
            return;
          }
          const exp = aggregate(rows, [], discount).get('')!;
          expect(got, `range ${i}`).toBeDefined();
          close(got!.sales, exp.sales, `sales ${i}`);
          close(got!.count, exp.count, `count ${i}`);
          close(got!.avg_price, avgPrice(exp.sales, exp.count), `avg_price ${i}`);
          filled++;
        });
      }),
      { numRuns: 60, seed: 20261127, endOnFailure: true },
    );
    expect(filled).toBeGreaterThan(15);
    expect(empty).toBeGreaterThan(0);
  }, 120_000);
});
