import type { ChartPlugin } from './echartsRuntime.js';

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
