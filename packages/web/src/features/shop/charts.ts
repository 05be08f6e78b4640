/**
 * The chart options of Store Analysis, from the answers as they arrive (pure: no React, no ECharts;
 * tested in test/chart-builders.test.ts). The shapes are the shared builders of chartOptions.ts.
 */
import type { ShopChannelTrends, ShopTrends } from '@marketlens/shared/contracts';
// The pure modules themselves, not the frame's index: nothing of React or antd comes along.
import { seriesOption } from '../../shared/analysis/chartOptions.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';

type Named = { name: string; name_en: string };

/**
 * POST /shops/trends: one line per selected shop — the chosen metric, or (view `share`) its share of
 * the market's sales in each period.
 */
export function shopTrendChart(
  data: ShopTrends,
  view: 'value' | 'share',
  nameOf: (n: Named) => string,
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  // A share is a ratio: the shared builder's 'share' puts axis and tooltip in shares.
  return seriesOption({
    periods: data.periods,
    series: data.series.map((s) => ({
      name: nameOf(s),
      points: s.points.map((p) => ({ period: p.period, value: view === 'share' ? p.share : p.value })),
    })),
    metric: view === 'share' ? 'share' : data.metric,
    fmt,
    axis,
  });
}

/**
 * POST /shops/channels/trends: the market's channel types stacked to 100 % per period (each band a
 * type's share of the period's sales).
 */
export function channelMixChart(
  data: ShopChannelTrends,
  nameOf: (n: Named) => string,
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  const option = seriesOption({
    periods: data.periods,
    series: data.series.map((s) => ({
      name: nameOf(s),
      points: s.points.map((p) => ({ period: p.period, value: p.share })),
    })),
    metric: 'share',
    fmt,
    axis,
  });
  return {
    ...option,
    yAxis: { ...option.yAxis, max: 1 },
    series: option.series.map((s) => ({ ...s, stack: 'mix', areaStyle: { opacity: 0.85 }, lineStyle: { width: 1 } })),
  };
}
