import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DiscoverPage from '../src/features/discover/DiscoverPage.js';
import { discoverFirstView } from '../src/features/discover/firstView.js';
import { bucketBarOption, shareDonutOption, trendOption } from '../src/shared/analysis/chartOptions.js';
import { makeFormatters } from '../src/shared/analysis/index.js';
import { prefetchFirstView } from '../src/shared/analysis/prefetch.js';
import { saveTokens } from '../src/shared/api/tokens.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  BEAUTY,
  calls,
  callsTo,
  fail,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
  switchView,
  testQueryClient,
} from './support/analysis-harness.js';

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

const range = { start: '2024-01-01', end: '2024-06-01' };
const comparison = (g: number) => ({
  base: range,
  base_sales: 1,
  base_count: 1,
  base_avg_price: 1,
  growth: { sales: g, count: -g, avg_price: null },
  unequal_lengths: false,
});
const SUMMARY = {
  range,
  sales: 12_345_678,
  count: 54_321,
  avg_price: 227.27,
  chain: comparison(0.12),
  yoy: comparison(-0.05),
  custom: null,
  share_of_parent: 0.4321,
  parent: { category_id: 1, name: '美妆', name_en: 'Beauty' },
  parent_sales: 28_571_000,
  warnings: [{ code: 'analytics.unequalPeriods', msg: 'x' }],
};
const row = (key: string, name: string, sales: number, share: number) => ({
  key,
  name,
  name_en: `${name}-en`,
  sales,
  count: sales / 100,
  avg_price: 100,
  share,
  share_change: 0.012,
  growth: { sales: 0.2, count: 0.1, avg_price: 0.05 },
  value: sales,
});
const valuation = (weights: Record<string, number>, scores: [number, number]) => ({
  weights,
  new_brand_since: '2024-01-01',
  growth_base: { start: '2023-01-01', end: '2023-06-01' },
  items: [
    { id: 11, name: '面霜', score: scores[0] },
    { id: 12, name: '精华', score: scores[1] },
  ]
    .sort((a, b) => b.score - a.score)
    .map((c, i) => ({
      category_id: c.id,
      name: c.name,
      name_en: c.id === 11 ? 'Cream' : 'Serum',
      level: 2,
      sales: 1_000_000,
      count: 10_000,
      avg_price: 100,
      growth: 0.1,
      cr5: 0.6,
      hhi: 1200,
      brand_count: 12,
      new_brand_share: 0.05,
      scores: { market_size: c.score, growth: 50, concentration: 50, avg_price: 50, new_brand: 50 },
      score: c.score,
      rank: i + 1,
    })),
});
const DEFAULT_WEIGHTS = { market_size: 30, growth: 25, concentration: 20, avg_price: 10, new_brand: 15 };

let failTrends = 0;

function handlers() {
  return [
    ...referenceHandlers({ user: analysisUser([4]) }),
    http.post('*/api/common/summary', () => ok(SUMMARY)),
    http.post('*/api/common/trends', () => {
      if (failTrends > 0) {
        failTrends -= 1;
        return fail(500, 'boom');
      }
      return ok({
        metric: 'sales',
        granularity: 'month',
        points: [
          {
            period: '2024-05-01',
            sales: 10,
            count: 1,
            avg_price: 10,
            value: 10,
            value_growth: null,
            growth: null,
            flags: [],
          },
          {
            period: '2024-06-01',
            sales: 12,
            count: 1,
            avg_price: 12,
            value: 12,
            value_growth: 0.2,
            growth: null,
            flags: [],
          },
        ],
        comparison: null,
        warnings: [],
      });
    }),
    http.post('*/api/common/trends_list', () =>
      ok({ metric: 'sales', dimension: 'category', periods: [], series: [], warnings: [] }),
    ),
    http.post('*/api/common/distributions', () =>
      ok({
        dimension: 'category',
        metric: 'sales',
        total: { sales: 100, count: 1, avg_price: 100 },
        rows: [row('11', '面霜', 7_000_000, 0.7), row('12', '精华', 3_000_000, 0.3)],
        warnings: [],
      }),
    ),
    http.post('*/api/common/top', () =>
      ok({
        kind: 'brand',
        sort_by: 'sales',
        limit: 100,
        total: { sales: 100, count: 1, avg_price: 100 },
        items: [{ rank: 1, id: 5, ...row('5', '品牌五', 2_500_000, 0.25) }],
        warnings: [],
      }),
    ),
    http.get('*/api/common/categories/valuations/settings', () =>
      ok({
        factors: Object.entries(DEFAULT_WEIGHTS).map(([key, weight]) => ({
          key,
          weight,
          higher_is_better: true,
          name: key,
          name_en: key,
          description: `${key} 说明`,
          description_en: `${key} about`,
        })),
      }),
    ),
    http.post('*/api/common/categories/valuations', () => ok(valuation(DEFAULT_WEIGHTS, [80, 40]))),
    http.post('*/api/common/categories/valuations/custom', async ({ request }) => {
      const { weights } = (await request.clone().json()) as { weights: Record<string, number> };
      // Only the size weight left: Serum overtakes Cream (a different order, different scores).
      return ok(valuation(weights, weights.growth === 0 ? [35.5, 64.25] : [70, 45]));
    }),
  ];
}

const renderPage = (url = '/discover') => renderAt(<DiscoverPage />, url);

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(...handlers());
  failTrends = 0;
});

describe('Category Insight page', () => {
  it('shows the summary figures of the API through the docs/product.md §9 formatters with the project currency (en)', async () => {
    await setLocale('en');
    renderPage();
    expect(await screen.findByTestId('summary-sales', undefined, { timeout: 30_000 })).toHaveProperty(
      'textContent',
      '$12M',
    );
    expect(screen.getByTestId('summary-count').textContent).toBe('54K');
    expect(screen.getByTestId('summary-avg-price').textContent).toBe('$227.27');
    expect(screen.getByTestId('summary-share').textContent).toBe('43.2%');
    // Parent named in English, its sales formatted; the unequal-periods warning shown.
    expect(screen.getByText('Beauty sales $29M')).toBeTruthy();
    expect(screen.getByTestId('summary-warning-analytics.unequalPeriods').textContent).toContain(
      'The compared periods have different lengths.',
    );
    // The first request carries the project and the default period (latest 12 months).
    const summary = callsTo('summary', 'POST')[0]!;
    expect(summary.body).toMatchObject({ data_scope_id: 1, date: ['2023-07-01', '2024-06-01'], selector: 'mom' });
    // Distribution rows in English with share, share change in points and growth.
    const table = await screen.findByTestId('distribution-category');
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('面霜-en');
    expect(first.textContent).toContain('$7\u202F000K');
    expect(first.textContent).toContain('70.0%');
    expect(first.textContent).toContain('+1.2 pp');
    expect(first.textContent).toContain('20%');
  });

  it('the first-view prefetch asks each panel call once: the panels read its answers (zh-CN)', async () => {
    await setLocale('zh-CN');
    saveTokens({ access: 'AT', refresh: 'RT' });
    const client = testQueryClient();
    // Switches in the address (trend on count, rankings sorted by count) are the ones prefetched.
    const search = '?tm=count&ts=count';
    await prefetchFirstView(client, discoverFirstView, search, 'zh-CN');
    const analysisCalls = () => calls.filter((c) => c.method === 'POST').map((c) => c.path);
    const prefetched = analysisCalls();
    expect(prefetched.sort()).toEqual(
      ['summary', 'trends', 'trends_list', 'distributions', 'top'].map((p) => `/api/common/${p}`).sort(),
    );
    expect(callsTo('trends', 'POST')[0]!.body).toMatchObject({ metric: 'count' });
    expect(callsTo('top', 'POST')[0]!.body).toMatchObject({ kind: 'brand', sort_by: 'count' });
    renderAt(<DiscoverPage />, `/discover${search}`, client);
    await screen.findByTestId('summary-sales', undefined, { timeout: 30_000 });
    await screen.findByTestId('distribution-category');
    const top = await screen.findByTestId('top-brand');
    // Sorted by units: the units column sits beside the name and stays in view with it (fixed); sales scroll.
    const fixed = [...top.querySelectorAll('thead th.ant-table-cell-fix-start')].map((h) => h.textContent);
    expect(fixed).toEqual(['排名', '品牌', '销量']);
    const titles = [...top.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(titles.indexOf('销售额')).toBeGreaterThan(titles.indexOf('销量'));
    // The valuation is the panel's own call (it waits for its settings); the others were not asked again.
    await waitFor(() => expect(callsTo('categories/valuations', 'POST')).toHaveLength(1));
    for (const p of prefetched) expect(calls.filter((c) => c.method === 'POST' && c.path === p)).toHaveLength(1);
  });

  it('a failed trend load shows the message with Retry, and Retry loads it (zh-CN)', async () => {
    await setLocale('zh-CN');
    // The query retries a server error once by itself: both attempts fail.
    failTrends = 2;
    renderPage();
    const error = await screen.findByTestId('panel-error', undefined, { timeout: 30_000 });
    expect(error.textContent).toContain('获取趋势数据失败，请稍后重试');
    fireEvent.click(within(error).getByRole('button'));
    const chart = await screen.findByTestId('chart-bar');
    // The applied range is the default 12 months (2023-07 … 2024-06): the 10 before May are gaps.
    expect(JSON.parse(chart.textContent!)).toEqual([
      [...Array(10).fill(null), 10, 12],
      [...Array(10).fill(null), null, 0.2],
    ]);
    expect(callsTo('trends', 'POST')).toHaveLength(3);
  });

  it('re-scores the valuation with custom weights and goes back to the defaults', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByTestId('valuation-table', undefined, { timeout: 30_000 });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('valuation-score')
          .map((e) => e.textContent),
      ).toEqual(['80.0', '40.0']),
    );
    for (const key of ['growth', 'concentration', 'avg_price', 'new_brand']) {
      const el = screen.getByTestId(`valuation-weight-${key}`);
      const input = el.tagName === 'INPUT' ? el : el.querySelector('input')!;
      await user.clear(input);
      await user.type(input, '0');
    }
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('valuation-score')
          .map((e) => e.textContent),
      ).toEqual(['64.3', '35.5']),
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Serum');
    const last = callsTo('categories/valuations/custom', 'POST').at(-1)!;
    expect(last.body?.weights).toEqual({ market_size: 30, growth: 0, concentration: 0, avg_price: 0, new_brand: 0 });
    expect(screen.getByText('Custom weights')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Default weights' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('valuation-score')
          .map((e) => e.textContent),
      ).toEqual(['80.0', '40.0']),
    );
  });

  it('a category the user was not granted shows the no-access message instead of the figures, and can be favourited', async () => {
    await setLocale('zh-CN');
    renderPage('/discover?c=999');
    expect(await screen.findByTestId('no-access-category')).toBeTruthy();
    expect(screen.queryByTestId('summary-cards')).toBeNull();
    server.use(
      http.post('*/api/common/collections', () =>
        ok({ item: { id: 1, project_id: 1, kind: 'category', ref: '999', title: '', payload: {}, created_at: '' } }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: /加入收藏/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /已收藏/ })).toBeTruthy());
    const saved = callsTo('collections', 'POST')[0];
    expect(saved?.body).toMatchObject({ kind: 'category', ref: '999', project_id: 1 });
    expect(callsTo('summary', 'POST')).toHaveLength(0);
  });

  it('a chosen category that is not ready shows the warning with its name instead of the figures (en)', async () => {
    await setLocale('en');
    server.use(http.post('*/api/common/categories', () => ok({ items: [{ ...BEAUTY, ready: false }] })));
    renderPage('/discover?c=1');
    const warning = await screen.findByTestId('category-not-ready');
    expect(warning.textContent).toContain("This category's data awaits review");
    expect(warning.textContent).toContain('Beauty');
    expect(screen.queryByTestId('summary-cards')).toBeNull();
    expect(callsTo('summary', 'POST')).toHaveLength(0);
  });

  it('every switch round-trips through the URL: a render of the link shows the same view', async () => {
    await setLocale('en');
    server.use(
      http.post('*/api/common/channels/overviews', () =>
        ok({ metric: 'count', total: { sales: 0, count: 0 }, platforms: [], warnings: [] }),
      ),
    );
    const user = userEvent.setup();
    const router = renderPage();
    const card = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;
    await screen.findByTestId('valuation-table', undefined, { timeout: 30_000 });
    await user.click(within(card('Sales trend')).getByText('Units sold'));
    await user.click(within(card('Trend by dimension')).getByText('Brand'));
    await user.click(within(card('Trend by dimension')).getByText('Average price'));
    await user.click(within(card('Market distribution')).getByText('Units sold'));
    await user.click(within(card('Market distribution')).getByText('Platforms & channels'));
    await user.click(within(card('Rankings')).getByText('Top 50 shops'));
    await user.click(within(card('Rankings')).getByText('By units'));
    const growth = screen.getByTestId('valuation-weight-growth');
    const input = growth.tagName === 'INPUT' ? growth : growth.querySelector('input')!;
    await user.clear(input);
    await user.type(input, '0');
    const link = '/discover?tm=count&sd=brand&sm=avg_price&dm=count&dt=channel&top=shop&ts=count&vw=30,0,20,10,15';
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(link));
    await waitFor(() => expect(callsTo('categories/valuations/custom', 'POST')).not.toHaveLength(0));
    const view = switchView();
    // Typing the weights was one history entry: Back leaves the default weights, Forward brings them again.
    await act(() => router.navigate(-1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      link.replace('&vw=30,0,20,10,15', ''),
    );
    await act(() => router.navigate(1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(link);
    const requests = () => ({
      trend: callsTo('trends', 'POST').at(-1)?.body?.metric,
      series: [
        callsTo('trends_list', 'POST').at(-1)?.body?.metric,
        callsTo('trends_list', 'POST').at(-1)?.body?.dimension,
      ],
      channels: callsTo('channels/overviews', 'POST').at(-1)?.body?.metric,
      top: [callsTo('top', 'POST').at(-1)?.body?.kind, callsTo('top', 'POST').at(-1)?.body?.sort_by],
      weights: callsTo('categories/valuations/custom', 'POST').at(-1)?.body?.weights,
    });
    await waitFor(() => expect(requests().top).toEqual(['shop', 'count']));
    const asked = requests();
    expect(asked).toEqual({
      trend: 'count',
      series: ['avg_price', 'brand'],
      channels: 'count',
      top: ['shop', 'count'],
      weights: { market_size: 30, growth: 0, concentration: 20, avg_price: 10, new_brand: 15 },
    });

    // The link alone, in a new render: the same switches, weights and requests.
    cleanup();
    calls.splice(0);
    renderPage(link);
    await screen.findByTestId('valuation-table', undefined, { timeout: 30_000 });
    await waitFor(() => expect(requests()).toEqual(asked));
    expect(switchView()).toEqual(view);
    expect(screen.getByText('Custom weights')).toBeTruthy();
  });

  it('an attribute in the link opens the distribution on it; an unknown one falls back to the first', async () => {
    await setLocale('en');
    const attribute = (name: string, title_en: string) => ({
      name,
      title: name,
      title_en,
      sales: 1,
      count: 1,
      coverage: 0.5,
      value_count: 2,
      values: [],
    });
    server.use(
      http.post('*/api/common/distributions/attributes', () =>
        ok({ metric: 'sales', items: [attribute('skin', 'Skin type'), attribute('age', 'Age')], warnings: [] }),
      ),
      http.post('*/api/common/distributions/attribute_values', () =>
        ok({
          attribute: { name: 'x', title: 'x', title_en: 'x' },
          dimension: 'attribute',
          metric: 'sales',
          total: { sales: 1, count: 1, avg_price: 1 },
          rows: [row('30', '30+', 100, 1)],
          warnings: [],
        }),
      ),
    );
    renderPage('/discover?dt=attribute&da=age');
    await waitFor(() => expect(callsTo('distributions/attribute_values', 'POST').at(-1)?.body?.attribute).toBe('age'));
    const distribution = screen.getByText('Market distribution').closest<HTMLElement>('.ant-card')!;
    expect(await within(distribution).findByText('Age')).toBeTruthy();
    cleanup();
    calls.splice(0);
    renderPage('/discover?dt=attribute&da=nope');
    await waitFor(() => expect(callsTo('distributions/attribute_values', 'POST').at(-1)?.body?.attribute).toBe('skin'));
  });
});

describe('chart options', () => {
  const fmt = makeFormatters('en', '¥', 'month');

  it('trend: bars of the metric and a growth line on a percent axis, period labels', () => {
    const o = trendOption({
      periods: ['2024-05-01', '2024-06-01'],
      values: [10_000, 12_000],
      growth: [null, 0.2],
      metric: 'sales',
      metricName: 'Sales',
      growthName: 'Sales MoM',
      fmt,
    });
    expect(o.xAxis.data).toEqual(['2024-05', '2024-06']);
    expect(o.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(o.series[1]!.data).toEqual([null, 0.2]);
    expect(o.yAxis[0]!.axisLabel.formatter(12_000)).toBe('¥12K');
    expect(o.yAxis[1]!.axisLabel.formatter(0.2)).toBe('20%');
  });

  it('donut: the top rows, the rest summed as a gray "others" slice', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ name: `r${i}`, value: 10 - i, share: (10 - i) / 55 }));
    const o = shareDonutOption({ rows, metric: 'sales', fmt, othersName: 'Others', top: 8 });
    const data = o.series[0]!.data;
    expect(data).toHaveLength(9);
    expect(data[8]).toMatchObject({ name: 'Others', value: 3 });
    expect(data[8]!.share).toBeCloseTo(3 / 55, 10);
  });

  it('bands: a bar per band labelled with its share', () => {
    const o = bucketBarOption({ rows: [{ name: '¥0 – ¥50', value: 5, share: 0.25 }], metric: 'count', fmt });
    expect(o.series[0]!.label.formatter({ data: { share: 0.25 } })).toBe('25.0%');
    expect(o.xAxis.axisLabel.formatter('¥0 – ¥50')).toBe('¥0 –\n¥50');
  });
});
