/**
 * The chart options of Brand Detail, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts).
 */
import type { BrandTrendMetric, BrandTrends } from '@marketlens/shared/contracts';
// The pure modules themselves, not the frame's index: nothing of React or antd comes along.
import { pointsTrendOption } from '../../shared/analysis/chartOptions.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';

/**
 * GET /brands/trends: the brand's metric (sales, units, average price, or its market share as a
 * ratio) as bars by period, its growth against the previous period or last year as a line.
 */
export function brandTrendChart(
  data: BrandTrends | undefined,
  labels: { metric: BrandTrendMetric; metricName: string; growthName: string },
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  return pointsTrendOption(data?.points ?? [], labels, fmt, axis);
}
