/**
 * The chart of Potential Brand, from the answer (pure: no React, no ECharts): each brand in its
 * category as a bubble at (category growth, brand growth in the category), sized by its sales there —
 * the "rising brand" chart: the upper right holds fast brands in fast categories.
 */
import type { PotentialRow } from '@marketlens/shared/contracts';
import { colorAt, escapeHtml } from '../../shared/analysis/chartOptions.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';

/** Bubble diameters in pixels: the smallest sales and the largest. */
const SIZES = [8, 48] as const;

export interface ScatterLabels {
  x: string;
  y: string;
  sales: string;
  /** The name of a row (brand · category) in the page language. */
  nameOf(row: PotentialRow): string;
}

/** Rows without a growth on either axis (no benchmark sales) have no place in the chart. */
export function potentialScatterOption(rows: readonly PotentialRow[], labels: ScatterLabels, fmt: Formatters) {
  const shown = rows.filter((r) => r.growth !== null && r.category_growth !== null);
  const max = Math.max(0, ...shown.map((r) => r.sales));
  // Area proportional to sales.
  const size = (sales: number) =>
    max > 0 ? SIZES[0] + (SIZES[1] - SIZES[0]) * Math.sqrt(Math.max(0, sales) / max) : SIZES[0];
  return {
    // Room above the plot for the y axis's name (see below), below it for the x axis's.
    grid: { left: 8, right: 24, top: 36, bottom: 28, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p: { data: { row: PotentialRow } }) => {
        const r = p.data.row;
        return [
          `<b>${escapeHtml(labels.nameOf(r))}</b>`,
          `${escapeHtml(labels.x)}: ${escapeHtml(fmt.ratio(r.category_growth))}`,
          `${escapeHtml(labels.y)}: ${escapeHtml(fmt.ratio(r.growth))}`,
          `${escapeHtml(labels.sales)}: ${escapeHtml(fmt.money(r.sales))}`,
        ].join('<br/>');
      },
    },
    xAxis: { ...axis(labels.x, fmt), nameLocation: 'middle' as const, nameGap: 24 },
    // The y axis's name above the axis, read across: turned along the axis it met its tick labels
    // whenever they were wider than a fixed gap ("1 250%", a long Chinese name).
    yAxis: {
      ...axis(labels.y, fmt),
      nameLocation: 'end' as const,
      nameGap: 12,
      nameTextStyle: { align: 'left' as const },
    },
    series: [
      {
        type: 'scatter',
        data: shown.map((r) => ({
          value: [r.category_growth, r.growth, r.sales],
          name: labels.nameOf(r),
          symbolSize: Math.round(size(r.sales)),
          row: r,
        })),
        itemStyle: { color: colorAt(0), opacity: 0.7, borderColor: '#fff', borderWidth: 1 },
        emphasis: { focus: 'self', label: { show: true, position: 'top', formatter: (p: { name: string }) => p.name } },
      },
    ],
  };
}

/** A growth axis: named, percent labels, at the chart's edge. */
function axis(name: string, fmt: Formatters) {
  return {
    type: 'value' as const,
    name,
    scale: true,
    // At the edge: with growth on both sides of zero the axis would cross the bubbles.
    axisLine: { onZero: false },
    axisLabel: { formatter: (v: number) => fmt.ratio(v) },
    splitLine: { lineStyle: { type: 'dashed' as const } },
  };
}
