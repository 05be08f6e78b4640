// @vitest-environment node
/**
 * The per-page chart option builders (features/<page>/charts.ts): what a user sees in each chart —
 * the series, their names and values, the axes and their labels — from an answer as the API sends it.
 * Pure functions: no DOM, no ECharts.
 */
import type {
  BrandTrends,
  ConceptCategoryPenetration,
  ConceptTrends,
  HotCategoryTrendsData,
  ShopChannelTrends,
  ShopTrends,
} from '@marketlens/shared/contracts';
import { describe, expect, it } from 'vitest';
import { brandTrendChart } from '../src/features/brand/charts.js';
import { bandsChart, categoryTrendChart, seriesTrendChart } from '../src/features/discover/charts.js';
import type { TrendsData, TrendsListData } from '../src/features/discover/data.js';
import { conceptTrendsChart, penetrationChart } from '../src/features/explore/charts.js';
import { channelMixChart, shopTrendChart } from '../src/features/shop/charts.js';
import { categoryTrendsChart, pointValue } from '../src/shared/analysis/categories/charts.js';
import { hasSeriesData } from '../src/shared/analysis/chartOptions.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';

const en = makeFormatters('en', '¥', 'month');
const zh = makeFormatters('zh-CN', '¥', 'month');
const nameOf = (i: { name: string; name_en: string }) => i.name_en;

describe('Category Insight charts', () => {
  const trends = {
    metric: 'count',
    granularity: 'month',
    points: [
      { period: '2024-05-01', sales: 10, count: 1, avg_price: 10, value: 1500, value_growth: null, growth: null },
      { period: '2024-06-01', sales: 12, count: 2, avg_price: 6, value: 3000, value_growth: 1, growth: null },
    ],
    comparison: null,
    warnings: [],
  } as unknown as TrendsData;

  it('trend: bars of the answer’s metric by period and the growth line on the percent axis', () => {
    const o = categoryTrendChart(trends, { metric: 'sales', metricName: 'Units', growthName: 'Units MoM' }, en);
    expect(o.xAxis.data).toEqual(['2024-05', '2024-06']);
    expect(o.series.map((s) => [s.type, s.name])).toEqual([
      ['bar', 'Units'],
      ['line', 'Units MoM'],
    ]);
    expect(o.series[0]!.data).toEqual([1500, 3000]);
    expect(o.series[1]!.data).toEqual([null, 1]);
    // The answer says count: the value axis shows units, not money.
    expect(o.yAxis[0]!.axisLabel.formatter(3000)).toBe('3\u202F000');
    expect(o.yAxis[1]!.axisLabel.formatter(1)).toBe('100%');
  });

  it('trend without an answer yet: empty axes in the chosen metric', () => {
    const o = categoryTrendChart(undefined, { metric: 'sales', metricName: 'Sales', growthName: 'g' }, en);
    expect(o.xAxis.data).toEqual([]);
    expect(o.yAxis[0]!.axisLabel.formatter(12_000)).toBe('¥12K');
  });

  it('top series: one line per series aligned on every period, a gap where a series has none', () => {
    const list = {
      metric: 'sales',
      dimension: 'brand',
      periods: ['2024-04-01', '2024-05-01', '2024-06-01'],
      series: [
        {
          key: '1',
          name: '花间',
          name_en: 'Huajian',
          points: [
            { period: '2024-04-01', value: 100 },
            { period: '2024-06-01', value: 300 },
          ],
        },
        { key: '2', name: '露鲜', name_en: 'Luxian', points: [{ period: '2024-05-01', value: 50 }] },
      ],
      warnings: [],
    } as unknown as TrendsListData;
    const o = seriesTrendChart(list, nameOf, zh);
    expect(o.xAxis.data).toEqual(['2024-04', '2024-05', '2024-06']);
    expect(o.series.map((s) => s.name)).toEqual(['Huajian', 'Luxian']);
    expect(o.series.map((s) => s.data)).toEqual([
      [100, null, 300],
      [null, 50, null],
    ]);
    expect(o.series.every((s) => s.type === 'line')).toBe(true);
    expect(o.yAxis.axisLabel.formatter(12_000)).toBe('¥12K');
  });

  it('price bands: a bar per band with its label, the share on top', () => {
    const o = bandsChart(
      [
        { label: '¥0 – ¥50', value: 5, share: 0.25 },
        { label: '¥50 – ¥100', value: 15, share: 0.75 },
      ],
      'count',
      en,
    );
    expect(o.xAxis.data).toEqual(['¥0 – ¥50', '¥50 – ¥100']);
    expect(o.series[0]!.data.map((d) => d.value)).toEqual([5, 15]);
    expect(o.series[0]!.label.formatter({ data: { share: 0.75 } })).toBe('75.0%');
  });
});

describe('Brand Detail charts', () => {
  const trends: BrandTrends = {
    metric: 'share',
    selector: 'yoy',
    points: [
      { period: '2024-05-01', sales: 1, count: 1, value: 0.125, growth: -0.5 },
      { period: '2024-06-01', sales: 1, count: 1, value: 0.25, growth: 1 },
    ] as unknown as BrandTrends['points'],
  };

  it('trend: the market share as a ratio in bars, the growth against last year as a line', () => {
    const o = brandTrendChart(trends, { metric: 'share', metricName: 'Market share', growthName: 'YoY' }, en);
    expect(o.xAxis.data).toEqual(['2024-05', '2024-06']);
    expect(o.series.map((s) => [s.type, s.name])).toEqual([
      ['bar', 'Market share'],
      ['line', 'YoY'],
    ]);
    expect(o.series[0]!.data).toEqual([0.125, 0.25]);
    expect(o.series[1]!.data).toEqual([-0.5, 1]);
    expect(o.yAxis[0]!.axisLabel.formatter(0.25)).toBe('25.0%');
  });

  it('trend in money: sales with the project currency', () => {
    const o = brandTrendChart(trends, { metric: 'sales', metricName: 'Sales', growthName: 'MoM' }, en);
    expect(o.yAxis[0]!.axisLabel.formatter(12_000)).toBe('¥12K');
  });
});

describe('Trend Overview charts', () => {
  const data = {
    parent_id: null,
    level: 1,
    periods: ['2024-05-01', '2024-06-01'],
    categories: [
      {
        category_id: 1,
        name: '美妆',
        name_en: 'Beauty',
        sales: 300,
        share: 0.6,
        trend: [
          { period: '2024-05-01', sales: 100, count: 10 },
          { period: '2024-06-01', sales: 200, count: 10 },
        ],
      },
      {
        category_id: 2,
        name: '食品',
        name_en: 'Food',
        sales: 100,
        share: 0.2,
        trend: [
          { period: '2024-05-01', sales: 50, count: 0 },
          { period: '2024-06-01', sales: 50, count: 0 },
        ],
      },
    ],
  } as unknown as HotCategoryTrendsData;

  it('one line per top category, named in the language, the periods as labels', () => {
    const o = categoryTrendsChart(data, 'sales', en, (c) => c.name_en);
    expect(o.xAxis.data).toEqual(['2024-05', '2024-06']);
    expect(o.series.map((s) => s.name)).toEqual(['Beauty', 'Food']);
    expect(o.series.map((s) => s.data)).toEqual([
      [100, 200],
      [50, 50],
    ]);
    expect(o.yAxis.axisLabel.formatter(12_000)).toBe('¥12K');
  });

  it('average price is sales / units, and no value (a gap) without units', () => {
    const o = categoryTrendsChart(data, 'avg_price', zh, (c) => c.name);
    expect(o.series.map((s) => s.data)).toEqual([
      [10, 20],
      [null, null],
    ]);
    expect(pointValue({ period: 'x', sales: 9, count: 3 } as never, 'count')).toBe(3);
  });

  it('is the same chart as Category Insight’s top series (one shared builder)', () => {
    const o = categoryTrendsChart(data, 'sales', en, (c) => c.name_en);
    const list = {
      metric: 'sales',
      dimension: 'category',
      periods: data.periods,
      series: data.categories.map((c) => ({
        key: String(c.category_id),
        name: c.name,
        name_en: c.name_en,
        points: c.trend.map((p) => ({ period: p.period, value: p.sales })),
      })),
      warnings: [],
    } as unknown as TrendsListData;
    const s = seriesTrendChart(list, nameOf, en);
    expect(JSON.stringify(o)).toBe(JSON.stringify(s));
  });
});

describe('Concept Explore charts', () => {
  const point = (period: string, sales: number, penetration: number | null) => ({
    period,
    sales,
    count: 4,
    avg_price: sales / 4,
    value: sales,
    value_growth: null,
    growth: null,
    categories_sales: sales * 10,
    penetration,
    flags: [],
  });
  const trends = {
    metric: 'sales',
    granularity: 'month',
    periods: ['2024-05-01', '2024-06-01'],
    comparison: null,
    concepts: [
      {
        label: 'cream',
        main: true,
        total: 300,
        points: [point('2024-05-01', 100, 0.1), point('2024-06-01', 200, 0.2)],
      },
      { label: 'serum', main: false, total: 0, points: [point('2024-05-01', 0, null), point('2024-06-01', 0, null)] },
    ],
    warnings: [],
  } as ConceptTrends;

  it('trend: one line per concept, its own first; penetration on a share axis with gaps where none', () => {
    const sales = conceptTrendsChart(trends, 'sales', en);
    expect(sales.series.map((s) => s.name)).toEqual(['cream', 'serum']);
    expect(sales.series.map((s) => s.data)).toEqual([
      [100, 200],
      [0, 0],
    ]);
    expect(sales.yAxis.axisLabel.formatter(12_000)).toBe('¥12K');
    const avg = conceptTrendsChart(trends, 'avg_price', en);
    expect(avg.series[0]!.data).toEqual([25, 50]);
    const pen = conceptTrendsChart(trends, 'penetration', en);
    expect(pen.series.map((s) => s.data)).toEqual([
      [0.1, 0.2],
      [null, null],
    ]);
    expect(pen.yAxis.axisLabel.formatter(0.25)).toBe('25.0%');
  });

  it('penetration by category: one line per category named in the language', () => {
    const data = {
      parent_id: null,
      level: 1,
      periods: ['2024-05-01', '2024-06-01'],
      categories: [
        {
          category_id: 1,
          name: '美妆',
          name_en: 'Beauty',
          level: 1,
          sales: 10,
          category_sales: 100,
          penetration: 0.1,
          trend: [
            { period: '2024-05-01', sales: 4, category_sales: 40, penetration: 0.1 },
            { period: '2024-06-01', sales: 6, category_sales: 0, penetration: null },
          ],
        },
      ],
      warnings: [],
    } as ConceptCategoryPenetration;
    const o = penetrationChart(data, zh, (c) => c.name);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([['美妆', [0.1, null]]]);
  });
});

describe('Store Analysis charts', () => {
  const point = (period: string, sales: number, share: number | null) => ({
    period,
    sales,
    count: 1,
    avg_price: sales,
    share,
    value: sales,
  });
  const trends: ShopTrends = {
    metric: 'sales',
    periods: ['2024-05-01', '2024-06-01'],
    market: [],
    series: [
      {
        shop_id: 1,
        value: '1,1',
        name: '甲店',
        name_en: 'Shop A',
        points: [point('2024-05-01', 100, 0.1), point('2024-06-01', 0, null)],
      },
      {
        shop_id: 2,
        value: '2,2',
        name: '乙店',
        name_en: 'Shop B',
        points: [point('2024-05-01', 50, 0.05), point('2024-06-01', 70, 0.07)],
      },
    ],
    warnings: [],
  };

  it('shop trend: one line per shop, the metric in money or each shop’s share of the market', () => {
    const o = shopTrendChart(trends, 'value', nameOf, en);
    expect(o.series.map((s) => s.name)).toEqual(['Shop A', 'Shop B']);
    expect(o.series[0]!.data).toEqual([100, 0]);
    expect(o.yAxis.axisLabel.formatter(12_000)).toBe('¥12K');
    const shares = shopTrendChart(trends, 'share', nameOf, en);
    expect(shares.series[0]!.data).toEqual([0.1, null]);
    expect(shares.series[1]!.data).toEqual([0.05, 0.07]);
    expect(shares.yAxis.axisLabel.formatter(0.25)).toBe('25.0%');
    expect(shares.tooltip.valueFormatter(0.07)).toBe('7.0%');
  });

  it('channel mix: the channel types stacked to 100 % per period', () => {
    const mix: ShopChannelTrends = {
      platform_id: null,
      periods: ['2024-05-01', '2024-06-01'],
      series: [
        {
          shop_type: 'flagship',
          name: '旗舰店',
          name_en: 'Flagship',
          sales: 9,
          points: [
            { period: '2024-05-01', sales: 6, share: 0.6 },
            { period: '2024-06-01', sales: 3, share: 0.5 },
          ],
        },
        {
          shop_type: 'global',
          name: '跨境',
          name_en: 'Cross-border',
          sales: 7,
          points: [
            { period: '2024-05-01', sales: 4, share: 0.4 },
            { period: '2024-06-01', sales: 3, share: 0.5 },
          ],
        },
      ],
      warnings: [],
    };
    const o = channelMixChart(mix, nameOf, en);
    expect(o.xAxis.data).toEqual(['2024-05', '2024-06']);
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['Flagship', 'mix', [0.6, 0.5]],
      ['Cross-border', 'mix', [0.4, 0.5]],
    ]);
    expect(o.series.every((s) => s.areaStyle !== undefined)).toBe(true);
    expect(o.yAxis.max).toBe(1);
    expect(o.yAxis.axisLabel.formatter(0.5)).toBe('50.0%');
  });
});

describe('hasSeriesData (the chart-drawn mark counts only charts with data)', () => {
  it('is true for an option with data points and false for series without any', () => {
    expect(
      hasSeriesData({
        series: [
          { type: 'bar', data: [] },
          { type: 'line', data: [1, 2] },
        ],
      }),
    ).toBe(true);
    expect(hasSeriesData({ series: [{ type: 'bar', data: [] }] })).toBe(false);
    expect(hasSeriesData({ series: [] })).toBe(false);
    expect(hasSeriesData({})).toBe(false);
  });
});
