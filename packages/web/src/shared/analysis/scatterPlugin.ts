/** The scatter series (Potential Brand's bubble chart), registered on the app's ECharts core when such a chart mounts. */
import { ScatterChart } from 'echarts/charts';
import { echarts } from './echartsRuntime.js';

echarts.use([ScatterChart]);
