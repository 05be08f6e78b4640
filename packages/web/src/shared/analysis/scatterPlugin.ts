/**
 * The scatter series (Potential Brand's bubble chart), registered on the app's ECharts core when such
 * a chart mounts. `echarts/core` is one module, so this reaches the same core as echartsRuntime.ts
 * (which loads this file) without importing it back.
 */
import { ScatterChart } from 'echarts/charts';
import * as echarts from 'echarts/core';

echarts.use([ScatterChart]);
