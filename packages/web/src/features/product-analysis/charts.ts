/**
 * The chart options of Product Analysis, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts).
 */
import type { ProductPriceTrends, ProductTrendPoint, ProductTrends, SeriesInfo } from '@marketlens/shared/contracts';
// The pure modules themselves, not the frame's index: nothing of React or antd comes along.
import {
  colorAt,
  namesLegend,
  onTimeAxis,
  periodTooltip,
  pointsTrendOption,
  seriesOption,
} from '../../shared/analysis/chartOptions.js';
import type { Metric } from '../../shared/analysis/switches.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';

const metricOf = (p: ProductTrendPoint, metric: Metric) => p[metric];

/**
 * POST /analysis/trends: the whole selection as bars of the metric with its growth as a line; per
 * product or per series one line of the metric each.
 */
export function productTrendChart(
  data: ProductTrends | undefined,
  labels: {
    metric: Metric;
    metricName: string;
    growthName: string;
    name(line: { name: string; name_en: string }): string;
  },
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  const lines = data?.lines ?? [];
  if (!data || data.by === 'total' || lines.length === 0) {
    const points = (lines[0]?.points ?? []).map((p) => ({
      period: p.period,
      value: metricOf(p, labels.metric),
      growth: p.growth[labels.metric],
    }));
    return pointsTrendOption(points, labels, fmt, axis);
  }
  return seriesOption({
    periods: data.periods,
    series: lines.map((l) => ({
      name: labels.name(l),
      points: l.points.map((p) => ({ period: p.period, value: metricOf(p, labels.metric) })),
    })),
    metric: labels.metric,
    fmt,
    axis,
  });
}

/**
 * POST /analysis/trends/prices: the selection's average transaction price against the category's,
 * and — where the project has discount prices — the list and discount averages apart. With nothing
 * chosen (`chosen` false) the selection is the filtered market itself: its line would lie on the
 * category's, so the category's line is drawn alone (the panel says so).
 */
export function priceTrendChart(
  data: ProductPriceTrends | undefined,
  names: { selection: string; list: string; discount: string; market: string },
  fmt: Formatters,
  axis?: AxisCoverage,
  chosen = true,
) {
  const points = data?.points ?? [];
  const line = (name: string, pick: (p: ProductPriceTrends['points'][number]) => number | null) => ({
    name,
    points: points.map((p) => ({ period: p.period, value: pick(p) })),
  });
  const series = !chosen
    ? [line(names.market, (p) => p.market_avg_price)]
    : data?.has_discount
      ? [
          line(names.list, (p) => p.list_avg_price),
          line(names.discount, (p) => p.discount_avg_price),
          line(names.market, (p) => p.market_avg_price),
        ]
      : [line(names.selection, (p) => p.avg_price), line(names.market, (p) => p.market_avg_price)];
  return seriesOption({ periods: points.map((p) => p.period), series, metric: 'avg_price', fmt, axis });
}

/** The selection's sales over the price bands, per period: stacked shares (100 % = the period's sales). */
export function priceBandsChart(
  data: ProductPriceTrends | undefined,
  bandNames: readonly string[],
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  const points = data?.points ?? [];
  const on = onTimeAxis(
    points.map((p) => p.period),
    bandNames.map((_, b) => points.map((p) => ({ period: p.period, value: p.band_shares[b] }))),
    fmt,
    axis,
  );
  return {
    grid: { left: 8, right: 8, top: 56, bottom: 8, containLabel: true },
    legend: namesLegend(),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? fmt.shareRatio(v) : '-'),
      formatter: periodTooltip(on, fmt, fmt.shareRatio, axis),
    },
    xAxis: { type: 'category', data: on.periods.map(fmt.period) },
    yAxis: { type: 'value', max: 1, axisLabel: { formatter: (v: number) => fmt.shareRatio(v) } },
    series: bandNames.map((name, b) => ({
      type: 'bar',
      name,
      stack: 'bands',
      data: on.values[b] ?? [],
      itemStyle: { color: colorAt(b) },
    })),
  };
}

/** POST /series/info: the series' sales by period as bars, their growth as a line. */
export function seriesTrendChart(
  data: SeriesInfo | undefined,
  labels: { metricName: string; growthName: string },
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  const points = (data?.points ?? []).map((p) => ({ period: p.period, value: p.sales, growth: p.growth.sales }));
  return pointsTrendOption(points, { metric: 'sales', ...labels }, fmt, axis);
}
