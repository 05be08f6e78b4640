import { type Granularity, isIsoDate } from '@marketlens/shared';

/**
 * The mark a time-axis builder (chartOptions.ts) leaves on its option, so that the events and notes
 * layer (chartOverlay.ts, loaded with the chart) finds the periods of its axis. Apart from the layer
 * so that the builders do not carry it.
 */

/** What a time-axis builder says of its axis: the period starts of its categories. */
export interface TimeChartMeta {
  readonly periods: readonly string[];
  readonly granularity: Granularity;
  /** Bars sit in bands (true) or points on ticks (false, the line charts). */
  readonly boundaryGap: boolean;
}

/** A symbol key: ECharts reads string keys only, and a spread of the option keeps it. */
export const TIME_CHART: unique symbol = Symbol('time chart');

/** Marks an option as a chart on a time axis, so that the overlay can find its periods. */
export function markTimeChart<T extends object>(option: T, meta: TimeChartMeta): T {
  if (meta.periods.length === 0 || !meta.periods.every(isIsoDate)) return option;
  return Object.assign(option, { [TIME_CHART]: meta });
}

export function timeChartOf(option: unknown): TimeChartMeta | undefined {
  return (option as { [TIME_CHART]?: TimeChartMeta } | null | undefined)?.[TIME_CHART];
}
