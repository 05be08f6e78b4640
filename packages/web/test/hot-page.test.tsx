import { MESSAGES } from '@marketlens/shared';
import type {
  FreshData,
  HiddenKeywordsData,
  HotCategoryTrendsData,
  HotGoodsData,
  HotKeywordsData,
  HotProduct,
  RisingData,
} from '@marketlens/shared/contracts';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import HotPage from '../src/features/hot/HotPage.js';
import { DOWN_COLOR, makeFormatters, UP_COLOR } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  demoMember,
  jsonResponse,
  projectBrief,
  renderRoutes,
  setUpFetchStubTests,
  switchView,
  userOf,
} from './support/analysis-harness.js';

/** A colour as the DOM writes it back (jsdom turns '#cf1322' into 'rgb(207, 19, 34)'). */
function cssColor(color: string): string {
  const probe = document.createElement('i');
  probe.style.color = color;
  return probe.style.color;
}

// jsdom has no canvas: the chart view is replaced by a stand-in that lists its series data and
// fires the chart's click handler for a word, so the page's wiring is tested without ECharts.
vi.mock('../src/shared/analysis/EChartView.js', () => ({
  default: ({
    option,
    onEvents,
  }: {
    option: { series: { type: string; name?: string; data: ({ name: string } | number | null)[] }[] };
    onEvents?: Record<string, (p: { name?: unknown }) => void>;
  }) => (
    <div data-testid={`chart-${option.series[0]?.type ?? 'none'}`}>
      {option.series.map((s, i) =>
        s.type === 'wordCloud' ? (
          (s.data as { name: string }[]).map((d) => (
            <button key={d.name} type="button" onClick={() => onEvents?.click?.({ name: d.name })}>
              {d.name}
            </button>
          ))
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a test stand-in.
          <span key={i} data-testid="series">{`${s.name}:${(s.data as (number | null)[]).join(',')}`}</span>
        ),
      )}
    </div>
  ),
}));

const f = makeFormatters('zh-CN', '¥', 'month');

function product(id: number, title: string): HotProduct {
  return {
    sku_id: id,
    title,
    title_en: `${title} EN`,
    brand_id: 7,
    brand: '花间',
    brand_en: 'Huajian',
    shop_id: 3,
    shop: '花间旗舰店',
    shop_en: 'Huajian Flagship',
    platform: 'tmall',
    platform_name: '天猫',
    platform_name_en: 'Tmall',
    shop_type: 'flagship',
    category_id: 111,
    price: 129,
    first_period: '2026-01-01',
    image_id: null,
    picture: null,
    link: `https://detail.tmall.com/item.htm?id=${id}`,
    shop_link: null,
  };
}

const PERIODS = ['2025-11-01', '2025-12-01', '2026-01-01'];
/**
 * A trend line as the chart mock prints it: every month of the default range is on the axis, the
 * 12 ending 2026-01 (2025-02 … 2026-01), so the 9 before PERIODS are empty gaps.
 */
const line = (name: string, values: readonly (number | '')[]) =>
  `${name}:${[...Array(9).fill(''), ...values].join(',')}`;
const TRENDS: HotCategoryTrendsData = {
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
      share: 0.6123,
      trend: PERIODS.map((period, i) => ({ period, sales: 100 * (i + 1), count: 10, share: 0.6 })),
    },
    {
      category_id: 2,
      name: '食品',
      name_en: 'Food',
      level: 1,
      sales: 4_321_000,
      share: 0.2,
      trend: PERIODS.map((period) => ({ period, sales: 50, count: 0, share: 0.2 })),
    },
  ],
  warnings: [],
};
const RISING: RisingData = {
  kind: 'brand',
  range: { start: '2025-11-01', end: '2026-01-01' },
  base: { start: '2025-08-01', end: '2025-10-01' },
  min_base_sales: 1234,
  items: [
    {
      id: 7,
      name: '花间',
      name_en: 'Huajian',
      sales: 56_789,
      base_sales: 12_000,
      growth: 3.7324,
      share: 0.0123,
      flags: [],
    },
    // Fewer than 50 grew: the rest of the top 50 fell.
    { id: 8, name: '木兰', name_en: 'Mulan', sales: 9_000, base_sales: 12_000, growth: -0.25, share: 0.002, flags: [] },
  ],
  warnings: [],
};
const FRESH: FreshData = {
  kind: 'product',
  window: { start: '2025-11-01', end: '2026-01-01' },
  periods: 3,
  items: [
    {
      id: 501,
      name: '新品面霜',
      name_en: 'New cream',
      sales: 9_000,
      count: 90,
      share: 0.004,
      first_period: '2025-12-01',
      product: product(501, '新品面霜'),
    },
    {
      id: 502,
      name: '新品口红',
      name_en: 'New lipstick',
      sales: 8_000,
      count: 400,
      share: 0.003,
      first_period: '2025-11-01',
      product: product(502, '新品口红'),
    },
  ],
  warnings: [],
};
const KEYWORDS: HotKeywordsData = {
  lang: 'zh',
  hidden_applied: true,
  items: [
    { keyword: '面霜', sales: 20_000, heat: 100 },
    { keyword: '保湿', sales: 10_000, heat: 50 },
  ],
  warnings: [],
};
const goods = (seed: number): HotGoodsData => ({
  seed,
  pool: 1000,
  items: Array.from({ length: 20 }, (_, i) => ({
    ...product(1000 + i + (seed % 7), `热销商品${i + 1}`),
    sku_id: 1000 + i + (seed % 7) * 100,
    sales: 100_000 - i,
    count: 500,
    share: 0.01,
    rank: i * 3 + 1,
  })),
  warnings: [],
});

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** A fake API: every analysis answer can be replaced per test; every call is recorded. */
function fakeApi(over: Partial<Record<string, (body: Record<string, unknown>) => Response>> = {}) {
  const calls: Call[] = [];
  let hidden: HiddenKeywordsData = {
    enabled: true,
    can_edit: true,
    items: [{ keyword: '小样', hidden_at: '2026-02-03T04:05:06.000Z', hidden_by: 'root' }],
  };
  const ok = (data: unknown) => jsonResponse(200, { ok: true, data });
  const routes: Record<string, (body: Record<string, unknown>) => Response> = {
    'GET /api/auth/user': () =>
      ok({ user: userOf(1, 'root', 'root', { projects: [demoMember([1, 2], { role: 'root', status: 'active' })] }) }),
    'GET /api/common/projects/1/brief': () =>
      ok(projectBrief({ currency_unit: 'CNY', cur_symbol: '¥', hide_keywords: true, status: 'active' })),
    'GET /api/common/table_date': () => ok({ farthest_date: '2024-01-01', latest_date: '2026-01-01' }),
    'POST /api/common/categories': () =>
      ok({
        items: [
          { category_id: 1, category_name: '美妆', category_name_en: 'Beauty', level: 1, parent: null, children: [] },
          { category_id: 2, category_name: '食品', category_name_en: 'Food', level: 1, parent: null, children: [] },
        ],
      }),
    'GET /api/common/platforms/channels': () => ok({ items: [] }),
    'GET /api/common/attributes': () => ok({ items: [] }),
    'POST /api/common/users/projects/1/categories/custom_attributes/queries': () => ok({ items: [] }),
    'GET /api/common/brands': () => ok({ items: [] }),
    'POST /api/common/hot/categories/trends': () => ok(TRENDS),
    'POST /api/common/rising': (b) => ok({ ...RISING, kind: b.kind }),
    'POST /api/common/fresh': () => ok(FRESH),
    'POST /api/common/keywords/hot': () => ok(KEYWORDS),
    'POST /api/common/products/top': (b) => ok(goods(Number(b.seed))),
    'POST /api/common/hidden/keywords': () => ok(hidden),
    'POST /api/common/settings/keywords': (b) => {
      const words = b.keywords as string[];
      hidden = {
        ...hidden,
        items: [
          ...words.map((keyword) => ({ keyword, hidden_at: '2026-03-01T00:00:00.000Z', hidden_by: 'root' })),
          ...hidden.items,
        ],
      };
      return ok(hidden);
    },
    'PUT /api/common/settings/keywords': (b) => {
      hidden = { ...hidden, items: hidden.items.filter((h) => !(b.keywords as string[]).includes(h.keyword)) };
      return ok(hidden);
    },
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://x').pathname;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      return route ? route(body) : jsonResponse(404, { ok: false, code: 404, msg: `no fake for ${method} ${path}` });
    }),
  );
  return { calls, last: (path: string) => calls.filter((c) => c.path === path).at(-1) };
}

let location = '';
function Where() {
  const l = useLocation();
  location = `${l.pathname}${l.search}`;
  return null;
}

function renderPage(url = '/hot') {
  return renderRoutes(
    [
      {
        path: '/hot',
        element: (
          <>
            <HotPage />
            <Where />
          </>
        ),
      },
      { path: '/explore', element: <Where /> },
    ],
    url,
  );
}

// The page renders the whole filter panel and five panels: slow in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

describe('Trend Overview page', () => {
  setUpFetchStubTests('zh-CN');

  it('shows the top categories, rising, fresh and hot goods with the formatters of docs/product.md §9 (zh-CN)', async () => {
    await setLocale('zh-CN');
    const api = fakeApi();
    renderPage();
    const trends = await screen.findByTestId('hot-trends');
    const rows = within(trends).getAllByTestId('trend-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('美妆');
    expect(within(rows[0]!).getByTestId('trend-row-sales').textContent).toBe(f.money(12_345_678));
    expect(rows[0]!.textContent).toContain('61.2%');
    // Trend lines: one per category, sales by default.
    const series = await within(trends).findAllByTestId('series');
    expect(series.map((s) => s.textContent)).toEqual([line('美妆', [100, 200, 300]), line('食品', [50, 50, 50])]);

    const rising = await screen.findByTestId('hot-rising');
    expect(rising.textContent).toContain('花间');
    const [grew, fell] = within(rising).getAllByTestId('rising-growth');
    expect(grew!.textContent).toBe(f.ratio(3.7324));
    // A fall reads as one, in the falling colour with a down arrow, as growth does on every page.
    expect(fell!.textContent).toBe(f.ratio(0.25));
    expect(fell!.parentElement!.querySelector('[aria-label="arrow-down"]')).not.toBeNull();
    expect(fell!.parentElement!.style.color).toBe(cssColor(DOWN_COLOR));
    expect(grew!.parentElement!.style.color).toBe(cssColor(UP_COLOR));
    expect(screen.getByTestId('rising-note').textContent).toContain(f.money(1234));

    const fresh = await screen.findByTestId('hot-fresh');
    expect(fresh.textContent).toContain('新品面霜');
    expect(fresh.textContent).toContain('2025-12');

    const cards = await screen.findAllByTestId('hot-good');
    expect(cards).toHaveLength(20);
    expect(within(cards[0]!).getByTestId('hot-good-sales').textContent).toBe(f.money(100_000));
    // The analysis requests carry the project, the resolved default range and the page's own fields.
    expect(api.last('/api/common/rising')?.body).toMatchObject({ data_scope_id: 1, kind: 'brand', selector: 'mom' });
    expect(api.last('/api/common/hot/categories/trends')?.body).not.toHaveProperty('parent_id');
  });

  it('switches the trend metric to average price (sales / units, "-" without units) through the URL', async () => {
    await setLocale('zh-CN');
    fakeApi();
    const user = userEvent.setup();
    renderPage();
    const trends = await screen.findByTestId('hot-trends');
    await within(trends).findAllByTestId('series');
    await user.click(screen.getAllByText('均价')[0]!);
    await waitFor(() => expect(location).toContain('m=avg_price'));
    const series = within(trends).getAllByTestId('series');
    expect(series.map((s) => s.textContent)).toEqual([line('美妆', [10, 20, 30]), line('食品', ['', '', ''])]);
  });

  it('opens Concept Explore with the clicked word in the URL', async () => {
    await setLocale('en');
    fakeApi();
    const user = userEvent.setup();
    renderPage();
    const cloud = await screen.findByTestId('hot-cloud');
    await user.click(await within(cloud).findByRole('button', { name: '保湿' }));
    await waitFor(() => expect(location).toBe(`/explore?keyword=${encodeURIComponent('保湿')}`));
  });

  it('ranks another kind and keeps it in the URL; the sort switch re-orders fresh items by units', async () => {
    await setLocale('en');
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('hot-rising');
    await user.click(screen.getAllByText('Products')[0]!);
    await waitFor(() => expect(api.last('/api/common/rising')?.body.kind).toBe('product'));
    expect(location).toContain('rk=product');

    const fresh = await screen.findByTestId('hot-fresh');
    const names = () =>
      within(fresh)
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(names()).toEqual(['新品面霜 EN', '新品口红 EN']);
    await user.click(screen.getByText('By units'));
    await waitFor(() => expect(names()).toEqual(['新品口红 EN', '新品面霜 EN']));
    expect(location).toContain('fs=count');
  });

  it('lets a project admin hide a cloud word and reveal a hidden one', async () => {
    await setLocale('en');
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('hot-cloud');
    await user.click(screen.getByTestId('hidden-keywords-open'));
    const list = await screen.findByTestId('hidden-keywords-list');
    expect(list.textContent).toContain('小样');
    const cloudCalls = () => api.calls.filter((c) => c.path === '/api/common/keywords/hot').length;
    const before = cloudCalls();

    await user.click(within(screen.getByTestId('hidden-keywords-pick')).getByRole('combobox'));
    await user.click(await screen.findByTitle('面霜'));
    await user.click(screen.getByTestId('hidden-keywords-hide'));
    await waitFor(() =>
      expect(api.last('/api/common/settings/keywords')).toMatchObject({
        method: 'POST',
        body: { data_scope_id: 1, keywords: ['面霜'] },
      }),
    );
    await waitFor(() => expect(within(screen.getByTestId('hidden-keywords-list')).getByText('面霜')).toBeTruthy());
    // The cloud is asked again, without the word (the server leaves hidden words out).
    await waitFor(() => expect(cloudCalls()).toBeGreaterThan(before));

    await user.click(screen.getByRole('button', { name: 'Reveal 小样' }));
    await waitFor(() =>
      expect(api.last('/api/common/settings/keywords')).toMatchObject({ method: 'PUT', body: { keywords: ['小样'] } }),
    );
    await waitFor(() => expect(within(screen.getByTestId('hidden-keywords-list')).queryByText('小样')).toBeNull());
  });

  it('shows the list read-only for a member who may not edit', async () => {
    await setLocale('en');
    fakeApi({
      'POST /api/common/hidden/keywords': () =>
        jsonResponse(200, {
          ok: true,
          data: {
            enabled: true,
            can_edit: false,
            items: [{ keyword: '小样', hidden_by: 'root', hidden_at: '2026-02-03T04:05:06.000Z' }],
          },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('hidden-keywords-open'));
    expect((await screen.findByTestId('hidden-keywords-list')).textContent).toContain('小样');
    expect(screen.getByText('Only project administrators can hide or reveal keywords.')).toBeTruthy();
    expect(screen.queryByTestId('hidden-keywords-hide')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull();
  });

  it('offers no hidden-words drawer while the project does not hide keywords', async () => {
    await setLocale('en');
    const api = fakeApi({
      'POST /api/common/hidden/keywords': () =>
        jsonResponse(200, { ok: true, data: { enabled: false, can_edit: true, items: [] } }),
    });
    renderPage();
    await screen.findByTestId('hot-cloud');
    await waitFor(() => expect(api.last('/api/common/hidden/keywords')).toBeDefined());
    // Nothing could be done in it: the button is not there.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('hidden-keywords-open')).toBeNull();
  });

  it('draws another sample of hot goods on refresh (a new seed)', async () => {
    await setLocale('en');
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('hot-good');
    const first = api.last('/api/common/products/top')!.body.seed;
    expect(Number.isInteger(first)).toBe(true);
    await user.click(screen.getByTestId('hot-goods-refresh'));
    await waitFor(() => expect(api.last('/api/common/products/top')!.body.seed).not.toBe(first));
  });

  it('shows a failed panel with the docs/product.md §8 message and a retry that reloads it', async () => {
    await setLocale('zh-CN');
    let fail = true;
    const api = fakeApi({
      'POST /api/common/hot/categories/trends': () =>
        fail
          ? jsonResponse(503, { ok: false, code: 'query_timeout', msg: 'busy' })
          : jsonResponse(200, { ok: true, data: TRENDS }),
    });
    const user = userEvent.setup();
    renderPage();
    const error = await screen.findByTestId('panel-error');
    expect(error.textContent).toContain('获取品类走势失败，请稍后重试');
    const tries = () => api.calls.filter((c) => c.path === '/api/common/hot/categories/trends').length;
    const before = tries();
    fail = false;
    await user.click(within(error).getByRole('button'));
    await screen.findByTestId('hot-trends');
    expect(tries()).toBe(before + 1);
  });

  it('shows the no-access message for a parent category outside the grant and does not query it', async () => {
    await setLocale('en');
    const api = fakeApi();
    renderPage('/hot?parent=999');
    expect(await screen.findAllByTestId('no-access-category')).toBeTruthy();
    await screen.findByTestId('hot-cloud');
    expect(api.calls.some((c) => c.path === '/api/common/hot/categories/trends')).toBe(false);
  });

  it('shows "no data for this filter" for an empty answer', async () => {
    await setLocale('zh-CN');
    fakeApi({
      'POST /api/common/keywords/hot': () =>
        jsonResponse(200, {
          ok: true,
          data: {
            lang: 'zh',
            hidden_applied: false,
            items: [],
            warnings: [{ code: 'analytics.noData', msg: 'no data' }],
          },
        }),
    });
    renderPage();
    await screen.findByTestId('hot-trends');
    const empties = await screen.findAllByTestId('panel-empty');
    // The range is covered (no gaps in the dataset): the filter matches nothing.
    expect(empties[0]!.textContent).toContain(MESSAGES['zh-CN']['analysis.empty.noMatch']);
  });
  it('every switch round-trips through the URL: a render of the link shows the same view', async () => {
    await setLocale('en');
    fakeApi({ 'POST /api/common/fresh': (b) => jsonResponse(200, { ok: true, data: { ...FRESH, kind: b.kind } }) });
    const user = userEvent.setup();
    renderPage();
    const trends = await screen.findByTestId('hot-trends');
    await within(trends).findAllByTestId('series');
    await screen.findByTestId('hot-rising');
    // New products and hot goods are below the fold: they render after the first chart (<Later>).
    await screen.findByTestId('hot-goods');
    await user.click(screen.getAllByText('Average price')[0]!);
    await user.click(screen.getAllByText('Products')[0]!);
    await user.click(screen.getAllByText('Brands')[1]!);
    await user.click(screen.getByText('By units'));
    await waitFor(() => expect(location).toBe('/hot?m=avg_price&rk=product&fk=brand&fs=count'));
    await waitFor(() =>
      expect(within(trends).getAllByTestId('series')[0]!.textContent).toBe(line('Beauty', [10, 20, 30])),
    );
    const view = switchView();
    const series = within(trends)
      .getAllByTestId('series')
      .map((e) => e.textContent);

    // The link alone, in a new render, shows the same switches, lines and requests.
    cleanup();
    const again = fakeApi({
      'POST /api/common/fresh': (b) => jsonResponse(200, { ok: true, data: { ...FRESH, kind: b.kind } }),
    });
    renderPage(location);
    const trends2 = await screen.findByTestId('hot-trends');
    await waitFor(() =>
      expect(
        within(trends2)
          .getAllByTestId('series')
          .map((e) => e.textContent),
      ).toEqual(series),
    );
    await screen.findByTestId('hot-rising');
    await screen.findByTestId('hot-goods');
    expect(switchView()).toEqual(view);
    expect(again.last('/api/common/rising')?.body.kind).toBe('product');
    expect(again.last('/api/common/fresh')?.body.kind).toBe('brand');
  });

  it('the parent category round-trips through the URL: picked, in the link, the same requests and title', async () => {
    await setLocale('en');
    let api = fakeApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('hot-trends');
    await user.click(within(screen.getByTestId('hot-trends-parent')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Beauty'));
    await waitFor(() => expect(location).toBe('/hot?parent=1'));
    await waitFor(() => expect(api.last('/api/common/hot/categories/trends')?.body.parent_id).toBe(1));
    const title = await screen.findByText('Top 10 categories under "Beauty"');
    const text = title.textContent;

    cleanup();
    api = fakeApi();
    renderPage(location);
    await waitFor(() => expect(api.last('/api/common/hot/categories/trends')?.body.parent_id).toBe(1));
    expect((await screen.findByText('Top 10 categories under "Beauty"')).textContent).toBe(text);
  });

  it('Back and Forward step through switch changes', async () => {
    await setLocale('en');
    fakeApi();
    const user = userEvent.setup();
    const router = renderPage();
    await screen.findByTestId('hot-rising');
    await user.click(screen.getAllByText('Products')[0]!);
    await waitFor(() => expect(location).toBe('/hot?rk=product'));
    await user.click(screen.getAllByText('Categories')[0]!);
    await waitFor(() => expect(location).toBe('/hot?rk=category'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location).toBe('/hot?rk=product'));
    expect(switchView().segmented).toContain('Products');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location).toBe('/hot'));
    await act(() => router.navigate(1));
    await waitFor(() => expect(location).toBe('/hot?rk=product'));
  });
});
