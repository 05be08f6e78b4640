import type { MovementAnswer, MovementEffect, MovementLifecycle } from '@marketlens/shared/contracts';
import { DOWN_COLOR, UP_COLOR } from '../../ui/theme.js';
import { colorAt } from '../chartOptions.js';
import type { Formatters } from '../useFormatters.js';
import type { MovementView } from './views.js';

/**
 * The bridges of the "What moved it" panel (docs/metrics.md "What moved it"): base sales, each term of
 * a split, current sales, drawn as a waterfall. Pure, so tests read the bars the chart gets.
 */

/** The contract's MOVEMENT_EFFECTS and MOVEMENT_LIFECYCLE (contracts are type-only in the bundle). */
export const EFFECT_TERMS: readonly MovementEffect[] = ['volume', 'price', 'mix', 'residual'];
export const LIFECYCLE_TERMS: readonly MovementLifecycle[] = ['launches', 'continuing', 'discontinued'];
export type MovementTerm = MovementEffect | MovementLifecycle;

export const termsOf = (view: MovementView): readonly MovementTerm[] =>
  view === 'effects' ? EFFECT_TERMS : LIFECYCLE_TERMS;

/** One bar of a bridge: a total (base, current) from zero, or a term from the running total. */
export interface Step {
  key: 'base' | 'current' | MovementTerm;
  /** The bar's figure: the total, or the term (signed). */
  value: number;
  /** Where the bar starts and ends on the value axis. */
  from: number;
  to: number;
}

/** The bars of a bridge: base sales, the view's terms in order (each from where the last ended), current sales. */
export function bridgeSteps(total: MovementAnswer['total'], view: MovementView): Step[] {
  const steps: Step[] = [{ key: 'base', value: total.base_sales, from: 0, to: total.base_sales }];
  let at = total.base_sales;
  for (const term of termsOf(view)) {
    const value = total[term];
    steps.push({ key: term, value, from: at, to: at + value });
    at += value;
  }
  steps.push({ key: 'current', value: total.sales, from: 0, to: total.sales });
  return steps;
}

/** A total's colour; terms take the growth colours (a rise green, a fall red, as every growth figure). */
const TOTAL_COLOR = colorAt(0);
export const stepColor = (s: Step) =>
  s.key === 'base' || s.key === 'current' ? TOTAL_COLOR : s.value >= 0 ? UP_COLOR : DOWN_COLOR;

/** A term's label: signed money ("+¥1.2M", "−¥300K"); a total's: its money. */
export function stepLabel(s: Step, fmt: Formatters): string {
  if (s.key === 'base' || s.key === 'current') return fmt.money(s.value);
  return s.value > 0 ? `+${fmt.money(s.value)}` : fmt.money(s.value);
}

/**
 * Where the value axis starts: at zero, unless every bar stays well above it and the terms are small
 * beside the totals (a market of ¥165B moving by ¥7B): then a round figure under the lowest point of
 * the bridge, so the terms are tall enough to read and click. The totals' bars then start at the axis.
 */
export function axisMin(steps: readonly Step[]): number {
  const ends = steps.flatMap((s) => (s.key === 'base' || s.key === 'current' ? [s.to] : [s.from, s.to]));
  const low = Math.min(...ends);
  const high = Math.max(...ends);
  const span = high - low;
  if (low <= 0 || span === 0 || span > high / 2) return 0;
  const unit = 10 ** Math.floor(Math.log10(span));
  return Math.max(0, Math.floor((low - span / 2) / unit) * unit);
}

/**
 * A value axis tick: money with one decimal where the unit needs it. An axis that starts above zero
 * steps by half a unit (¥12.5B, ¥13B), which whole units would print twice ("¥13B", "¥13B").
 */
export const axisMoney = (v: number, fmt: Formatters) => fmt.money(v, 1).replace(/\.0(?=\D*$)/, '');

/**
 * The value axis' lower end. `fromZero`: bridges shown side by side (Brand Comparison's slots) all
 * start at zero, so bars of different slots compare by height; a bridge that falls below zero
 * leaves the lower end to the chart.
 */
export function axisStart(steps: readonly Step[], fromZero: boolean): number | undefined {
  if (!fromZero) return axisMin(steps);
  return steps.some((s) => Math.min(s.from, s.to) < 0) ? undefined : 0;
}

/**
 * The ECharts option: a category axis of the bars' names and three stacked bar series — an invisible
 * base lifting each term to the running total, and the visible part above and below zero (a term whose
 * bar crosses zero is drawn in both, so a stack of same-signed values never hides a part of it). The
 * label sits on the visible bar, above a rise and below a fall; every data item carries its step.
 */
export function waterfallOption(args: {
  steps: Step[];
  names: Record<Step['key'], string>;
  fmt: Formatters;
  /** Start the value axis at zero (see {@link axisStart}). */
  fromZero?: boolean;
}) {
  const { steps, names, fmt, fromZero = false } = args;
  const parts = steps.map((s) => {
    const lo = Math.min(s.from, s.to);
    const hi = Math.max(s.from, s.to);
    if (lo >= 0) return { base: lo, up: hi - lo, down: 0 };
    if (hi <= 0) return { base: hi, up: 0, down: lo - hi };
    return { base: 0, up: hi, down: lo };
  });
  const falls = (s: Step) => s.key !== 'base' && s.key !== 'current' && s.value < 0;
  const item = (s: Step, value: number, labelled: boolean) => ({
    value,
    step: s.key,
    figure: s.value,
    itemStyle: { color: stepColor(s) },
    label: {
      show: labelled,
      position: falls(s) ? 'bottom' : 'top',
      formatter: () => stepLabel(s, fmt),
    },
  });
  return {
    grid: { left: 8, right: 16, top: 28, bottom: 28, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (ps: { dataIndex: number }[]) => {
        const s = steps[ps[0]?.dataIndex ?? 0];
        return s ? `${names[s.key]}: ${stepLabel(s, fmt)}` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: steps.map((s) => names[s.key]),
      // Two lines rather than over each other when bars are narrow (four bridges side by side).
      axisLabel: { interval: 0, width: 72, overflow: 'break', lineHeight: 14 },
    },
    yAxis: {
      type: 'value',
      min: axisStart(steps, fromZero),
      axisLabel: { formatter: (v: number) => axisMoney(v, fmt) },
    },
    series: [
      {
        type: 'bar',
        stack: 'bridge',
        silent: true,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        data: parts.map((p) => p.base),
      },
      {
        type: 'bar',
        stack: 'bridge',
        barMaxWidth: 64,
        data: steps.map((s, i) => item(s, parts[i]!.up, parts[i]!.up !== 0 || parts[i]!.down === 0)),
      },
      {
        type: 'bar',
        stack: 'bridge',
        barMaxWidth: 64,
        data: steps.map((s, i) => item(s, parts[i]!.down, parts[i]!.up === 0 && parts[i]!.down !== 0)),
      },
    ],
  };
}
