import { chooseRollup, type RollupName } from '../../warehouse/rollups.js';
import type { CustomSqlColumnKind } from './custom-sql.js';
import { filterColumns, type ResolvedGrant } from './filters.js';
import type { AnalyticsQuery, Dimension, FactColumn } from './model.js';

/** The columns a dimension reads: fact columns, or product columns (price, attribute) a rollup may keep. */
export function dimensionColumns(dim: Dimension): FactColumn[] {
  switch (dim) {
    case 'period':
      return ['period'];
    case 'category_1':
    case 'category_2':
    case 'category_3':
      return ['category_id'];
    case 'brand':
      return ['brand_id'];
    case 'platform':
      return ['platform_id'];
    case 'channel':
      return ['platform_id', 'shop_type'];
    case 'shop':
      return ['shop_id'];
    case 'price_band':
      // The SKU list price: rollup_cat_price keeps it, fact_sales joins dim_sku on sku_id.
      return ['price'];
    default:
      // An attribute value: rollup_cat_attribute keeps it, fact_sales joins sku_attribute. The SKU
      // and its title words (keyword:*) are read through sku_id.
      return dim.startsWith('attribute:') ? ['attribute'] : ['sku_id'];
  }
}

/** A dimension that can give one sales row several values (a SKU has several attribute values or title words). */
export function isMultiValued(dim: Dimension): boolean {
  return dim.startsWith('attribute:') || dim.startsWith('keyword:');
}

export interface Plan {
  /** The table that answers: the smallest rollup with every needed column, else fact_sales. */
  readonly table: RollupName | 'fact_sales';
  readonly columns: ReadonlySet<FactColumn>;
}

/**
 * Chooses the table by rule (warehouse/rollups.ts), never by hand: the columns of the dimensions,
 * the filter and the grant. Rollups keep only additive sums, so any answer from one equals the
 * answer from the facts.
 */
export function planQuery(
  query: Pick<AnalyticsQuery, 'dimensions' | 'filter'>,
  grant: ResolvedGrant,
  rowCounts?: Readonly<Record<string, number>>,
  customColumns?: ReadonlyMap<string, CustomSqlColumnKind>,
): Plan {
  const columns = filterColumns(query.filter, grant, customColumns);
  for (const d of query.dimensions) for (const c of dimensionColumns(d)) columns.add(c);
  // A rollup keeps one attribute value per row: two attributes at once need the SKU's own rows.
  if (query.dimensions.filter(isMultiValued).length > 1) columns.add('sku_id');
  return { table: chooseRollup([...columns], rowCounts), columns };
}
