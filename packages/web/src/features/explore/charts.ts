/**
 * The chart options of Concept Explore, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts): the concepts' trend lines and the penetration lines of the
 * concept's top categories, both the shared `seriesOption`.
 */
import type { ConceptCategoryPenetration, ConceptTrends } from '@marketlens/shared/contracts';
import { seriesOption } from '../../shared/analysis/chartOptions.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';
import type { TrendMetric } from './params.js';

type Point = ConceptTrends['concepts'][number]['points'][number];

/** A point's value of the trend metric (the server's value for the three metrics, else penetration). */
export function conceptPointValue(p: Point, metric: TrendMetric): number | null {
  if (metric === 'penetration') return p.penetration;
  if (metric === 'sales') return p.sales;
  if (metric === 'count') return p.count;
  return p.avg_price;
}

/** One line per concept (the page's own first, in the first colour) over every period of the range. */
export function conceptTrendsChart(data: ConceptTrends, metric: TrendMetric, fmt: Formatters, axis?: AxisCoverage) {
  return seriesOption({
    periods: data.periods,
    series: data.concepts.map((c) => ({
      name: c.label,
      points: c.points.map((p) => ({ period: p.period, value: conceptPointValue(p, metric) })),
    })),
    metric: metric === 'penetration' ? 'share' : metric,
    fmt,
    axis,
  });
}

/** The concept's penetration of each top category per period, one line per category. */
export function penetrationChart(
  data: ConceptCategoryPenetration,
  fmt: Formatters,
  name: (c: ConceptCategoryPenetration['categories'][number]) => string,
  axis?: AxisCoverage,
) {
  return seriesOption({
    periods: data.periods,
    series: data.categories.map((c) => ({
      name: name(c),
      points: c.trend.map((p) => ({ period: p.period, value: p.penetration })),
    })),
    metric: 'share',
    fmt,
    axis,
  });
}
