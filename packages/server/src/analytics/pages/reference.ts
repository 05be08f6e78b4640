import { shopSelection } from '@marketlens/shared';
import type { CategoryItem, CategoryNode, FilterAttribute, NamedItem, ShopItem } from '@marketlens/shared/contracts';
import type { CategoryInfo } from '../engine/dimensions.js';
import type { AnalysisRequest, DataScope } from '../request.js';

/**
 * Reference data of a project (docs/product.md §7 "Data", routes/common/analysis/reference.ts): category trees and
 * lists, ranked brands and shops, prefix and keyword search, attributes. Everything is derived from
 * the user's grant — names included, so a category, brand or shop outside it is never named — and
 * every query goes through the request (`a.query`, `a.dims`: the grant applied by the engine).
 */

/** The category and its ancestors, itself first (nothing for an id outside the catalogue). */
function ancestry(scope: DataScope, id: number): CategoryInfo[] {
  const out: CategoryInfo[] = [];
  let c = scope.catalog.categories.get(id);
  while (c) {
    out.push(c);
    c = c.parent_id === null ? undefined : scope.catalog.categories.get(c.parent_id);
  }
  return out;
}

/** Categories of the tree that hold at least one of `leaves` (the granted leaves by default). */
function grantedIds(scope: DataScope, leaves: readonly number[] = scope.grant.categories): Set<number> {
  const out = new Set<number>();
  for (const leaf of leaves) for (const c of ancestry(scope, leaf)) out.add(c.category_id);
  return out;
}

/** A category as every category answer gives it (docs/web-analysis.md): with its own id and the names of its path. */
function item(scope: DataScope, id: number): CategoryItem {
  const c = scope.catalog.categories.get(id)!;
  // The names along its path: [level - 1] is the ancestor (or itself) at that level.
  const zh = ['', '', ''];
  const en = ['', '', ''];
  for (const p of ancestry(scope, id)) {
    zh[p.level - 1] = p.name_zh;
    en[p.level - 1] = p.name_en;
  }
  return {
    category_id: id,
    category_self_id: id,
    category_name: c.name_zh,
    category_name_en: c.name_en,
    category_name_1: zh[0]!,
    category_name_2: zh[1]!,
    category_name_3: zh[2]!,
    category_name_1_en: en[0]!,
    category_name_2_en: en[1]!,
    category_name_3_en: en[2]!,
    level: c.level,
    parent: c.parent_id,
  };
}

/** The granted tree under `parent`; a node is not ready when it or an ancestor is in `notReady`. */
function tree(
  scope: DataScope,
  allowed: Set<number>,
  parent: number | null,
  notReady: ReadonlySet<number>,
  parentReady = true,
): CategoryNode[] {
  return (scope.catalog.children.get(parent) ?? [])
    .filter((c) => allowed.has(c.category_id))
    .map((c) => {
      const ready = parentReady && !notReady.has(c.category_id);
      return { ...item(scope, c.category_id), ready, children: tree(scope, allowed, c.category_id, notReady, ready) };
    });
}

/** The granted children of a category (top level for null). */
export function childCategories(a: AnalysisRequest, parent: number | null): { items: CategoryItem[] } {
  const allowed = grantedIds(a.scope);
  return {
    items: (a.scope.catalog.children.get(parent) ?? [])
      .filter((c) => allowed.has(c.category_id))
      .map((c) => item(a.scope, c.category_id)),
  };
}

/** The granted category tree with readiness; with brands, only the leaves in which they sold. */
export async function categoryTree(
  a: AnalysisRequest,
  brands: readonly number[] = [],
): Promise<{ items: CategoryNode[] }> {
  const leaves = brands.length
    ? (
        await a.query({
          dimensions: ['category_3'],
          measures: ['sales'],
          filter: { brands: [...brands] },
          range: a.scope.fullRange,
        })
      ).rows.map((r) => Number(r.keys.category_3))
    : a.scope.grant.categories;
  const notReady = new Set(
    (await a.metadata.projectCategories.list(a.scope.project.id))
      .filter((c) => c.status !== 'ready')
      .map((c) => c.categoryId),
  );
  return { items: tree(a.scope, grantedIds(a.scope, leaves), null, notReady) };
}

/** A name matcher: starts with the prefix (either language, case-insensitive); no prefix matches all. */
function prefixed(prefix: string | undefined) {
  const p = prefix?.trim().toLowerCase();
  return (e: { name: string; name_en: string }) =>
    !p || e.name.toLowerCase().startsWith(p) || e.name_en.toLowerCase().startsWith(p);
}

/** Granted categories (any level) whose name starts with the prefix, top levels first. */
export function categoriesByPrefix(a: AnalysisRequest, prefix: string): { items: CategoryItem[] } {
  const match = prefixed(prefix);
  const items = [...grantedIds(a.scope)]
    .map((id) => item(a.scope, id))
    .filter((c) => match({ name: c.category_name, name_en: c.category_name_en }))
    .sort((x, y) => x.level - y.level || x.category_id - y.category_id);
  return { items };
}

/** The granted leaf categories the custom SQL (docs/product.md §5) selects. */
export async function categoriesBySql(a: AnalysisRequest, sql: string): Promise<{ items: CategoryItem[] }> {
  const customSql = await a.parseSql(sql);
  const result = await a.query({
    dimensions: ['category_3'],
    measures: ['sales'],
    filter: { customSql },
    range: a.scope.fullRange,
  });
  return { items: result.rows.map((r) => item(a.scope, Number(r.keys.category_3))) };
}

interface Ranked extends NamedItem {
  platform: number;
}

/** Brands or shops with sales in the grant, biggest first (cached like any query). */
async function ranked(a: AnalysisRequest, dim: 'brand' | 'shop'): Promise<Ranked[]> {
  const dims = dim === 'shop' ? (['platform', 'shop'] as const) : (['brand'] as const);
  // Over the whole grant and data range: the choices of a filter, not an answer under one.
  const result = await a.query({
    dimensions: [...dims],
    measures: ['sales'],
    filter: {},
    range: a.scope.fullRange,
    sort: { by: 'sales', desc: true },
  });
  return result.rows.map((r) => {
    const label = r.labels[dim] ?? { zh: String(r.keys[dim]), en: String(r.keys[dim]) };
    return { id: Number(r.keys[dim]), platform: Number(r.keys.platform ?? 0), name: label.zh, name_en: label.en };
  });
}
const named = ({ id, name, name_en }: Ranked): NamedItem => ({ id, name, name_en });
const shop = (s: Ranked): ShopItem => ({ value: shopSelection(s.platform, s.id), name: s.name, name_en: s.name_en });

interface Paging {
  page?: number | undefined;
  page_size?: number | undefined;
}
function page<T>(items: T[], q: Paging) {
  const size = q.page_size ?? 50;
  const n = q.page ?? 1;
  return { items: items.slice((n - 1) * size, n * size), total: items.length, page: n, page_size: size };
}

/** Brands in the grant by sales, filtered by name prefix, one page. */
export async function brandPage(a: AnalysisRequest, q: Paging & { prefix?: string | undefined }) {
  return page((await ranked(a, 'brand')).filter(prefixed(q.prefix)).map(named), q);
}

/** Shops in the grant by sales, filtered by name prefix, one page. */
export async function shopPage(a: AnalysisRequest, q: Paging & { prefix?: string | undefined }) {
  return page((await ranked(a, 'shop')).filter(prefixed(q.prefix)).map(shop), q);
}

/** The ten biggest brands: the default selection of brand pickers. */
export async function defaultBrands(a: AnalysisRequest): Promise<{ items: NamedItem[] }> {
  return { items: (await ranked(a, 'brand')).slice(0, 10).map(named) };
}

/** Every brand the user may see, and whether the project limits brands at all. */
export async function brandScope(a: AnalysisRequest): Promise<{ limited: boolean; items: NamedItem[] }> {
  return { limited: a.scope.grant.brands !== null, items: (await ranked(a, 'brand')).map(named) };
}

/** Categories, brands and shops whose name contains the keyword (either language), 20 of each. */
export async function search(a: AnalysisRequest, keyword: string) {
  const needle = keyword.trim().toLowerCase();
  const has = (e: { name: string; name_en: string }) =>
    e.name.toLowerCase().includes(needle) || e.name_en.toLowerCase().includes(needle);
  const [brands, shops] = await Promise.all([ranked(a, 'brand'), ranked(a, 'shop')]);
  const limit = 20;
  return {
    categories: [...grantedIds(a.scope)]
      .map((id) => item(a.scope, id))
      .filter((c) => has({ name: c.category_name, name_en: c.category_name_en }))
      .slice(0, limit),
    brands: brands.filter(has).slice(0, limit).map(named),
    shops: shops.filter(has).slice(0, limit).map(shop),
  };
}

/**
 * The dataset's attributes (or the named ones) with their values among the granted categories' products,
 * and the granted categories that have them: the leaves whose products have a value, with their
 * ancestors, so a category chosen at any level is matched by its id alone.
 */
export async function filterAttributes(
  a: AnalysisRequest,
  names?: readonly string[],
): Promise<{ items: FilterAttribute[] }> {
  const wanted = (await a.dims.attributes()).filter((d) => !names || names.includes(d.attr_name));
  const codes = wanted.map((d) => d.attr_name);
  const [values, leaves] = await Promise.all([a.dims.attributeValues(codes), a.dims.attributeCategories(codes)]);
  return {
    items: wanted.map((d) => ({
      name: d.attr_name,
      title: d.title_zh,
      title_en: d.title_en,
      filter_values: (values.get(d.attr_name) ?? []).map((v) => ({ value: v.value_zh, value_en: v.value_en })),
      category_ids: [...grantedIds(a.scope, leaves.get(d.attr_name) ?? [])].sort((x, y) => x - y),
    })),
  };
}

/** The user's grant as ids (deny by default: empty lists, never "everything" — null only for unlimited brands/shops). */
export function grantIds(a: AnalysisRequest) {
  const { grant } = a.scope;
  return {
    categories: [...grant.categories],
    brands: grant.brands && [...grant.brands],
    shops: grant.shops && [...grant.shops],
  };
}

/** Whether the request's filter selects no sales at all. */
export async function isEmpty(a: AnalysisRequest): Promise<{ empty: boolean }> {
  const { filter, range } = a.validated;
  const result = await a.query({ dimensions: [], measures: ['sales'], filter, range });
  return { empty: result.rows.length === 0 || result.rows[0]!.count === 0 };
}
