import { type Static, Type } from 'typebox';
import type { Band } from '../../metadata/index.js';
import type { WarehouseEngine } from '../../warehouse/engine.js';
import type { ResolvedGrant } from './filters.js';
import type { DatasetCatalog } from './service.js';

/**
 * Every read of dimension data (categories, brands, shops, products, attributes, platforms and
 * channels, price quantiles) and the one rule that proposes price bands. Built on the engine
 * interface: table names only from its catalogue (tableName), every value bound.
 */

export function hasDataset(warehouse: WarehouseEngine, dataset: string): boolean {
  return warehouse.datasets().some((d) => d.manifest.name === dataset);
}

export type ChannelRow = Static<typeof PlatformChannelsSchema>;

/** Response schema of one platform with its channels, as `platformChannels` returns it. */
export const PlatformChannelsSchema = Type.Object({
  platform_id: Type.Integer(),
  code: Type.String(),
  platform: Type.String(),
  platform_en: Type.String(),
  channels: Type.Array(
    Type.Object({
      code: Type.String(),
      shop_type: Type.String(),
      shop_type_en: Type.String(),
      is_active: Type.Boolean(),
    }),
  ),
});

export async function platformChannels(warehouse: WarehouseEngine, dataset: string): Promise<ChannelRow[]> {
  const p = warehouse.tableName(dataset, 'dim_platform');
  const c = warehouse.tableName(dataset, 'dim_channel');
  const rows = await warehouse.query<{
    platform_id: number;
    code: string;
    name_zh: string;
    name_en: string;
    shop_type: string | null;
    channel_zh: string | null;
    channel_en: string | null;
    is_active: boolean | null;
  }>(
    `select p.platform_id, p.code, p.name_zh, p.name_en, c.shop_type, c.name_zh as channel_zh, c.name_en as channel_en, c.is_active
     from ${p} p left join ${c} c on c.platform_id = p.platform_id order by p.platform_id, c.shop_type`,
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
        is_active: r.is_active === true,
      });
    }
  }
  return [...out.values()];
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
  const rows = await warehouse.query<{ brand_id: number; name_zh: string; name_en: string }>(
    `SELECT brand_id, name_zh, name_en FROM ${warehouse.tableName(dataset, 'dim_brand')} WHERE list_contains($1::INTEGER[], brand_id)`,
    [ids.map(Number)],
  );
  return new Map(rows.map((r) => [Number(r.brand_id), { name_zh: r.name_zh, name_en: r.name_en }]));
}

export interface CategoryInfo {
  category_id: number;
  parent_id: number | null;
  level: number;
  name_zh: string;
  name_en: string;
}

/** The dataset's categories with the given ids (unknown ids are simply absent). */
export async function categoriesById(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, CategoryInfo>> {
  if (ids.length === 0) return new Map();
  const t = warehouse.tableName(dataset, 'dim_category');
  const rows = await warehouse.query<{
    category_id: number;
    parent_id: number | null;
    level: number;
    name_zh: string;
    name_en: string;
  }>(
    `select category_id, parent_id, level, name_zh, name_en from ${t} where list_contains($1::integer[], category_id)`,
    [ids.map(Number)],
  );
  return new Map(rows.map((r) => [Number(r.category_id), { ...r, category_id: Number(r.category_id) }]));
}

/** Every category of a dataset, by name in either language (for uploads that name categories). */
export async function categoriesByName(warehouse: WarehouseEngine, dataset: string): Promise<Map<string, number>> {
  const t = warehouse.tableName(dataset, 'dim_category');
  const rows = await warehouse.query<{ category_id: number; name_zh: string; name_en: string }>(
    `select category_id, name_zh, name_en from ${t}`,
  );
  const out = new Map<string, number>();
  for (const r of rows) {
    out.set(r.name_zh, Number(r.category_id));
    out.set(r.name_en.toLowerCase(), Number(r.category_id));
  }
  return out;
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
  const sku = warehouse.tableName(dataset, 'dim_sku');
  const cat = warehouse.tableName(dataset, 'dim_category');
  const params: (number | number[])[] = [[...products.categories]];
  const limit = (col: string, ids: readonly number[] | null | undefined) => {
    if (!ids) return '';
    params.push([...ids]);
    return ` AND list_contains($${params.length}::BIGINT[], s.${col})`;
  };
  const where = `${limit('brand_id', products.brands)}${limit('shop_id', products.shops)}`;
  // One column per quantile (rows hold scalars only); the fractions are bound values too.
  const cols = quantiles.map((q, i) => {
    params.push(q);
    return `quantile_cont(s.price::DOUBLE, $${params.length}::DOUBLE) AS q${i}`;
  });
  const rows = await warehouse.query(
    `WITH leaves AS (
       SELECT c3.category_id FROM ${cat} c3 LEFT JOIN ${cat} c2 ON c2.category_id = c3.parent_id
       WHERE c3.level = 3 AND (list_contains($1::INTEGER[], c3.category_id)
         OR list_contains($1::INTEGER[], c2.category_id) OR list_contains($1::INTEGER[], c2.parent_id)))
     SELECT count(*)::INTEGER AS n, ${cols.join(', ')}
     FROM ${sku} s WHERE s.category_id IN (SELECT category_id FROM leaves) AND s.price > 0${where}`,
    params,
  );
  const row = rows[0];
  if (!row?.n) return undefined;
  return quantiles.map((_, i) => Number(row[`q${i}`]));
}

export async function datasetAttributes(
  warehouse: WarehouseEngine,
  dataset: string,
): Promise<{ attr_name: string; title_zh: string; title_en: string }[]> {
  const t = warehouse.tableName(dataset, 'dim_attribute');
  return warehouse.query(`select attr_name, title_zh, title_en from ${t} order by attr_name`);
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
  const cat = warehouse.tableName(dataset, 'dim_category');
  const rows = await warehouse.query<{ attr_name: string; value_zh: string; value_en: string }>(
    `WITH leaves AS (
       SELECT c3.category_id FROM ${cat} c3 LEFT JOIN ${cat} c2 ON c2.category_id = c3.parent_id
       WHERE c3.level = 3 AND (list_contains($2::INTEGER[], c3.category_id)
         OR list_contains($2::INTEGER[], c2.category_id) OR list_contains($2::INTEGER[], c2.parent_id)))
     SELECT a.attr_name, a.value_zh, min(a.value_en) AS value_en
     FROM ${warehouse.tableName(dataset, 'sku_attribute')} a
     JOIN ${warehouse.tableName(dataset, 'dim_sku')} s ON s.sku_id = a.sku_id
     WHERE list_contains($1::VARCHAR[], a.attr_name) AND s.category_id IN (SELECT category_id FROM leaves)
     GROUP BY a.attr_name, a.value_zh ORDER BY a.attr_name, a.value_zh LIMIT 10000`,
    [[...names], [...categories]],
  );
  for (const r of rows) {
    const list = out.get(r.attr_name) ?? [];
    list.push({ value_zh: r.value_zh, value_en: r.value_en });
    out.set(r.attr_name, list);
  }
  return out;
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

/** Every platform of the dataset with its code and region, by id. */
export async function platformInfo(warehouse: WarehouseEngine, dataset: string) {
  const t = warehouse.tableName(dataset, 'dim_platform');
  const rows = await warehouse.query<{
    platform_id: number;
    code: string;
    region: string;
    name_zh: string;
    name_en: string;
  }>(`SELECT platform_id, code, region, name_zh, name_en FROM ${t}`);
  return new Map(rows.map((r) => [Number(r.platform_id), r]));
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
export type SkuInfo = {
  sku_id: number;
  platform_id: number;
  shop_id: number;
  brand_id: number;
  price: number;
  image_id: string | null;
  shop_zh: string;
  shop_en: string;
  brand_zh: string;
  brand_en: string;
};

/** Display details of the shops the engine ranked (ids from the answer, so within the grant). */
export async function shopDetails(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, ShopInfo>> {
  if (ids.length === 0) return new Map();
  const ds = dataset;
  const w = warehouse;
  const rows = await w.query<ShopInfo>(
    `SELECT s.shop_id, s.platform_id, s.shop_type, s.name_zh, s.name_en, c.name_zh AS channel_zh, c.name_en AS channel_en
     FROM ${w.tableName(ds, 'dim_shop')} s
     LEFT JOIN ${w.tableName(ds, 'dim_channel')} c ON c.platform_id = s.platform_id AND c.shop_type = s.shop_type
     WHERE list_contains($1::BIGINT[], s.shop_id)`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [Number(r.shop_id), r]));
}

/** Display details of the products the engine ranked. */
export async function skuDetails(
  warehouse: WarehouseEngine,
  dataset: string,
  ids: readonly number[],
): Promise<Map<number, SkuInfo>> {
  if (ids.length === 0) return new Map();
  const ds = dataset;
  const w = warehouse;
  const rows = await w.query<SkuInfo>(
    `SELECT k.sku_id, k.platform_id, k.shop_id, k.brand_id, k.price::DOUBLE AS price, k.image_id,
            s.name_zh AS shop_zh, s.name_en AS shop_en, b.name_zh AS brand_zh, b.name_en AS brand_en
     FROM ${w.tableName(ds, 'dim_sku')} k
     LEFT JOIN ${w.tableName(ds, 'dim_shop')} s ON s.shop_id = k.shop_id
     LEFT JOIN ${w.tableName(ds, 'dim_brand')} b ON b.brand_id = k.brand_id
     WHERE list_contains($1::BIGINT[], k.sku_id)`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [Number(r.sku_id), r]));
}

/**
 * Whether the grant covers a category whole (every leaf under it granted). Only such categories
 * may be named to the user or lend their band configuration: a user granted one leaf is not
 * granted its parent.
 */
export function categoryGranted(
  catalog: Pick<DatasetCatalog, 'leavesOf'>,
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
export async function chooseBands(input: {
  warehouse: WarehouseEngine;
  dataset: string;
  catalog: Pick<DatasetCatalog, 'categories' | 'leavesOf'>;
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
