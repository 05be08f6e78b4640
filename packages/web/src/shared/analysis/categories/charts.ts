/**
 * The chart of the top-categories panel (Trend Overview, Concept Explore), from the answer as it
 * arrives (pure: no React, no ECharts; tested in test/chart-builders.test.ts). The trend lines are the
 * shared `seriesOption`, the same chart as Category Insight's top-series trend.
 */
import type { HotCategoryTrendsData } from '@marketlens/shared/contracts';
import { seriesOption } from '../chartOptions.js';
import type { Metric } from '../switches.js';
import type { AxisCoverage } from '../timeAxis.js';
import type { Formatters } from '../useFormatters.js';

type Category = HotCategoryTrendsData['categories'][number];
type Point = Category['trend'][number];

/** A trend point's value of the metric (average price = sales / count; none without units). */
export function pointValue(p: Point, metric: Metric): number | null {
  if (metric === 'sales') return p.sales;
  if (metric === 'count') return p.count;
  return p.count > 0 ? p.sales / p.count : null;
}

/** The top categories' answer: one line per top category over the periods, in the ranking's order and colours. */
export function categoryTrendsChart(
  data: HotCategoryTrendsData,
  metric: Metric,
  fmt: Formatters,
  name: (c: Category) => string,
  axis?: AxisCoverage,
) {
  return seriesOption({
    periods: data.periods,
    series: data.categories.map((c) => ({
      name: name(c),
      points: c.trend.map((p) => ({ period: p.period, value: pointValue(p, metric) })),
    })),
    metric,
    fmt,
    axis,
  });
}
