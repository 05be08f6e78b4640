import { compileSuperQuery, type SuperQueryNode } from '@marketlens/shared';
import type { WarehouseTable } from '../../warehouse/engine.js';
import type { CustomSqlColumnKind } from './custom-sql.js';
import { idsIn, type ParamList, type SqlDialect } from './dialect.js';
import type { CustomSqlNode, FactColumn, Filter } from './model.js';

/**
 * THE filter compilation module: every WHERE condition over sales rows — the data grant, the
 * spec §3 filter state and the custom SQL tree — is written here and nowhere else. Conditions are
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
}

/**
 * What a user may see, as leaf categories and ids (DataGrant of the permissions module, with its
 * categories expanded to leaves). `null` brands/shops: the project does not limit them.
 */
export interface ResolvedGrant {
  readonly categories: readonly number[];
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
  if (filter.shops) cols.add('shop_id');
  if (hasSkuFilter(filter)) cols.add('sku_id');
  if (filter.customSql) for (const c of customSqlFactColumns(filter.customSql, customColumns)) cols.add(c);
  return cols;
}

function hasSkuFilter(f: Filter): boolean {
  return !!(f.keywords || f.attributes || f.customAttributes || f.descriptions || f.price || f.firstPeriod);
}

/**
 * The conditions (to be ANDed) for a grant, a filter and a period range. The grant is the first
 * argument and not optional: no fact query is written without it, and an empty grant is FALSE.
 */
export function compileConditions(
  grant: ResolvedGrant,
  filter: Filter,
  range: { start: string; end: string } | undefined,
  scope: SqlScope,
): string[] {
  const { dialect: d, params: p, alias: f } = scope;
  const col = (c: FactColumn) => `${f}.${d.ident(c)}`;
  const out: string[] = [];
  // Data grant (DESIGN.md §6): deny by default.
  out.push(idsIn(d, p, col('category_id'), grant.categories, 'integer'));
  if (grant.brands) out.push(idsIn(d, p, col('brand_id'), grant.brands, 'integer'));
  if (grant.shops) out.push(idsIn(d, p, col('shop_id'), grant.shops, 'bigint'));

  if (range) out.push(`${col('period')} BETWEEN ${d.date(p.add(range.start))} AND ${d.date(p.add(range.end))}`);
  if (filter.categories) out.push(idsIn(d, p, col('category_id'), filter.categories, 'integer'));
  if (filter.channels) {
    const alts = filter.channels.map((c) =>
      c.shopType === undefined
        ? `${col('platform_id')} = ${p.add(c.platformId)}`
        : `(${col('platform_id')} = ${p.add(c.platformId)} AND ${col('shop_type')} = ${p.add(c.shopType)})`,
    );
    out.push(alts.length === 0 ? 'FALSE' : `(${alts.join(' OR ')})`);
  }
  if (filter.brands) out.push(idsIn(d, p, col('brand_id'), filter.brands, 'integer'));
  if (filter.favouriteBrands) out.push(idsIn(d, p, col('brand_id'), filter.favouriteBrands, 'integer'));
  if (filter.shops) out.push(idsIn(d, p, col('shop_id'), filter.shops, 'bigint'));
  if (hasSkuFilter(filter)) out.push(`${col('sku_id')} IN (${skuSubquery(filter, scope)})`);
  if (filter.customSql) out.push(compileCustomSql(filter.customSql, scope));
  return out;
}

/** Product-level conditions in one semi-join over dim_sku (titles, price, attributes, words). */
function skuSubquery(filter: Filter, scope: SqlScope): string {
  const { dialect: d, params: p, tables: t } = scope;
  const conds: string[] = [];
  if (filter.categories) conds.push(idsIn(d, p, 's.category_id', filter.categories, 'integer'));
  const k = filter.keywords;
  if (k?.kind === 'keywords') {
    const parts = k.words.map((w) => titleContains(d, p.add(w)));
    conds.push(parts.length === 0 ? 'TRUE' : `(${parts.join(k.condition === 'AND' ? ' AND ' : ' OR ')})`);
  } else if (k?.kind === 'super') {
    conds.push(superQuery(k.ast, scope));
  }
  for (const values of filter.customAttributes ?? []) {
    const alts = values.map((ast) => superQuery(ast, scope));
    conds.push(alts.length === 0 ? 'FALSE' : `(${alts.join(' OR ')})`);
  }
  if (filter.price) {
    const [min, max] = filter.price;
    conds.push(`s.price >= ${p.add(min)}`);
    if (max !== null) conds.push(`s.price <= ${p.add(max)}`);
  }
  for (const [name, values] of Object.entries(filter.attributes ?? {})) {
    conds.push(
      `s.sku_id IN (SELECT a.sku_id FROM ${t('sku_attribute')} a WHERE a.attr_name = ${p.add(name)} AND ${idsIn(d, p, 'a.value_zh', values, 'varchar')})`,
    );
  }
  if (filter.firstPeriod) {
    const { start, end } = filter.firstPeriod;
    conds.push(`s.first_period BETWEEN ${d.date(p.add(start))} AND ${d.date(p.add(end))}`);
  }
  if (filter.descriptions) {
    conds.push(
      `s.sku_id IN (SELECT w.sku_id FROM ${t('sku_keyword')} w WHERE ${idsIn(d, p, 'w.keyword', filter.descriptions, 'varchar')})`,
    );
  }
  return `SELECT s.sku_id FROM ${t('dim_sku')} s WHERE ${conds.join(' AND ') || 'TRUE'}`;
}

/**
 * A keyword in either title (the Chinese or the English one), so a query can mix languages. Two
 * column tests instead of one test over the joined titles: lower() over the joined text was the
 * bulk of a keyword panel's time (bench 2026-11-24).
 */
function titleContains(d: SqlDialect, placeholder: string): string {
  return `(${d.containsText('s.title_zh', placeholder)} OR ${d.containsText('s.title_en', placeholder)})`;
}

function superQuery(ast: SuperQueryNode, scope: SqlScope): string {
  const { params: p } = scope;
  // compileSuperQuery asks for placeholders in order; ParamList hands out the next ones.
  const compiled = compileSuperQuery(ast, 'title', (i) => scope.dialect.placeholder(p.values.length + i), {
    keyword: (ph) => titleContains(scope.dialect, ph),
  });
  for (const v of compiled.params) p.add(v);
  return compiled.sql;
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
  const predicate = (col: string): string => {
    switch (node.kind) {
      case 'compare':
        return `${col} ${node.op} ${p.add(node.value)}`;
      case 'in':
        return `${col} ${node.negated ? 'NOT IN' : 'IN'} (${node.values.map((v) => p.add(v)).join(', ')})`;
      case 'like':
        return d.like(col, p.add(node.pattern), node.negated);
      case 'between':
        return `${col} ${node.negated ? 'NOT BETWEEN' : 'BETWEEN'} ${p.add(node.low)} AND ${p.add(node.high)}`;
      case 'null':
        return `${col} IS ${node.negated ? 'NOT NULL' : 'NULL'}`;
    }
  };
  const fcol = `${f}.${d.ident(factColumnOf(kind))}`;
  const lang = 'lang' in kind ? kind.lang : 'zh';
  const name = `name_${lang}`;
  switch (kind.source) {
    case 'category': {
      const level = `c${kind.level}.${name}`;
      return `${fcol} IN (SELECT c3.category_id FROM ${t('dim_category')} c3 JOIN ${t('dim_category')} c2 ON c3.parent_id = c2.category_id JOIN ${t('dim_category')} c1 ON c2.parent_id = c1.category_id WHERE c3.level = 3 AND ${predicate(level)})`;
    }
    case 'brand':
      return `${fcol} IN (SELECT brand_id FROM ${t('dim_brand')} WHERE ${predicate(name)})`;
    case 'shop':
      return `${fcol} IN (SELECT shop_id FROM ${t('dim_shop')} WHERE ${predicate(name)})`;
    case 'platform':
      return `${fcol} IN (SELECT platform_id FROM ${t('dim_platform')} WHERE ${predicate('code')})`;
    case 'platform_name':
      return `${fcol} IN (SELECT platform_id FROM ${t('dim_platform')} WHERE ${predicate(name)})`;
    case 'shop_type':
      return predicate(fcol);
    case 'series':
      return `${fcol} IN (SELECT sku_id FROM ${t('dim_sku')} WHERE ${predicate('series')})`;
    case 'title':
      return `${fcol} IN (SELECT sku_id FROM ${t('dim_sku')} WHERE ${predicate(`title_${lang}`)})`;
    case 'price':
      return `${fcol} IN (SELECT sku_id FROM ${t('dim_sku')} WHERE ${predicate('price')})`;
    case 'attribute': {
      const attr = p.add(kind.attribute);
      // "efficacy IS NULL": the product has no value of that attribute at all.
      if (node.kind === 'null') {
        const has = `${fcol} IN (SELECT sku_id FROM ${t('sku_attribute')} WHERE attr_name = ${attr})`;
        return node.negated ? has : `NOT (${has})`;
      }
      return `${fcol} IN (SELECT sku_id FROM ${t('sku_attribute')} WHERE attr_name = ${attr} AND ${predicate(`value_${lang}`)})`;
    }
  }
}
