import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bucketBarOption, shareDonutOption, trendOption } from '../src/features/discover/charts.js';
import DiscoverPage from '../src/features/discover/DiscoverPage.js';
import { makeFormatters } from '../src/shared/analysis/index.js';
import { saveTokens } from '../src/shared/api/tokens.js';
import { SessionProvider } from '../src/shared/auth/session.js';
import { initI18n, setLocale } from '../src/shared/i18n/index.js';
import { FeedbackProvider } from '../src/shared/ui/feedback.js';

// jsdom has no canvas: a stand-in lists each series' data, so the page's wiring is tested without ECharts.
vi.mock('../src/shared/analysis/EChartView.js', () => ({
  default: ({ option }: { option: { series: { type: string; name?: string; data: unknown[] }[] } }) => (
    <div data-testid={`chart-${option.series[0]?.type ?? 'none'}`}>
      {JSON.stringify(option.series.map((s) => s.data))}
    </div>
  ),
}));

const server = setupServer();
const calls: { path: string; body: Record<string, unknown> }[] = [];
const ok = (data: unknown) => HttpResponse.json({ ok: true, data });

const USER = {
  id: 7,
  username: 'ana',
  email: 'ana@example.com',
  role: 'general',
  enterprise: '',
  group: '',
  telephone: '',
  status: 'active',
  locked: false,
  expired: false,
  valid_from: null,
  valid_to: null,
  wechat_state: 'unbound',
  must_change_password: false,
  last_login_at: null,
  created_at: '2024-01-01T00:00:00Z',
  projects: [{ id: 1, name: 'Demo', role: 'general', status: 'in_service', pages: [4], categories: [] }],
};
const BRIEF = {
  id: 1,
  name: 'Demo',
  data_scope: 'demo',
  date_field: 'month',
  currency_unit: 'USD',
  cur_symbol: '$',
  has_series: false,
  series_name: '',
  series_name_en: '',
  discount_price: false,
  discount_price_on: false,
  hide_keywords: false,
  status: 'in_service',
};
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
    http.get('*/api/auth/user', () => ok({ user: USER })),
    http.get('*/api/common/projects/1/brief', () => ok(BRIEF)),
    http.get('*/api/common/table_date', () => ok({ farthest_date: '2023-01-01', latest_date: '2024-06-01' })),
    http.post('*/api/common/categories', () =>
      ok({
        items: [
          {
            category_id: 1,
            category_name: '美妆',
            category_name_en: 'Beauty',
            level: 1,
            parent: null,
            children: [],
          },
        ],
      }),
    ),
    http.get('*/api/common/platforms/channels', () => ok({ items: [] })),
    http.get('*/api/common/attributes', () => ok({ items: [] })),
    http.get('*/api/common/brands', () => ok({ items: [] })),
    http.post('*/api/common/summary', () => ok(SUMMARY)),
    http.post('*/api/common/trends', () => {
      if (failTrends > 0) {
        failTrends -= 1;
        return HttpResponse.json({ ok: false, code: 500, msg: 'boom' }, { status: 500 });
      }
      return ok({
        metric: 'sales',
        granularity: 'month',
        points: [
          { period: '2024-05-01', sales: 10, count: 1, avg_price: 10, value: 10, value_growth: null, growth: null },
          { period: '2024-06-01', sales: 12, count: 1, avg_price: 12, value: 12, value_growth: 0.2, growth: null },
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

function renderPage(url = '/discover') {
  saveTokens({ access: 'AT', refresh: 'RT' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DiscoverPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('zh-CN');
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST') {
      calls.push({
        path: new URL(request.url).pathname,
        body: (await request.clone().json()) as Record<string, unknown>,
      });
    }
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  server.use(...handlers());
  calls.length = 0;
  failTrends = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Category Insight page', () => {
  it('shows the summary figures of the API through the spec formatters with the project currency (en)', async () => {
    await setLocale('en');
    renderPage();
    expect(await screen.findByTestId('summary-sales', undefined, { timeout: 8000 })).toHaveProperty(
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
    const summary = calls.find((c) => c.path === '/api/common/summary')!;
    expect(summary.body).toMatchObject({ data_scope_id: 1, date: ['2023-07-01', '2024-06-01'], selector: 'mom' });
    // Distribution rows in English with share, share change in points and growth.
    const table = await screen.findByTestId('distribution-category');
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('面霜-en');
    expect(first.textContent).toContain('$7 000K');
    expect(first.textContent).toContain('70.0%');
    expect(first.textContent).toContain('+1.2 pp');
    expect(first.textContent).toContain('20%');
  }, 20_000);

  it('a failed trend load shows the message with Retry, and Retry loads it (zh-CN)', async () => {
    await setLocale('zh-CN');
    // The query retries a server error once by itself: both attempts fail.
    failTrends = 2;
    renderPage();
    const error = await screen.findByTestId('panel-error', undefined, { timeout: 8000 });
    expect(error.textContent).toContain('获取趋势数据失败，请稍后重试');
    fireEvent.click(within(error).getByRole('button'));
    const chart = await screen.findByTestId('chart-bar');
    expect(JSON.parse(chart.textContent!)).toEqual([
      [10, 12],
      [null, 0.2],
    ]);
    expect(calls.filter((c) => c.path === '/api/common/trends')).toHaveLength(3);
  }, 20_000);

  it('re-scores the valuation with custom weights and goes back to the defaults', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByTestId('valuation-table', undefined, { timeout: 8000 });
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
    const last = calls.filter((c) => c.path === '/api/common/categories/valuations/custom').at(-1)!;
    expect(last.body.weights).toEqual({ market_size: 30, growth: 0, concentration: 0, avg_price: 0, new_brand: 0 });
    expect(screen.getByText('Custom weights')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Default weights' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('valuation-score')
          .map((e) => e.textContent),
      ).toEqual(['80.0', '40.0']),
    );
  }, 30_000);

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
    const saved = calls.find((c) => c.path === '/api/common/collections');
    expect(saved?.body).toMatchObject({ kind: 'category', ref: '999', project_id: 1 });
    expect(calls.some((c) => c.path === '/api/common/summary')).toBe(false);
  });

  it('a chosen category that is not ready shows the warning with its name instead of the figures (en)', async () => {
    await setLocale('en');
    server.use(
      http.post('*/api/common/categories', () =>
        ok({
          items: [
            {
              category_id: 1,
              category_name: '美妆',
              category_name_en: 'Beauty',
              level: 1,
              parent: null,
              ready: false,
              children: [],
            },
          ],
        }),
      ),
    );
    renderPage('/discover?c=1');
    const warning = await screen.findByTestId('category-not-ready');
    expect(warning.textContent).toContain('Data for this category is being prepared');
    expect(warning.textContent).toContain('Beauty');
    expect(screen.queryByTestId('summary-cards')).toBeNull();
    expect(calls.some((c) => c.path === '/api/common/summary')).toBe(false);
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
