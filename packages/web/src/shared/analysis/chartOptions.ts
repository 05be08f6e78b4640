/**
 * ECharts option builders of the analysis pages (pure: no ECharts import, testable). Every number
 * shown in a chart goes through the page's formatters.
 */
import { cutLabel } from '../ui/displayText.js';
import { CHART_COLORS, CHART_GRAY } from './chartTheme.js';
import type { Metric } from './switches.js';
import { type AxisCoverage, axisRange, type GapState, type TimePoint, timeAxis } from './timeAxis.js';
import { markTimeChart } from './timeChart.js';
import type { Formatters } from './useFormatters.js';

type Value = number | null | undefined;

const PALETTE = CHART_COLORS as unknown as readonly string[];
/** The palette colour of the i-th series, cycling. */
export const colorAt = (i: number): string => PALETTE[i % PALETTE.length] ?? CHART_GRAY;
const MAIN = colorAt(0);
const ACCENT = colorAt(4);

const tooltipRow = (color: string, name: string, value: string) =>
  `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:4px;margin-right:6px;background:${color}"></span>${escapeHtml(name)}</span><b>${escapeHtml(value)}</b></div>`;

/**
 * The legend of named series (categories, brands, shops, price bands): scrolling, each name cut by
 * the display-length rule (docs/product.md §5), the full name in a tooltip on hover.
 */
export const namesLegend = () => ({
  type: 'scroll',
  top: 0,
  left: 0,
  right: 0,
  formatter: cutLabel('legend'),
  tooltip: { show: true },
});

/** Names come from data: escape them in HTML tooltips. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The reason of a gap period as a tooltip line (nothing for a complete one). */
const reasonRow = (state: GapState | null | undefined, axis: AxisCoverage | undefined) =>
  state && axis ? `<div style="margin-top:4px;color:${CHART_GRAY}">${escapeHtml(axis.reasons[state])}</div>` : '';

/**
 * The series of a chart laid on one time axis (timeAxis.ts): every period of the applied range (the
 * answer's own first to last without `axis`), each series' value where it has one and the period is
 * complete, null elsewhere. Every builder with periods on an axis goes through here, so a gap is
 * drawn one way on every page (docs/product.md §4).
 */
export function onTimeAxis(
  periods: readonly string[],
  series: readonly (readonly TimePoint[])[],
  fmt: Formatters,
  axis?: AxisCoverage,
): { periods: string[]; values: (number | null)[][]; reasons: (GapState | null)[] } {
  const g = axis?.granularity ?? fmt.granularity;
  const all = [...periods, ...series.flatMap((s) => s.map((p) => p.period))];
  const range = axisRange(all, g, axis);
  // Periods that are not dates (a hand-made answer) stay as they are, aligned by index.
  if (!range && all.length > 0)
    return {
      periods: [...periods],
      values: series.map((s) => periods.map((p) => s.find((x) => x.period === p)?.value ?? null)),
      reasons: periods.map(() => null),
    };
  const laid = series.map((s) => timeAxis(range, g, s, axis?.gaps));
  const base = laid[0] ?? timeAxis(range, g, [], axis?.gaps);
  return { periods: base.periods, values: laid.map((l) => l.values), reasons: base.reasons };
}

/**
 * The axis tooltip of a chart on a time axis: the period, each series' value ('-' for none; largest
 * first when `sorted`), and the reason of a gap period under them.
 */
export function periodTooltip(
  on: { periods: readonly string[]; reasons: readonly (GapState | null)[] },
  fmt: Formatters,
  format: (v: number) => string,
  axis: AxisCoverage | undefined,
  sorted = false,
) {
  const num = (v: unknown) => (typeof v === 'number' ? v : Number.NEGATIVE_INFINITY);
  return (ps: { dataIndex: number; color: string; seriesName: string; value: unknown }[]) => {
    const i = ps[0]?.dataIndex ?? 0;
    const rows = sorted ? [...ps].sort((x, y) => num(y.value) - num(x.value)) : ps;
    return [
      `<div style="margin-bottom:4px">${escapeHtml(fmt.period(on.periods[i] ?? ''))}</div>`,
      ...rows.map((p) => tooltipRow(p.color, p.seriesName, typeof p.value === 'number' ? format(p.value) : '-')),
      reasonRow(on.reasons[i], axis),
    ].join('');
  };
}

/** Values aligned with periods by index as points. */
const pointsOf = (periods: readonly string[], values: readonly Value[]): TimePoint[] =>
  periods.map((period, i) => ({ period, value: values[i] }));

/** The metric (or a share, as a ratio) as bars by period, its growth as a line on a percent axis. */
export function trendOption(args: {
  periods: string[];
  values: Value[];
  growth: Value[];
  metric: Metric | 'share';
  metricName: string;
  growthName: string;
  fmt: Formatters;
  /** The applied range's coverage (useAxisCoverage): every period of the range, gaps with their reason. */
  axis?: AxisCoverage;
}) {
  const { fmt, metric } = args;
  const format = (v: Value) => (metric === 'share' ? fmt.shareRatio(v) : fmt.metric(metric, v));
  const on = onTimeAxis(
    args.periods,
    [pointsOf(args.periods, args.values), pointsOf(args.periods, args.growth)],
    fmt,
    args.axis,
  );
  const [values = [], growth = []] = on.values;
  const labels = on.periods.map(fmt.period);
  // Marked as a time chart: the events and notes layer (chartOverlay.ts) finds its periods.
  return markTimeChart(
    {
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (ps: { dataIndex: number; color: string; seriesIndex: number }[]) => {
          const i = ps[0]?.dataIndex ?? 0;
          return [
            `<div style="margin-bottom:4px">${escapeHtml(labels[i] ?? '')}</div>`,
            tooltipRow(MAIN, args.metricName, format(values[i])),
            tooltipRow(ACCENT, args.growthName, fmt.ratio(growth[i])),
            reasonRow(on.reasons[i], args.axis),
          ].join('');
        },
      },
      xAxis: { type: 'category', data: labels },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
        { type: 'value', axisLabel: { formatter: (v: number) => fmt.ratio(v) }, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'bar',
          name: args.metricName,
          data: values,
          itemStyle: { color: MAIN },
        },
        {
          type: 'line',
          name: args.growthName,
          yAxisIndex: 1,
          data: growth,
          connectNulls: false,
          itemStyle: { color: ACCENT },
        },
      ],
    },
    { periods: on.periods, granularity: args.axis?.granularity ?? fmt.granularity, boundaryGap: true },
  );
}

/** A trend answer's points (period, value, growth) as {@link trendOption}: bars and the growth line. */
export function pointsTrendOption(
  points: readonly { period: string; value: Value; growth: Value }[],
  labels: { metric: Metric | 'share'; metricName: string; growthName: string },
  fmt: Formatters,
  axis?: AxisCoverage,
) {
  return trendOption({
    periods: points.map((p) => p.period),
    values: points.map((p) => p.value),
    growth: points.map((p) => p.growth),
    ...labels,
    fmt,
    axis,
  });
}

/**
 * One line per series (top categories, brands, platforms or channels; a share as a ratio) over the
 * periods; a missing value, or a period that is not complete, is a gap.
 */
export function seriesOption(args: {
  periods: readonly string[];
  /**
   * `values` aligned with `periods`, or `points` by period; `color`: the series' own colour (a
   * comparison slot's), the palette's otherwise.
   */
  series: { name: string; values?: readonly Value[]; points?: readonly TimePoint[]; color?: string }[];
  /** A share is a ratio. */
  metric: Metric | 'share';
  fmt: Formatters;
  /** The applied range's coverage (useAxisCoverage): every period of the range, gaps with their reason. */
  axis?: AxisCoverage;
}) {
  const { fmt, metric, axis } = args;
  const format = (v: number) => (metric === 'share' ? fmt.shareRatio(v) : fmt.metric(metric, v));
  const on = onTimeAxis(
    args.periods,
    args.series.map((s) => s.points ?? pointsOf(args.periods, s.values ?? [])),
    fmt,
    axis,
  );
  return markTimeChart(
    {
      grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
      legend: namesLegend(),
      tooltip: {
        trigger: 'axis',
        confine: true,
        order: 'valueDesc',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '-'),
        formatter: periodTooltip(on, fmt, format, axis, true),
      },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: on.periods.map(fmt.period),
        // The first and last labels sit at the plot's edges: align them inwards so they are not cut.
        axisLabel: { alignMinLabel: 'left', alignMaxLabel: 'right' },
      },
      yAxis: { type: 'value', axisLabel: { formatter: format } },
      series: args.series.map((s, i) => ({
        type: 'line',
        name: s.name,
        data: on.values[i] ?? [],
        connectNulls: false,
        // Dots only while they stay apart (two years of months); a hovered line stands out.
        showSymbol: on.periods.length <= 24,
        emphasis: { focus: 'series' },
        itemStyle: { color: s.color ?? colorAt(i) },
      })),
    },
    { periods: on.periods, granularity: axis?.granularity ?? fmt.granularity, boundaryGap: false },
  );
}

/** A donut of shares: the first `top` rows, the rest summed as "others" in gray. */
export function shareDonutOption(args: {
  rows: { name: string; value: Value; share: Value }[];
  metric: Metric;
  fmt: Formatters;
  othersName: string;
  top?: number;
}) {
  const { fmt, metric } = args;
  const top = args.top ?? 8;
  const sorted = args.rows.filter((r) => (r.value ?? 0) > 0);
  const head = sorted.slice(0, top);
  const rest = sorted.slice(top);
  const data: { name: string; value: number; share: Value; itemStyle: { color: string } }[] = head.map((r, i) => ({
    name: r.name,
    value: r.value ?? 0,
    share: r.share,
    itemStyle: { color: colorAt(i) },
  }));
  if (rest.length) {
    data.push({
      name: args.othersName,
      value: rest.reduce((s, r) => s + (r.value ?? 0), 0),
      share: rest.reduce((s, r) => s + (r.share ?? 0), 0),
      itemStyle: { color: CHART_GRAY },
    });
  }
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; color: string; data: { value: number; share: Value } }) =>
        tooltipRow(p.color, p.name, `${fmt.metric(metric, p.data.value)} · ${fmt.shareRatio(p.data.share)}`),
    },
    series: [
      {
        type: 'pie',
        // A narrow ring leaves the labels room beside it in a third of a 1280 px card (docs/web.md "Fits at 1280 px").
        radius: ['32%', '50%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        minShowLabelAngle: 6,
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: {
          // A name too long for the room beside the ring ends in "…" (the slice's tooltip has it whole).
          // No fixed width: ECharts then narrows each label to the room between the ring and the chart's
          // edge (with alignTo 'edge'), so no label is drawn past the edge; a fixed width switched that off.
          formatter: (p: { name: string; data: { share: Value } }) =>
            `${cutLabel('sliceLabel')(p.name)}\n${fmt.shareRatio(p.data.share)}`,
          fontSize: 12,
          lineHeight: 16,
          overflow: 'truncate',
          ellipsis: '…',
          alignTo: 'edge',
          edgeDistance: 4,
        },
        labelLine: { length: 8, length2: 0 },
        // Labels that would still meet (many thin slices) are dropped; each slice's tooltip still names it.
        labelLayout: { hideOverlap: true },
        data,
      },
    ],
  };
}

/** Vertical bars of the metric per bucket (price bands), the share on top of each bar. */
export function bucketBarOption(args: {
  rows: { name: string; value: Value; share: Value }[];
  metric: Metric;
  fmt: Formatters;
}) {
  const { fmt, metric } = args;
  return {
    grid: { left: 8, right: 8, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => fmt.metric(metric, v),
    },
    xAxis: {
      type: 'category',
      data: args.rows.map((r) => r.name),
      axisLabel: {
        interval: 0,
        // "¥50 – ¥100" on two lines so five bands fit side by side.
        formatter: (v: string) => v.replace(' – ', ' –\n'),
        width: 64,
        overflow: 'break',
        fontSize: 11,
        lineHeight: 14,
      },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => fmt.metric(metric, v) } },
    series: [
      {
        type: 'bar',
        data: args.rows.map((r) => ({ value: r.value ?? 0, share: r.share })),
        itemStyle: { color: MAIN },
        label: {
          show: true,
          position: 'top',
          formatter: (p: { data: { share: Value } }) => fmt.shareRatio(p.data.share),
          fontSize: 11,
        },
      },
    ],
  };
}

/** Whether an option (as the instance holds it) has a series with data points. */
export function hasSeriesData(option: unknown): boolean {
  const series = (option as { series?: unknown } | undefined)?.series;
  return (
    Array.isArray(series) &&
    series.some((s) => {
      const data = (s as { data?: unknown } | null)?.data;
      return Array.isArray(data) ? data.length > 0 : data !== undefined && data !== null;
    })
  );
}
