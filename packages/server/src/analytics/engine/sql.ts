import { type DateRange, inRange } from '@marketlens/shared';
import { ParamList } from '../../warehouse/dialect.js';
import type { Row } from '../../warehouse/engine.js';
import { storesProductColumn } from '../../warehouse/rollups.js';
import { compileConditions, periodWithin, type ResolvedGrant, type SqlScope } from './filters.js';
import type { Band, Dimension, Filter, SortSpec } from './model.js';
import type { Plan } from './plan.js';

/**
 * Writes the one SELECT a query needs over the planned table. `buildFactSql` is the only function
 * that writes SQL over sales rows; the data grant is its first, mandatory argument.
 */

export interface SqlRequest {
  readonly dimensions: readonly Dimension[];
  readonly filter: Filter;
  /** The period range; or several, summed together (a trend over its own and its base periods). */
  readonly range: DateRange | readonly DateRange[];
  /** Sum sales_discount instead of sales. */
  readonly discount: boolean;
  readonly bands?: readonly Band[];
  readonly sort?: SortSpec;
  readonly limit?: number;
  /** Totals over subsets of the dimensions as window sums (`w<j>_sales`, `w<j>_cnt`); [] = the whole scope. */
  readonly windows?: readonly (readonly Dimension[])[];
  /**
   * Output the display names that are columns of the grouped rows already (attribute values, zh and
   * en). Every other dimension's names are read by id after the query (RowNamer, names.ts): no
   * statement joins a name table.
   */
  readonly labels?: boolean;
}

export interface BuiltSql {
  readonly sql: string;
  readonly params: ParamList['values'];
}

type Scope = Omit<SqlScope, 'params' | 'alias'>;

/** An equality join of a small subquery, written `JOIN (right) USING (keys)` (docs/clickhouse.md, subset rule 2). */
interface JoinSql {
  /** A SELECT whose output columns are the `using` keys and `cols`. */
  right: string;
  using: string[];
  /** Its other output columns, named apart from every fact column (x<i>, y<i>, l<i>_*). */
  cols: string[];
}

interface DimensionSql {
  /** Group-by expressions (one per output key column), over unqualified column names. */
  keys: string[];
  /** Fact columns the keys and extra read (carried through when joins are nested). */
  uses: string[];
  /** The join the keys need inside the aggregate (category path, product price, attribute, word). */
  join?: JoinSql;
  /** Labels that are key columns already (attribute values: zh and en). */
  labelCols?: { zh: string; en: string };
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
  const x = `x${i}`;
  // Leaf → parent (category_2) or grandparent (category_1): a small subquery over the category
  // tree with at most one join of its own. coalesce: a root's parent is NULL, and join keys on
  // ClickHouse 18.16 are safest without Nullable.
  const category = t('dim_category');
  const ancestor = (levels: 1 | 2): JoinSql => ({
    right:
      levels === 1
        ? `SELECT category_id, coalesce(parent_id, 0) AS ${x} FROM ${category}`
        : `SELECT category_id, ${x} FROM (SELECT category_id, coalesce(parent_id, 0) AS m${i} FROM ${category}) AS c${i} ${scope.dialect.join('inner')} (SELECT category_id AS m${i}, coalesce(parent_id, 0) AS ${x} FROM ${category}) AS cp${i} USING (m${i})`,
    using: ['category_id'],
    cols: [x],
  });
  switch (dim) {
    case 'period':
      return { keys: ['period'], uses: ['period'] };
    case 'category_3':
      return { keys: ['category_id'], uses: ['category_id'] };
    case 'category_2':
      return { keys: [x], uses: ['category_id'], join: ancestor(1) };
    case 'category_1':
      return { keys: [x], uses: ['category_id'], join: ancestor(2) };
    case 'brand':
      return { keys: ['brand_id'], uses: ['brand_id'] };
    case 'platform':
      return { keys: ['platform_id'], uses: ['platform_id'] };
    case 'shop':
      return { keys: ['shop_id'], uses: ['shop_id'] };
    case 'channel':
      return { keys: ['platform_id', 'shop_type'], uses: ['platform_id', 'shop_type'] };
    case 'sku':
      return { keys: ['sku_id'], uses: ['sku_id'] };
    case 'price_band': {
      // The list price is a column of rollup_cat_price; fact_sales joins the product for it.
      const stored = storesProductColumn(plan.table, 'price');
      const price = stored ? 'price' : x;
      // First band that holds the list price wins (bands are in increasing order; edges may touch).
      const cases = (req.bands ?? []).map(([min, max], b) => {
        const upper = max === null ? '' : ` AND ${price} <= ${p.add(max, 'double')}`;
        return `WHEN ${price} >= ${p.add(min, 'double')}${upper} THEN ${b}`;
      });
      // No bands: every row in one group without a band (NULL; no CAST, which the engines spell apart).
      if (!cases.length) return { keys: ['NULL'], uses: [] };
      const key = `CASE ${cases.join(' ')} END`;
      if (stored) return { keys: [key], uses: ['price'] };
      return {
        keys: [key],
        uses: ['sku_id'],
        join: { right: `SELECT sku_id, price AS ${x} FROM ${t('dim_sku')}`, using: ['sku_id'], cols: [x] },
      };
    }
    case 'keyword:zh':
    case 'keyword:en':
      // Title words of one language; a product counts once under each of its words.
      return {
        keys: [x],
        uses: ['sku_id'],
        join: {
          right: `SELECT sku_id, keyword AS ${x} FROM ${t('sku_keyword')} WHERE lang = ${p.add(dim.slice('keyword:'.length), 'varchar')}`,
          using: ['sku_id'],
          cols: [x],
        },
      };
    default: {
      const attr = dim.slice('attribute:'.length);
      const labelCols = { zh: k, en: keyAlias(i, 1) };
      // The English value rides along as a second key, min() of the group like the rollup keeps it.
      if (storesProductColumn(plan.table, 'attribute')) {
        return {
          keys: ['value_zh'],
          uses: ['value_zh', 'value_en'],
          extra: [`min(value_en) AS ${keyAlias(i, 1)}`],
          where: [`f.attr_name = ${p.add(attr, 'varchar')}`],
          labelCols,
        };
      }
      const y = `y${i}`;
      return {
        keys: [x],
        uses: ['sku_id'],
        join: {
          right: `SELECT sku_id, value_zh AS ${x}, value_en AS ${y} FROM ${t('sku_attribute')} WHERE attr_name = ${p.add(attr, 'varchar')}`,
          using: ['sku_id'],
          cols: [x, y],
        },
        extra: [`min(${y}) AS ${keyAlias(i, 1)}`],
        labelCols,
      };
    }
  }
}

/**
 * `SELECT cols FROM source` joined to each of `joins` in turn, one JOIN per SELECT (ClickHouse
 * 18.16 allows no more): every further join wraps the statement so far as a subquery, carrying
 * its columns. Returns the statement and the columns it outputs.
 */
function nestJoins(
  d: Scope['dialect'],
  first: { select: string[]; from: string; where?: string; cols: string[]; grouped?: boolean },
  joins: readonly JoinSql[],
): { sql: string; cols: string[] } {
  let cols = [...first.cols];
  let sql = '';
  joins.forEach((j, n) => {
    const from = n === 0 ? first.from : `(\n${sql}\n) AS j${n}`;
    const select = n === 0 ? first.select : cols;
    // A grouped SELECT outputs its keys and sums only, not the joined columns it groups by.
    const added = n === 0 && first.grouped ? [] : j.cols;
    sql = [
      `SELECT ${[...select, ...added].join(', ')}`,
      `FROM ${from} ${d.join('inner')} (${j.right}) AS r${n} USING (${j.using.join(', ')})`,
      n === 0 && first.where ? `WHERE ${first.where}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    cols = [...cols, ...j.cols];
  });
  if (joins.length === 0) {
    sql = [`SELECT ${first.select.join(', ')}`, `FROM ${first.from}`, first.where ? `WHERE ${first.where}` : '']
      .filter(Boolean)
      .join('\n');
  }
  return { sql, cols };
}

/**
 * SELECT over the planned table: grouped sums, optional window totals, order and limit.
 * Output: key columns k<i>_<j>, `sales`, `cnt`, window totals, and with `labels` the attribute
 * values' label columns l<i>_zh / l<i>_en (other names are read by id afterwards: SqlRequest.labels).
 *
 * Shapes both engines run (docs/query-engine.md): the sums are grouped first, window totals over the
 * small grouped result; each SELECT has at most one equality JOIN written with USING over
 * subqueries whose columns are named apart; every expression has an alias and ORDER BY names them.
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
  ].join(' AND ');
  const salesCol = req.discount ? 'sales_discount' : 'sales';
  const count = d.ident('count');
  const sums = [`${d.sumMoney(salesCol)} AS sales`, `${d.sumCount(count)} AS cnt`];
  // Grouped by the key aliases, never by position (ClickHouse 18.16 rejects GROUP BY 1).
  const groupBy = dims.flatMap((ds, i) => ds.keys.map((_, j) => keyAlias(i, j)));
  const grouped = [...keyCols, ...extra, ...sums];
  const joins = dims.flatMap((ds) => (ds.join ? [ds.join] : []));
  let inner: string;
  if (joins.length <= 1) {
    // The common case: one SELECT over the sales table (and the one join a dimension needs).
    inner = nestJoins(d, { select: grouped, from: `${table} f`, where, cols: [], grouped: true }, joins).sql;
  } else {
    // Several joins: filter the sales rows first, carry the columns the keys read, join in turn.
    const carried = [...new Set([...dims.flatMap((ds) => ds.uses), ...joins.flatMap((j) => j.using)])];
    const base = [
      ...carried.map((c) => `f.${d.ident(c)} AS ${d.ident(c)}`),
      `f.${salesCol} AS ${salesCol}`,
      `f.${count} AS ${count}`,
    ];
    const staged = nestJoins(
      d,
      { select: base, from: `${table} f`, where, cols: [...carried, salesCol, count] },
      joins,
    );
    inner = `SELECT ${grouped.join(', ')}\nFROM (\n${staged.sql}\n) AS j`;
  }
  // A grand total over no rows: no row on both engines (ClickHouse's sum() of nothing is 0, not NULL).
  inner += groupBy.length ? `\nGROUP BY ${groupBy.join(', ')}` : '\nHAVING count(*) > 0';

  // Columns of the grouped rows, then window totals (DuckDB) and in-row labels over them.
  const gCols = [
    ...dims.flatMap((ds, i) => ds.keys.map((_, j) => keyAlias(i, j))),
    ...(extra.length ? extraAliases(dims) : []),
    'sales',
    'cnt',
  ];
  const select: string[] = [...gCols];
  for (const [j, subset] of (req.windows ?? []).entries()) {
    const parts = subset.flatMap((dim) => {
      const i = req.dimensions.indexOf(dim);
      return dims[i]!.keys.map((_, n) => keyAlias(i, n));
    });
    const over = parts.length ? `OVER (PARTITION BY ${parts.join(', ')})` : 'OVER ()';
    select.push(`SUM(sales) ${over} AS w${j}_sales`, `SUM(cnt) ${over} AS w${j}_cnt`);
  }
  if (req.labels) {
    for (const [i, ds] of dims.entries()) {
      if (!ds.labelCols) continue;
      select.push(`${ds.labelCols.zh} AS l${i}_zh`, `${ds.labelCols.en} AS l${i}_en`);
    }
  }
  const order = orderBy(req, dims);
  const sql = [
    `SELECT ${select.join(', ')}\nFROM (\n${inner}\n) AS g`,
    order ? `ORDER BY ${order}` : '',
    req.limit !== undefined ? d.limit(req.limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, params: params.values };
}

/** The aliases of the extra aggregated columns (`min(…) AS k<i>_1`). */
function extraAliases(dims: DimensionSql[]): string[] {
  return dims.flatMap((ds) => (ds.extra ?? []).map((e) => e.slice(e.lastIndexOf(' AS ') + 4)));
}

function orderBy(req: SqlRequest, dims: DimensionSql[]): string {
  // Keys last, so ties come out in a stable order (limits cut the same rows every time).
  const keys = dims.flatMap((ds, i) => ds.keys.map((_, j) => `${keyAlias(i, j)} ASC NULLS LAST`));
  const sort = req.sort;
  if (!sort) return keys.join(', ');
  const dir = sort.desc ? 'DESC' : 'ASC';
  const i = req.dimensions.indexOf(sort.by as Dimension);
  if (i >= 0) return [`${keyAlias(i)} ${dir} NULLS LAST`, ...keys].join(', ');
  const measure = sort.by === 'count' ? 'cnt' : sort.by === 'avg_price' ? 'sales / NULLIF(cnt, 0)' : 'sales';
  return [`${measure} ${dir} NULLS LAST`, ...keys].join(', ');
}

/** The dimensions whose keys are ids of a dimension table, and the fact column that holds them. */
const ID_COLUMNS = { brand: 'brand_id', shop: 'shop_id', platform: 'platform_id', sku: 'sku_id' } as const;

/**
 * The distinct ids of one dimension among the sales rows of a query (its grant, filter and range),
 * as a subquery written into `params` — a statement's key set that grows with the data (every
 * product of a market) goes into the next statement as this, never as a list of its ids: 18.16
 * refuses a statement over `max_query_size` (256 KiB, ≈ 18 000 inlined product ids), and DuckDB
 * would bind and plan the whole list. Output column: the id column's own name.
 */
export function buildKeysSql(
  grant: ResolvedGrant,
  req: { readonly dimension: keyof typeof ID_COLUMNS; readonly filter: Filter; readonly range: DateRange },
  plan: Plan,
  scope: Scope & { readonly params: ParamList },
): string {
  const { dialect: d, params } = scope;
  const column = ID_COLUMNS[req.dimension];
  const where = compileConditions(grant, req.filter, req.range, { ...scope, params, alias: 'f' });
  return `SELECT DISTINCT f.${d.ident(column)} AS ${column} FROM ${scope.tables(plan.table)} f WHERE ${where.join(' AND ') || d.true}`;
}

export interface RangeTotalsSqlRequest {
  readonly filter: Filter;
  /** The period ranges to total (they may touch or overlap). */
  readonly ranges: readonly DateRange[];
  readonly discount: boolean;
}

/**
 * The sums of one filter over several period ranges in ONE statement (the summary cards' range and
 * its chain, year-on-year and custom bases were a statement each): the rows of the
 * ranges' union summed per period, which the caller adds up per range (`sumRanges`). Grouping by
 * the period, rather than a conditional sum per range and measure, leaves DuckDB less to
 * bind and optimise at every execution (it re-plans a prepared statement whose values could enable
 * optimisations). Output:
 * `k0_0` (the period), `sales`, `cnt` and `n` (the rows summed: a range with none is "no data", what
 * buildFactSql's grand total answers with no row).
 */
export function buildRangeTotalsSql(
  grant: ResolvedGrant,
  req: RangeTotalsSqlRequest,
  plan: Plan,
  scope: Scope,
): BuiltSql {
  const params = new ParamList(scope.dialect);
  const { dialect: d } = scope;
  const sqlScope = { ...scope, params, alias: 'f' };
  const salesCol = `f.${req.discount ? 'sales_discount' : 'sales'}`;
  // A range asked twice (a 12-month range's chain is its year-on-year base) is read once.
  const distinct = [...new Map(req.ranges.map((r) => [`${r.start}/${r.end}`, r])).values()];
  const within = distinct.map((range) => periodWithin(range, sqlScope));
  const where = [
    ...compileConditions(grant, req.filter, undefined, sqlScope),
    within.length ? `(${within.join(' OR ')})` : d.false,
  ];
  const sql = [
    // Grouped by an alias apart from the column (as buildFactSql's keys): never GROUP BY a position.
    `SELECT f.${d.ident('period')} AS ${keyAlias(0)}, ${d.sumMoney(salesCol)} AS sales, ${d.sumCount(`f.${d.ident('count')}`)} AS cnt, ${d.sumCount('1')} AS n`,
    `FROM ${scope.tables(plan.table)} f`,
    `WHERE ${where.join(' AND ')}`,
    `GROUP BY ${keyAlias(0)}`,
  ].join('\n');
  return { sql, params: params.values };
}

/**
 * Each range's sums from the rows buildRangeTotalsSql answered (one per period); `undefined` for a
 * range no row falls in. Ranges may touch, overlap or repeat: each is summed whole.
 */
export function sumRanges(
  rows: readonly Row[],
  ranges: readonly DateRange[],
): ({ sales: number; count: number } | undefined)[] {
  const periods = rows.map((r) => ({
    period: String(r[keyAlias(0)]),
    sales: Number(r.sales ?? 0),
    count: Number(r.cnt ?? 0),
    n: Number(r.n ?? 0),
  }));
  return ranges.map((range) => {
    let sales = 0;
    let count = 0;
    let n = 0;
    for (const p of periods) {
      if (!inRange(p.period, range)) continue;
      sales += p.sales;
      count += p.count;
      n += p.n;
    }
    return n > 0 ? { sales, count } : undefined;
  });
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
  const brandSales = `SUM(CASE WHEN brand_id = ${params.add(req.brandId, 'integer')} THEN sales ELSE 0 END)`;
  const sql = [
    `SELECT keyword, SUM(sales) AS segment_sales, ${brandSales} AS brand_sales`,
    'FROM (',
    `  SELECT f.sku_id AS sku_id, f.brand_id AS brand_id, ${d.sumMoney(`f.${salesCol}`)} AS sales`,
    `  FROM ${scope.tables(plan.table)} f`,
    `  WHERE ${where.join(' AND ')}`,
    '  GROUP BY sku_id, brand_id',
    `) AS p ${d.join('inner')} (SELECT sku_id, keyword FROM ${scope.tables('sku_keyword')} WHERE lang = ${params.add(req.lang, 'varchar')}) AS w USING (sku_id)`,
    'GROUP BY keyword',
    `HAVING ${brandSales} > 0`,
  ].join('\n');
  return { sql, params: params.values };
}
