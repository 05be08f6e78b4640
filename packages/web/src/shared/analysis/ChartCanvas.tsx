import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportingHost, reportLabels } from './chartLabels.js';
import { hasSeriesData } from './chartOptions.js';
import { CHART_DRAWN_MARK, type EChartProps } from './chartProps.js';
import { type ChartPlugin, echarts, loadPlugin } from './echartsRuntime.js';

/**
 * The chart canvas: an ECharts instance in the app's theme and language. `onChart` hands the instance
 * to a layer that needs more than its events (the time chart's clicks between points).
 */
export function ChartCanvas({
  option,
  height = 320,
  onEvents,
  plugin,
  notMerge = true,
  className,
  onChart,
}: EChartProps & { onChart?: (chart: EChartsType | null) => void }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'EN' : 'ZH';
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const onChartRef = useRef(onChart);
  onChartRef.current = onChart;
  const [pluginReady, setPluginReady] = useState<ChartPlugin | undefined>(undefined);

  useEffect(() => {
    if (!plugin) return;
    let live = true;
    void loadPlugin(plugin).then(() => live && setPluginReady(plugin));
    return () => {
      live = false;
    };
  }, [plugin]);

  // A plugin's layout must be registered before init: an instance snapshots the layout processors.
  const waiting = plugin !== undefined && pluginReady !== plugin;
  // One instance per element and language (ECharts takes the locale at init only); disposed on unmount.
  useEffect(() => {
    const el = host.current;
    if (!el || waiting) return;
    const instance = echarts.init(el, 'marketlens', { renderer: 'canvas', locale });
    setChart(instance);
    onChartRef.current?.(instance);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      onChartRef.current?.(null);
      instance.dispose();
      setChart(null);
    };
  }, [locale, waiting]);

  // The first frame painted with data, not ECharts' 'finished': that one waits for the entry animation.
  useEffect(() => {
    if (!chart) return;
    const onRendered = () => {
      if (!hasSeriesData(chart.getOption())) return;
      chart.off('rendered', onRendered);
      performance.mark(CHART_DRAWN_MARK);
    };
    chart.on('rendered', onRendered);
    return () => {
      chart.off('rendered', onRendered);
    };
  }, [chart]);

  // Each settled frame (animations done) reports its clipped and overlapping texts (chartLabels.ts).
  useEffect(() => {
    const el = host.current as ReportingHost | null;
    if (!chart || !el) return;
    const onFinished = () => reportLabels(chart, el, { packed: plugin === 'wordCloud' });
    chart.on('finished', onFinished);
    return () => {
      chart.off('finished', onFinished);
    };
  }, [chart, plugin]);

  useEffect(() => {
    if (!chart || (plugin && pluginReady !== plugin)) return;
    chart.setOption(option as EChartsCoreOption, { notMerge });
  }, [chart, option, notMerge, plugin, pluginReady]);

  useEffect(() => {
    if (!chart || !onEvents) return;
    const entries = Object.entries(onEvents);
    for (const [name, handler] of entries) chart.on(name, handler);
    return () => {
      for (const [name, handler] of entries) chart.off(name, handler);
    };
  }, [chart, onEvents]);

  return <div ref={host} className={className} style={{ width: '100%', height }} data-testid="echart" />;
}
