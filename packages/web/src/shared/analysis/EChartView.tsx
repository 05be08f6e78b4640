import { ChartCanvas } from './ChartCanvas.js';
import { timeChartOf } from './chartOverlay.js';
import type { EChartProps } from './chartProps.js';
import { TimeChartLayer } from './layer/TimeChartLayer.js';

/**
 * The chart itself (lazily loaded by EChart.tsx): a chart on a time axis (chartOptions.ts marks it)
 * with the events and notes layer, any other as it is.
 */
export default function EChartView(props: EChartProps) {
  return timeChartOf(props.option) ? <TimeChartLayer {...props} /> : <ChartCanvas {...props} />;
}
