/**
 * The chart options of Favourite Brands (pure: no React, no ECharts; tested in
 * test/chart-builders.test.ts).
 */
import type { FavoriteBrandRow } from '@marketlens/shared/contracts';
import { colorAt } from '../../shared/analysis/chartOptions.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';
import type { FavoriteSort } from './params.js';

/** The small trend line of a followed brand: its sales per period, no axes; the latest point marked. */
export function sparklineOption(trend: FavoriteBrandRow['trend'], fmt: Formatters, color = colorAt(0)) {
  const last = trend.length - 1;
  return {
    animation: false,
    grid: { left: 2, right: 6, top: 6, bottom: 6 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (ps: { dataIndex: number }[]) => {
        const p = trend[ps[0]?.dataIndex ?? 0];
        return p ? `${fmt.period(p.period)} · ${fmt.money(p.sales)}` : '';
      },
    },
    xAxis: { type: 'category', show: false, data: trend.map((p) => p.period), boundaryGap: false },
    yAxis: { type: 'value', show: false, scale: true },
    series: [
      {
        type: 'line',
        data: trend.map((p, i) => ({
          value: p.sales,
          symbolSize: i === last ? 6 : 0,
        })),
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
