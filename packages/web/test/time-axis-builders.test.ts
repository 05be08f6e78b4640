// @vitest-environment node
/**
 * Every chart builder with periods on an axis draws gaps one way (timeAxis.ts, docs/product.md §4):
 * given the applied range's coverage, every period of the range is a category, a period without data
 * or not complete is null (never 0, never skipped, lines not joined across it) and its tooltip says
 * why. One answer per builder, in the shape the API sends, with data for January, March and April
 * of a January–May range in which February is missing and April sparse.
 */
import { describe, expect, it } from 'vitest';
import { brandTrendChart } from '../src/features/brand/charts.js';
import { contrastTrendChart } from '../src/features/contrast/charts.js';
import { categoryTrendChart, seriesTrendChart } from '../src/features/discover/charts.js';
import { conceptTrendsChart, penetrationChart } from '../src/features/explore/charts.js';
import { sparklineOption } from '../src/features/favorite-brand/charts.js';
import {
  priceBandsChart,
  priceTrendChart,
  seriesTrendChart as productSeriesChart,
  productTrendChart,
} from '../src/features/product-analysis/charts.js';
import { channelMixChart, shopTrendChart } from '../src/features/shop/charts.js';
import { categoryTrendsChart } from '../src/shared/analysis/categories/charts.js';
import type { AxisCoverage } from '../src/shared/analysis/timeAxis.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';

const fmt = makeFormatters('en', '¥', 'month');
const axis: AxisCoverage = {
  range: { start: '2024-01-01', end: '2024-05-01' },
  granularity: 'month',
  gaps: [
    { period: '2024-02-01', state: 'missing' },
    { period: '2024-04-01', state: 'sparse' },
  ],
  reasons: { missing: 'No data: missing in the dataset', sparse: 'Not shown: sparse', partial: 'Not shown: partial' },
};
/** The answer's periods: May has no row for the selection, February none at all. */
const PERIODS = ['2024-01-01', '2024-03-01', '2024-04-01'];
const LABELS = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05'];
/** January and March as given; February (missing), April (sparse) and May (no data) are gaps. */
const drawn = (jan: number, mar: number) => [jan, null, mar, null, null];

type Option = {
  xAxis: { data: unknown[] };
  tooltip: { formatter?: (ps: unknown) => string };
  series: { type: string; data: unknown[]; connectNulls?: boolean }[];
};
const values = (data: unknown[]) =>
  data.map((d) => (d !== null && typeof d === 'object' && 'value' in d ? (d as { value: unknown }).value : d));

/** The axis, the series' values, nulls not joined, and the reasons in the tooltip of the gap periods. */
function expectGaps(option: unknown, series: (number | null)[][], labels = LABELS) {
  const o = option as Option;
  expect(o.xAxis.data.map((p) => fmt.period(String(p)))).toEqual(labels);
  expect(o.series.map((s) => values(s.data))).toEqual(series);
  for (const s of o.series) if (s.type === 'line') expect(s.connectNulls).toBe(false);
  const tip = (i: number) =>
    o.tooltip.formatter?.([{ dataIndex: i, color: '#000', seriesName: 's', value: null }]) ?? '';
  expect(tip(1)).toContain('No data: missing in the dataset');
  expect(tip(3)).toContain('Not shown: sparse');
  expect(tip(0)).not.toContain('No data');
  expect(tip(4)).not.toContain('No data');
}

const pt = (period: string, v: number) => ({ period, v });
const JAN_MAR_APR = (a: number, b: number, c: number) => [pt(PERIODS[0]!, a), pt(PERIODS[1]!, b), pt(PERIODS[2]!, c)];

describe('every time-axis builder lays its answer on the applied range', () => {
  it('Brand Detail trend (bars and growth)', () => {
    const points = JAN_MAR_APR(10, 30, 1).map((p) => ({ period: p.period, value: p.v, growth: p.v / 10 }));
    const o = brandTrendChart({ points } as never, { metric: 'sales', metricName: 'S', growthName: 'G' }, fmt, axis);
    expectGaps(o, [drawn(10, 30), drawn(1, 3)]);
  });

  it('Category Insight trend and top series', () => {
    const points = JAN_MAR_APR(10, 30, 1).map((p) => ({ period: p.period, value: p.v, value_growth: 0.5 }));
    expectGaps(
      categoryTrendChart(
        { points, metric: 'sales' } as never,
        { metric: 'sales', metricName: 'S', growthName: 'G' },
        fmt,
        axis,
      ),
      [drawn(10, 30), drawn(0.5, 0.5)],
    );
    const list = {
      metric: 'sales',
      periods: PERIODS,
      series: [
        { name: 'a', name_en: 'A', points: JAN_MAR_APR(1, 3, 4).map((p) => ({ period: p.period, value: p.v })) },
      ],
    };
    expectGaps(
      seriesTrendChart(list as never, (n) => n.name_en, fmt, axis),
      [drawn(1, 3)],
    );
  });

  it('Trend Overview / Concept Explore top categories', () => {
    const data = {
      periods: PERIODS,
      categories: [{ trend: JAN_MAR_APR(5, 7, 1).map((p) => ({ period: p.period, sales: p.v, count: 1 })) }],
    };
    expectGaps(
      categoryTrendsChart(data as never, 'sales', fmt, () => 'c', axis),
      [drawn(5, 7)],
    );
  });

  it('Concept Explore trends and penetration', () => {
    const concepts = [
      { label: 'x', points: JAN_MAR_APR(2, 4, 1).map((p) => ({ period: p.period, sales: p.v, penetration: null })) },
    ];
    expectGaps(conceptTrendsChart({ periods: PERIODS, concepts } as never, 'sales', fmt, axis), [drawn(2, 4)]);
    const categories = [{ trend: JAN_MAR_APR(0.1, 0.3, 0.2).map((p) => ({ period: p.period, penetration: p.v })) }];
    expectGaps(
      penetrationChart({ periods: PERIODS, categories } as never, fmt, () => 'c', axis),
      [drawn(0.1, 0.3)],
    );
  });

  it('Store Analysis trends (value and share) and channel mix', () => {
    const series = [
      {
        name: 's',
        name_en: 'S',
        points: JAN_MAR_APR(10, 30, 1).map((p) => ({ period: p.period, value: p.v, share: p.v / 100 })),
      },
    ];
    const data = { periods: PERIODS, metric: 'sales', series };
    expectGaps(
      shopTrendChart(data as never, 'value', (n) => n.name_en, fmt, axis),
      [drawn(10, 30)],
    );
    expectGaps(
      shopTrendChart(data as never, 'share', (n) => n.name_en, fmt, axis),
      [drawn(0.1, 0.3)],
    );
    expectGaps(
      channelMixChart(data as never, (n) => n.name_en, fmt, axis),
      [drawn(0.1, 0.3)],
    );
  });

  it('Brand Comparison trend', () => {
    const slots = [
      { name: 'A', color: '#111', trend: JAN_MAR_APR(3, 9, 1).map((p) => ({ period: p.period, sales: p.v })) },
    ];
    expectGaps(contrastTrendChart(slots as never, 'sales', fmt, axis), [drawn(3, 9)]);
  });

  it('Product Analysis: total and per-line trends, prices, price bands, series', () => {
    const line = (name: string) => ({
      name,
      name_en: name,
      points: JAN_MAR_APR(10, 30, 1).map((p) => ({
        period: p.period,
        sales: p.v,
        count: 1,
        avg_price: p.v,
        growth: { sales: 1, count: 1, avg_price: 1 },
      })),
    });
    const labels = {
      metric: 'sales' as const,
      metricName: 'S',
      growthName: 'G',
      name: (l: { name: string }) => l.name,
    };
    const total = { by: 'total', periods: PERIODS, lines: [line('all')] };
    expectGaps(productTrendChart(total as never, labels, fmt, axis), [drawn(10, 30), drawn(1, 1)]);
    const byProduct = { by: 'product', periods: PERIODS, lines: [line('p'), line('q')] };
    expectGaps(productTrendChart(byProduct as never, labels, fmt, axis), [drawn(10, 30), drawn(10, 30)]);

    const prices = {
      has_discount: false,
      points: JAN_MAR_APR(10, 30, 1).map((p) => ({
        period: p.period,
        avg_price: p.v,
        market_avg_price: p.v * 2,
        band_shares: [0.25, 0.75],
      })),
    };
    const names = { selection: 's', list: 'l', discount: 'd', market: 'm' };
    expectGaps(priceTrendChart(prices as never, names, fmt, axis), [drawn(10, 30), drawn(20, 60)]);
    expectGaps(priceBandsChart(prices as never, ['a', 'b'], fmt, axis), [drawn(0.25, 0.25), drawn(0.75, 0.75)]);

    const info = {
      points: JAN_MAR_APR(10, 30, 1).map((p) => ({ period: p.period, sales: p.v, growth: { sales: 2 } })),
    };
    expectGaps(productSeriesChart(info as never, { metricName: 'S', growthName: 'G' }, fmt, axis), [
      drawn(10, 30),
      drawn(2, 2),
    ]);
  });

  it('Favourite Brands sparkline: the same axis, the reason in its tooltip', () => {
    const trend = JAN_MAR_APR(10, 30, 1).map((p) => ({ period: p.period, sales: p.v }));
    const o = sparklineOption(trend as never, fmt, '#123', axis) as unknown as Option;
    expect(o.xAxis.data).toEqual(['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01', '2024-05-01']);
    expect(values(o.series[0]!.data)).toEqual(drawn(10, 30));
    expect(o.series[0]!.connectNulls).toBe(false);
    expect(o.tooltip.formatter?.([{ dataIndex: 1 }])).toBe('2024-02 · No data: missing in the dataset');
    expect(o.tooltip.formatter?.([{ dataIndex: 2 }])).toBe('2024-03 · ¥30');
  });

  it('without the coverage, an answer with a hole still shows every period between its first and last', () => {
    const points = [
      { period: '2024-01-01', value: 1, growth: null },
      { period: '2024-03-01', value: 3, growth: null },
    ];
    const o = brandTrendChart({ points } as never, { metric: 'sales', metricName: 'S', growthName: 'G' }, fmt);
    expect(o.xAxis.data).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(o.series[0]!.data).toEqual([1, null, 3]);
  });
});
