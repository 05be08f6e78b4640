import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './chartProps.js';

export type { ChartEventHandler, EChartProps } from './chartProps.js';

// The chart view is its own chunk: the chart library is fetched when the first chart renders, or
// earlier by preloadCharts().
const loadView = () => import('./EChartView.js');
const EChartView = lazy(loadView);

/**
 * Starts fetching the chart library now. A page that draws charts at first view calls it when its module
 * loads, so the library arrives beside the page's data instead of after it.
 */
export function preloadCharts() {
  void loadView().catch(() => undefined);
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
