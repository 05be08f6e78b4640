/**
 * The tree-shaken ECharts build of the app: `echarts/core` with only the charts, components and the
 * canvas renderer the analysis pages use (never the full `echarts` entry, DESIGN.md §1). Loaded
 * lazily by <EChart>, so filters and numbers paint before the chart library arrives.
 */
import { BarChart, LineChart, PieChart, ScatterChart, TreemapChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartTheme } from './chartTheme.js';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  TreemapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  TitleComponent,
  CanvasRenderer,
]);
echarts.registerTheme('marketlens', chartTheme);

export { echarts };

export type ChartPlugin = 'wordCloud';

/** Extra series types in their own chunks; echarts-wordcloud registers itself on the same core. */
export function loadPlugin(plugin: ChartPlugin): Promise<unknown> {
  switch (plugin) {
    case 'wordCloud':
      return import('echarts-wordcloud');
  }
}
