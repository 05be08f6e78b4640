/**
 * The chart options of Brand Comparison, from the answers as they arrive (pure: no React, no
 * ECharts; tested in test/chart-builders.test.ts). Each slot keeps its colour in every chart.
 */
import type { BrandTrendMetric, BrandTrendPoint } from '@marketlens/shared/contracts';
import { colorAt, escapeHtml, namesLegend, seriesOption } from '../../shared/analysis/chartOptions.js';
import { CHART_GRAY } from '../../shared/analysis/chartTheme.js';
import type { AxisCoverage } from '../../shared/analysis/timeAxis.js';
import type { Formatters } from '../../shared/analysis/useFormatters.js';
import { cutLabel } from '../../shared/ui/displayText.js';

export interface SlotSeries {
  name: string;
  color: string;
  trend: readonly BrandTrendPoint[];
}

/** The chosen metric of every compared slot over the periods, one line each in the slot's colour. */
export function contrastTrendChart(
  slots: readonly SlotSeries[],
  metric: BrandTrendMetric,
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  return seriesOption({
    periods: slots[0]?.trend.map((p) => p.period) ?? [],
    series: slots.map((s) => ({
      name: s.name,
      color: s.color,
      points: s.trend.map((p) => ({ period: p.period, value: p[metric] })),
    })),
    metric,
    fmt,
    axis,
  });
}

export interface MixPart {
  key: string;
  name: string;
  sales: number;
  /** The part of the slot brand's sales (a ratio). */
  share: number | null;
}

export interface SlotMix {
  name: string;
  color: string;
  parts: readonly MixPart[];
}

/** Parts shown by name across the slots; the rest is summed as "others" in gray. */
export const MIX_TOP = 8;

/**
 * Each slot's mix as one 100 % bar (slots top to bottom, labelled in their colours): the parts that
 * weigh most across the slots by name, the rest as "others", so a difference in where the brands
 * sell reads at a glance.
 */
export function mixChart(slots: readonly SlotMix[], labels: { others: string }, fmt: Formatters) {
  const weight = new Map<string, { name: string; w: number }>();
  for (const s of slots)
    for (const p of s.parts) {
      const e = weight.get(p.key) ?? { name: p.name, w: 0 };
      e.w += p.share ?? 0;
      weight.set(p.key, e);
    }
  const keys = [...weight.entries()].sort((a, b) => b[1].w - a[1].w || a[0].localeCompare(b[0])).map(([k]) => k);
  const shown = keys.slice(0, MIX_TOP);
  const rest = keys.length > MIX_TOP;
  const cell = (s: SlotMix, key: string | null) => {
    const parts = key === null ? s.parts.filter((p) => !shown.includes(p.key)) : s.parts.filter((p) => p.key === key);
    const share = parts.reduce((sum, p) => sum + (p.share ?? 0), 0);
    const sales = parts.reduce((sum, p) => sum + p.sales, 0);
    return { value: parts.length ? share : null, sales };
  };
  const series = [
    ...shown.map((key, i) => ({ name: weight.get(key)!.name, color: colorAt(i), key: key as string | null })),
    ...(rest ? [{ name: labels.others, color: CHART_GRAY, key: null }] : []),
  ];
  // Slot 1 on top: a category axis draws its first entry at the bottom.
  const ordered = [...slots].reverse();
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: namesLegend(),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { seriesName: string; name: string; data: { value: number | null; sales: number } }) =>
        `${escapeHtml(p.name)}<br/>${escapeHtml(p.seriesName)}: <b>${escapeHtml(fmt.shareRatio(p.data.value))}</b> · ${escapeHtml(fmt.money(p.data.sales))}`,
    },
    xAxis: { type: 'value', max: 1, axisLabel: { formatter: (v: number) => fmt.shareRatio(v) } },
    yAxis: {
      type: 'category',
      data: ordered.map((s) => ({ value: s.name, textStyle: { color: s.color, fontWeight: 'bold' } })),
      // The bars' tooltip names the slot in full.
      axisLabel: { formatter: cutLabel('legend') },
    },
    series: series.map((s) => ({
      type: 'bar',
      stack: 'mix',
      name: s.name,
      barMaxWidth: 28,
      itemStyle: { color: s.color },
      data: ordered.map((slot) => cell(slot, s.key)),
    })),
  };
}
