/**
 * Pre-aggregated copies of fact_sales, declared once here. The importer builds every entry; a query
 * planner calls `chooseRollup` with the columns a query needs and gets the smallest table that has
 * all of them (or fact_sales). Only additive measures are kept, so any coarser group-by over a rollup
 * (SUM of sums) gives the same answer as over the facts.
 */

/** Dimension columns a rollup can keep (all are columns of fact_sales). */
export type RollupDimension =
  | 'period'
  | 'category_id'
  | 'brand_id'
  | 'platform_id'
  | 'shop_type'
  | 'shop_id'
  | 'sku_id';

export interface RollupDef {
  readonly name: `rollup_${string}`;
  /** Group-by columns, in the order the table is sorted (category first, like fact_sales). */
  readonly dims: readonly RollupDimension[];
}

/** Additive measures of every rollup: sums of the fact measures plus the number of fact rows. */
export const ROLLUP_MEASURES = ['sales', 'sales_discount', 'count', 'fact_rows'] as const;
export type RollupMeasure = (typeof ROLLUP_MEASURES)[number];

/** Ordered from the fewest dimensions (smallest) to the most. */
export const ROLLUPS: readonly RollupDef[] = [
  { name: 'rollup_cat_channel', dims: ['period', 'category_id', 'platform_id', 'shop_type'] },
  { name: 'rollup_cat_brand_channel', dims: ['period', 'category_id', 'brand_id', 'platform_id', 'shop_type'] },
  { name: 'rollup_cat_shop', dims: ['period', 'category_id', 'platform_id', 'shop_type', 'shop_id'] },
];

export type RollupName = (typeof ROLLUPS)[number]['name'];

/**
 * The smallest table that has every needed column: a rollup when one covers them, else fact_sales.
 * `rowCounts` (from LoadedDataset.rows) ranks candidates by real size; without it the declared
 * order (fewest dimensions first) decides. `count` in a needed list means the measure, which every
 * rollup has; `fact_rows` counts fact rows and only exists in rollups (fact_sales uses COUNT(*)).
 */
export function chooseRollup(
  needed: readonly string[],
  rowCounts?: Readonly<Record<string, number>>,
): RollupDef['name'] | 'fact_sales' {
  const measures: readonly string[] = ROLLUP_MEASURES;
  const dims = needed.filter((c) => !measures.includes(c));
  const candidates = ROLLUPS.filter((r) => dims.every((d) => (r.dims as readonly string[]).includes(d)));
  if (candidates.length === 0) return 'fact_sales';
  // Unknown sizes rank last; ties keep the declared order (fewest dimensions first).
  const size = (r: RollupDef) => (rowCounts ? (rowCounts[r.name] ?? Number.POSITIVE_INFINITY) : 0);
  const ranked = candidates
    .map((r) => ({ r, s: size(r), i: ROLLUPS.indexOf(r) }))
    .sort((a, b) => a.s - b.s || a.i - b.i);
  return ranked[0]!.r.name;
}
