import { Checkbox, Flex, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerArea } from '../../i18n/index.js';
import { ChartCanvas } from '../ChartCanvas.js';
import { clickedWindow, timeChartOf, withOverlay } from '../chartOverlay.js';
import type { ChartEventHandler, EChartProps } from '../chartProps.js';
import { chartLayerMessages } from './messages.js';
import { useChartLayer } from './useChartLayer.js';

// The period's dialog (its events, its notes and the form) is fetched on the first click: no part of a first view.
const PeriodDialog = lazy(() => import('./PeriodDialog.js'));

registerArea(chartLayerMessages);

/**
 * A chart on a time axis with the events and notes layer (chartOverlay.ts): the switch under it;
 * a click on a period (or an event's window) opens the period: its events, each of which sets the
 * applied range to its periods, and its notes with the form to add one about the page's subject.
 */
export function TimeChartLayer(props: EChartProps) {
  const { t } = useTranslation();
  const layer = useChartLayer();
  const meta = timeChartOf(props.option)!;
  const { option, windows } = useMemo(
    () =>
      withOverlay(props.option, {
        events: layer.events,
        notes: layer.overlayNotes,
        labels: { events: t('chartLayer.events'), notes: t('chartLayer.notes') },
        day: (d) => d,
      }),
    [props.option, layer.events, layer.overlayNotes, t],
  );
  const [period, setPeriod] = useState<number | null>(null);

  // The handlers read the latest layer through a ref: ECharts keeps the functions it was given.
  const latest = useRef({ layer, meta, windows });
  /** The native event of the last click ECharts gave a series (the plot's own click then skips it). */
  const handled = useRef<unknown>(undefined);
  latest.current = { layer, meta, windows };
  const openAt = useCallback((i: number) => {
    if (i >= 0 && i < latest.current.meta.periods.length) setPeriod(i);
  }, []);
  const onEvents = useMemo<Record<string, ChartEventHandler>>(
    () => ({
      ...props.onEvents,
      click: (p: { seriesId?: string; componentType?: string; dataIndex?: number; event?: { event?: unknown } }) => {
        props.onEvents?.click?.(p);
        handled.current = p.event?.event;
        // A click on an event's window or a period opens that period: its events (each can set the
        // range to its periods) and its notes.
        const k = clickedWindow(p.seriesId);
        const w = k === undefined ? undefined : latest.current.windows[k];
        if (w) openAt(w.first);
        else if (p.componentType === 'series' && typeof p.dataIndex === 'number') openAt(p.dataIndex);
      },
    }),
    [props.onEvents, openAt],
  );
  // A click anywhere else on the plot: between points (a line chart's dots show only while they stay
  // apart) or on the axis pointer's shadow, opens the period under it.
  const [chart, setChart] = useState<EChartsType | null>(null);
  useEffect(() => {
    if (!chart) return;
    const zr = chart.getZr();
    const onClick = (e: { event?: unknown; offsetX: number; offsetY: number }) => {
      // Handled above as a click on a series (ECharts dispatches it first).
      if (e.event !== undefined && e.event === handled.current) return;
      const at = [e.offsetX, e.offsetY];
      if (!chart.containPixel({ gridIndex: 0 }, at)) return;
      // In the coordinates of the chart's own first series: [period index, value].
      const i = chart.convertFromPixel({ seriesIndex: 0 }, at);
      const index = Array.isArray(i) ? i[0] : i;
      if (typeof index === 'number' && Number.isFinite(index)) openAt(Math.round(index));
    };
    zr.on('click', onClick);
    return () => {
      zr.off('click', onClick);
    };
  }, [chart, openAt]);

  return (
    <div data-testid="time-chart">
      <ChartCanvas {...props} option={option} onEvents={onEvents} onChart={setChart} />
      <Flex gap={8} align="center" style={{ fontSize: 12, marginTop: 2, minWidth: 0 }}>
        {/* A checkbox, not antd's Switch: the filter panel already brings it, and this is on every trend chart's first view. */}
        <Checkbox
          checked={layer.shown}
          onChange={(e) => layer.setShown(e.target.checked)}
          style={{ flex: 'none' }}
          data-testid="chart-layer-switch"
        >
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('chartLayer.switch')}
          </Typography.Text>
        </Checkbox>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, minWidth: 0 }}>
          {layer.subject ? t('chartLayer.hint') : t('chartLayer.hintNoSubject')}
        </Typography.Text>
      </Flex>
      {period !== null && (
        <Suspense fallback={null}>
          <PeriodDialog
            layer={layer}
            meta={meta}
            windows={windows.filter((w) => w.first <= period && period <= w.last)}
            period={period}
            onClose={() => setPeriod(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
