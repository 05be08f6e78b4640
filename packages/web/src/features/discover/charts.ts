/**
 * The chart options of Category Insight, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts). The shapes are the shared builders of chartOptions.ts.
 */
// The pure modules themselves, not the frame's index: nothing of React or antd comes along.
import { bucketBarOption, pointsTrendOption, seriesOption } from '../../shared/analysis/chartOptions.js';
import type { Metric } from '../../shared/analysis/switches.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';
import type { TrendsData, TrendsListData } from './data.js';

/** POST /trends: the metric as bars by period, its growth against the comparison as a line. */
export function categoryTrendChart(
  data: TrendsData | undefined,
  labels: { metric: Metric; metricName: string; growthName: string },
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  const points = (data?.points ?? []).map((p) => ({ period: p.period, value: p.value, growth: p.value_growth }));
  // The answer's metric (the switch may be ahead of it while the next answer loads).
  return pointsTrendOption(points, { ...labels, metric: data?.metric ?? labels.metric }, fmt, axis);
}

/** POST /trends_list: one line per top series, aligned on every period of the range (a gap where none). */
export function seriesTrendChart(
  data: TrendsListData,
  nameOf: (item: { name: string; name_en: string }) => string,
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  return seriesOption({
    periods: data.periods,
    series: data.series.map((s) => ({ name: nameOf(s), points: s.points })),
    metric: data.metric,
    fmt,
    axis,
  });
}

/** Price bands: a bar of the metric per band, its share on top. */
export function bandsChart(
  rows: readonly { label: string; value: number | null | undefined; share: number | null | undefined }[],
  metric: Metric,
  fmt: Formatters,
) {
  return bucketBarOption({ rows: rows.map((r) => ({ name: r.label, value: r.value, share: r.share })), metric, fmt });
}
