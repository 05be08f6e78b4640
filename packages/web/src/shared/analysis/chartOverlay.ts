/**
 * The shared layer of every trend chart (docs/web-analysis.md "Events and notes on charts"): the
 * project's events calendar as shaded windows (several days) or dashed lines (one day), and the notes
 * on chart points as pins, laid over an option a time-axis builder made (chartOptions.ts marks it with
 * `markTimeChart`, timeChart.ts). Pure: no React, no ECharts import, testable.
 *
 * Drawn with the line series the chart runtime already registers, on a hidden value axis that maps
 * the periods of the category axis one to one — ECharts' markArea/markLine/markPoint components would
 * add their own code to every analysis page's first view, which the JavaScript budget has no room for
 * (bench/web-budget.json).
 */
import { isIsoDate, periodStart } from '@marketlens/shared';
import type { ProjectEventView } from '@marketlens/shared/contracts';
import { markTimeChart, type TimeChartMeta, timeChartOf } from './timeChart.js';

export { markTimeChart, type TimeChartMeta, timeChartOf } from './timeChart.js';

/** An event of the calendar as the chart draws it (names already in the page's language). */
export interface OverlayEvent {
  readonly name: string;
  /** 'YYYY-MM-DD', both inclusive. */
  readonly start: string;
  readonly end: string;
  readonly source: 'dataset' | 'project';
}

/** A note on a chart point. */
export interface OverlayNote {
  readonly id: number;
  /** Any day of the period it is about (its first day as stored). */
  readonly date: string;
  readonly text: string;
  readonly author: string;
  /** When it was written, as the page shows it. */
  readonly when: string;
}

/** An event of the project's calendar as GET /projects/:id/events answers it (the fields the layer reads). */
export type CalendarItem = Pick<
  ProjectEventView,
  'source' | 'code' | 'year' | 'name_zh' | 'name_en' | 'start_date' | 'end_date' | 'brand_id' | 'category_id'
>;

/** An own event about a brand or category shows only on charts of that entity; the rest on every chart. */
export function eventShows(
  e: { readonly brand_id: number | null; readonly category_id: number | null },
  subject: { readonly kind: string; readonly id: number } | null,
) {
  if (e.brand_id !== null) return subject?.kind === 'brand' && subject.id === e.brand_id;
  if (e.category_id !== null) return subject?.kind === 'category' && subject.id === e.category_id;
  return true;
}

/**
 * The dataset's events by edition (one window from the first day of its first phase to the last of
 * its last: Double 11's pre-sale, waves, peak and returns are one event on a chart), the own events
 * one by one, names in the page's language.
 */
export function overlayEvents(items: readonly CalendarItem[], en: boolean): OverlayEvent[] {
  const editions = new Map<string, OverlayEvent>();
  const out: OverlayEvent[] = [];
  for (const e of items) {
    const name = (en ? e.name_en : e.name_zh) || e.name_zh || e.name_en;
    if (e.source === 'dataset' && e.code !== null && e.year !== null) {
      const key = `${e.code}|${e.year}`;
      const seen = editions.get(key);
      editions.set(key, {
        name,
        source: 'dataset',
        start: seen && seen.start < e.start_date ? seen.start : e.start_date,
        end: seen && seen.end > e.end_date ? seen.end : e.end_date,
      });
    } else out.push({ name, source: e.source, start: e.start_date, end: e.end_date });
  }
  return [...editions.values(), ...out].sort((a, b) => a.start.localeCompare(b.start));
}

/** An event laid on the axis: the periods its window touches. */
export interface EventWindow {
  readonly event: OverlayEvent;
  /** Indices of the first and last period of the axis the window touches (clipped to the axis). */
  readonly first: number;
  readonly last: number;
  /** A single day: a line, not an area. */
  readonly line: boolean;
}

/**
 * The periods of the axis an event's days fall in: every period from the one holding its first day
 * to the one holding its last (a week, a month), clipped to the axis; null when none is on it.
 */
export function eventSpan(meta: TimeChartMeta, start: string, end: string): [number, number] | null {
  const from = periodStart(start, meta.granularity);
  const to = periodStart(end, meta.granularity);
  const first = meta.periods.findIndex((p) => p >= from);
  let last = -1;
  for (let i = meta.periods.length - 1; i >= 0; i--)
    if (meta.periods[i]! <= to) {
      last = i;
      break;
    }
  return first === -1 || last === -1 || first > last ? null : [first, last];
}

export function eventWindows(meta: TimeChartMeta, events: readonly OverlayEvent[]): EventWindow[] {
  return events.flatMap((event) => {
    const span = eventSpan(meta, event.start, event.end);
    return span ? [{ event, first: span[0], last: span[1], line: event.start === event.end }] : [];
  });
}

/** The colours of the layer: the dataset's calendar amber, the project's own events violet, notes orange. */
const HUE = { dataset: '250,140,22', project: '114,46,209' } as const;
const NOTE_COLOR = '#d4380d';
export const OVERLAY_ID = 'overlay:';
const EVENT_ID = `${OVERLAY_ID}event:`;

/** Which event window a clicked overlay series is (its index in `windows`), or undefined. */
export function clickedWindow(seriesId: unknown): number | undefined {
  const id = String(seriesId ?? '');
  return id.startsWith(EVENT_ID) ? Number(id.slice(EVENT_ID.length)) : undefined;
}

export interface OverlayInput {
  readonly events: readonly OverlayEvent[];
  readonly notes: readonly OverlayNote[];
  /** Headings of the tooltip's rows, in the page's language. */
  readonly labels: { readonly events: string; readonly notes: string };
  /** A day as the page shows it. */
  readonly day: (date: string) => string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Option = Record<string, unknown> & { series?: unknown; xAxis?: unknown; yAxis?: unknown };
type Series = Record<string, unknown> & { data?: unknown; name?: unknown; yAxisIndex?: number };

/** Where a note's pin sits: on the highest value of the chart's first y axis at that period, else at 0. */
function anchorAt(series: readonly Series[], i: number): number {
  let best: number | null = null;
  for (const s of series) {
    if ((s.yAxisIndex ?? 0) !== 0 || !Array.isArray(s.data)) continue;
    const v = s.data[i];
    if (typeof v === 'number' && (best === null || v > best)) best = v;
  }
  return best ?? 0;
}

/**
 * The option with the events and notes laid over it, and the event windows (for clicks). An option
 * not marked as a time chart, or nothing to draw, comes back as it is.
 */
export function withOverlay(option: object, input: OverlayInput): { option: object; windows: EventWindow[] } {
  const meta = timeChartOf(option);
  if (!meta || (input.events.length === 0 && input.notes.length === 0)) return { option, windows: [] };
  const o = option as Option;
  const n = meta.periods.length;
  const windows = eventWindows(meta, input.events);
  const notesAt = new Map<number, OverlayNote[]>();
  for (const note of input.notes) {
    if (!isIsoDate(note.date)) continue;
    const i = meta.periods.indexOf(periodStart(note.date, meta.granularity));
    if (i >= 0) notesAt.set(i, [...(notesAt.get(i) ?? []), note]);
  }
  if (windows.length === 0 && notesAt.size === 0) return { option, windows };

  const own = (Array.isArray(o.series) ? o.series : o.series ? [o.series] : []) as Series[];
  const yAxes = Array.isArray(o.yAxis) ? o.yAxis : [o.yAxis ?? {}];
  const xAxes = Array.isArray(o.xAxis) ? o.xAxis : [o.xAxis ?? {}];
  // The hidden axes of the layer: x maps period i to i + ½ (bands) or i (ticks); y spans 0..1.
  const xMax = meta.boundaryGap ? n : Math.max(n - 1, 1);
  const pos = (i: number) => (meta.boundaryGap ? i + 0.5 : i);
  const band = (w: EventWindow): [number, number] =>
    meta.boundaryGap ? [w.first, w.last + 1] : [Math.max(0, w.first - 0.5), Math.min(xMax, w.last + 0.5)];
  const hiddenX = xAxes.length;
  const hiddenY = yAxes.length;
  const axisOf = { xAxisIndex: hiddenX, yAxisIndex: hiddenY };

  const eventSeries = windows.map((w, k) => {
    const rgb = HUE[w.event.source];
    const [a, b] = w.line ? [pos(w.first), pos(w.first)] : band(w);
    return {
      id: `${EVENT_ID}${k}`,
      type: 'line',
      ...axisOf,
      data: [
        [a, w.line ? 0 : 1],
        [b, 1],
      ],
      symbol: 'none',
      silent: false,
      triggerLineEvent: true,
      animation: false,
      z: 1,
      lineStyle: w.line ? { color: `rgba(${rgb},0.75)`, width: 1.5, type: 'dashed' } : { width: 0 },
      ...(w.line ? {} : { areaStyle: { color: `rgba(${rgb},0.12)`, origin: 'start' } }),
      emphasis: { disabled: true },
      tooltip: { show: false },
    };
  });

  const noteSeries =
    notesAt.size === 0
      ? []
      : [
          {
            id: `${OVERLAY_ID}notes`,
            type: 'line',
            xAxisIndex: 0,
            yAxisIndex: 0,
            data: meta.periods.map((_, i) => (notesAt.has(i) ? anchorAt(own, i) : null)),
            connectNulls: false,
            showSymbol: true,
            symbol: 'pin',
            symbolSize: 26,
            symbolOffset: [0, -10],
            lineStyle: { width: 0 },
            itemStyle: { color: NOTE_COLOR },
            emphasis: { disabled: true },
            animation: false,
            z: 5,
          },
        ];

  /** The layer's rows of the axis tooltip at period i: the events it falls in, then its notes. */
  const rows = (i: number) => {
    const evs = windows.filter((w) => w.first <= i && i <= w.last);
    const notes = notesAt.get(i) ?? [];
    const muted = 'color:#8c8c8c;font-size:12px';
    const out: string[] = [];
    if (evs.length > 0) {
      out.push(`<div style="margin-top:6px;font-weight:600">${esc(input.labels.events)}</div>`);
      for (const w of evs) {
        const dates = w.line ? input.day(w.event.start) : `${input.day(w.event.start)} – ${input.day(w.event.end)}`;
        const dot = `rgb(${HUE[w.event.source]})`;
        out.push(
          `<div><span style="display:inline-block;width:8px;height:8px;margin-right:6px;background:${dot}"></span>${esc(w.event.name)} <span style="${muted}">${esc(dates)}</span></div>`,
        );
      }
    }
    if (notes.length > 0) {
      out.push(`<div style="margin-top:6px;font-weight:600">${esc(input.labels.notes)}</div>`);
      for (const note of notes)
        out.push(
          `<div style="max-width:320px;white-space:normal">${esc(note.text)} <span style="${muted}">${esc(note.author)} · ${esc(note.when)}</span></div>`,
        );
    }
    return out.join('');
  };

  const tooltip = (o.tooltip ?? {}) as Record<string, unknown>;
  const base = tooltip.formatter;
  type Param = { dataIndex: number; seriesId?: string };
  const formatter = (ps: Param | Param[]) => {
    const list = Array.isArray(ps) ? ps : [ps];
    const mine = list.filter((p) => !String(p.seriesId ?? '').startsWith(OVERLAY_ID));
    const i = list[0]?.dataIndex ?? 0;
    const head = typeof base === 'function' ? String(base(mine.length > 0 ? mine : list)) : '';
    return head + rows(i);
  };

  const legend = o.legend as Record<string, unknown> | undefined;
  const names = own.flatMap((s) => (typeof s.name === 'string' ? [s.name] : []));
  const next: Record<string, unknown> = {
    ...o,
    xAxis: [
      ...xAxes,
      { type: 'value', min: 0, max: xMax, show: false, axisPointer: { show: false, triggerTooltip: false } },
    ],
    yAxis: [...yAxes, { type: 'value', min: 0, max: 1, show: false, axisPointer: { show: false } }],
    // The chart's own series keep their indices; the layer's z puts the windows beneath them.
    series: [...own, ...eventSeries, ...noteSeries],
    tooltip: { ...tooltip, formatter },
    // Only the chart's own series in the legend.
    ...(legend ? { legend: { ...legend, data: names } } : {}),
  };
  return { option: markTimeChart(next, meta), windows };
}
