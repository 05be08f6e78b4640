import type {
  ConceptCategoryPenetration,
  ConceptSummary,
  ConceptTrends,
  ConceptWords,
  HotCategoryTrendsData,
  TopAnswerData,
} from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorePage from '../src/features/explore/ExplorePage.js';
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

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

const range = { start: '2023-07-01', end: '2024-06-01' };
const PERIODS = ['2024-04-01', '2024-05-01', '2024-06-01'];
const growthOf = (sales: number) => ({
  base: range,
  base_sales: 1,
  base_count: 1,
  base_avg_price: 1,
  growth: { sales, count: 0.1, avg_price: 0.05 },
  unequal_lengths: false,
  flags: [],
});
const SUMMARY: ConceptSummary = {
  range,
  sales: 12_345_678,
  count: 45_678,
  avg_price: 270.27,
  chain: growthOf(0.25),
  yoy: growthOf(-0.125),
  custom: null,
  penetration: 0.1234,
  categories_sales: 100_049_250,
  category_count: 4,
  brand_count: 17,
  product_count: 88,
  warnings: [],
};
const point = (period: string, sales: number) => ({
  period,
  sales,
  count: 10,
  avg_price: sales / 10,
  value: sales,
  value_growth: null,
  growth: null,
  categories_sales: sales * 4,
  penetration: 0.25,
  flags: [],
});
const trends = (labels: string[]): ConceptTrends => ({
  metric: 'sales',
  granularity: 'month',
  periods: PERIODS,
  comparison: null,
  concepts: labels.map((label, i) => ({
    label,
    main: i === 0,
    total: 600,
    points: PERIODS.map((p, j) => point(p, 100 * (j + 1) + i)),
  })),
  warnings: [],
});
const WORDS: ConceptWords = {
  lang: 'zh',
  sales: 12_345_678,
  items: [
    { keyword: '保湿', sales: 5_000_000, share: 0.405, heat: 100 },
    { keyword: '修护', sales: 2_500_000, share: 0.2025, heat: 50 },
  ],
  warnings: [],
};
const CATEGORIES: HotCategoryTrendsData = {
  parent_id: null,
  level: 1,
  periods: PERIODS,
  categories: [
    {
      category_id: 1,
      name: '美妆',
      name_en: 'Beauty',
      level: 1,
      sales: 12_345_678,
      share: 1,
      trend: PERIODS.map((period) => ({ period, sales: 100, count: 1, share: 1 })),
    },
  ],
  warnings: [],
};
const PENETRATION: ConceptCategoryPenetration = {
  parent_id: null,
  level: 1,
  periods: PERIODS,
  categories: [
    {
      category_id: 1,
      name: '美妆',
      name_en: 'Beauty',
      level: 1,
      sales: 12_345_678,
      category_sales: 100_049_250,
      penetration: 0.1234,
      trend: PERIODS.map((period) => ({ period, sales: 100, category_sales: 800, penetration: 0.125 })),
    },
  ],
  warnings: [],
};
const top = (kind: 'brand' | 'product'): TopAnswerData => ({
  kind,
  sort_by: 'sales',
  limit: kind === 'brand' ? 100 : 50,
  total: { sales: 12_345_678, count: 45_678, avg_price: 270.27 },
  items: [
    {
      rank: 1,
      id: 7,
      name: kind === 'brand' ? '花间' : '花间保湿面霜',
      name_en: kind === 'brand' ? 'Huajian' : 'Huajian moisturising cream',
      sales: 1_234_567,
      count: 4_567,
      avg_price: 270.3,
      value: 1_234_567,
      share: 0.1,
      share_change: 0.01,
      growth: { sales: 0.2, count: 0.1, avg_price: 0.05 },
      flags: [],
    },
  ],
  warnings: [],
});

let empty = false;
function handlers() {
  return [
    ...referenceHandlers({ user: analysisUser([2]) }),
    http.post('*/api/common/concept/empty', () =>
      ok(
        empty
          ? { empty: true, warnings: [{ code: 'analytics.noData', msg: '当前筛选条件下暂无数据' }] }
          : { empty: false, warnings: [] },
      ),
    ),
    http.post('*/api/common/concept/summary', () => ok(SUMMARY)),
    http.post('*/api/common/concept/trends', async ({ request }) => {
      const body = (await request.json()) as { compare?: { value: string[] }[] };
      return ok(trends(['面霜', ...(body.compare ?? []).map((c) => c.value.join(' AND '))]));
    }),
    http.post('*/api/common/concept/tops', () => ok(WORDS)),
    http.post('*/api/common/concept/top/categories/trends', () => ok(CATEGORIES)),
    http.post('*/api/common/concept/trends/categories', () => ok(PENETRATION)),
    http.post('*/api/common/concept/categories/valuations', () =>
      ok({
        weights: { market_size: 30, growth: 25, concentration: 20, avg_price: 10, new_brand: 15 },
        new_brand_since: '2023-07-01',
        growth_base: range,
        items: [],
      }),
    ),
    http.post('*/api/common/concept/top/brands', () => ok(top('brand'))),
    http.post('*/api/common/concept/products/top', () => ok(top('product'))),
    http.post('*/api/common/concept_detail/products/top', () => ok(top('product'))),
  ];
}

const renderPage = (url: string) => renderAt(<ExplorePage />, url);
const params = (router: ReturnType<typeof renderPage>) => new URLSearchParams(router.state.location.search);

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(...handlers());
  empty = false;
});

describe('Concept Explore page', () => {
  it('takes the word of a word-cloud link as its concept and shows the concept figures', async () => {
    await setLocale('en');
    const router = renderPage(`/explore?keyword=${encodeURIComponent('面霜')}`);
    // The link becomes the filter's keywords (the concept), so a reload or a shared link keeps it.
    await waitFor(() => expect(params(router).get('kw')).toBe('面霜'));
    expect(params(router).get('keyword')).toBeNull();
    expect((await screen.findByTestId('summary-sales', undefined, { timeout: 30_000 })).textContent).toBe('$12M');
    expect(screen.getByTestId('summary-penetration').textContent).toBe('12.3%');
    expect(screen.getByTestId('summary-brands').textContent).toBe('17');
    expect(callsTo('concept/summary')[0]!.body).toMatchObject({
      data_scope_id: 1,
      goodsKeywords: { enable: true, input_type: 'keyword', value: ['面霜'] },
    });
    // The filter panel leaves the keyword section to the concept bar.
    expect(screen.queryByTestId('filter-keyword-input', { exact: true })).not.toBeNull();
    expect(within(screen.getByTestId('concept-bar')).getByTestId('filter-keyword-input')).toBeTruthy();
    expect(screen.getAllByTestId('filter-keyword-input')).toHaveLength(1);
  });

  it('asks for a concept before it queries anything', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    renderPage('/explore');
    expect(await screen.findByTestId('concept-start', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo('concept/summary')).toHaveLength(0);
    await user.click(screen.getByTestId('concept-submit'));
    expect((await screen.findByTestId('concept-required')).textContent).toBe(
      'Enter a concept: one or more keywords, or a super query.',
    );
  });

  it('refuses a word twice and a malformed super query with the docs/product.md §5 messages, and applies a good concept', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage('/explore');
    const bar = await screen.findByTestId('concept-bar', undefined, { timeout: 30_000 });
    const input = within(bar).getByTestId('filter-keyword-input');
    await user.type(input, 'cream{Enter}');
    await user.type(input, 'Cream{Enter}');
    expect(await within(bar).findByText('This keyword already exists!')).toBeTruthy();
    await user.click(within(bar).getByText('Super query'));
    await user.type(within(bar).getByTestId('filter-super'), '"cream" and');
    await user.click(within(bar).getByTestId('concept-submit'));
    expect(await within(bar).findByText(/The format of the super query clause is incorrect/)).toBeTruthy();
    expect(params(router).get('sq')).toBeNull();
    await user.type(within(bar).getByTestId('filter-super'), ' "serum"');
    await user.click(within(bar).getByTestId('concept-submit'));
    await waitFor(() => expect(params(router).get('sq')).toBe('"cream" and "serum"'));
  });

  it('shows the no-data message instead of empty charts when the concept matches nothing', async () => {
    await setLocale('zh-CN');
    empty = true;
    renderPage('/explore?kw=zzz');
    expect((await screen.findByTestId('concept-no-data', undefined, { timeout: 30_000 })).textContent).toContain(
      '当前筛选条件下暂无数据',
    );
    expect(screen.queryByTestId('explore-panels')).toBeNull();
    expect(callsTo('concept/summary')).toHaveLength(0);
  });

  it('explores a related word, compares concepts and opens a category, all in the URL', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage('/explore?kw=面霜');
    // A compared concept is sent with the trend request and drawn as a second line.
    const compare = await screen.findByTestId('concept-compare', undefined, { timeout: 30_000 });
    await user.type(within(compare).getByRole('combobox'), '精华 补水{Enter}');
    await waitFor(() => expect(params(router).get('cc')).toBe('精华 补水'));
    await waitFor(() =>
      expect(callsTo('concept/trends').at(-1)!.body).toMatchObject({
        compare: [{ enable: true, input_type: 'keyword', condition_type: 'AND', value: ['精华', '补水'] }],
      }),
    );
    // The drill-down: a category of the ranking opens its concept products.
    const categories = await screen.findByTestId('concept-categories');
    await user.click(within(categories).getByTestId('trend-row-open'));
    await waitFor(() => expect(params(router).get('dc')).toBe('1'));
    await waitFor(() => expect(callsTo('concept_detail/products/top')[0]?.body).toMatchObject({ category_id: 1 }));
    expect(await screen.findByText('Huajian moisturising cream')).toBeTruthy();
    // Back closes the drawer; a related word becomes the concept.
    router.navigate(-1);
    await waitFor(() => expect(params(router).get('dc')).toBeNull());
    const words = await screen.findByTestId('related-words');
    await user.click(within(words).getByText('修护'));
    await waitFor(() => expect(params(router).get('kw')).toBe('修护'));
    await waitFor(() =>
      expect(callsTo('concept/summary').at(-1)!.body).toMatchObject({ goodsKeywords: { value: ['修护'] } }),
    );
  });

  it('ranks the brands and products of the concept from their own endpoints', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage('/explore?kw=面霜');
    const brands = await screen.findByTestId('top-brand', undefined, { timeout: 30_000 });
    expect(brands.textContent).toContain('Huajian');
    expect(callsTo('concept/top/brands')[0]!.body).not.toHaveProperty('kind');
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    await waitFor(() => expect(params(router).get('top')).toBe('product'));
    expect((await screen.findByTestId('top-product')).textContent).toContain('Huajian moisturising cream');
  });
});
