import { buildMarket } from '@marketlens/datagen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSqlColumns, parseCustomSql, SqlParser } from '../../src/analytics/engine/custom-sql.js';
import type { ResolvedGrant } from '../../src/analytics/engine/filters.js';
import { AnalyticsEngine } from '../../src/analytics/engine/service.js';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { describeOnEach, openTarget, warehouseTargets } from '../support/warehouses.js';

/** Custom SQL where-clause (docs/product.md §5): accepted only when every node is allow-listed. */
describe('custom SQL where-clause', () => {
  const parser = new SqlParser();
  const columns = customSqlColumns(['efficacy']);
  afterAll(() => parser.close());
  const parse = (text: string) => parseCustomSql(parser, text, columns);

  it('accepts comparisons, IN, NOT IN with other conditions, LIKE, BETWEEN, IS NULL, AND/OR/NOT', async () => {
    expect(
      await parse(
        "(category_name_2 = '护肤' OR brand_en LIKE 'L%') AND price NOT BETWEEN 1.5 AND 20 AND efficacy IS NOT NULL AND shop_type NOT IN ('global', 'others')",
      ),
    ).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'compare', column: 'category_name_2', op: '=', value: '护肤' },
            { kind: 'like', column: 'brand_en', negated: false, pattern: 'L%' },
          ],
        },
        { kind: 'between', column: 'price', negated: true, low: 1.5, high: 20 },
        { kind: 'null', column: 'efficacy', negated: true },
        { kind: 'in', column: 'shop_type', negated: true, values: ['global', 'others'] },
      ],
    });
    expect(await parse('10 < price')).toEqual({ kind: 'compare', column: 'price', op: '>', value: 10 });
    expect(await parse("NOT (title LIKE '%小样%') AND price > -1")).toMatchObject({ kind: 'and' });
  });

  it.each([
    ["(brand = 'x'", 'customSql.unbalancedBrackets'],
    ["brand = 'x')", 'customSql.unbalancedBrackets'],
    ["brand = 'x' -- comment", 'customSql.comment'],
    ["brand = 'x' /* c */", 'customSql.comment'],
    ["brand = 'x'; DROP TABLE t", 'customSql.multipleStatements'],
    ['nope = 1', 'customSql.unknownColumn'],
    ['t.brand = 1', 'customSql.unknownColumn'],
    ["lower(brand) = 'x'", 'customSql.notAllowed'],
    ['price = (SELECT 1)', 'customSql.notAllowed'],
    ["brand = 'x' UNION SELECT 1", 'customSql.notAllowed'],
    ["brand = 'x' ORDER BY 1", 'customSql.notAllowed'],
    ["brand = CAST('x' AS VARCHAR)", 'customSql.notAllowed'],
    ['brand = price', 'customSql.notAllowed'],
    ["price = 'x'", 'customSql.typeMismatch'],
    ['brand = 1', 'customSql.typeMismatch'],
    ["shop_type NOT IN ('global')", 'customSql.notInAlone'],
    ['brand = = 1', 'customSql.syntax'],
    ['   ', 'customSql.empty'],
  ])('rejects %s', async (text, key) => {
    await expect(parse(text)).rejects.toMatchObject({ status: 400, messageKey: key });
  });
});

/**
 * Accepted clauses run on each engine (ClickHouse inlines the literals, DuckDB binds them): hostile
 * text stays a value, and the answer equals plain TypeScript over the generator's rows.
 */
const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
const facts = [...market.facts()];
const { dim_brand, dim_category, dim_sku } = market.dims;
const GRANT: ResolvedGrant = {
  categories: dim_category.filter((c) => c.level === 3).map((c) => c.category_id),
  brands: null,
  shops: null,
};
const RANGE = { start: market.periods[0]!, end: market.periods.at(-1)! };
const salesOf = (keep: (f: (typeof facts)[number]) => boolean) =>
  facts.filter(keep).reduce((sum, f) => sum + f.sales, 0);
const brandIs = (test: (b: (typeof dim_brand)[number]) => boolean) => {
  const ids = new Set(dim_brand.filter(test).map((b) => b.brand_id));
  return (f: (typeof facts)[number]) => ids.has(f.brand_id);
};
const someBrand = dim_brand.find((b) => facts.some((f) => f.brand_id === b.brand_id))!;
const someTitle = dim_sku.find((s) => facts.some((f) => f.sku_id === s.sku_id))!;
const targets = await warehouseTargets();

describeOnEach(targets, 'custom SQL clauses run', (target) => {
  let warehouse: WarehouseEngine;
  let engine: AnalyticsEngine;
  beforeAll(async () => {
    warehouse = await openTarget(target);
    engine = new AnalyticsEngine(warehouse);
  });
  afterAll(async () => {
    await engine?.parser.close();
    await warehouse?.close();
  });
  const total = async (clause: string) => {
    const customSql = await engine.parseCustomSql('cn_monthly', clause);
    const result = await engine.answer(GRANT, {
      dataset: 'cn_monthly',
      granularity: 'month',
      measures: ['sales'],
      dimensions: [],
      filter: { customSql },
      range: RANGE,
      comparison: { kind: 'none' },
      discount: false,
    });
    return result.rows[0]?.sales ?? 0;
  };
  const expectSales = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));

  it('hostile literals stay values: quotes, backslashes, OR tricks and statement text match nothing', async () => {
    for (const clause of [
      "brand = 'x'' OR ''1''=''1'",
      "brand = 'x\\' OR brand = 'y\\\\'",
      "brand_en IN ('\\', '\\''', ''' OR 1=1 --', '\\'' OR ''1''=''1')",
      "shop_type IN ('flagship'') UNION ALL SELECT 1 --')",
      "title LIKE '%\\'",
      "series = '; DROP TABLE fact_sales'",
    ]) {
      const sales = await total(clause).catch((err: { messageKey?: string }) => `${clause}: ${err.messageKey}`);
      expect(sales, clause).toBe(0);
    }
  });

  it('answers equal plain TypeScript: =, IN, LIKE (no escape character), BETWEEN, NOT, category names', async () => {
    expectSales(
      await total(`brand = '${someBrand.name_zh.replace(/'/g, "''")}'`),
      salesOf(brandIs((b) => b.brand_id === someBrand.brand_id)),
    );
    expectSales(await total("brand_en LIKE 'L%'"), salesOf(brandIs((b) => b.name_en.startsWith('L'))));
    expectSales(await total("NOT (brand_en LIKE '%a_')"), salesOf(brandIs((b) => !/a.$/s.test(b.name_en))));
    const title = someTitle.title_zh.slice(0, 4);
    const skus = new Set(dim_sku.filter((s) => s.title_zh.includes(title)).map((s) => s.sku_id));
    expectSales(
      await total(`title LIKE '%${title.replace(/'/g, "''")}%'`),
      salesOf((f) => skus.has(f.sku_id)),
    );
    const cheap = new Set(dim_sku.filter((s) => s.price >= 10 && s.price <= 80).map((s) => s.sku_id));
    expectSales(
      await total('price BETWEEN 10 AND 80'),
      salesOf((f) => cheap.has(f.sku_id)),
    );
    const top = dim_category.find((c) => c.level === 1)!;
    const mids = new Set(dim_category.filter((c) => c.parent_id === top.category_id).map((c) => c.category_id));
    const leaves = new Set(dim_category.filter((c) => mids.has(c.parent_id!)).map((c) => c.category_id));
    expectSales(
      await total(`category_name_1_en = '${top.name_en.replace(/'/g, "''")}'`),
      salesOf((f) => leaves.has(f.category_id)),
    );
    // NOT BETWEEN (which ClickHouse 18.16 cannot parse) and IN on the nullable series: a product
    // without a series satisfies neither `series NOT IN …` nor `NOT (series IN …)`.
    const dear = new Set(dim_sku.filter((s) => !(s.price >= 10 && s.price <= 80)).map((s) => s.sku_id));
    expectSales(
      await total('price NOT BETWEEN 10 AND 80'),
      salesOf((f) => dear.has(f.sku_id)),
    );
    const series = dim_sku.find((s) => s.series !== null)!.series!;
    const otherSeries = new Set(dim_sku.filter((s) => s.series !== null && s.series !== series).map((s) => s.sku_id));
    expect(dim_sku.some((s) => s.series === null)).toBe(true);
    const quoted = `'${series.replace(/'/g, "''")}'`;
    expectSales(
      await total(`series NOT IN (${quoted}) AND price >= 0`),
      salesOf((f) => otherSeries.has(f.sku_id)),
    );
    expectSales(
      await total(`NOT (series IN (${quoted})) AND price >= 0`),
      salesOf((f) => otherSeries.has(f.sku_id)),
    );
    expectSales(
      await total("shop_type IN ('flagship', 'global') AND brand_en <> 'nope'"),
      salesOf((f) => f.shop_type === 'flagship' || f.shop_type === 'global'),
    );
  });
});
