/**
 * The tree-shaken ECharts build of the app: `echarts/core` with only the charts, components and the
 * canvas renderer the analysis pages use (never the full `echarts` entry, docs/web-analysis.md "Charts"). Loaded
 * lazily by <EChart>, so filters and numbers paint before the chart library arrives.
 *
 * Register only what a page on screen draws: each chart type or component costs every analysis page
 * its kilobytes (dataZoom and treemap are heavy ones) whether used or not. A type that only one page
 * needs belongs in a plugin below, loaded when that chart mounts.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartTheme } from './chartTheme.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);
echarts.registerTheme('marketlens', chartTheme);

export { echarts };

export type ChartPlugin = 'wordCloud' | 'scatter';

/** Extra series types in their own chunks; echarts-wordcloud registers itself on the same core. */
export function loadPlugin(plugin: ChartPlugin): Promise<unknown> {
  switch (plugin) {
    case 'wordCloud':
      return import('echarts-wordcloud');
    case 'scatter':
      return import('./scatterPlugin.js');
  }
}
