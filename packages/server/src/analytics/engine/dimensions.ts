import type { PlatformChannels } from '@marketlens/shared/contracts';
import type { Band } from '../../metadata/index.js';
import { ParamList, type SqlDialect } from '../../warehouse/dialect.js';
import type { QueryOptions, QueryParams, Row, WarehouseEngine, WarehouseTable } from '../../warehouse/engine.js';
import { idsIn } from './dialect.js';
import type { ResolvedGrant } from './filters.js';

/**
 * Every read of dimension data — categories, brands, shops, products, attributes and their values,
 * platforms and channels, price quantiles — and the one rule that chooses price bands. Statements
 * are written through the warehouse's dialect: table names only from its catalogue (tableName),
 * every value added with its type.
 */

export function hasDataset(warehouse: WarehouseEngine, dataset: string): boolean {
  return warehouse.datasets().some((d) => d.manifest.name === dataset);
}

/** What a statement over one dataset's dimension tables is written with. */
function reader(warehouse: WarehouseEngine, dataset: string) {
  const d: SqlDialect = warehouse.dialect;
  return {
    d,
    p: new ParamList(d),
    t: (table: WarehouseTable) => warehouse.tableName(dataset, table),
    run: <T extends Row>(sql: string, p: ParamList, options?: QueryOptions) =>
      warehouse.query<T>(sql, p.params, options),
  };
}

/**
 * The leaf categories under the given ids (any level), as a subquery: the level-3 rows whose own
 * id, parent or grandparent is in the list (bound once, read three times).
 */
function leavesSql(d: SqlDialect, p: ParamList, category: string, ids: readonly number[]): string {
  const list = p.add([...ids], 'integer[]');
  return `SELECT c3.category_id FROM ${category} c3 LEFT JOIN ${category} c2 ON c2.category_id = c3.parent_id
     WHERE c3.level = 3 AND (${d.inArray('c3.category_id', list)} OR ${d.inArray('c2.category_id', list)} OR ${d.inArray('c2.parent_id', list)})`;
}

/** One platform with its channels, as `platformChannels` returns it (the wire schema is shared). */
export type ChannelRow = PlatformChannels;

/** Every platform with its channels (shop types), in id order. */
export async function platformChannels(warehouse: WarehouseEngine, dataset: string): Promise<ChannelRow[]> {
  const { t, p, run } = reader(warehouse, dataset);
  const rows = await run<{
    platform_id: number;
    code: string;
    name_zh: string;
    name_en: string;
    shop_type: string | null;
    channel_zh: string | null;
    channel_en: string | null;
    is_active: boolean | number | null;
  }>(
    `SELECT p.platform_id AS platform_id, p.code AS code, p.name_zh AS name_zh, p.name_en AS name_en,
       c.shop_type AS shop_type, c.name_zh AS channel_zh, c.name_en AS channel_en, c.is_active AS is_active
     FROM ${t('dim_platform')} p LEFT JOIN ${t('dim_channel')} c ON c.platform_id = p.platform_id
     ORDER BY platform_id, shop_type`,
    p,
  );
  const out = new Map<number, ChannelRow>();
  for (const r of rows) {
    let entry = out.get(r.platform_id);
    if (!entry) {
      entry = { platform_id: r.platform_id, code: r.code, platform: r.name_zh, platform_en: r.name_en, channels: [] };
      out.set(r.platform_id, entry);
    }
    if (r.shop_type !== null) {
      entry.channels.push({
        code: r.shop_type,
        shop_type: r.channel_zh ?? r.shop_type,
        shop_type_en: r.channel_en ?? r.shop_type,
        // ClickHouse stores booleans as UInt8 0/1.
        is_active: r.is_active === true || r.is_active === 1,
      });
    }
  }
  return [...out.values()];
}

/** Every platform of the dataset with its code and region, by id. */
export async function platformInfo(warehouse: WarehouseEngine, dataset: string) {
  const { t, p, run } = reader(warehouse, dataset);
  const rows = await run<{ platform_id: number; code: string; region: string; name_zh: string; name_en: string }>(
    `SELECT platform_id, code, region, name_zh, name_en FROM ${t('dim_platform')}`,
    p,
  );
  return new Map(rows.map((r) => [Number(r.platform_id), r]));
}

export interface BrandName {
  name_zh: string;
  name_en: string;
}

/** Names of the given brands (unknown ids are simply absent). */
export async function brandNames(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, BrandName>> {
  if (ids.length === 0) return new Map();
  const { sql, params } = namesByIdSql(warehouse, dataset, 'brand', ids.map(Number));
  const rows = await warehouse.query<{ id: number; zh: string; en: string }>(sql, params);
  return new Map(rows.map((r) => [Number(r.id), { name_zh: r.zh, name_en: r.en }]));
}

/**
 * A grant value as its parts: brands are ids; shops are selections 'platform,shop_id' (docs/product.md §4) or
 * bare shop ids. Undefined when the text is neither.
 */
function grantValueParts(kind: 'brand' | 'shop', value: string): { id: number; platform?: number } | undefined {
  const m = (kind === 'shop' ? /^(?:(\d{1,9}),)?(\d{1,18})$/ : /^()(\d{1,18})$/).exec(value);
  const id = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(id)) return undefined;
  return m[1] ? { id, platform: Number(m[1]) } : { id };
}

/**
 * Which of the given brand or shop grant values the dataset does not hold, in the order given: a
 * brand id not in dim_brand, a shop not in dim_shop or not on the platform its selection names, or
 * text that is neither form.
 */
export async function unknownGrantValues(
  warehouse: WarehouseEngine,
  dataset: string,
  kind: 'brand' | 'shop',
  values: readonly string[],
): Promise<string[]> {
  const parts = values.map((v) => grantValueParts(kind, v));
  const ids = [...new Set(parts.flatMap((p) => (p ? [p.id] : [])))];
  /** Known id → its platform (shops) or null (brands). */
  const known = new Map<number, number | null>();
  if (ids.length > 0) {
    const { d, t, p, run } = reader(warehouse, dataset);
    const sql =
      kind === 'brand'
        ? `SELECT brand_id AS id, NULL AS platform_id FROM ${t('dim_brand')} WHERE ${idsIn(d, p, 'brand_id', ids, 'integer')}`
        : `SELECT shop_id AS id, platform_id FROM ${t('dim_shop')} WHERE ${idsIn(d, p, 'shop_id', ids, 'bigint')}`;
    const rows = await run<{ id: number | string; platform_id: number | string | null }>(sql, p);
    for (const r of rows) known.set(Number(r.id), r.platform_id === null ? null : Number(r.platform_id));
  }
  return values.filter((_, i) => {
    const part = parts[i];
    if (!part || !known.has(part.id)) return true;
    return part.platform !== undefined && known.get(part.id) !== part.platform;
  });
}

/** Dimensions whose display names sit in a table of their own, read by id (`namesByIdSql`). */
export type NamedDimension = 'brand' | 'shop' | 'platform' | 'sku';

const NAME_COLUMNS: Record<
  NamedDimension,
  { table: WarehouseTable; id: string; zh: string; en: string; type: 'integer' | 'bigint' }
> = {
  brand: { table: 'dim_brand', id: 'brand_id', zh: 'name_zh', en: 'name_en', type: 'integer' },
  shop: { table: 'dim_shop', id: 'shop_id', zh: 'name_zh', en: 'name_en', type: 'bigint' },
  platform: { table: 'dim_platform', id: 'platform_id', zh: 'name_zh', en: 'name_en', type: 'integer' },
  sku: { table: 'dim_sku', id: 'sku_id', zh: 'title_zh', en: 'title_en', type: 'bigint' },
};

/**
 * The ids whose names to read: a list, or — for a set that grows with the data (every product of
 * a market) — a subquery over the warehouse's own tables, written into the statement's values.
 */
export type IdSet = readonly number[] | { readonly among: (params: ParamList) => string };

/**
 * The statement reading the display names (product titles for `sku`) of some ids of one dimension:
 * columns `id`, `zh`, `en`; unknown ids have no row. The analytics engine names its result rows
 * with it (RowNamer, names.ts), the ids of a large answer as the subquery of its rows' keys.
 */
export function namesByIdSql(
  warehouse: WarehouseEngine,
  dataset: string,
  dim: NamedDimension,
  ids: IdSet,
): { sql: string; params: QueryParams } {
  const { d, t, p } = reader(warehouse, dataset);
  const c = NAME_COLUMNS[dim];
  const among = 'among' in ids ? d.inSubquery(c.id, ids.among(p)) : idsIn(d, p, c.id, ids, c.type);
  const sql = `SELECT ${c.id} AS id, ${c.zh} AS zh, ${c.en} AS en FROM ${t(c.table)} WHERE ${among}`;
  return { sql, params: p.params };
}

/** The statement reading every channel's names: columns `platform_id`, `shop_type`, `zh`, `en`. */
export function channelNamesSql(warehouse: WarehouseEngine, dataset: string): { sql: string; params: QueryParams } {
  const { t, p } = reader(warehouse, dataset);
  return {
    sql: `SELECT platform_id, shop_type, name_zh AS zh, name_en AS en FROM ${t('dim_channel')}`,
    params: p.params,
  };
}

export interface CategoryInfo {
  category_id: number;
  parent_id: number | null;
  level: number;
  name_zh: string;
  name_en: string;
}

/** A dataset's category tree as the engine keeps it (DatasetCatalog): the nodes and leaf expansion. */
export interface CategoryTree {
  readonly categories: ReadonlyMap<number, CategoryInfo>;
  /** Leaf (level-3) ids under the given ids at any level; unknown ids expand to nothing. */
  leavesOf(ids: readonly number[]): number[];
}

/** The whole category tree of a dataset, in id order (the engine keeps it per dataset version). */
export async function allCategories(warehouse: WarehouseEngine, dataset: string): Promise<CategoryInfo[]> {
  const { t, p, run } = reader(warehouse, dataset);
  const rows = await run<Row & CategoryInfo>(
    `SELECT category_id, parent_id, level, name_zh, name_en FROM ${t('dim_category')} ORDER BY category_id`,
    p,
  );
  return rows.map((r) => ({ ...r, category_id: Number(r.category_id) }));
}

/** The dataset's categories with the given ids (unknown ids are simply absent). */
export async function categoriesById(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, CategoryInfo>> {
  if (ids.length === 0) return new Map();
  const { d, t, p, run } = reader(warehouse, dataset);
  const rows = await run<Row & CategoryInfo>(
    `SELECT category_id, parent_id, level, name_zh, name_en FROM ${t('dim_category')}
     WHERE ${idsIn(d, p, 'category_id', ids.map(Number), 'integer')}`,
    p,
  );
  return new Map(rows.map((r) => [Number(r.category_id), { ...r, category_id: Number(r.category_id) }]));
}

/** Every category of a dataset, by name in either language (for uploads that name categories). */
export async function categoriesByName(warehouse: WarehouseEngine, dataset: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const c of await allCategories(warehouse, dataset)) {
    out.set(c.name_zh, c.category_id);
    out.set(c.name_en.toLowerCase(), c.category_id);
  }
  return out;
}

export interface AttributeDef {
  attr_name: string;
  title_zh: string;
  title_en: string;
}

/** The attributes of a dataset with their titles, by name. */
export async function datasetAttributes(warehouse: WarehouseEngine, dataset: string): Promise<AttributeDef[]> {
  const { t, p, run } = reader(warehouse, dataset);
  return run<Row & AttributeDef>(
    `SELECT attr_name, title_zh, title_en FROM ${t('dim_attribute')} ORDER BY attr_name`,
    p,
  );
}

/**
 * Values of the named attributes among the products of the given categories (ids at any level of
 * the tree; their level-3 descendants count). Deny by default: no categories, no values.
 */
export async function attributeValues(
  warehouse: WarehouseEngine,
  dataset: string,
  names: readonly string[],
  categories: readonly number[],
): Promise<Map<string, { value_zh: string; value_en: string }[]>> {
  const out = new Map<string, { value_zh: string; value_en: string }[]>();
  if (names.length === 0 || categories.length === 0) return out;
  const { d, t, p, run } = reader(warehouse, dataset);
  const attrs = idsIn(d, p, 'a.attr_name', names, 'varchar');
  const rows = await run<{ attr_name: string; value_zh: string; value_en: string }>(
    `SELECT a.attr_name AS attr_name, a.value_zh AS value_zh, min(a.value_en) AS value_en
     FROM ${t('sku_attribute')} a
     JOIN ${t('dim_sku')} s ON s.sku_id = a.sku_id
     WHERE ${attrs} AND ${d.inSubquery('s.category_id', leavesSql(d, p, t('dim_category'), categories))}
     GROUP BY attr_name, value_zh ORDER BY attr_name, value_zh ${d.limit(10_000)}`,
    p,
  );
  for (const r of rows) {
    const list = out.get(r.attr_name) ?? [];
    list.push({ value_zh: r.value_zh, value_en: r.value_en });
    out.set(r.attr_name, list);
  }
  return out;
}

/**
 * The leaf categories (among the given ids' level-3 descendants) whose products have a value of each
 * named attribute: what tells the filter panel which attributes belong to a chosen category.
 * Deny by default: no categories, no leaves.
 */
export async function attributeCategories(
  warehouse: WarehouseEngine,
  dataset: string,
  names: readonly string[],
  categories: readonly number[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (names.length === 0 || categories.length === 0) return out;
  const { d, t, p, run } = reader(warehouse, dataset);
  const attrs = idsIn(d, p, 'a.attr_name', names, 'varchar');
  const rows = await run<{ attr_name: string; category_id: number }>(
    `SELECT DISTINCT a.attr_name AS attr_name, s.category_id AS category_id
     FROM ${t('sku_attribute')} a
     JOIN ${t('dim_sku')} s ON s.sku_id = a.sku_id
     WHERE ${attrs} AND ${d.inSubquery('s.category_id', leavesSql(d, p, t('dim_category'), categories))}
     ORDER BY attr_name, category_id`,
    p,
  );
  for (const r of rows) out.set(r.attr_name, [...(out.get(r.attr_name) ?? []), Number(r.category_id)]);
  return out;
}

export type ShopInfo = {
  shop_id: number;
  platform_id: number;
  shop_type: string;
  name_zh: string;
  name_en: string;
  channel_zh: string | null;
  channel_en: string | null;
};

/** Display details of shops the engine ranked (ids from a granted answer). */
export async function shopDetails(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, ShopInfo>> {
  if (ids.length === 0) return new Map();
  const { d, t, p, run } = reader(warehouse, dataset);
  const rows = await run<Row & ShopInfo>(
    `SELECT s.shop_id AS shop_id, s.platform_id AS platform_id, s.shop_type AS shop_type, s.name_zh AS name_zh,
       s.name_en AS name_en, c.name_zh AS channel_zh, c.name_en AS channel_en
     FROM ${t('dim_shop')} s
     LEFT JOIN ${t('dim_channel')} c ON c.platform_id = s.platform_id AND c.shop_type = s.shop_type
     WHERE ${idsIn(d, p, 's.shop_id', ids, 'bigint')}`,
    p,
  );
  return new Map(rows.map((r) => [Number(r.shop_id), r]));
}

/** A product with the names of its brand, shop and platform. */
export interface ProductInfo {
  [k: string]: string | number | boolean | null;
  sku_id: number;
  title_zh: string;
  title_en: string;
  category_id: number;
  price: number;
  first_period: string;
  image_id: string | null;
  series: string | null;
  brand_id: number;
  brand_zh: string | null;
  brand_en: string | null;
  shop_id: number;
  shop_zh: string | null;
  shop_en: string | null;
  shop_type: string | null;
  platform_id: number;
  code: string | null;
  platform_zh: string | null;
  platform_en: string | null;
  region: string | null;
}

/**
 * Display details of products the engine returned, limited to the granted categories again (the
 * ids came from a granted answer; this keeps it so by construction).
 */
async function productDetails(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
  grantedCategories: readonly number[],
  options?: QueryOptions,
): Promise<Map<number, ProductInfo>> {
  if (ids.length === 0) return new Map();
  const { d, t, p, run } = reader(warehouse, dataset);
  // The product rows first, then the names of their brands, shops and platforms by id: one
  // statement with three joins is not in the subset ClickHouse 18.16 runs (one JOIN per SELECT).
  const skus = await run<Row & { brand_id: number; shop_id: number; platform_id: number }>(
    `SELECT s.sku_id AS sku_id, s.title_zh AS title_zh, s.title_en AS title_en, s.category_id AS category_id,
       ${d.toDouble('s.price')} AS price, s.first_period AS first_period, s.image_id AS image_id,
       s.series AS series, s.brand_id AS brand_id, s.shop_id AS shop_id, s.platform_id AS platform_id
     FROM ${t('dim_sku')} s
     WHERE ${idsIn(d, p, 's.sku_id', ids, 'bigint')} AND ${idsIn(d, p, 's.category_id', grantedCategories, 'integer')}`,
    p,
    options,
  );
  const distinct = (key: 'brand_id' | 'shop_id') => [...new Set(skus.map((r) => Number(r[key])))];
  const shops = reader(warehouse, dataset);
  const [brands, shopRows, platforms] = await Promise.all([
    brandNames(warehouse, dataset, distinct('brand_id')),
    skus.length
      ? shops.run<{ shop_id: number; name_zh: string; name_en: string; shop_type: string }>(
          `SELECT shop_id, name_zh, name_en, shop_type FROM ${shops.t('dim_shop')}
           WHERE ${idsIn(shops.d, shops.p, 'shop_id', distinct('shop_id'), 'bigint')}`,
          shops.p,
          options,
        )
      : [],
    platformInfo(warehouse, dataset),
  ]);
  const shopById = new Map(shopRows.map((r) => [Number(r.shop_id), r]));
  return new Map(
    skus.map((r): [number, ProductInfo] => {
      const b = brands.get(Number(r.brand_id));
      const sh = shopById.get(Number(r.shop_id));
      const pl = platforms.get(Number(r.platform_id));
      return [
        Number(r.sku_id),
        {
          ...(r as unknown as ProductInfo),
          brand_zh: b?.name_zh ?? null,
          brand_en: b?.name_en ?? null,
          shop_zh: sh?.name_zh ?? null,
          shop_en: sh?.name_en ?? null,
          shop_type: sh?.shop_type ?? null,
          code: pl?.code ?? null,
          platform_zh: pl?.name_zh ?? null,
          platform_en: pl?.name_en ?? null,
          region: pl?.region ?? null,
        },
      ];
    }),
  );
}

/** The conditions on dim_sku (alias s) that keep a user's granted products: leaf categories, and brands / shops where limited. */
function grantedProducts(d: SqlDialect, p: ParamList, grant: ResolvedGrant): string[] {
  return [
    idsIn(d, p, 's.category_id', grant.categories, 'integer'),
    ...(grant.brands ? [idsIn(d, p, 's.brand_id', grant.brands, 'integer')] : []),
    ...(grant.shops ? [idsIn(d, p, 's.shop_id', grant.shops, 'bigint')] : []),
  ];
}

/**
 * Product series whose name contains the text (ignoring case), among the granted products, with
 * their number of products: most products first, then by name.
 */
async function seriesMatching(
  warehouse: WarehouseEngine,
  dataset: string,
  text: string,
  grant: ResolvedGrant,
  limit: number,
): Promise<{ name: string; product_count: number }[]> {
  const { d, t, p, run } = reader(warehouse, dataset);
  const where = [
    ...grantedProducts(d, p, grant),
    's.series IS NOT NULL',
    d.containsText('s.series', p.add(text, 'varchar')),
  ];
  const rows = await run<{ name: string; n: number }>(
    `SELECT s.series AS name, count(*) AS n FROM ${t('dim_sku')} s WHERE ${where.join(' AND ')}
     GROUP BY name ORDER BY n DESC, name LIMIT ${Math.max(1, Math.floor(limit))}`,
    p,
  );
  return rows.map((r) => ({ name: String(r.name), product_count: Number(r.n) }));
}

/**
 * Granted products whose title (either language) or brand name (either language) contains the text,
 * ignoring case, or whose id is the text: their ids, the exact id first, then by id.
 */
async function productsMatching(
  warehouse: WarehouseEngine,
  dataset: string,
  text: string,
  grant: ResolvedGrant,
  limit: number,
): Promise<number[]> {
  const { d, t, p, run } = reader(warehouse, dataset);
  const needle = p.add(text, 'varchar');
  const brands = `SELECT brand_id FROM ${t('dim_brand')} WHERE ${d.containsText('name_zh', needle)} OR ${d.containsText('name_en', needle)}`;
  const alts = [
    d.containsText('s.title_zh', needle),
    d.containsText('s.title_en', needle),
    d.inSubquery('s.brand_id', brands),
  ];
  const id = /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
  if (id !== null) alts.push(`s.sku_id = ${p.add(id, 'bigint')}`);
  const rows = await run<{ sku_id: number }>(
    `SELECT s.sku_id AS sku_id FROM ${t('dim_sku')} s WHERE ${grantedProducts(d, p, grant).join(' AND ')} AND (${alts.join(' OR ')})
     ORDER BY sku_id LIMIT ${Math.max(1, Math.floor(limit))}`,
    p,
  );
  const ids = rows.map((r) => Number(r.sku_id));
  return id !== null && ids.includes(id) ? [id, ...ids.filter((x) => x !== id)] : ids;
}

/** The products a price quantile reads: categories at any level (their leaves count), limited to brands and shops when given. */
export interface ProductScope {
  readonly categories: readonly number[];
  readonly brands?: readonly number[] | null;
  readonly shops?: readonly number[] | null;
}

/**
 * Price quantiles of the products in `products` (list price > 0); undefined when none has a price.
 * Deny by default: no categories, no products.
 */
export async function priceQuantiles(
  warehouse: WarehouseEngine,
  dataset: string,
  products: ProductScope,
  quantiles: readonly number[],
): Promise<number[] | undefined> {
  if (products.categories.length === 0) return undefined;
  const { d, t, p, run } = reader(warehouse, dataset);
  const where = [
    d.inSubquery('s.category_id', leavesSql(d, p, t('dim_category'), products.categories)),
    's.price > 0',
    ...(products.brands ? [idsIn(d, p, 's.brand_id', products.brands, 'integer')] : []),
    ...(products.shops ? [idsIn(d, p, 's.shop_id', products.shops, 'bigint')] : []),
  ];
  // The sorted prices, interpolated here: ClickHouse has no exact interpolated quantile (quantile()
  // samples beyond 8 192 values, quantileExact() does not interpolate), and both engines must
  // propose the same bands. One list price per product: a few MB at the largest scale.
  const rows = await run<{ price: number }>(
    `SELECT ${d.toDouble('s.price')} AS price FROM ${t('dim_sku')} s WHERE ${where.join(' AND ')} ORDER BY price`,
    p,
  );
  if (rows.length === 0) return undefined;
  const prices = rows.map((r) => Number(r.price));
  return quantiles.map((q) => interpolatedQuantile(prices, q));
}

/** The quantile `q` of sorted values, interpolated between neighbours (DuckDB's quantile_cont). */
export function interpolatedQuantile(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Rounds a proposed band edge to a "nice" number (1, 2, 5 × 10^n steps) so bands read well. */
export function niceNumber(value: number): number {
  if (value <= 0) return 0;
  const exp = 10 ** Math.floor(Math.log10(value));
  const f = value / exp;
  const nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
  return nice * exp;
}

/** Turns proposed cut points into bands from 0: readable edges, duplicates merged, the last open. */
export function bandsFromCuts(edges: readonly number[]): Band[] {
  const cuts = [...new Set(edges.map(niceNumber))].filter((v) => v > 0).sort((a, b) => a - b);
  const bands: Band[] = [];
  let lo = 0;
  for (const c of cuts) {
    bands.push([lo, c]);
    lo = c;
  }
  bands.push([lo, null]);
  return bands;
}

/**
 * Whether the grant covers a category whole (every leaf under it granted). Only such categories
 * may be named to the user or lend their band configuration: a user granted one leaf is not
 * granted its parent.
 */
export function categoryGranted(
  catalog: Pick<CategoryTree, 'leavesOf'>,
  grant: Pick<ResolvedGrant, 'categories'>,
  id: number,
): boolean {
  const leaves = catalog.leavesOf([id]);
  const granted = new Set(grant.categories);
  return leaves.length > 0 && leaves.every((l) => granted.has(l));
}

/** Cut points of proposed bands: the list-price quintiles. */
const QUINTILES = [0.2, 0.4, 0.6, 0.8] as const;

export interface BandChoice {
  bands: Band[];
  source: 'project' | 'computed';
  /** The category whose configured bands were taken. */
  category_id: number | null;
}

/**
 * THE rule that chooses price bands for a page: the bands configured for the first of `selected`
 * (without a selection: the granted top-level categories) or for its nearest ancestor, among the
 * categories the grant covers whole; otherwise bands proposed from the list-price quintiles of the
 * granted products of `leaves`; [] when none of them has a price.
 */
async function chooseBands(input: {
  warehouse: WarehouseEngine;
  dataset: string;
  catalog: CategoryTree;
  grant: ResolvedGrant;
  /** The project's configured price bands by category. */
  configured: ReadonlyMap<number, Band[]>;
  selected: readonly number[];
  leaves: readonly number[];
}): Promise<BandChoice> {
  const { catalog, grant } = input;
  const cats = catalog.categories;
  const granted = (id: number) => categoryGranted(catalog, grant, id);
  const topOf = (id: number) => {
    let n = cats.get(id);
    while (n && n.parent_id !== null) n = cats.get(n.parent_id);
    return n?.category_id;
  };
  const from = input.selected.length
    ? input.selected
    : [...new Set(grant.categories.map(topOf))].filter((id): id is number => id !== undefined).sort((a, b) => a - b);
  for (const id of from) {
    // Ancestors of a category the grant does not cover are not covered either: stop there.
    for (
      let n = cats.get(Number(id));
      n && granted(n.category_id);
      n = n.parent_id === null ? undefined : cats.get(n.parent_id)
    ) {
      const bands = input.configured.get(n.category_id);
      if (bands?.length) return { bands, source: 'project', category_id: n.category_id };
    }
  }
  const own = new Set(grant.categories);
  const cuts = await priceQuantiles(
    input.warehouse,
    input.dataset,
    { categories: input.leaves.filter((l) => own.has(l)), brands: grant.brands, shops: grant.shops },
    QUINTILES,
  );
  return { bands: cuts ? bandsFromCuts(cuts) : [], source: 'computed', category_id: null };
}

/**
 * The dimension reads of one dataset bound to one user's grant: what an analysis request offers
 * its pages and panels (AnalysisRequest.dims), and the only way they read dimension data. The
 * dataset and the grant are fixed when the request opens, so a read outside the grant cannot be
 * written: the reads that must stay within it (products, series, price bands, attribute values)
 * take it from here, never from their caller. Names and details by id (brands, shops, platforms)
 * are read for ids a granted answer returned or the grant was checked against.
 */
export interface DimensionReader {
  /** Every platform of the dataset with its code and region, by id. */
  platforms(): Promise<
    Map<number, { platform_id: number; code: string; region: string; name_zh: string; name_en: string }>
  >;
  /** Every platform with its channels (shop types), in id order. */
  platformChannels(): Promise<ChannelRow[]>;
  /** Names of the given brands (unknown ids are simply absent). */
  brandNames(ids: readonly number[]): Promise<Map<number, BrandName>>;
  /** Display details of the given shops. */
  shops(ids: readonly number[]): Promise<Map<number, ShopInfo>>;
  /** Display details of the given products within the granted categories. */
  products(ids: readonly number[], options?: QueryOptions): Promise<Map<number, ProductInfo>>;
  /** The attributes of the dataset with their titles. */
  attributes(): Promise<AttributeDef[]>;
  /** Values of the named attributes among the products of the granted categories. */
  attributeValues(names: readonly string[]): Promise<Map<string, { value_zh: string; value_en: string }[]>>;
  /** The granted leaf categories whose products have a value of each named attribute. */
  attributeCategories(names: readonly string[]): Promise<Map<string, number[]>>;
  /** Product series among the granted products whose name contains the text. */
  seriesMatching(text: string, limit: number): Promise<{ name: string; product_count: number }[]>;
  /** Granted products whose title or brand name contains the text, or whose id it is. */
  productsMatching(text: string, limit: number): Promise<number[]>;
  /** The price bands of a page by THE rule (chooseBands), within the grant. */
  bands(input: {
    catalog: CategoryTree;
    configured: ReadonlyMap<number, Band[]>;
    selected: readonly number[];
    leaves: readonly number[];
  }): Promise<BandChoice>;
}

/** The dimension reader of one dataset for one grant (see {@link DimensionReader}). */
export function dimensionReader(warehouse: WarehouseEngine, dataset: string, grant: ResolvedGrant): DimensionReader {
  return {
    platforms: () => platformInfo(warehouse, dataset),
    platformChannels: () => platformChannels(warehouse, dataset),
    brandNames: (ids) => brandNames(warehouse, dataset, ids),
    shops: (ids) => shopDetails(warehouse, dataset, ids),
    products: (ids, options) => productDetails(warehouse, dataset, ids, grant.categories, options),
    attributes: () => datasetAttributes(warehouse, dataset),
    attributeValues: (names) => attributeValues(warehouse, dataset, names, grant.categories),
    attributeCategories: (names) => attributeCategories(warehouse, dataset, names, grant.categories),
    seriesMatching: (text, limit) => seriesMatching(warehouse, dataset, text, grant, limit),
    productsMatching: (text, limit) => productsMatching(warehouse, dataset, text, grant, limit),
    bands: (input) => chooseBands({ ...input, warehouse, dataset, grant }),
  };
}
