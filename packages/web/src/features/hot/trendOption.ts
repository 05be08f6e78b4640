import type { HotCategoryTrendsData } from '@marketlens/shared/contracts';
import type { Formatters, Metric } from '../../shared/analysis/index.js';

type Point = HotCategoryTrendsData['categories'][number]['trend'][number];

/** A trend point's value of the metric (average price = sales / count; none without units). */
export function pointValue(p: Point, metric: Metric): number | null {
  if (metric === 'sales') return p.sales;
  if (metric === 'count') return p.count;
  return p.count > 0 ? p.sales / p.count : null;
}

/** The line chart of the top categories' trends (one line per category, x = periods). */
export function trendOption(
  data: HotCategoryTrendsData,
  metric: Metric,
  f: Formatters,
  name: (c: HotCategoryTrendsData['categories'][number]) => string,
) {
  const periods = data.periods.map((p) => f.period(p));
  const fmt = (v: unknown) => (typeof v === 'number' ? f.metric(metric, v) : '-');
  return {
    tooltip: {
      trigger: 'axis',
      confine: true,
      order: 'valueDesc',
      valueFormatter: fmt,
    },
    legend: { type: 'scroll', top: 0, left: 0, right: 0 },
    grid: { top: 40, left: 8, right: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: periods },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => fmt(v) } },
    series: data.categories.map((c) => ({
      type: 'line',
      name: name(c),
      showSymbol: periods.length <= 24,
      emphasis: { focus: 'series' },
      data: c.trend.map((p) => pointValue(p, metric)),
    })),
  };
}
