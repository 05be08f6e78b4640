/**
 * The chart options of Favourite Brands (pure: no React, no ECharts; tested in
 * test/chart-builders.test.ts).
 */
import type { FavoriteBrandRow } from '@marketlens/shared/contracts';
import { colorAt, onTimeAxis } from '../../shared/analysis/chartOptions.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';
import type { FavoriteSort } from './params.js';

/**
 * The small trend line of a followed brand: its sales per period (every period of the range, a gap
 * where none or where the period is not complete), no axes; the latest point marked.
 */
export function sparklineOption(
  trend: FavoriteBrandRow['trend'],
  fmt: Formatters,
  color = colorAt(0),
  axis?: AxisCoverage,
) {
  const on = onTimeAxis(
    trend.map((p) => p.period),
    [trend.map((p) => ({ period: p.period, value: p.sales }))],
    fmt,
    axis,
  );
  const values = on.values[0] ?? [];
  const last = values.length - 1;
  return {
    animation: false,
    grid: { left: 2, right: 6, top: 6, bottom: 6 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (ps: { dataIndex: number }[]) => {
        const i = ps[0]?.dataIndex ?? 0;
        const period = on.periods[i];
        if (!period) return '';
        const reason = on.reasons[i];
        return `${fmt.period(period)} · ${reason && axis ? axis.reasons[reason] : fmt.money(values[i])}`;
      },
    },
    xAxis: { type: 'category', show: false, data: on.periods, boundaryGap: false },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      {
        type: 'line',
        data: values.map((value, i) => ({ value, symbolSize: i === last ? 6 : 0 })),
        connectNulls: false,
        showSymbol: true,
        symbol: 'circle',
        lineStyle: { width: 1.5, color },
        itemStyle: { color },
        areaStyle: { color, opacity: 0.08 },
      },
    ],
  };
}

type Growths = Pick<FavoriteBrandRow, 'sales' | 'brand_id'> & { growth: number | null };

/** Followed brands by sales, or by sales growth (no growth last), biggest first; ties by id. */
export function sortFavorites<T extends Growths>(rows: readonly T[], by: FavoriteSort): T[] {
  const key = (r: T) => (by === 'sales' ? r.sales : r.growth);
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.brand_id - b.brand_id;
    return y - x || a.brand_id - b.brand_id;
  });
}
