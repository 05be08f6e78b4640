import type { SuperQueryNode } from '@marketlens/shared';
import type { ParamList, ParamType, SqlDialect } from '../../warehouse/dialect.js';
import type { WarehouseTable } from '../../warehouse/engine.js';
import type { CustomSqlColumnKind } from './custom-sql.js';
import { idsIn } from './dialect.js';
import type { CustomSqlNode, FactColumn, Filter, ShopPick } from './model.js';

/**
 * THE filter compilation module: every WHERE condition over sales rows — the data grant, the
 * filter state (docs/product.md §3) and the custom SQL tree — is written here and nowhere else. Conditions are
 * over the fact alias's id columns only (which fact_sales and every rollup share), so the planner
 * can tell from {@link filterColumns} which tables can answer.
 */

/** Catalogue-quoted name of a table of the query's dataset (WarehouseEngine.tableName). */
export type Tables = (table: WarehouseTable) => string;

export interface SqlScope {
  readonly dialect: SqlDialect;
  readonly params: ParamList;
  readonly tables: Tables;
  /** Alias of the sales table in the FROM clause. */
  readonly alias: string;
  /** Custom SQL column meanings of the dataset (custom-sql.ts). */
  readonly customColumns?: ReadonlyMap<string, CustomSqlColumnKind>;
  /**
   * The dataset's leaf categories in id order (the engine's catalogue): category lists are then
   * written as runs of consecutive leaves (`categoriesIn`); without, as id lists.
   */
  readonly leaves?: readonly number[];
}

/**
 * What a user may see, as leaf categories and ids (DataGrant of the permissions module, with its
 * categories expanded to leaves). `null` brands/shops: the project does not limit them.
 */
export interface ResolvedGrant {
  readonly categories: readonly number[];
  /**
   * Set by AnalyticsEngine.resolveGrant only: `categories` holds every leaf of the dataset, so the
   * grant's category condition holds for every sales row (the importer rejects rows of other
   * categories) and is left out where no category filter narrows it.
   */
  readonly everyLeaf?: true;
  readonly brands: readonly number[] | null;
  readonly shops: readonly number[] | null;
}

/** The fact columns the grant and the filter read (the planner's input). */
export function filterColumns(
  filter: Filter,
  grant: ResolvedGrant,
  customColumns?: ReadonlyMap<string, CustomSqlColumnKind>,
): Set<FactColumn> {
  const cols = new Set<FactColumn>(['period', 'category_id']);
  if (grant.brands) cols.add('brand_id');
  if (grant.shops) cols.add('shop_id');
  if (filter.channels) {
    cols.add('platform_id');
    cols.add('shop_type');
  }
  if (filter.brands || filter.favouriteBrands) cols.add('brand_id');
  if (filter.shops) {
    cols.add('platform_id');
    cols.add('shop_id');
  }
  if (filter.channelSources) cols.add('shop_type');
  if (hasSkuFilter(filter)) cols.add('sku_id');
  if (filter.customSql) for (const c of customSqlFactColumns(filter.customSql, customColumns)) cols.add(c);
  return cols;
}

function hasSkuFilter(f: Filter): boolean {
  return !!(f.keywords || f.attributes || f.customAttributes || f.descriptions || f.price || f.firstPeriod);
}

/**
 * The set of a frozen grant list, made once: the engine keeps each resolved grant (frozen) for its
 * dataset version, and a grant of every leaf made a set of every leaf for every statement — a large share of
 * an analysis request's allocations.
 */
const grantSets = new WeakMap<readonly number[], ReadonlySet<number>>();

/** The ids of `filter` that `grant` holds, in the filter's order. */
function grantedOf(grant: readonly number[], filter: readonly number[]): number[] {
  let held = grantSets.get(grant);
  if (!held) {
    held = new Set(grant);
    // Only a frozen list cannot change under its set.
    if (Object.isFrozen(grant)) grantSets.set(grant, held);
  }
  return filter.filter((id) => held.has(id));
}

/**
 * The conditions (to be ANDed) for a grant, a filter and a period range. The grant is the first
 * argument and not optional: no fact query is written without it, and an empty grant is FALSE.
 */
export function compileConditions(
  grant: ResolvedGrant,
  filter: Filter,
  /** The period range, or several (one scan over a trend's own and its comparison's periods). */
  range: PeriodRange | readonly PeriodRange[] | undefined,
  scope: SqlScope,
): string[] {
  const { dialect: d, params: p, alias: f } = scope;
  const col = (c: FactColumn) => `${f}.${d.ident(c)}`;
  const out: string[] = [];
  // Data grant (docs/security.md "Projects, pages and data grants"): deny by default. With a category filter,
  // one list — the grant's categories that the filter names: the same rows as both lists ANDed (x ∈ A ∧ x ∈ B
  // ⇔ x ∈ A ∩ B), never more than the grant, and half the bound values for the engine to bind and plan. A
  // grant of every leaf without a category filter is no condition at all: the longest list, and one DuckDB
  // spends its time planning; with a filter, the list is the filter's own.
  if (filter.categories)
    out.push(categoriesIn(col('category_id'), grantedOf(grant.categories, filter.categories), scope));
  else if (!grant.everyLeaf) out.push(categoriesIn(col('category_id'), grant.categories, scope));
  if (grant.brands) out.push(idsIn(d, p, col('brand_id'), grant.brands, 'integer'));
  if (grant.shops) out.push(idsIn(d, p, col('shop_id'), grant.shops, 'bigint'));

  const ranges: readonly PeriodRange[] = range === undefined ? [] : 'start' in range ? [range] : range;
  if (ranges.length === 1) out.push(periodWithin(ranges[0]!, scope));
  else if (ranges.length > 1) out.push(`(${ranges.map((r) => periodWithin(r, scope)).join(' OR ')})`);
  if (filter.channels) {
    const alts = filter.channels.map((c) =>
      c.shopType === undefined
        ? `${col('platform_id')} = ${p.add(c.platformId, 'integer')}`
        : `(${col('platform_id')} = ${p.add(c.platformId, 'integer')} AND ${col('shop_type')} = ${p.add(c.shopType, 'varchar')})`,
    );
    out.push(alts.length === 0 ? d.false : `(${alts.join(' OR ')})`);
  }
  if (filter.brands) out.push(idsIn(d, p, col('brand_id'), filter.brands, 'integer'));
  if (filter.favouriteBrands) out.push(idsIn(d, p, col('brand_id'), filter.favouriteBrands, 'integer'));
  if (filter.shops) out.push(shopsIn(filter.shops, scope));
  if (filter.channelSources) {
    const types = filter.channelSources.map((t) => p.add(t, 'varchar'));
    out.push(types.length === 0 ? d.false : d.inList(col('shop_type'), types));
  }
  if (hasSkuFilter(filter)) out.push(d.inSubquery(col('sku_id'), skuSubquery(filter, scope)));
  if (filter.customSql) out.push(compileCustomSql(filter.customSql, scope));
  return out;
}

/**
 * The sales row's category is one of `ids` (leaves). With the dataset's leaves in id order
 * (`scope.leaves`) each run of consecutive leaves is one `BETWEEN` and the leaves left alone one
 * `IN` list: the same rows, as no sales row has any other category (the importer rejects
 * non-leaves), and a subtree's leaves are one run under the hierarchical ids. DuckDB plans a
 * BETWEEN in a fraction of the time of a long IN list (bench/id-lists.mjs
 * measures it). Ids that are no leaf of the dataset match nothing either way.
 */
export function categoriesIn(column: string, ids: readonly number[], scope: SqlScope): string {
  const { dialect: d, params: p, leaves } = scope;
  if (!leaves) return idsIn(d, p, column, ids, 'integer');
  const wanted = new Set(ids.map(Number));
  const runs: string[] = [];
  const singles: number[] = [];
  for (let i = 0; i < leaves.length; i++) {
    if (!wanted.has(leaves[i]!)) continue;
    let j = i;
    while (j + 1 < leaves.length && wanted.has(leaves[j + 1]!)) j++;
    if (j === i) singles.push(leaves[i]!);
    else runs.push(`${column} BETWEEN ${p.add(leaves[i]!, 'integer')} AND ${p.add(leaves[j]!, 'integer')}`);
    i = j;
  }
  if (singles.length) runs.push(idsIn(d, p, column, singles, 'integer'));
  if (runs.length === 0) return d.false;
  return runs.length === 1 ? runs[0]! : `(${runs.join(' OR ')})`;
}

/**
 * The sales row is of one of the selected shops on the platform its selection names (docs/query-engine.md):
 * `(platform = a AND shop IN (…)) OR …`, one term per platform. Pairs, not the shops' ids and the
 * platforms' ids apart: `["1,10", "2,20"]` must not select shop 10 on platform 2 or shop 20 on
 * platform 1. Written with equality and IN only, which both engines plan alike (the shop ids still
 * prune by zone maps).
 */
export function shopsIn(shops: readonly ShopPick[], scope: SqlScope): string {
  const { dialect: d, params: p, alias: f } = scope;
  const byPlatform = new Map<number, number[]>();
  for (const { platformId, shopId } of shops) {
    const list = byPlatform.get(platformId) ?? [];
    if (!list.includes(shopId)) list.push(shopId);
    byPlatform.set(platformId, list);
  }
  const terms = [...byPlatform].map(
    ([platform, ids]) =>
      `(${f}.${d.ident('platform_id')} = ${p.add(platform, 'integer')} AND ${idsIn(d, p, `${f}.${d.ident('shop_id')}`, ids, 'bigint')})`,
  );
  if (terms.length === 0) return d.false;
  return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
}

type PeriodRange = { readonly start: string; readonly end: string };

/** The sales row's period lies in `range` (both ends included). */
export function periodWithin(range: PeriodRange, scope: SqlScope): string {
  const { dialect: d, params: p, alias: f } = scope;
  return `${f}.${d.ident('period')} BETWEEN ${p.add(range.start, 'date')} AND ${p.add(range.end, 'date')}`;
}

/** Product-level conditions in one semi-join over dim_sku (titles, price, attributes, words). */
function skuSubquery(filter: Filter, scope: SqlScope): string {
  const { dialect: d, params: p, tables: t } = scope;
  const conds: string[] = [];
  if (filter.categories) conds.push(idsIn(d, p, 's.category_id', filter.categories, 'integer'));
  const k = filter.keywords;
  if (k?.kind === 'keywords') {
    const parts = k.words.map((w) => titleContains(d, p.add(w, 'varchar')));
    conds.push(parts.length === 0 ? d.true : `(${parts.join(k.condition === 'AND' ? ' AND ' : ' OR ')})`);
  } else if (k?.kind === 'super') {
    conds.push(superQuery(k.ast, scope));
  }
  for (const values of filter.customAttributes ?? []) {
    const alts = values.map((ast) => superQuery(ast, scope));
    conds.push(alts.length === 0 ? d.false : `(${alts.join(' OR ')})`);
  }
  if (filter.price) {
    const [min, max] = filter.price;
    conds.push(`s.price >= ${p.add(min, 'double')}`);
    if (max !== null) conds.push(`s.price <= ${p.add(max, 'double')}`);
  }
  for (const [name, values] of Object.entries(filter.attributes ?? {})) {
    conds.push(
      d.inSubquery(
        's.sku_id',
        `SELECT a.sku_id FROM ${t('sku_attribute')} a WHERE a.attr_name = ${p.add(name, 'varchar')} AND ${idsIn(d, p, 'a.value_zh', values, 'varchar')}`,
      ),
    );
  }
  if (filter.firstPeriod) {
    const { start, end } = filter.firstPeriod;
    conds.push(`s.first_period BETWEEN ${p.add(start, 'date')} AND ${p.add(end, 'date')}`);
  }
  if (filter.descriptions) {
    conds.push(
      d.inSubquery(
        's.sku_id',
        `SELECT w.sku_id FROM ${t('sku_keyword')} w WHERE ${idsIn(d, p, 'w.keyword', filter.descriptions, 'varchar')}`,
      ),
    );
  }
  return `SELECT s.sku_id FROM ${t('dim_sku')} s WHERE ${conds.join(' AND ') || d.true}`;
}

/**
 * A keyword in either title (the Chinese or the English one), whatever the reader's language: the
 * same filter — a shared link — selects the same products for every reader, and a query can mix
 * languages. The datasets have no product descriptions (dim_sku holds titles only), so the titles
 * are all there is to search. Two column tests instead of one test over the joined titles: lower()
 * over the joined text was the bulk of a keyword panel's time (bench 2026-11-24).
 */
function titleContains(d: SqlDialect, placeholder: string): string {
  return `(${d.containsText('s.title_zh', placeholder)} OR ${d.containsText('s.title_en', placeholder)})`;
}

/** A parsed super query (shared/super-query.ts) as a condition: each keyword a test of both titles. */
function superQuery(ast: SuperQueryNode, scope: SqlScope): string {
  switch (ast.type) {
    case 'keyword':
      return titleContains(scope.dialect, scope.params.add(ast.value, 'varchar'));
    case 'not':
      return `NOT (${superQuery(ast.operand, scope)})`;
    default:
      return `(${ast.operands.map((o) => superQuery(o, scope)).join(ast.type === 'and' ? ' AND ' : ' OR ')})`;
  }
}

// ---------------------------------------------------------------------------------------------
// Custom SQL: each atom becomes a semi-join on the sales row's own id column.

function kindOf(column: string, scope: Pick<SqlScope, 'customColumns'>): CustomSqlColumnKind {
  const kind = scope.customColumns?.get(column);
  if (!kind) throw new Error(`custom SQL column ${column} has no definition in this dataset`);
  return kind;
}

function factColumnOf(kind: CustomSqlColumnKind): FactColumn {
  switch (kind.source) {
    case 'category':
      return 'category_id';
    case 'brand':
      return 'brand_id';
    case 'shop':
      return 'shop_id';
    case 'platform':
    case 'platform_name':
      return 'platform_id';
    case 'shop_type':
      return 'shop_type';
    default:
      return 'sku_id';
  }
}

function customSqlFactColumns(node: CustomSqlNode, columns?: ReadonlyMap<string, CustomSqlColumnKind>): FactColumn[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.flatMap((c) => customSqlFactColumns(c, columns));
    case 'not':
      return customSqlFactColumns(node.child, columns);
    default:
      return [factColumnOf(kindOf(node.column, { customColumns: columns }))];
  }
}

/** Re-emits a validated custom SQL tree with every literal bound. */
export function compileCustomSql(node: CustomSqlNode, scope: SqlScope): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return `(${node.children.map((c) => compileCustomSql(c, scope)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `NOT (${compileCustomSql(node.child, scope)})`;
    default:
      return customAtom(node, scope);
  }
}

type Atom = Exclude<CustomSqlNode, { kind: 'and' | 'or' | 'not' }>;

function customAtom(node: Atom, scope: SqlScope): string {
  const { dialect: d, params: p, tables: t, alias: f } = scope;
  const kind = kindOf(node.column, scope);
  // Literals have the column's type (custom-sql.ts checked them): the price is a number, the rest text.
  const type: ParamType = kind.source === 'price' ? 'double' : 'varchar';
  const predicate = (col: string): string => {
    switch (node.kind) {
      case 'compare':
        return `${col} ${node.op} ${p.add(node.value, type)}`;
      case 'in': {
        const list = d.inList(
          col,
          node.values.map((v) => p.add(v, type)),
          node.negated,
        );
        // NULL [NOT] IN (…) is NULL in SQL (DuckDB) but 0 / 1 on ClickHouse: spelled out for the
        // one nullable column, so NOT (series IN …) leaves products without a series out on both.
        return kind.source === 'series' ? `(CASE WHEN ${col} IS NULL THEN NULL ELSE ${list} END)` : list;
      }
      case 'like':
        return d.like(col, p.add(d.likePattern(node.pattern), 'varchar'), node.negated);
      case 'between':
        // NOT (… BETWEEN …): ClickHouse 18.16 has no NOT BETWEEN.
        return `${node.negated ? 'NOT ' : ''}(${col} BETWEEN ${p.add(node.low, type)} AND ${p.add(node.high, type)})`;
      case 'null':
        return `${col} IS ${node.negated ? 'NOT NULL' : 'NULL'}`;
    }
  };
  const fcol = `${f}.${d.ident(factColumnOf(kind))}`;
  const lang = 'lang' in kind ? kind.lang : 'zh';
  const name = `name_${lang}`;
  /** The row's own id among the ids of `table` whose rows satisfy `where`. */
  const among = (id: string, table: WarehouseTable, where: string) =>
    d.inSubquery(fcol, `SELECT ${id} FROM ${t(table)} WHERE ${where}`);
  switch (kind.source) {
    case 'category': {
      // The leaves whose own, parent or grandparent name matches: nested semi-joins over the
      // tree, no JOIN (ClickHouse 18.16 allows one per SELECT; none is needed here).
      const c = t('dim_category');
      const named = (level: number) => `SELECT category_id FROM ${c} WHERE level = ${level} AND ${predicate(name)}`;
      let ids = named(kind.level);
      for (let level = kind.level + 1; level <= 3; level++) {
        ids = `SELECT category_id FROM ${c} WHERE level = ${level} AND ${d.inSubquery('parent_id', ids)}`;
      }
      return d.inSubquery(fcol, ids);
    }
    case 'brand':
      return among('brand_id', 'dim_brand', predicate(name));
    case 'shop':
      return among('shop_id', 'dim_shop', predicate(name));
    case 'platform':
      return among('platform_id', 'dim_platform', predicate('code'));
    case 'platform_name':
      return among('platform_id', 'dim_platform', predicate(name));
    case 'shop_type':
      return predicate(fcol);
    case 'series':
      return among('sku_id', 'dim_sku', predicate('series'));
    case 'title':
      return among('sku_id', 'dim_sku', predicate(`title_${lang}`));
    case 'price':
      return among('sku_id', 'dim_sku', predicate('price'));
    case 'attribute': {
      const attr = `attr_name = ${p.add(kind.attribute, 'varchar')}`;
      // "efficacy IS NULL": the product has no value of that attribute at all.
      if (node.kind === 'null') {
        const has = among('sku_id', 'sku_attribute', attr);
        return node.negated ? has : `NOT (${has})`;
      }
      return among('sku_id', 'sku_attribute', `${attr} AND ${predicate(`value_${lang}`)}`);
    }
  }
}
