/**
 * Chart colours and text styles matching the app theme (shared/ui/theme.ts), in a module without
 * ECharts so option builders and tests can use them without loading the chart library.
 */
import { TEXT_DESCRIPTION, TEXT_SECONDARY } from '../ui/theme.js';

/**
 * Series colours: the app's blue first; then distinguishable hues (docs/product.md §1 slots: blue, purple,
 * teal, pink).
 */
const PALETTE = [
  '#1677ff',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
] as const;
/** Typed as a tuple of plain strings, so any colour (e.g. {@link CHART_GRAY}) fits where a palette colour does. */
type Ten<T> = readonly [T, T, T, T, T, T, T, T, T, T];
export const CHART_COLORS: Ten<string> = PALETTE;

/** Inactive / "others" series. */
export const CHART_GRAY: string = '#bfbfbf';

export const CHART_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif";

/** The ECharts theme registered as 'marketlens'. */
export const chartTheme = {
  color: [...CHART_COLORS],
  backgroundColor: 'transparent',
  textStyle: { fontFamily: CHART_FONT, color: TEXT_SECONDARY },
  title: { textStyle: { color: 'rgba(0,0,0,0.88)', fontSize: 14, fontWeight: 600 } },
  // Legends and axis labels are text: AA contrast like the page's secondary text.
  legend: { textStyle: { color: TEXT_SECONDARY }, icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
  tooltip: {
    backgroundColor: 'rgba(255,255,255,0.96)',
    borderColor: '#f0f0f0',
    textStyle: { color: 'rgba(0,0,0,0.88)', fontSize: 12 },
    extraCssText: 'box-shadow: 0 6px 16px rgba(0,0,0,0.08); border-radius: 6px;',
  },
  categoryAxis: {
    axisLine: { lineStyle: { color: '#d9d9d9' } },
    axisTick: { show: false },
    axisLabel: { color: TEXT_DESCRIPTION },
    splitLine: { show: false },
  },
  valueAxis: {
    axisLine: { show: false },
    axisLabel: { color: TEXT_DESCRIPTION },
    splitLine: { lineStyle: { color: '#f0f0f0', type: 'dashed' } },
  },
  line: { symbol: 'circle', symbolSize: 5, smooth: false, lineStyle: { width: 2 } },
  bar: { barMaxWidth: 28, itemStyle: { borderRadius: [3, 3, 0, 0] } },
} as const;
