/**
 * The chart options of Trend Overview, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts). The trend lines are the shared `seriesOption`, the same chart
 * as Category Insight's top-series trend.
 */
import type { HotCategoryTrendsData } from '@marketlens/shared/contracts';
// The pure modules themselves, not the frame's index: nothing of React or antd comes along.
import { seriesOption } from '../../shared/analysis/chartOptions.js';
import type { Metric } from '../../shared/analysis/switches.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';

type Category = HotCategoryTrendsData['categories'][number];
type Point = Category['trend'][number];

/** A trend point's value of the metric (average price = sales / count; none without units). */
export function pointValue(p: Point, metric: Metric): number | null {
  if (metric === 'sales') return p.sales;
  if (metric === 'count') return p.count;
  return p.count > 0 ? p.sales / p.count : null;
}

/** POST /hot/categories/trends: one line per top category over the periods, in the ranking's order and colours. */
export function categoryTrendsChart(
  data: HotCategoryTrendsData,
  metric: Metric,
  fmt: Formatters,
  name: (c: Category) => string,
) {
  return seriesOption({
    periods: data.periods,
    series: data.categories.map((c) => ({ name: name(c), values: c.trend.map((p) => pointValue(p, metric)) })),
    metric,
    fmt,
  });
}
