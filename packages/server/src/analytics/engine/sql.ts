import type { DateRange } from '@marketlens/shared';
import { ParamList } from '../../warehouse/dialect.js';
import { storesProductColumn } from '../../warehouse/rollups.js';
import { compileConditions, type ResolvedGrant, type SqlScope } from './filters.js';
import type { Band, Dimension, Filter, SortSpec } from './model.js';
import type { Plan } from './plan.js';

/**
 * Writes the one SELECT a query needs over the planned table. `buildFactSql` is the only function
 * that writes SQL over sales rows; the data grant is its first, mandatory argument.
 */

export interface SqlRequest {
  readonly dimensions: readonly Dimension[];
  readonly filter: Filter;
  readonly range: DateRange;
  /** Sum sales_discount instead of sales. */
  readonly discount: boolean;
  readonly bands?: readonly Band[];
  readonly sort?: SortSpec;
  readonly limit?: number;
  /** Totals over subsets of the dimensions as window sums (`w<j>_sales`, `w<j>_cnt`); [] = the whole scope. */
  readonly windows?: readonly (readonly Dimension[])[];
  /** Join display names (zh/en) for the dimensions. */
  readonly labels?: boolean;
}

export interface BuiltSql {
  readonly sql: string;
  readonly params: ParamList['values'];
}

type Scope = Omit<SqlScope, 'params' | 'alias'>;

interface DimensionSql {
  /** Group-by expressions (one per output key column). */
  keys: string[];
  /** Joins the keys need inside the aggregate (over the sales alias f). */
  joins: string[];
  /** A display-name join over the aggregate `g` and its zh/en columns, when labels are asked for. */
  label?: { join: string; zh: string; en: string };
  /** Aggregated output columns besides the keys (an attribute's English value). */
  extra?: string[];
  /** Conditions the dimension adds to the WHERE clause (which attribute a rollup row holds). */
  where?: string[];
}

/** The output key columns of dimension i: k<i>_0, k<i>_1 … */
export const keyAlias = (i: number, j = 0) => `k${i}_${j}`;

function dimensionSql(
  dim: Dimension,
  i: number,
  req: SqlRequest,
  plan: Plan,
  scope: Scope,
  p: ParamList,
): DimensionSql {
  const { tables: t } = scope;
  const k = keyAlias(i);
  const l = `l${i}`;
  const nameJoin = (table: string, id: string) => ({
    join: `LEFT JOIN ${table} ${l} ON ${l}.${id} = g.${k}`,
    zh: `${l}.name_zh`,
    en: `${l}.name_en`,
  });
  // Leaf → ancestors, for grouping by an upper category level.
  const pathJoin = (col: 'parent_id' | 'grand') =>
    col === 'parent_id'
      ? `JOIN ${t('dim_category')} cp${i} ON cp${i}.category_id = f.category_id`
      : `JOIN ${t('dim_category')} cp${i} ON cp${i}.category_id = f.category_id JOIN ${t('dim_category')} cq${i} ON cq${i}.category_id = cp${i}.parent_id`;
  switch (dim) {
    case 'period':
      return { keys: ['f.period'], joins: [] };
    case 'category_3':
      return { keys: ['f.category_id'], joins: [], label: nameJoin(t('dim_category'), 'category_id') };
    case 'category_2':
      return {
        keys: [`cp${i}.parent_id`],
        joins: [pathJoin('parent_id')],
        label: nameJoin(t('dim_category'), 'category_id'),
      };
    case 'category_1':
      return {
        keys: [`cq${i}.parent_id`],
        joins: [pathJoin('grand')],
        label: nameJoin(t('dim_category'), 'category_id'),
      };
    case 'brand':
      return { keys: ['f.brand_id'], joins: [], label: nameJoin(t('dim_brand'), 'brand_id') };
    case 'platform':
      return { keys: ['f.platform_id'], joins: [], label: nameJoin(t('dim_platform'), 'platform_id') };
    case 'shop':
      return { keys: ['f.shop_id'], joins: [], label: nameJoin(t('dim_shop'), 'shop_id') };
    case 'channel': {
      const ch = t('dim_channel');
      return {
        keys: ['f.platform_id', 'f.shop_type'],
        joins: [],
        label: {
          join: `LEFT JOIN ${ch} ${l} ON ${l}.platform_id = g.${k} AND ${l}.shop_type = g.${keyAlias(i, 1)}`,
          zh: `${l}.name_zh`,
          en: `${l}.name_en`,
        },
      };
    }
    case 'sku':
      return {
        keys: ['f.sku_id'],
        joins: [],
        label: {
          join: `LEFT JOIN ${t('dim_sku')} ${l} ON ${l}.sku_id = g.${k}`,
          zh: `${l}.title_zh`,
          en: `${l}.title_en`,
        },
      };
    case 'price_band': {
      // The list price is a column of rollup_cat_price; fact_sales joins the product for it.
      const stored = storesProductColumn(plan.table, 'price');
      const price = stored ? 'f.price' : `ps${i}.price`;
      // First band that holds the list price wins (bands are in increasing order; edges may touch).
      const cases = (req.bands ?? []).map(([min, max], b) => {
        const upper = max === null ? '' : ` AND ${price} <= ${p.add(max, 'double')}`;
        return `WHEN ${price} >= ${p.add(min, 'double')}${upper} THEN ${b}`;
      });
      const key = cases.length ? `CASE ${cases.join(' ')} END` : 'CAST(NULL AS INTEGER)';
      return { keys: [key], joins: stored ? [] : [`JOIN ${t('dim_sku')} ps${i} ON ps${i}.sku_id = f.sku_id`] };
    }
    case 'keyword:zh':
    case 'keyword:en':
      // Title words of one language; a product counts once under each of its words.
      return {
        keys: [`kw${i}.keyword`],
        joins: [
          `JOIN ${t('sku_keyword')} kw${i} ON kw${i}.sku_id = f.sku_id AND kw${i}.lang = ${p.add(dim.slice('keyword:'.length), 'varchar')}`,
        ],
      };
    default: {
      const attr = dim.slice('attribute:'.length);
      const label = { join: '', zh: `g.${k}`, en: `g.${keyAlias(i, 1)}` };
      // The English value rides along as a second key, min() of the group like the rollup keeps it.
      if (storesProductColumn(plan.table, 'attribute')) {
        return {
          keys: ['f.value_zh'],
          joins: [],
          extra: [`min(f.value_en) AS ${keyAlias(i, 1)}`],
          where: [`f.attr_name = ${p.add(attr, 'varchar')}`],
          label,
        };
      }
      return {
        keys: [`av${i}.value_zh`],
        joins: [
          `JOIN ${t('sku_attribute')} av${i} ON av${i}.sku_id = f.sku_id AND av${i}.attr_name = ${p.add(attr, 'varchar')}`,
        ],
        extra: [`min(av${i}.value_en) AS ${keyAlias(i, 1)}`],
        label,
      };
    }
  }
}

/**
 * SELECT over the planned table: grouped sums, optional window totals, labels, order and limit.
 * Output: key columns k<i>_<j>, `sales`, `cnt`, window totals, label columns l<i>_zh / l<i>_en.
 */
export function buildFactSql(grant: ResolvedGrant, req: SqlRequest, plan: Plan, scope: Scope): BuiltSql {
  const params = new ParamList(scope.dialect);
  const { dialect: d } = scope;
  const table = scope.tables(plan.table);
  const dims = req.dimensions.map((dim, i) => dimensionSql(dim, i, req, plan, scope, params));
  const keyCols = dims.flatMap((ds, i) => ds.keys.map((expr, j) => `${expr} AS ${keyAlias(i, j)}`));
  const extra = dims.flatMap((ds) => ds.extra ?? []);
  const where = [
    ...compileConditions(grant, req.filter, req.range, { ...scope, params, alias: 'f' }),
    ...dims.flatMap((ds) => ds.where ?? []),
  ];
  const salesCol = req.discount ? 'sales_discount' : 'sales';
  // Grouped by the key aliases, never by position (ClickHouse 18.16 rejects GROUP BY 1).
  const groupBy = dims.flatMap((ds, i) => ds.keys.map((_, j) => keyAlias(i, j)));
  const inner = [
    `SELECT ${[...keyCols, ...extra, `${d.sumMoney(`f.${salesCol}`)} AS sales`, `${d.sumCount(`f.${d.ident('count')}`)} AS cnt`].join(', ')}`,
    `FROM ${table} f`,
    ...dims.flatMap((ds) => ds.joins),
    `WHERE ${where.join(' AND ')}`,
    groupBy.length ? `GROUP BY ${groupBy.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n  ');

  const outer: string[] = ['g.*'];
  for (const [j, subset] of (req.windows ?? []).entries()) {
    const parts = subset.flatMap((dim) => {
      const i = req.dimensions.indexOf(dim);
      return dims[i]!.keys.map((_, n) => `g.${keyAlias(i, n)}`);
    });
    const over = parts.length ? `OVER (PARTITION BY ${parts.join(', ')})` : 'OVER ()';
    outer.push(`SUM(g.sales) ${over} AS w${j}_sales`, `SUM(g.cnt) ${over} AS w${j}_cnt`);
  }
  const joins: string[] = [];
  if (req.labels) {
    for (const [i, ds] of dims.entries()) {
      if (!ds.label) continue;
      if (ds.label.join) joins.push(ds.label.join);
      outer.push(`${ds.label.zh} AS l${i}_zh`, `${ds.label.en} AS l${i}_en`);
    }
  }
  const order = orderBy(req, dims);
  // A subquery, not a CTE: ClickHouse 18.16 has no WITH … AS (SELECT …).
  const sql = [
    `SELECT ${outer.join(', ')}`,
    `FROM (\n  ${inner}\n) AS g`,
    ...joins,
    order ? `ORDER BY ${order}` : '',
    req.limit !== undefined ? d.limit(req.limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, params: params.values };
}

function orderBy(req: SqlRequest, dims: DimensionSql[]): string {
  // Keys last, so ties come out in a stable order (limits cut the same rows every time).
  const keys = dims.flatMap((ds, i) => ds.keys.map((_, j) => `g.${keyAlias(i, j)} ASC NULLS LAST`));
  const sort = req.sort;
  if (!sort) return keys.join(', ');
  const dir = sort.desc ? 'DESC' : 'ASC';
  const i = req.dimensions.indexOf(sort.by as Dimension);
  if (i >= 0) return [`g.${keyAlias(i)} ${dir} NULLS LAST`, ...keys].join(', ');
  const measure = sort.by === 'count' ? 'g.cnt' : sort.by === 'avg_price' ? 'g.sales / NULLIF(g.cnt, 0)' : 'g.sales';
  return [`${measure} ${dir} NULLS LAST`, ...keys].join(', ');
}

export interface KeywordSqlRequest {
  readonly filter: Filter;
  readonly range: DateRange;
  readonly discount: boolean;
  readonly brandId: number;
  readonly lang: 'zh' | 'en';
}

/**
 * Title words of the products in scope with their sales and one brand's part of them (a brand's
 * keyword characters): summed per product first (a product has one brand), then per word, so far
 * fewer rows meet the word table. Output: `keyword`, `segment_sales`, `brand_sales` (> 0 only).
 */
export function buildKeywordSql(grant: ResolvedGrant, req: KeywordSqlRequest, plan: Plan, scope: Scope): BuiltSql {
  const params = new ParamList(scope.dialect);
  const { dialect: d } = scope;
  const where = compileConditions(grant, req.filter, req.range, { ...scope, params, alias: 'f' });
  const salesCol = req.discount ? 'sales_discount' : 'sales';
  const brandSales = `SUM(CASE WHEN p.brand_id = ${params.add(req.brandId, 'integer')} THEN p.sales ELSE 0 END)`;
  const sql = [
    `SELECT w.keyword AS keyword, SUM(p.sales) AS segment_sales, ${brandSales} AS brand_sales`,
    'FROM (',
    `  SELECT f.sku_id AS sku_id, f.brand_id AS brand_id, ${d.sumMoney(`f.${salesCol}`)} AS sales`,
    `  FROM ${scope.tables(plan.table)} f`,
    `  WHERE ${where.join(' AND ')}`,
    '  GROUP BY f.sku_id, f.brand_id',
    ') AS p',
    `JOIN ${scope.tables('sku_keyword')} w ON w.sku_id = p.sku_id AND w.lang = ${params.add(req.lang, 'varchar')}`,
    'GROUP BY w.keyword',
    `HAVING ${brandSales} > 0`,
  ].join('\n');
  return { sql, params: params.values };
}
