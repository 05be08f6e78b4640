import { LOW_BASE_GROWTH, MESSAGES } from '@marketlens/shared';
import type {
  BrandComparison,
  BrandOverview,
  BrandTrendPoint,
  FavoriteBrandRow,
  PotentialBrands,
  ProductSummary,
} from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OverviewCards } from '../src/features/brand/OverviewCards.js';
import { type Shown, TrendPanel } from '../src/features/contrast/ComparisonPanels.js';
import FavoriteBrandPage from '../src/features/favorite-brand/FavoriteBrandPage.js';
import PotentialPage from '../src/features/potential/PotentialPage.js';
import { searchedRanges } from '../src/features/potential/search.js';
import { SummaryCards } from '../src/features/product-analysis/SummaryCards.js';
import { rangesGaps } from '../src/shared/analysis/filters/CoverageWarning.js';
import { PanelBrand, PanelCard } from '../src/shared/analysis/PanelCard.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

/**
 * The coverage rules of docs/product.md §4 on the screens that draw their own figures: a chart on the
 * applied range draws a gap period as a gap (never as the answer's 0), every growth a page's cards show
 * carries the marks of its flags, a warning that names periods is shown in the server's words, Potential
 * Brand warns about the periods it searches, and Brand Detail's "?" names the page's brand.
 *
 * The dataset runs 2023-01 … 2024-06; 2023-03 and 2024-03 are missing.
 */
vi.mock('../src/shared/analysis/EChartView.js', () => ({
  // The category axis and each series' values (a sparkline's points are `{ value }` objects).
  default: ({ option }: { option: { xAxis: { data: string[] }; series: { data: unknown[] }[] } }) => (
    <div data-testid="chart">
      {JSON.stringify({
        x: option.xAxis.data,
        series: option.series.map((s) =>
          s.data.map((d) => (d !== null && typeof d === 'object' ? (d as { value: unknown }).value : d)),
        ),
      })}
    </div>
  ),
}));

const TABLE_DATE = {
  farthest_date: '2023-01-01',
  latest_date: '2024-06-01',
  last_complete_date: '2024-06-01',
  gaps: [
    { period: '2023-03-01', state: 'missing' },
    { period: '2024-03-01', state: 'missing' },
  ],
  as_of: '2024-07-03',
};
/** The applied range of most tests: four months, the third of them missing. */
const RANGE = '2024-01-01,2024-04-01';
const PERIODS = ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01'];
/** Sales per period as the server answers them: every period of the range, 0 where nothing sold. */
const SALES = [10, 12, 0, 14];

const en = MESSAGES.en;

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(
    http.get('*/api/common/table_date', () => ok(TABLE_DATE)),
    ...referenceHandlers({ user: analysisUser([1, 2, 3, 4, 5, 6, 7, 8, 9]) }),
  );
});

const chart = async () =>
  JSON.parse((await screen.findByTestId('chart')).textContent!) as { x: string[]; series: unknown[][] };
/** The series as drawn: the answer's value where the period is complete, nothing in the missing 2024-03. */
const DRAWN = SALES.map((v, i) => (PERIODS[i] === '2024-03-01' ? null : v));

describe('charts on the applied range', () => {
  it('Brand Comparison: the missing month of a slot trend is a gap, not the answer’s 0', async () => {
    const trend = PERIODS.map(
      (period, i): BrandTrendPoint => ({
        period,
        value: SALES[i]!,
        growth: null,
        flags: [],
        sales: SALES[i]!,
        count: 1,
        avg_price: SALES[i]!,
        share: 1,
        market_sales: SALES[i]!,
      }),
    );
    const shown = [{ index: 0, color: '#1677ff', slot: { name: 'A', name_en: 'A' }, figures: { trend } }];
    renderAt(
      <TrendPanel shown={shown as unknown as Shown[]} state={{ loading: false, warnings: [] }} />,
      `/contrast?t=${RANGE}`,
    );
    // Once the dataset's coverage has loaded (the page asks for the slots only then).
    await waitFor(async () => expect((await chart()).series).toEqual([DRAWN]));
    expect((await chart()).x).toEqual(['2024-01', '2024-02', '2024-03', '2024-04']);
  });

  it('Favourite Brands: the sparkline leaves the missing month out', async () => {
    const cmp: BrandComparison = {
      base_range: { start: '2023-09-01', end: '2023-12-01' },
      base: { sales: 30, count: 3, avg_price: 10, share: 1, rank: 1 },
      growth: { sales: 0.2, count: 0, avg_price: 0, share: 0 },
      flags: ['range_incomplete'],
      share_change: 0,
      contribution: 1,
      market_growth: 0.2,
    };
    const row: FavoriteBrandRow = {
      brand_id: 5,
      name: '澜汐',
      name_en: 'Lanxi',
      sales: 36,
      count: 4,
      avg_price: 9,
      share: 1,
      rank: 1,
      mom: cmp,
      yoy: cmp,
      followed_at: '2024-01-01 00:00:00',
      trend: PERIODS.map((period, i) => ({ period, sales: SALES[i]!, share: SALES[i] ? 1 : null })),
      movement: null,
    };
    server.use(
      http.post('*/api/common/brands/favorites', () =>
        ok({
          range: { start: PERIODS[0], end: PERIODS[3] },
          market: { sales: 36, count: 4, avg_price: 9, brand_count: 1 },
          items: [row],
          ungranted: [],
          warnings: [],
        }),
      ),
    );
    renderAt(<FavoriteBrandPage />, `/favorite-brand?t=${RANGE}`);
    expect((await chart()).series).toEqual([DRAWN]);
  });
});

/** The marks shown beside a card's comparisons, in order, by the card's test id. */
const marks = (testId: string) => screen.queryAllByTestId(`${testId}-flag`).map((m) => m.dataset.flags);

describe('cards built by the pages carry the flags of their growths', () => {
  it('Brand Detail: each comparison’s range flags, and a low base by each growth’s own value', async () => {
    // A growth of LOW_BASE_GROWTH or more is against a low base, whichever figure it is.
    const low = LOW_BASE_GROWTH + 2;
    const comparison = (flags: BrandComparison['flags'], count: number): BrandComparison => ({
      base_range: { start: '2023-09-01', end: '2023-12-01' },
      base: { sales: 100, count: 10, avg_price: 10, share: 0.5, rank: 2 },
      growth: { sales: 0.1, count, avg_price: -0.05, share: 0 },
      flags,
      share_change: 0,
      contribution: 0.4,
      market_growth: low,
    });
    const answer: BrandOverview = {
      range: { start: PERIODS[0]!, end: PERIODS[3]! },
      market: { sales: 220, count: 22, avg_price: 10, brand_count: 3 },
      brand: {
        brand_id: 5,
        name: '澜汐',
        name_en: 'Lanxi',
        sales: 110,
        count: 11,
        avg_price: 10,
        share: 0.5,
        rank: 1,
        mom: comparison(['base_incomplete'], low),
        yoy: comparison([], 0.3),
      },
      warnings: [
        { code: 'analytics.unequalCoverage', msg: 'Unequal coverage: 2024-03 (missing).' },
        { code: 'analytics.unequalPeriods', msg: 'the server’s own words' },
      ],
    };
    server.use(http.post('*/api/common/brands/overview', () => ok(answer)));
    renderAt(<OverviewCards brandId={5} />, `/brand?brand=5&t=${RANGE}`);
    await screen.findByTestId('brand-overview');
    // MoM first, then YoY; a comparison without flags shows no mark.
    expect(marks('brand-sales')).toEqual(['base_incomplete']);
    expect(marks('brand-count')).toEqual(['low_base base_incomplete']);
    expect(marks('brand-avg-price')).toEqual(['base_incomplete']);
    // The contribution card, against the filter's comparison (MoM): the market's growth is the low one.
    expect(marks('brand-contribution')).toEqual(['low_base base_incomplete', 'base_incomplete']);
    // The warning that names the periods in the server's words; the other by its key.
    expect(screen.getByTestId('overview-warning-analytics.unequalCoverage').textContent).toBe(
      'Unequal coverage: 2024-03 (missing).',
    );
    expect(screen.getByTestId('overview-warning-analytics.unequalPeriods').textContent).toBe(
      en['analytics.unequalPeriods'],
    );
  });

  it('Product Analysis: the summary cards mark each of chain, yoy and custom', async () => {
    const cmp = (flags: ProductSummary['chain']['flags'], sales: number): ProductSummary['chain'] => ({
      base: { start: '2023-09-01', end: '2023-12-01' },
      base_sales: 10,
      base_count: 1,
      base_avg_price: 10,
      growth: { sales, count: 0.1, avg_price: 0 },
      flags,
      unequal_lengths: false,
    });
    const summary: ProductSummary = {
      range: { start: PERIODS[0]!, end: PERIODS[3]! },
      sales: 36,
      count: 4,
      avg_price: 9,
      discount: false,
      chain: cmp(['range_incomplete'], 0.2),
      yoy: cmp([], LOW_BASE_GROWTH),
      custom: cmp(['base_incomplete', 'range_incomplete'], 0.5),
      product_count: 3,
      shop_count: 2,
      platform_count: 1,
      warnings: [],
    } as ProductSummary;
    server.use(http.post('*/api/common/analysis/summary', () => ok(summary)));
    renderAt(<SummaryCards selection={{}} />, `/analysis?t=${RANGE}&vs=custom&bt=2023-09-01,2023-12-01`);
    await screen.findByTestId('pa-summary');
    // The filter's comparison (custom) first, then chain and yoy.
    expect(marks('pa-sales')).toEqual(['base_incomplete range_incomplete', 'range_incomplete', 'low_base']);
    // The count grew 10 % in each: only the range flags.
    expect(marks('pa-count')).toEqual(['base_incomplete range_incomplete', 'range_incomplete']);
  });
});

describe('warnings in the one place they are drawn', () => {
  it('a panel shows the server’s words for a warning that names periods, the key’s for the others', async () => {
    renderAt(
      <PanelCard
        title="Trend"
        warnings={[
          { code: 'analytics.unequalCoverage', msg: '对比的两段时间数据覆盖不一致：2024-03（缺失）' },
          { code: 'analytics.unequalPeriods', msg: 'anything' },
        ]}
      >
        <span>chart</span>
      </PanelCard>,
      `/discover?t=${RANGE}`,
    );
    expect((await screen.findByTestId('panel-warning-analytics.unequalCoverage')).textContent).toBe(
      '对比的两段时间数据覆盖不一致：2024-03（缺失）',
    );
    expect(screen.getByTestId('panel-warning-analytics.unequalPeriods').textContent).toBe(
      en['analytics.unequalPeriods'],
    );
  });
});

describe('Potential Brand warns about the periods it searches', () => {
  const potential: PotentialBrands = {
    range: { start: '2024-01-01', end: '2024-02-01' },
    benchmark: { start: '2023-01-01', end: '2023-02-01' },
    level: 2,
    items: [],
    total: 0,
    categories: 0,
    categories_passed: 0,
    candidates: 0,
    exclusions: [],
    warnings: [],
  };
  beforeEach(() => {
    server.use(
      http.get('*/api/common/users/projects/1/config', () => ok({ config: {} })),
      http.post('*/api/common/potential/brands', () => ok(potential)),
    );
  });

  it('the ranges of a search, and their gaps once each', () => {
    const search = {
      date_range: { start: '2024-02-01', end: '2024-04-01' },
      benchmark_date_range: { start: '2024-01-01', end: '2024-03-01' },
    } as Parameters<typeof searchedRanges>[0];
    // Half-open ranges as first and last period.
    expect(searchedRanges(search, 'month')).toEqual([
      { start: '2024-02-01', end: '2024-03-01' },
      { start: '2024-01-01', end: '2024-02-01' },
    ]);
    // 2024-03 lies in both (a benchmark overlapping the target): named once; after the data, missing.
    expect(
      rangesGaps(
        TABLE_DATE as Parameters<typeof rangesGaps>[0],
        [
          { start: '2024-03-01', end: '2024-07-01' },
          { start: '2024-02-01', end: '2024-03-01' },
        ],
        'month',
      ),
    ).toEqual([
      { period: '2024-03-01', state: 'missing' },
      { period: '2024-07-01', state: 'missing' },
    ]);
  });

  it('a link with the shared period searches it; the warning names the benchmark’s missing month', async () => {
    renderAt(<PotentialPage />, '/potential?t=2024-02-01,2024-04-01');
    await waitFor(() => expect(callsTo('potential/brands', 'POST')).toHaveLength(1));
    // The target is the linked period, the benchmark a year earlier (the default quick selector).
    expect(callsTo('potential/brands', 'POST')[0]!.body).toMatchObject({
      date_range: { start: '2024-02-01', end: '2024-05-01' },
      benchmark_date_range: { start: '2023-02-01', end: '2023-05-01' },
    });
    // Both ranges have a missing month: 2023-03 in the benchmark, 2024-03 in the target.
    const runs = ['2023-03', '2024-03'].map((period) =>
      en['analysis.coverage.runOne.missing'].replace('{period}', period),
    );
    expect((await screen.findByTestId('coverage-warning')).textContent).toBe(
      en['analysis.coverage.warning'].replace('{runs}', runs.join('; ')),
    );
  });

  it('a search over complete periods shows no warning', async () => {
    renderAt(<PotentialPage />, '/potential?t=2024-04-01,2024-05-01');
    await waitFor(() => expect(callsTo('potential/brands', 'POST')).toHaveLength(1));
    await screen.findByTestId('potential-form');
    expect(screen.queryByTestId('coverage-warning')).toBeNull();
  });
});

describe('the "?" of a page about one brand', () => {
  it('names the page’s brand, not the filter’s brand choice', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(
      <PanelBrand name="Lanxi">
        <PanelCard title="Trend" definitions={['sales']}>
          <span>chart</span>
        </PanelCard>
      </PanelBrand>,
      `/brand?brand=5&t=${RANGE}`,
    );
    await user.click(await screen.findByTestId('panel-info'));
    const info = await screen.findByTestId('panel-info-content');
    await within(info).findByText('Period: 2024-01 to 2024-04');
    expect(info.textContent).toContain(en['analysis.info.brand'].replace('{name}', 'Lanxi'));
    expect(info.textContent).not.toContain(en['analysis.info.brandsAll']);
  });

  it('elsewhere, the filter’s brands', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<PanelCard title="Trend" definitions={['sales']} />, `/discover?t=${RANGE}`);
    await user.click(await screen.findByTestId('panel-info'));
    const info = await screen.findByTestId('panel-info-content');
    await within(info).findByText('Period: 2024-01 to 2024-04');
    expect(info.textContent).toContain(en['analysis.info.brandsAll']);
  });
});
