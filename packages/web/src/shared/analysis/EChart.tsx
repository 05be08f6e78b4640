import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartPlugin } from './echartsRuntime.js';

// Type-only import above; the chart library is fetched when the first chart renders.
const EChartView = lazy(() => import('./EChartView.js'));

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

/**
 * A tree-shaken, lazily loaded ECharts chart in the app's theme and language, resized with its
 * container and disposed on unmount.
 */
export function EChart(props: EChartProps) {
  const height = props.height ?? 320;
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChartView {...props} />
    </Suspense>
  );
}
