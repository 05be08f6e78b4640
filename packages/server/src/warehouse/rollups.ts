/**
 * Pre-aggregated copies of fact_sales, declared once here. The importer builds every entry; a query
 * planner calls `chooseRollup` with the columns a query needs and gets the smallest table that has
 * all of them (or fact_sales). Only additive measures are kept, so any coarser group-by over a rollup
 * (SUM of sums) gives the same answer as over the facts.
 */

/**
 * Dimension columns a rollup can keep. Most are columns of fact_sales; two are product columns
 * fact_sales reaches only through a join on sku_id:
 * - `price`: the SKU list price (dim_sku.price), so any project's price bands can be cut on top;
 * - `attribute`: one attribute value of the SKU (sku_attribute: `attr_name`, `value_zh`, plus
 *   `value_en` kept as min()). Multi-valued: a sales row counts once per value of its SKU, so a
 *   rollup with it only answers queries grouped by exactly one attribute (see chooseRollup).
 */
export type RollupDimension =
  | 'period'
  | 'category_id'
  | 'brand_id'
  | 'platform_id'
  | 'shop_type'
  | 'shop_id'
  | 'sku_id'
  | 'price'
  | 'attribute';

/** Product columns: read through dim_sku / sku_attribute by fact_sales, stored by some rollups. */
export const PRODUCT_COLUMNS = ['price', 'attribute'] as const satisfies readonly RollupDimension[];
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

export interface RollupDef {
  readonly name: `rollup_${string}`;
  /** Group-by columns, in the order the table is sorted (category first, then period, like fact_sales). */
  readonly dims: readonly RollupDimension[];
}

/** Additive measures of every rollup: sums of the fact measures plus the number of fact rows. */
export const ROLLUP_MEASURES = ['sales', 'sales_discount', 'count', 'fact_rows'] as const;
export type RollupMeasure = (typeof ROLLUP_MEASURES)[number];

/**
 * Ordered from the smallest expected size to the largest (the tie-break without row counts). Each
 * earns its place in bench/results (rollup vs fact time of the same statement):
 * - the brand rollup has no channel: with it (brand × channel × leaf × month) it kept almost half
 *   as many rows as the facts and was slower than the facts (bench/results/2026-11-22); brand
 *   queries by channel read facts;
 * - the period rollup (category × month) answers what the summary cards, the sales trend and the
 *   market totals ask: a small fraction of the rows of the brand rollup they read before, and less
 *   CPU for a market total and for a trend (bench/results/2026-11-28/load.md);
 * - there is no shop rollup: (category, period, shop) kept too many of the fact rows to pay off,
 *   answered top-50 shops only a little faster than the category-sorted facts and took about half
 *   of the rollup build (bench/results/2026-11-24); shop rankings and shop grants read the facts.
 */
export const ROLLUPS: readonly RollupDef[] = [
  { name: 'rollup_cat_period', dims: ['category_id', 'period'] },
  { name: 'rollup_cat_channel', dims: ['category_id', 'period', 'platform_id', 'shop_type'] },
  { name: 'rollup_cat_price', dims: ['category_id', 'period', 'price'] },
  { name: 'rollup_cat_brand', dims: ['category_id', 'period', 'brand_id'] },
  { name: 'rollup_cat_attribute', dims: ['category_id', 'period', 'attribute'] },
];

export type RollupName = (typeof ROLLUPS)[number]['name'];

/** Whether a table (a rollup or fact_sales) stores a product column itself (no join needed). */
export function storesProductColumn(table: string, column: ProductColumn): boolean {
  return ROLLUPS.some((r) => r.name === table && r.dims.includes(column));
}

/**
 * The smallest table that has every needed column: a rollup when one covers them, else fact_sales.
 * `rowCounts` (from LoadedDataset.rows) ranks candidates by real size, and a rollup it does not list
 * is not there (a dataset imported before the rollup existed); without it the declared order
 * (fewest dimensions first) decides. `count` in a needed list means the measure, which every rollup
 * has; `fact_rows` counts fact rows and only exists in rollups (fact_sales uses COUNT(*)).
 * A rollup with the multi-valued `attribute` column is a candidate only when `attribute` is needed:
 * summed over its values it would count a sales row several times.
 */
export function chooseRollup(
  needed: readonly string[],
  rowCounts?: Readonly<Record<string, number>>,
): RollupDef['name'] | 'fact_sales' {
  const measures: readonly string[] = ROLLUP_MEASURES;
  const dims = needed.filter((c) => !measures.includes(c));
  const candidates = ROLLUPS.filter(
    (r) =>
      dims.every((d) => (r.dims as readonly string[]).includes(d)) &&
      (!r.dims.includes('attribute') || dims.includes('attribute')) &&
      (!rowCounts || rowCounts[r.name] !== undefined),
  );
  if (candidates.length === 0) return 'fact_sales';
  // Ties keep the declared order.
  const size = (r: RollupDef) => (rowCounts ? rowCounts[r.name]! : 0);
  const ranked = candidates
    .map((r) => ({ r, s: size(r), i: ROLLUPS.indexOf(r) }))
    .sort((a, b) => a.s - b.s || a.i - b.i);
  return ranked[0]!.r.name;
}
