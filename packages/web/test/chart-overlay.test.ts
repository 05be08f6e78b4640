// @vitest-environment node
/**
 * The events and notes layer of every trend chart (chartOverlay.ts, docs/web-analysis.md "Events and
 * notes on charts"): an event window becomes a shaded area over the periods its days fall in, a
 * single day a dashed line, on monthly bars and on weekly lines alike; a note becomes a pin on its
 * period; the tooltip names both; the chart's own series, legend and axes stay as they were.
 * Expected positions are worked out by hand from the periods below.
 */
import { describe, expect, it } from 'vitest';
import { seriesOption, shareDonutOption, trendOption } from '../src/shared/analysis/chartOptions.js';
import {
  clickedWindow,
  eventShows,
  eventSpan,
  type OverlayEvent,
  type OverlayInput,
  overlayEvents,
  timeChartOf,
  withOverlay,
} from '../src/shared/analysis/chartOverlay.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';

type Series = {
  id?: string;
  type: string;
  data: unknown[];
  xAxisIndex?: number;
  yAxisIndex?: number;
  areaStyle?: unknown;
  lineStyle?: { type?: string };
};
type Built = {
  series: Series[];
  xAxis: unknown[];
  yAxis: unknown[];
  legend?: { data?: string[] };
  tooltip: { formatter: (p: unknown) => string };
};

const input = (events: OverlayEvent[], notes: OverlayInput['notes'] = []): OverlayInput => ({
  events,
  notes,
  labels: { events: 'Events', notes: 'Notes' },
  day: (d) => d,
});
const ev = (name: string, start: string, end: string, source: 'dataset' | 'project' = 'dataset'): OverlayEvent => ({
  name,
  start,
  end,
  source,
});
const layer = (built: Built) => built.series.filter((s) => s.id?.startsWith('overlay:event:'));

describe('events on a monthly bar chart (bands)', () => {
  const fmt = makeFormatters('en', '¥', 'month');
  const months = ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01', '2024-05-01', '2024-06-01'];
  const option = trendOption({
    periods: months,
    values: [10, 20, 30, 40, 50, 60],
    growth: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
    metric: 'sales',
    metricName: 'Sales',
    growthName: 'Growth',
    fmt,
  });

  it('marks the builder as a time chart with its period starts', () => {
    expect(timeChartOf(option)).toEqual({ periods: months, granularity: 'month', boundaryGap: true });
  });

  it('shades the months a window touches, draws a day as a line, clips to the axis and drops what is off it', () => {
    const { option: out, windows } = withOverlay(
      option,
      input([
        // Feb 25 – Mar 10: February and March, bands 1 and 2 → x 1 … 3.
        ev('Spring sale', '2024-02-25', '2024-03-10'),
        // One day in May: the middle of band 4 → x 4.5.
        ev('Launch', '2024-05-20', '2024-05-20', 'project'),
        // Starts before the axis: clipped to January → x 0 … 1.
        ev('New year', '2023-12-20', '2024-01-05'),
        // Off the axis.
        ev('Double 11', '2023-11-01', '2023-11-15'),
      ]),
    );
    const built = out as unknown as Built;
    expect(windows.map((w) => [w.event.name, w.first, w.last, w.line])).toEqual([
      ['Spring sale', 1, 2, false],
      ['Launch', 4, 4, true],
      ['New year', 0, 0, false],
    ]);
    const drawn = layer(built);
    expect(drawn.map((s) => s.data)).toEqual([
      [
        [1, 1],
        [3, 1],
      ],
      [
        [4.5, 0],
        [4.5, 1],
      ],
      [
        [0, 1],
        [1, 1],
      ],
    ]);
    // Areas for windows, a dashed line for the day.
    expect(drawn.map((s) => s.areaStyle !== undefined)).toEqual([true, false, true]);
    expect(drawn[1]!.lineStyle?.type).toBe('dashed');
    // On the hidden axes appended after the chart's own (one x, two y): x 0 … 6 bands, y 0 … 1.
    expect(built.xAxis).toHaveLength(2);
    expect(built.yAxis).toHaveLength(3);
    expect(built.xAxis[1]).toMatchObject({ type: 'value', min: 0, max: 6, show: false });
    expect(built.yAxis[2]).toMatchObject({ type: 'value', min: 0, max: 1, show: false });
    for (const s of drawn) expect([s.xAxisIndex, s.yAxisIndex]).toEqual([1, 2]);
    // The chart's own series first and unchanged; the legend lists only them.
    expect(built.series.slice(0, 2)).toEqual((option as unknown as Built).series);
    expect(built.legend?.data).toEqual(['Sales', 'Growth']);
    // A click on the second window's series names it.
    expect(clickedWindow(drawn[1]!.id)).toBe(1);
    expect(clickedWindow('series-0')).toBeUndefined();
  });

  it('pins a note on its period, at the bar, and lists events and notes in the tooltip', () => {
    const { option: out } = withOverlay(
      option,
      input(
        [ev('Spring <sale>', '2024-02-25', '2024-03-10')],
        [
          { id: 7, date: '2024-03-01', text: 'price cut from ¥399 to ¥349', author: 'ana', when: '2024-04-02 09:30' },
          { id: 8, date: '2024-03-15', text: 'second <b>note</b>', author: 'bo', when: '2024-04-03 10:00' },
          { id: 9, date: '2025-01-01', text: 'off the axis', author: 'bo', when: '2025-01-02 10:00' },
        ],
      ),
    );
    const built = out as unknown as Built;
    const pins = built.series.find((s) => s.id === 'overlay:notes')!;
    // Two notes in March (index 2), pinned at March's bar (30); no pin elsewhere.
    expect(pins.data).toEqual([null, null, 30, null, null, null]);
    expect([pins.xAxisIndex, pins.yAxisIndex]).toEqual([0, 0]);
    const own = [
      { dataIndex: 2, seriesId: 'a', color: '#000', seriesIndex: 0 },
      { dataIndex: 2, seriesId: 'overlay:notes', color: '#000', seriesIndex: 3 },
    ];
    const html = built.tooltip.formatter(own);
    expect(html).toContain('2024-03');
    expect(html).toContain('Spring &#60;sale&#62;');
    expect(html).toContain('2024-02-25 – 2024-03-10');
    expect(html).toContain('price cut from ¥399 to ¥349');
    expect(html).toContain('ana · 2024-04-02 09:30');
    expect(html).toContain('second &#60;b&#62;note&#60;/b&#62;');
    expect(html).not.toContain('off the axis');
    // January: neither events nor notes.
    const jan = built.tooltip.formatter([{ dataIndex: 0, seriesId: 'a', color: '#000', seriesIndex: 0 }]);
    expect(jan).not.toContain('Events');
    expect(jan).not.toContain('Notes');
  });
});

describe('events on a weekly line chart (ticks)', () => {
  const fmt = makeFormatters('en', '¥', 'week');
  // Mondays.
  const weeks = ['2024-01-01', '2024-01-08', '2024-01-15', '2024-01-22', '2024-01-29'];
  const option = seriesOption({
    periods: weeks,
    series: [
      { name: 'A', values: [1, 2, 3, 4, 5] },
      { name: 'B', values: [5, 4, 9, 2, 1] },
    ],
    metric: 'sales',
    fmt,
  });

  it('maps a window to the weeks its days fall in, half a step either side of their ticks', () => {
    expect(timeChartOf(option)).toEqual({ periods: weeks, granularity: 'week', boundaryGap: false });
    // Wednesday 10th to Tuesday 16th: the weeks of the 8th and the 15th.
    expect(eventSpan(timeChartOf(option)!, '2024-01-10', '2024-01-16')).toEqual([1, 2]);
    const { option: out } = withOverlay(
      option,
      input([
        ev('Mid-January', '2024-01-10', '2024-01-16'),
        // Thursday 28 Dec – Tuesday 2 Jan: clipped to the first week, which starts at the axis' edge.
        ev('Year end', '2023-12-28', '2024-01-02'),
        // Wednesday 31st: the week of the 29th, its tick.
        ev('Day', '2024-01-31', '2024-01-31'),
      ]),
    );
    const built = out as unknown as Built;
    expect(layer(built).map((s) => s.data)).toEqual([
      [
        [0.5, 1],
        [2.5, 1],
      ],
      [
        [0, 1],
        [0.5, 1],
      ],
      [
        [4, 0],
        [4, 1],
      ],
    ]);
    expect(built.xAxis[1]).toMatchObject({ min: 0, max: 4 });
    expect(built.legend?.data).toEqual(['A', 'B']);
  });

  it('pins a note at the highest line of its week', () => {
    const { option: out } = withOverlay(
      option,
      input([], [{ id: 1, date: '2024-01-17', text: 'restock', author: 'ana', when: '2024-01-20 08:00' }]),
    );
    const pins = (out as unknown as Built).series.find((s) => s.id === 'overlay:notes')!;
    expect(pins.data).toEqual([null, null, 9, null, null]);
  });
});

describe('what the layer leaves alone and how it reads the calendar', () => {
  const fmt = makeFormatters('zh-CN', '¥', 'month');

  it('leaves charts off a time axis, and a chart with nothing to draw, as they are', () => {
    const donut = shareDonutOption({
      rows: [{ name: 'a', value: 1, share: 1 }],
      metric: 'sales',
      fmt,
      othersName: 'o',
    });
    expect(timeChartOf(donut)).toBeUndefined();
    expect(withOverlay(donut, input([ev('x', '2024-01-01', '2024-01-31')])).option).toBe(donut);
    const trend = seriesOption({ periods: ['2024-01-01'], series: [{ name: 'A', values: [1] }], metric: 'sales', fmt });
    expect(withOverlay(trend, input([])).option).toBe(trend);
  });

  it("takes a dataset event's phases as one window and names events in the page's language", () => {
    const row = (over: Partial<Parameters<typeof overlayEvents>[0][number]>) => ({
      source: 'dataset' as const,
      code: 'double11',
      year: 2024,
      name_zh: '双11',
      name_en: 'Double 11',
      start_date: '2024-10-20',
      end_date: '2024-10-31',
      brand_id: null,
      category_id: null,
      ...over,
    });
    const items = [
      row({}),
      row({ start_date: '2024-11-11', end_date: '2024-11-11' }),
      row({ start_date: '2024-11-12', end_date: '2024-11-15' }),
      row({ year: 2023, start_date: '2023-11-01', end_date: '2023-11-11' }),
      row({
        source: 'project',
        code: null,
        year: null,
        name_zh: '上新',
        name_en: '',
        start_date: '2024-03-01',
        end_date: '2024-03-01',
      }),
    ];
    expect(overlayEvents(items, true)).toEqual([
      { name: 'Double 11', source: 'dataset', start: '2023-11-01', end: '2023-11-11' },
      { name: '上新', source: 'project', start: '2024-03-01', end: '2024-03-01' },
      { name: 'Double 11', source: 'dataset', start: '2024-10-20', end: '2024-11-15' },
    ]);
    expect(overlayEvents(items, false).map((e) => e.name)).toEqual(['双11', '上新', '双11']);
  });

  it('shows an own event about a brand or category only on charts of that entity', () => {
    const brand = { kind: 'brand', id: 5 };
    const category = { kind: 'category', id: 9 };
    expect(eventShows({ brand_id: null, category_id: null }, null)).toBe(true);
    expect(eventShows({ brand_id: 5, category_id: null }, brand)).toBe(true);
    expect(eventShows({ brand_id: 5, category_id: null }, { kind: 'brand', id: 6 })).toBe(false);
    expect(eventShows({ brand_id: 5, category_id: null }, category)).toBe(false);
    expect(eventShows({ brand_id: null, category_id: 9 }, category)).toBe(true);
    expect(eventShows({ brand_id: null, category_id: 9 }, null)).toBe(false);
  });
});
