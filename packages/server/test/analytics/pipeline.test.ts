import { parseSuperQuery } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';
import { cacheKey, MemoryResultCache, stableJson } from '../../src/analytics/engine/cache.js';
import { customSqlColumns } from '../../src/analytics/engine/custom-sql.js';
import { compileConditions, type ResolvedGrant, type SqlScope } from '../../src/analytics/engine/filters.js';
import type { AnalyticsQuery, Dimension, Filter } from '../../src/analytics/engine/model.js';
import { planQuery } from '../../src/analytics/engine/plan.js';
import { comparisonOf } from '../../src/analytics/engine/service.js';
import { type RawRow, shapeRows, totalsLayout } from '../../src/analytics/engine/shape.js';
import { buildFactSql, buildRangeTotalsSql, sumRanges } from '../../src/analytics/engine/sql.js';
import { validateFilter } from '../../src/analytics/engine/validate.js';
import { clickhouseDialect } from '../../src/warehouse/clickhouse/dialect.js';
import { ParamList, type ParamType, type SqlDialect } from '../../src/warehouse/dialect.js';
import { duckdbDialect } from '../../src/warehouse/duckdb/dialect.js';

/** Pure stages of the pipeline: plan, filter compilation, SQL (snapshots per dialect), shaping. */

const tables = (t: string) => `"ds"."main"."${t}"`;
const scope = { dialect: duckdbDialect, tables, customColumns: customSqlColumns(['efficacy']) };
const ALL: ResolvedGrant = { categories: [10101, 10102], brands: null, shops: null };

const query = (q: Partial<AnalyticsQuery>): AnalyticsQuery => ({
  dataset: 'ds',
  granularity: 'month',
  measures: ['sales', 'share'],
  dimensions: [],
  filter: {},
  range: { start: '2024-01-01', end: '2024-03-01' },
  comparison: { kind: 'none' },
  discount: false,
  ...q,
});

describe('plan: rollup by rule', () => {
  it.each([
    [[], {}, ALL, 'rollup_cat_period'],
    [['period', 'category_2'], {}, ALL, 'rollup_cat_period'],
    [['brand'], {}, ALL, 'rollup_cat_brand'],
    [['brand'], { channels: [{ platformId: 1 }] }, ALL, 'fact_sales'],
    [['shop'], {}, ALL, 'fact_sales'],
    [['period'], { channels: [{ platformId: 1 }] }, ALL, 'rollup_cat_channel'],
    [[], {}, { ...ALL, brands: [1] }, 'rollup_cat_brand'],
    [['brand'], {}, { ...ALL, shops: [1] }, 'fact_sales'],
    [['sku'], {}, ALL, 'fact_sales'],
    [['price_band'], {}, ALL, 'rollup_cat_price'],
    [['attribute:efficacy'], {}, ALL, 'rollup_cat_attribute'],
    [[], { keywords: { kind: 'keywords', condition: 'AND', words: ['x'] } }, ALL, 'fact_sales'],
    [[], { customSql: { kind: 'compare', column: 'brand', op: '=', value: 'x' } }, ALL, 'rollup_cat_brand'],
    [[], { customSql: { kind: 'compare', column: 'price', op: '>', value: 1 } }, ALL, 'fact_sales'],
  ] as const)('%j with %j → %s', (dimensions, filter, grant, table) => {
    expect(
      planQuery({ dimensions: [...dimensions], filter: filter as Filter }, grant, undefined, scope.customColumns).table,
    ).toBe(table);
  });
});

describe('filter compilation', () => {
  const compile = (grant: ResolvedGrant, filter: Filter) => {
    const params = new ParamList(duckdbDialect);
    const sql = compileConditions(grant, filter, undefined, { ...scope, params, alias: 'f' } as SqlScope);
    return { sql, params: params.values };
  };

  it('ANDs the grant first; an empty grant matches nothing', () => {
    expect(compile({ categories: [], brands: null, shops: null }, {}).sql).toEqual(['FALSE']);
    const limited = compile({ categories: [1], brands: [7], shops: [9] }, {});
    expect(limited.sql).toEqual(['f."category_id" IN ($1)', 'f."brand_id" IN ($2)', 'f."shop_id" IN ($3)']);
    expect(limited.params).toEqual([1, 7, 9]);
    expect(compile({ categories: [1], brands: [], shops: null }, {}).sql).toEqual(['f."category_id" IN ($1)', 'FALSE']);
  });

  it('shop selections compile as pairs on both engines: each platform with its own shops, never the two lists apart', () => {
    const shops = [
      { platformId: 1, shopId: 10 },
      { platformId: 2, shopId: 20 },
      { platformId: 1, shopId: 11 },
    ];
    const all: ResolvedGrant = { categories: [1], brands: null, shops: null };
    expect(compile(all, { shops }).sql[1]).toBe(
      '((f."platform_id" = $2 AND f."shop_id" IN ($3, $4)) OR (f."platform_id" = $5 AND f."shop_id" IN ($6)))',
    );
    expect(compile(all, { shops }).params).toEqual([1, 1, 10, 11, 2, 20]);
    const params = new ParamList(clickhouseDialect);
    const ch = compileConditions(all, { shops }, undefined, {
      ...scope,
      dialect: clickhouseDialect,
      params,
      alias: 'f',
    } as SqlScope);
    expect(ch[1]).toBe(
      '((f.`platform_id` = 1 AND f.`shop_id` IN (10, 11)) OR (f.`platform_id` = 2 AND f.`shop_id` IN (20)))',
    );
    expect(compile(all, { shops: [] }).sql[1]).toBe('FALSE');
  });

  it("validation keeps 'platform,shop_id' as pairs, each once, in the order asked", async () => {
    const { filter } = await validateFilter(
      { date: ['2025-01-01', '2025-02-01'], shops: ['2,100', '1,100', '2,100', '1,7'] },
      {
        catalog: { leavesOf: () => [], attributes: [] },
        granularity: 'month',
        parseSql: async () => ({ kind: 'null', column: 'x', negated: false }),
        favouriteBrands: async () => [],
        customAttributes: async () => [],
      },
    );
    expect(filter.shops).toEqual([
      { platformId: 2, shopId: 100 },
      { platformId: 1, shopId: 100 },
      { platformId: 1, shopId: 7 },
    ]);
  });

  it("with the dataset's leaves, a category list is runs of consecutive leaves: BETWEEN each, the rest one IN", () => {
    const leaves = [101, 102, 103, 201, 202, 301, 302, 303];
    const compileOver = (grant: ResolvedGrant, filter: Filter) => {
      const params = new ParamList(duckdbDialect);
      const sql = compileConditions(grant, filter, undefined, { ...scope, leaves, params, alias: 'f' });
      return { sql, params: params.values };
    };
    const grant: ResolvedGrant = { categories: [101, 102, 103, 201, 301, 302], brands: null, shops: null };
    // Runs in the leaves' order: 101 … 201 holds no other leaf (no sales row has a non-leaf id).
    expect(compileOver(grant, {})).toEqual({
      sql: ['(f."category_id" BETWEEN $1 AND $2 OR f."category_id" BETWEEN $3 AND $4)'],
      params: [101, 201, 301, 302],
    });
    // No two granted leaves adjacent: one IN list as before; ids no leaf has match nothing either way.
    expect(compileOver({ ...grant, categories: [101, 103, 301, 303, 999] }, {})).toEqual({
      sql: ['f."category_id" IN ($1, $2, $3, $4)'],
      params: [101, 103, 301, 303],
    });
    // Never more than the grant: 202 and 303 lie between granted leaves' ids only when a run spans them.
    expect(compileOver(grant, { categories: [102, 103, 202, 303] })).toEqual({
      sql: ['f."category_id" BETWEEN $1 AND $2'],
      params: [102, 103],
    });
    expect(compileOver(grant, { categories: [999] }).sql).toEqual(['FALSE']);
  });

  it('a grant of every leaf is no category condition without a category filter, never more than the filter with one', () => {
    const every: ResolvedGrant = { categories: [1, 2, 3], everyLeaf: true, brands: null, shops: null };
    expect(compile(every, {}).sql).toEqual([]);
    expect(compile(every, { categories: [2] }).sql).toEqual(['f."category_id" IN ($1)']);
    // Without the engine's flag (a partial grant, or one built elsewhere) the list stays.
    expect(compile({ ...every, everyLeaf: undefined }, {}).sql).toEqual(['f."category_id" IN ($1, $2, $3)']);
    expect(compile({ ...every, brands: [7] }, {}).sql).toEqual(['f."brand_id" IN ($1)']);
  });

  it('binds every value; keywords are literal substrings of either title', () => {
    const ast = (parseSuperQuery('"50%" and not "a_b"') as { ok: true; ast: never }).ast;
    const out = compile(ALL, {
      channels: [{ platformId: 1, shopType: 'flagship' }, { platformId: 2 }],
      keywords: { kind: 'super', ast },
      price: [10, null],
      attributes: { efficacy: ["it's"] },
    });
    expect(out.sql.join(' AND ')).not.toContain("it's");
    expect(out.params).toEqual(expect.arrayContaining(['50%', 'a_b', "it's", 'efficacy', 10]));
    expect(out.sql.join(' AND ')).toContain('(contains(lower(s.title_zh), lower($');
  });

  it('re-emits custom SQL from the tree with bound values', () => {
    const out = compile(ALL, {
      customSql: {
        kind: 'and',
        children: [
          { kind: 'in', column: 'brand', negated: true, values: ["x'; drop"] },
          { kind: 'between', column: 'price', negated: false, low: 1, high: 2 },
          { kind: 'null', column: 'efficacy', negated: false },
        ],
      },
    });
    expect(out.sql.at(-1)).toMatchInlineSnapshot(
      `"(f."brand_id" IN (SELECT brand_id FROM "ds"."main"."dim_brand" WHERE name_zh NOT IN ($3)) AND f."sku_id" IN (SELECT sku_id FROM "ds"."main"."dim_sku" WHERE (price BETWEEN $4 AND $5)) AND NOT (f."sku_id" IN (SELECT sku_id FROM "ds"."main"."sku_attribute" WHERE attr_name = $6)))"`,
    );
    expect(out.params.slice(2)).toEqual(["x'; drop", 1, 2, 'efficacy']);
  });
});

describe('typed values', () => {
  it('every value is added with a type that fits it (a dialect that inlines literals escapes by it)', () => {
    const seen: [unknown, ParamType][] = [];
    const recording: SqlDialect = {
      ...duckdbDialect,
      bind: (values, value, type) => {
        seen.push([value, type]);
        return duckdbDialect.bind(values, value, type);
      },
    };
    const ast = (parseSuperQuery('"a" or not "b"') as { ok: true; ast: never }).ast;
    const filter: Filter = {
      categories: Array.from({ length: 600 }, (_, i) => i + 1),
      channels: [{ platformId: 1, shopType: 'flagship' }, { platformId: 2 }],
      brands: [3],
      shops: [{ platformId: 2, shopId: 4 }],
      keywords: { kind: 'super', ast },
      attributes: { efficacy: ['x'] },
      customAttributes: [[ast]],
      descriptions: ['word'],
      price: [1.5, 9],
      favouriteBrands: [5],
      firstPeriod: { start: '2024-01-01', end: '2024-02-01' },
      customSql: { kind: 'between', column: 'price', negated: false, low: 1, high: 2.5 },
    };
    const q = query({ dimensions: ['price_band', 'keyword:zh', 'attribute:efficacy'], filter });
    const grant: ResolvedGrant = { categories: [10101], brands: [3], shops: [4] };
    const out = buildFactSql(
      grant,
      {
        ...q,
        bands: [
          [0, 10.5],
          [10.5, null],
        ],
      },
      planQuery(q, grant, undefined, scope.customColumns),
      { ...scope, dialect: recording },
    );
    const fits = (v: unknown, type: ParamType): boolean => {
      if (type.endsWith('[]')) return Array.isArray(v) && v.every((x) => fits(x, type.slice(0, -2) as ParamType));
      if (type === 'integer' || type === 'bigint') return Number.isSafeInteger(v);
      if (type === 'double') return typeof v === 'number' && Number.isFinite(v);
      if (type === 'date') return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
      if (type === 'boolean') return typeof v === 'boolean';
      return typeof v === 'string';
    };
    expect(seen.length).toBe(out.params.length);
    for (const [v, type] of seen) expect(fits(v, type), `${JSON.stringify(v)} as ${type}`).toBe(true);
    expect(seen.map(([, t]) => t)).toEqual(
      expect.arrayContaining(['integer[]', 'date', 'double', 'varchar', 'bigint']),
    );
  });
});

describe('SQL snapshots (DuckDB dialect)', () => {
  const sql = (q: AnalyticsQuery, grant = ALL) =>
    buildFactSql(grant, { ...q, windows: [[]], labels: true }, planQuery(q, grant), scope);

  it('top brands with share', () => {
    const out = sql(query({ dimensions: ['brand'], sort: { by: 'sales', desc: true }, limit: 100 }));
    expect(out.sql).toMatchInlineSnapshot(`
      "SELECT k0_0, sales, cnt, SUM(sales) OVER () AS w0_sales, SUM(cnt) OVER () AS w0_cnt
      FROM (
      SELECT brand_id AS k0_0, CAST(SUM(sales) AS DOUBLE) AS sales, CAST(SUM("count") AS DOUBLE) AS cnt
      FROM "ds"."main"."rollup_cat_brand" f
      WHERE f."category_id" IN ($1, $2) AND f."period" BETWEEN CAST($3 AS DATE) AND CAST($4 AS DATE)
      GROUP BY k0_0
      ) AS g
      ORDER BY sales DESC NULLS LAST, k0_0 ASC NULLS LAST
      LIMIT 100"
    `);
    expect(out.params).toEqual([10101, 10102, '2024-01-01', '2024-03-01']);
  });

  it('discount sales and a level-2 trend', () => {
    const out = sql(query({ dimensions: ['period', 'category_2'], discount: true }));
    expect(out.sql).toContain('CAST(SUM(sales_discount) AS DOUBLE) AS sales');
    expect(out.sql).toContain(
      'FROM "ds"."main"."rollup_cat_period" f JOIN (SELECT category_id, coalesce(parent_id, 0) AS x1 FROM "ds"."main"."dim_category") AS r0 USING (category_id)',
    );
  });
});

describe('totals over several ranges: one statement, summed per period, added up per range', () => {
  const ranges = [
    { start: '2024-01-01', end: '2024-03-01' },
    { start: '2023-10-01', end: '2023-12-01' },
  ];
  const build = (dialect: SqlDialect, grant = ALL) =>
    buildRangeTotalsSql(
      grant,
      { filter: {}, ranges, discount: false },
      planQuery({ dimensions: [], filter: {} }, grant),
      {
        ...scope,
        dialect,
      },
    );

  it("sums the rows of the ranges' union per period, the grant first (DuckDB)", () => {
    const out = build(duckdbDialect);
    expect(out.sql).toMatchInlineSnapshot(`
      "SELECT f."period" AS k0_0, CAST(SUM(f.sales) AS DOUBLE) AS sales, CAST(SUM(f."count") AS DOUBLE) AS cnt, CAST(SUM(1) AS DOUBLE) AS n
      FROM "ds"."main"."rollup_cat_period" f
      WHERE f."category_id" IN ($5, $6) AND (f."period" BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE) OR f."period" BETWEEN CAST($3 AS DATE) AND CAST($4 AS DATE))
      GROUP BY k0_0"
    `);
    expect(out.params).toEqual(['2024-01-01', '2024-03-01', '2023-10-01', '2023-12-01', 10101, 10102]);
  });

  it('adds the periods up per range: overlapping, repeated and empty ranges each summed whole', () => {
    const row = (period: string, sales: number, cnt: number, n: number) => ({ k0_0: period, sales, cnt, n });
    const rows = [row('2024-01-01', 10, 1, 2), row('2024-02-01', 20, 2, 1), row('2024-03-01', 40, 4, 3)];
    expect(
      sumRanges(rows, [
        { start: '2024-01-01', end: '2024-03-01' },
        { start: '2024-02-01', end: '2024-02-01' },
        { start: '2024-01-01', end: '2024-03-01' },
        // Touching the data at its last period only; then before any data at all.
        { start: '2024-03-01', end: '2024-05-01' },
        { start: '2023-01-01', end: '2023-12-01' },
      ]),
    ).toEqual([
      { sales: 70, count: 7 },
      { sales: 20, count: 2 },
      { sales: 70, count: 7 },
      { sales: 40, count: 4 },
      undefined,
    ]);
    // A period with rows whose sums are zero is data (zero sales), not "no data".
    expect(sumRanges([row('2024-01-01', 0, 0, 1)], [{ start: '2024-01-01', end: '2024-01-01' }])).toEqual([
      { sales: 0, count: 0 },
    ]);
  });

  it('keeps to the portable subset on ClickHouse: values inlined, no window, no join; an empty grant matches nothing', () => {
    const out = build(clickhouseDialect);
    expect(out.params).toEqual([]);
    expect(out.sql).not.toMatch(/\$\d|OVER|JOIN|HAVING/);
    expect(out.sql).toContain("f.`period` BETWEEN toDate('2023-10-01') AND toDate('2023-12-01')");
    expect(build(clickhouseDialect, { categories: [], brands: null, shops: null }).sql).toMatch(/WHERE 0 AND/);
  });
});

/**
 * `(`…`)` levels of a statement with more than one JOIN keyword directly in them: ClickHouse 18.16
 * allows one JOIN per SELECT, and every subquery of the builder is in parentheses.
 */
function selectsWithSeveralJoins(sql: string): string[] {
  const stack: { start: number; joins: number }[] = [{ start: 0, joins: 0 }];
  const bad: string[] = [];
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (ch === "'") i = sql.indexOf("'", i + 1);
    else if (ch === '(') stack.push({ start: i, joins: 0 });
    else if (ch === ')') {
      const level = stack.pop()!;
      if (level.joins > 1) bad.push(sql.slice(level.start, i + 1));
    } else if (/\bJOIN\b/.test(sql.slice(i, i + 5)) && !/\w/.test(sql[i - 1] ?? ' ')) stack.at(-1)!.joins++;
  }
  if (stack[0]!.joins > 1) bad.push(sql);
  return bad;
}

describe.each([
  ['DuckDB', duckdbDialect],
  ['ClickHouse', clickhouseDialect],
])('portable SQL shapes (%s dialect)', (_, dialect) => {
  const shapes: Dimension[][] = [
    ['brand', 'period'],
    ['category_1', 'category_3'],
    ['category_2', 'price_band'],
    ['attribute:efficacy', 'brand'],
    ['attribute:efficacy', 'keyword:zh'],
    ['price_band', 'keyword:zh', 'attribute:efficacy', 'category_1'],
    ['channel', 'sku', 'shop', 'platform'],
  ];
  const filter: Filter = {
    keywords: { kind: 'keywords', condition: 'OR', words: ['a'] },
    attributes: { efficacy: ['x'] },
    customSql: { kind: 'compare', column: 'category_name_1', op: '=', value: 'c' },
  };
  it.each(shapes.map((s) => [s.join(' × '), s] as const))(
    '%s: at most one JOIN per SELECT, no CAST(NULL …)',
    (_, dims) => {
      const q = query({ dimensions: dims, filter, sort: { by: 'avg_price', desc: true }, limit: 10 });
      const grant = ALL;
      const out = buildFactSql(
        grant,
        {
          ...q,
          bands: [
            [0, 10],
            [10, null],
          ],
          windows: dialect.windowSums ? [[]] : [],
          labels: true,
        },
        planQuery(q, grant, undefined, scope.customColumns),
        { ...scope, dialect },
      );
      expect(selectsWithSeveralJoins(out.sql)).toEqual([]);
      expect(out.sql).not.toMatch(/CAST\(NULL/);
      expect(out.sql).not.toMatch(/ON /);
      if (dialect.name === 'clickhouse') {
        expect(out.params).toEqual([]);
        expect(out.sql).not.toMatch(/\$\d/);
        expect(out.sql).not.toMatch(/OVER \(/);
        expect(out.sql).toMatch(/GLOBAL IN/);
        // Every join states its strictness (18.16 has no default).
        expect(out.sql.match(/JOIN/g)?.length).toBe(out.sql.match(/ALL (INNER|LEFT) JOIN/g)?.length);
      }
    },
  );
  it('the one-JOIN check itself finds two joins in one SELECT', () => {
    expect(selectsWithSeveralJoins('SELECT a FROM t JOIN u USING (k) JOIN v USING (k)')).toHaveLength(1);
    expect(selectsWithSeveralJoins('SELECT a FROM (SELECT k FROM t JOIN u USING (k)) AS x JOIN v USING (k)')).toEqual(
      [],
    );
  });
});

describe('SQL snapshot (ClickHouse dialect): values inlined and escaped by type', () => {
  it('a keyword trend with a custom SQL LIKE', () => {
    const q = query({
      dimensions: ['period', 'keyword:en'],
      filter: { customSql: { kind: 'like', column: 'brand', negated: false, pattern: "O'Re\\al%" } },
    });
    const out = buildFactSql(ALL, { ...q, labels: true }, planQuery(q, ALL, undefined, scope.customColumns), {
      ...scope,
      dialect: clickhouseDialect,
    });
    expect(out.sql).toMatchInlineSnapshot(`
      "SELECT k0_0, k1_0, sales, cnt
      FROM (
      SELECT period AS k0_0, x1 AS k1_0, toFloat64(sum(sales)) AS sales, toFloat64(sum(\`count\`)) AS cnt
      FROM "ds"."main"."fact_sales" f ALL INNER JOIN (SELECT sku_id, keyword AS x1 FROM "ds"."main"."sku_keyword" WHERE lang = 'en') AS r0 USING (sku_id)
      WHERE f.\`category_id\` IN (10101, 10102) AND f.\`period\` BETWEEN toDate('2024-01-01') AND toDate('2024-03-01') AND f.\`brand_id\` GLOBAL IN (SELECT brand_id FROM "ds"."main"."dim_brand" WHERE like(name_zh, 'O\\'Re\\\\\\\\al%'))
      GROUP BY k0_0, k1_0
      ) AS g
      ORDER BY k0_0 ASC NULLS LAST, k1_0 ASC NULLS LAST"
    `);
    expect(out.params).toEqual([]);
  });
});

describe('comparison periods', () => {
  it.each([
    ['mom', [], { start: '2023-10-01', end: '2023-12-01' }, undefined],
    ['yoy', [], { start: '2023-01-01', end: '2023-03-01' }, undefined],
    ['mom', ['period'], { start: '2023-12-01', end: '2024-02-01' }, 1],
    ['yoy', ['period'], { start: '2023-01-01', end: '2023-03-01' }, 12],
  ] as const)('%s over %j', (kind, dims, base, shift) => {
    const c = comparisonOf(query({ comparison: { kind }, dimensions: [...dims] }));
    expect(c?.base).toEqual(base);
    expect(c?.periodShift).toBe(shift);
    expect(c?.unequal).toBe(false);
  });

  it('custom ranges of unequal length warn', () => {
    const c = comparisonOf(query({ comparison: { kind: 'custom', base: { start: '2023-01-01', end: '2023-06-01' } } }));
    expect(c).toEqual({ base: { start: '2023-01-01', end: '2023-06-01' }, unequal: true });
  });
});

describe('shaping', () => {
  const row = (brand: number, sales: number, count: number, scope: number): RawRow => ({
    keys: [brand],
    sums: { sales, count },
    totals: [{ sales: scope, count: 0 }],
    labels: [{ zh: `品牌${brand}`, en: `Brand ${brand}` }],
  });

  it('derives avg price, share and growth; a zero or missing base gives no value', () => {
    const q = query({ dimensions: ['brand'], measures: ['sales', 'share'] });
    const rows = shapeRows({
      query: q,
      layout: totalsLayout(q),
      current: [row(1, 300, 3, 1000), row(2, 700, 0, 1000)],
      base: [row(1, 200, 2, 500), row(2, 0, 0, 500)],
    });
    expect(rows[0]).toMatchObject({ sales: 300, avg_price: 100, share: 0.3, growth: { sales: 0.5, avg_price: 0 } });
    expect(rows[0]!.growth!.share).toBeCloseTo(-0.25);
    expect(rows[1]).toMatchObject({ avg_price: null, growth: { sales: null, avg_price: null } });
  });

  it('TGI = 100 × share in segment / share in whole', () => {
    const q = query({ dimensions: ['attribute:efficacy', 'brand'], measures: ['sales', 'tgi'] });
    const layout = totalsLayout(q);
    const [out] = shapeRows({
      query: q,
      layout,
      current: [
        {
          keys: ['保湿', 1],
          sums: { sales: 30, count: 1 },
          // scope 1000, segment 100, the brand's whole 200: (30/100) / (200/1000) × 100 = 150
          totals: [
            { sales: 1000, count: 0 },
            { sales: 100, count: 0 },
            { sales: 200, count: 0 },
          ],
          labels: [null, null],
        },
      ],
    });
    expect(out!.tgi).toBeCloseTo(150);
  });
});

describe('filter validation', () => {
  const ctx = {
    catalog: { leavesOf: (ids: readonly number[]) => ids.map((i) => i * 100), attributes: ['efficacy'] },
    granularity: 'week' as const,
    parseSql: async () => ({ kind: 'null', column: 'series', negated: false }) as const,
    favouriteBrands: async () => [5, 6],
    customAttributes: async () => [{ id: 1, rules: [{ value: '大', query: '"大"' }] }],
  };

  it('aligns weekly dates to Mondays, expands categories, resolves favourites and custom attributes', async () => {
    const v = await validateFilter(
      {
        date: ['2024-01-10', '2024-01-24'],
        category: { enable: true, value: [1] },
        isFollowConcernedBrands: true,
        newAttributes: [{ id: 1, values: ['大'] }],
        selector: 'yoy',
      },
      ctx,
    );
    expect(v.range).toEqual({ start: '2024-01-08', end: '2024-01-22' });
    expect(v.filter).toMatchObject({ categories: [100], favouriteBrands: [5, 6] });
    expect(v.filter.customAttributes).toHaveLength(1);
    expect(v.comparison).toEqual({ kind: 'yoy' });
  });

  it('rejects what docs/product.md §5 rejects', async () => {
    const base = { date: ['2024-01-01', '2024-02-01'] as [string, string] };
    await expect(validateFilter({ ...base, bands: ['-1', '2'] }, ctx)).rejects.toMatchObject({
      messageKey: 'validation.range.negative',
    });
    await expect(validateFilter({ ...base, bands: [5, 2] }, ctx)).rejects.toMatchObject({
      messageKey: 'validation.range.order',
    });
    await expect(
      validateFilter({ ...base, attributes: { efficacy: Array.from({ length: 11 }, (_, i) => String(i)) } }, ctx),
    ).rejects.toMatchObject({ messageKey: 'validation.attributeValues.tooMany' });
    await expect(
      validateFilter({ ...base, selector: 'custom', dateBefore: ['2024-03-01', '2024-04-01'] }, ctx),
    ).rejects.toMatchObject({ messageKey: 'validation.period.benchmarkNotEarlier' });
    await expect(validateFilter({ date: ['2024-02-01', '2024-01-01'] }, ctx)).rejects.toMatchObject({
      messageKey: 'validation.period.invalid',
    });
    // Periods outside the calendar pages compute in (a year-9999 end was a 500: found by the fuzz).
    for (const date of [
      ['2020-01-01', '9999-12-01'],
      ['1999-12-01', '2024-01-01'],
    ] as [string, string][]) {
      await expect(validateFilter({ date }, ctx)).rejects.toMatchObject({
        status: 400,
        messageKey: 'validation.period.outOfRange',
        params: { min: '2000-01-01', max: '2099-12-31' },
      });
    }
    await expect(
      validateFilter({ ...base, selector: 'custom', dateBefore: ['1900-01-01', '1900-02-01'] }, ctx),
    ).rejects.toMatchObject({ messageKey: 'validation.period.outOfRange' });
  });
});

describe('response cache', () => {
  it('keys ignore object key order and change with the dataset version and the grant', () => {
    const a = cacheKey({ version: 'v1', grant: ALL, query: { a: 1, b: 2 } });
    expect(cacheKey({ version: 'v1', grant: ALL, query: { b: 2, a: 1 } })).toBe(a);
    expect(cacheKey({ version: 'v2', grant: ALL, query: { a: 1, b: 2 } })).not.toBe(a);
    expect(cacheKey({ version: 'v1', grant: { ...ALL, brands: [1] }, query: { a: 1, b: 2 } })).not.toBe(a);
    expect(stableJson({ b: [{ d: 1, c: 2 }], a: 1 })).toBe('{"a":1,"b":[{"c":2,"d":1}]}');
  });

  it('evicts the least recently used entry and expires old ones', async () => {
    let now = 0;
    const cache = new MemoryResultCache(2, 1000, () => now);
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.get('a');
    await cache.set('c', 3);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    now = 2000;
    expect(await cache.get('c')).toBeUndefined();
  });

  it('hands out a copy on each hit, as the Redis cache does: altering one answer alters no later one', async () => {
    const cache = new MemoryResultCache();
    await cache.set('k', { rows: [{ brand: 'A', sales: 1 }], missing: undefined });
    const first = (await cache.get('k')) as { rows: { sales: number }[] };
    first.rows[0]!.sales = 99;
    first.rows.push({ sales: 2 });
    expect(await cache.get('k')).toEqual({ rows: [{ brand: 'A', sales: 1 }] });
  });
});
