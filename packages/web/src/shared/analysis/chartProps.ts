import type { ChartPlugin } from './echartsRuntime.js';

/**
 * The performance mark each chart sets when it first paints data: bench/web-load.mjs measures the time
 * from a navigation to the first of them (what a user waits for on an analysis page), and <Later>
 * panels wait for it.
 */
export const CHART_DRAWN_MARK = 'chart-drawn';

/** An ECharts event handler (click, legendselectchanged …) with the event's params. */
// biome-ignore lint/suspicious/noExplicitAny: ECharts event params differ per event and series type.
export type ChartEventHandler = (params: any) => void;

export interface EChartProps {
  /** An ECharts option (series types: line, bar, pie, scatter, treemap; wordCloud with plugin). */
  option: object;
  /** Pixel height; width follows the container (resize observed). */
  height?: number;
  /** Event name → handler; keep the object stable (useMemo) to avoid re-binding. */
  onEvents?: Record<string, ChartEventHandler>;
  /** An extra series type loaded in its own chunk. */
  plugin?: ChartPlugin;
  /** Replace the whole option on update (default) instead of merging. */
  notMerge?: boolean;
  className?: string;
}
