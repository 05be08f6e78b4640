import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customSqlColumns } from '../../src/analytics/engine/custom-sql.js';
import type { ResolvedGrant } from '../../src/analytics/engine/filters.js';
import type { AnalyticsQuery, Dimension, Filter } from '../../src/analytics/engine/model.js';
import { planQuery } from '../../src/analytics/engine/plan.js';
import { AnalyticsEngine, type AnalyticsResult } from '../../src/analytics/engine/service.js';
import { buildFactSql } from '../../src/analytics/engine/sql.js';
import { duckdbDialect } from '../../src/warehouse/duckdb/dialect.js';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { ROLLUPS } from '../../src/warehouse/rollups.js';
import { expectRollupMatchesFacts } from '../warehouse/rollup-check.js';

/**
 * The product rollups (rollup_cat_price, rollup_cat_attribute): chosen by rule for the price-band
 * and attribute panels, never when a filter or grant needs a column they lack, and their answers
 * equal the fact table's for the same query.
 */

const ALL: ResolvedGrant = { categories: [10101, 10102], brands: null, shops: null };
const customColumns = customSqlColumns(['efficacy']);

describe('plan: product rollups by rule', () => {
  const plan = (dimensions: Dimension[], filter: Filter = {}, grant = ALL) =>
    planQuery({ dimensions, filter }, grant, undefined, customColumns).table;

  it.each([
    [['price_band'], {}, ALL, 'rollup_cat_price'],
    [['period', 'price_band'], {}, ALL, 'rollup_cat_price'],
    [['price_band'], { categories: [10101] }, ALL, 'rollup_cat_price'],
    [['attribute:efficacy'], {}, ALL, 'rollup_cat_attribute'],
    [['attribute:efficacy', 'period'], { categories: [10102] }, ALL, 'rollup_cat_attribute'],
    [['category_3', 'attribute:efficacy'], {}, ALL, 'rollup_cat_attribute'],
    // Columns the product rollups lack: a brand, shop, channel or product filter, or a limited grant.
    [['price_band'], { brands: [1] }, ALL, 'fact_sales'],
    [['price_band'], { channels: [{ platformId: 1 }] }, ALL, 'fact_sales'],
    [['price_band'], { price: [10, 20] }, ALL, 'fact_sales'],
    [['price_band'], {}, { ...ALL, brands: [1] }, 'fact_sales'],
    [['attribute:efficacy'], { keywords: { kind: 'keywords', condition: 'AND', words: ['x'] } }, ALL, 'fact_sales'],
    [['attribute:efficacy'], { attributes: { efficacy: ['a'] } }, ALL, 'fact_sales'],
    [['attribute:efficacy'], { shops: [{ platformId: 1, shopId: 3 }] }, ALL, 'fact_sales'],
    [['attribute:efficacy'], {}, { ...ALL, shops: [3] }, 'fact_sales'],
    [['attribute:efficacy', 'brand'], {}, ALL, 'fact_sales'],
    [['price_band', 'channel'], {}, ALL, 'fact_sales'],
    // One value per rollup row: two attributes, or an attribute and the price, need the SKU's rows.
    [['attribute:efficacy', 'attribute:skin_type'], {}, ALL, 'fact_sales'],
    [['attribute:efficacy', 'price_band'], {}, ALL, 'fact_sales'],
    [['sku'], {}, ALL, 'fact_sales'],
    // Queries without an attribute never read the multi-valued attribute rollup.
    [[], {}, ALL, 'rollup_cat_period'],
    [['period'], {}, ALL, 'rollup_cat_period'],
    [['channel'], {}, ALL, 'rollup_cat_channel'],
    [['brand'], {}, ALL, 'rollup_cat_brand'],
  ] as const)('%j with %j → %s', (dimensions, filter, grant, table) => {
    expect(plan([...dimensions], filter as Filter, grant)).toBe(table);
  });

  it('row counts rank the candidates; a dataset without the product rollups reads the facts', () => {
    const rows = { rollup_cat_channel: 5000, rollup_cat_price: 300, rollup_cat_brand: 9000, rollup_cat_attribute: 1 };
    expect(planQuery({ dimensions: ['period'], filter: {} }, ALL, rows).table).toBe('rollup_cat_price');
    expect(planQuery({ dimensions: ['period'], filter: {} }, ALL, { rollup_cat_channel: 5000 }).table).toBe(
      'rollup_cat_channel',
    );
    expect(planQuery({ dimensions: ['price_band'], filter: {} }, ALL, { rollup_cat_channel: 5000 }).table).toBe(
      'fact_sales',
    );
  });

  it('reads the price and the attribute from the rollup row, without the product joins', () => {
    const scope = { dialect: duckdbDialect, tables: (t: string) => `"ds"."main"."${t}"`, customColumns };
    const req = {
      filter: {},
      range: { start: '2024-01-01', end: '2024-03-01' },
      discount: false,
      bands: [[0, 100] as const, [100, null] as const],
      windows: [[]],
      labels: true,
    };
    const price = buildFactSql(
      ALL,
      { ...req, dimensions: ['price_band'] },
      planQuery({ dimensions: ['price_band'], filter: {} }, ALL),
      scope,
    );
    expect(price.sql).toContain('FROM "ds"."main"."rollup_cat_price" f');
    expect(price.sql).toContain('CASE WHEN price >= $2 AND price <= $1 THEN 0 WHEN price >= $3 THEN 1 END');
    expect(price.sql).not.toContain('dim_sku');
    const attr = buildFactSql(
      ALL,
      { ...req, dimensions: ['attribute:efficacy'] },
      planQuery({ dimensions: ['attribute:efficacy'], filter: {} }, ALL),
      scope,
    );
    expect(attr.sql).toContain('FROM "ds"."main"."rollup_cat_attribute" f');
    expect(attr.sql).toContain('SELECT value_zh AS k0_0, min(value_en) AS k0_1');
    // The grant comes first, the attribute name is bound.
    expect(attr.sql).toMatch(/WHERE f\."category_id" IN \(\$2, \$3\) AND .* AND f\.attr_name = \$1/);
    expect(attr.params[0]).toBe('efficacy');
    expect(attr.sql).not.toContain('sku_attribute');
  });
});

/** Deep equality, numbers within 1e-9 relative (what "equal" means for derived ratios). */
function expectClose(actual: unknown, expected: unknown, path = 'result'): void {
  if (typeof actual === 'number' && typeof expected === 'number') {
    expect(Math.abs(actual - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
      1e-9 * Math.max(1, Math.abs(expected)),
    );
  } else if (actual && expected && typeof actual === 'object' && typeof expected === 'object') {
    expect(Object.keys(actual).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

describe('product rollups answer as the fact table does (tiny cn_monthly)', () => {
  let warehouse: WarehouseEngine;
  let engine: AnalyticsEngine;
  /** The same warehouse as a dataset imported before the product rollups: the planner reads the facts. */
  let factEngine: AnalyticsEngine;
  let grant: ResolvedGrant;
  let latest: string;
  let attribute: string;

  beforeAll(async () => {
    warehouse = await openWarehouse({ warehouseUrl: inject('tinyWarehouseDir'), warehouseRefreshMs: 0 });
    engine = new AnalyticsEngine(warehouse);
    const withoutRollups: WarehouseEngine = Object.create(warehouse);
    withoutRollups.datasets = () =>
      warehouse.datasets().map((d) => {
        const { rollup_cat_price: _p, rollup_cat_attribute: _a, ...rows } = d.rows;
        return { ...d, rows };
      });
    factEngine = new AnalyticsEngine(withoutRollups);
    const catalog = await engine.catalog('cn_monthly');
    grant = { categories: catalog.leavesOf([...catalog.categories.keys()]), brands: null, shops: null };
    latest = engine.dataset('cn_monthly')!.latestDate;
    // The attribute with the most values in the dataset.
    const [top] = await warehouse.query<{ attr_name: string }>(
      `SELECT attr_name FROM ${warehouse.tableName('cn_monthly', 'sku_attribute')} GROUP BY 1 ORDER BY count(DISTINCT value_zh) DESC, 1 LIMIT 1`,
    );
    attribute = top!.attr_name;
  });
  afterAll(async () => {
    await Promise.all([engine.parser.close(), factEngine.parser.close()]);
    await warehouse.close();
  });

  const year = (end: string) => ({ start: `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`, end });
  const query = (q: Partial<AnalyticsQuery>): AnalyticsQuery => ({
    dataset: 'cn_monthly',
    granularity: 'month',
    measures: ['sales', 'count', 'avg_price', 'share'],
    dimensions: [],
    filter: {},
    range: year(latest),
    comparison: { kind: 'none' },
    discount: false,
    bands: [
      [0, 50],
      [50, 99.9],
      [99.9, 300],
      [300, null],
    ],
    ...q,
  });
  const compare = async (q: AnalyticsQuery, table: AnalyticsResult['table']) => {
    const [fromRollup, fromFacts] = await Promise.all([engine.answer(grant, q), factEngine.answer(grant, q)]);
    expect(fromRollup.table).toBe(table);
    expect(fromFacts.table).toBe('fact_sales');
    expect(fromRollup.rows.length).toBeGreaterThan(0);
    // Same rows, keys, labels and sums; derived ratios (share, growth) to floating-point rounding,
    // since window totals add doubles in whatever order the groups come.
    expectClose({ ...fromRollup, table: 'x' }, { ...fromFacts, table: 'x' });
  };

  it("every rollup of each demo dataset holds the facts' sums per group (SKUs share attribute sets here)", async () => {
    for (const name of ['cn_monthly', 'cn_weekly', 'global_monthly']) {
      const t = (table: Parameters<WarehouseEngine['tableName']>[1]) => warehouse.tableName(name, table);
      for (const r of ROLLUPS) await expectRollupMatchesFacts(warehouse, t, r);
    }
  });

  it('price bands, whole market and one category, with yoy and discount sales', async () => {
    await compare(query({ dimensions: ['price_band'] }), 'rollup_cat_price');
    await compare(
      query({
        dimensions: ['price_band'],
        comparison: { kind: 'yoy' },
        discount: true,
        filter: { categories: [grant.categories[0]!] },
      }),
      'rollup_cat_price',
    );
  });

  it('price bands by month (trend with mom)', async () => {
    await compare(query({ dimensions: ['period', 'price_band'], comparison: { kind: 'mom' } }), 'rollup_cat_price');
  });

  it('attribute distribution with share of the whole scope, yoy, by category', async () => {
    await compare(
      query({ dimensions: [`attribute:${attribute}`], measures: ['sales', 'share'] }),
      'rollup_cat_attribute',
    );
    await compare(
      query({ dimensions: [`attribute:${attribute}`], comparison: { kind: 'yoy' }, discount: true }),
      'rollup_cat_attribute',
    );
    await compare(
      query({ dimensions: ['category_2', `attribute:${attribute}`], measures: ['sales', 'share', 'tgi'] }),
      'rollup_cat_attribute',
    );
  });

  it('attribute by month', async () => {
    await compare(query({ dimensions: [`attribute:${attribute}`, 'period'] }), 'rollup_cat_attribute');
  });
});
