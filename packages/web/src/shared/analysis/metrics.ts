/**
 * The metric and sort values of the analysis switches, without the switches' components: the pages'
 * URL declarations (params.ts) and their first-view calls load them without antd.
 */
export const METRICS = ['sales', 'count', 'avg_price'] as const;
export type Metric = (typeof METRICS)[number];
/** docs/product.md §4: the metric type defaults to sales. */
export const DEFAULT_METRIC: Metric = 'sales';

export const SORTS = ['sales', 'count'] as const;
export type SortBy = (typeof SORTS)[number];
