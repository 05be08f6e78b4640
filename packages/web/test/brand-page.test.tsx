import type {
  BrandCharacters,
  BrandComparison,
  BrandInfo,
  BrandOverview,
  BrandTrends,
} from '@marketlens/shared/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandHeader } from '../src/features/brand/BrandHeader.js';
import BrandPage from '../src/features/brand/BrandPage.js';
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
} from './support/analysis-harness.js';

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

const BRAND = 10008;
const range = { start: '2023-07-01', end: '2024-06-01' };

let followed = false;
const info = (): BrandInfo => ({
  brand_id: BRAND,
  name: '露鲜',
  name_en: 'Luxian',
  first_period: '2017-01-01',
  last_period: '2024-06-01',
  sku_count: 7,
  shop_count: 11,
  platforms: [{ platform_id: 1, name: '天猫', name_en: 'Tmall' }],
  categories: [{ category_id: 11, name: '乳液', name_en: 'Lotion', path: '美妆 / 乳液', path_en: 'Beauty / Lotion' }],
  followed,
  limited: false,
});
const comparison = (base: { start: string; end: string }, growth: number, rank: number): BrandComparison => ({
  base_range: base,
  base: { sales: 1, count: 1, avg_price: 1, share: 0.03, rank },
  growth: { sales: growth, count: -0.2667, avg_price: 0.0169, share: -0.27 },
  share_change: -0.0076,
  contribution: -0.27,
  market_growth: 0.026,
  flags: [],
});
const OVERVIEW: BrandOverview = {
  range,
  market: { sales: 172_981_991_074, count: 2_142_267_002, avg_price: 80.747, brand_count: 34 },
  brand: {
    brand_id: BRAND,
    name: '露鲜',
    name_en: 'Luxian',
    sales: 3_477_940_841.29,
    count: 79_089_482,
    avg_price: 43.9747,
    share: 0.0201058,
    rank: 20,
    mom: comparison({ start: '2022-07-01', end: '2023-06-01' }, -0.2546, 18),
    yoy: comparison({ start: '2022-07-01', end: '2023-06-01' }, 0.125, 23),
  },
  warnings: [],
};
const CHARACTERS: BrandCharacters = {
  brand_share: 0.0201,
  brand_sales: 3_477_940_841,
  market_sales: 172_981_991_074,
  attributes: [
    {
      kind: 'attribute',
      group: 'skin',
      group_name: '肤质',
      group_name_en: 'Skin type',
      value: '干皮',
      value_en: 'Dry skin',
      brand_sales: 1_200_000_000,
      segment_sales: 4_000_000_000,
      share_in_segment: 0.3,
      tgi: 1492.4,
      distinction: 353.79,
    },
  ],
  price_bands: [],
  keywords: [],
  bands: [],
  warnings: [],
};
const TRENDS: BrandTrends = {
  metric: 'sales',
  selector: 'mom',
  points: [
    {
      period: '2024-05-01',
      value: 100,
      growth: null,
      sales: 100,
      count: 1,
      avg_price: 100,
      share: 0.01,
      market_sales: 10_000,
      flags: [],
    },
    {
      period: '2024-06-01',
      value: 120,
      growth: 0.2,
      sales: 120,
      count: 1,
      avg_price: 120,
      share: 0.012,
      market_sales: 10_000,
      flags: [],
    },
  ],
};

function handlers() {
  return [
    // The picker searches by the start of either name (before the reference handlers, so it answers).
    http.get('*/api/common/brands', ({ request }) => {
      const prefix = new URL(request.url).searchParams.get('prefix')?.toLowerCase() ?? '';
      const all = [
        { id: BRAND, name: '露鲜', name_en: 'Luxian' },
        { id: 10019, name: '檀越', name_en: 'Tanyue Lab' },
      ];
      return ok({
        items: all.filter((b) => b.name.startsWith(prefix) || b.name_en.toLowerCase().startsWith(prefix)),
        total: 2,
        page: 1,
        page_size: 50,
      });
    }),
    ...referenceHandlers({
      user: analysisUser([5]),
      categories: [
        {
          ...BEAUTY,
          children: [
            { category_id: 11, category_name: '乳液', category_name_en: 'Lotion', level: 2, parent: 1, children: [] },
          ],
        },
      ],
    }),
    http.get('*/api/common/brands/default', () => ok({ items: [{ id: 10019, name: '檀越', name_en: 'Tanyue Lab' }] })),
    http.post('*/api/common/brands/info', () => ok(info())),
    http.post('*/api/common/brands/overview', () => ok(OVERVIEW)),
    http.post('*/api/common/brands/categories/overview', () =>
      ok({
        level: 3,
        brand_sales: 0,
        items: [],
        comparison: null,
        warnings: [{ code: 'analytics.noData', msg: 'no data' }],
      }),
    ),
    http.post('*/api/common/brands/categories/valuations', () =>
      ok({
        level: 3,
        weights: { market_size: 30, growth: 25, concentration: 20, avg_price: 10, new_brand: 15 },
        new_brand_since: '2023-07-01',
        growth_base: range,
        items: [],
      }),
    ),
    http.get('*/api/common/brands/trends', () => ok(TRENDS)),
    http.post('*/api/common/brands/characters', () => ok(CHARACTERS)),
    http.post('*/api/common/top', () =>
      ok({ kind: 'product', sort_by: 'sales', limit: 50, total: { sales: 0, count: 0 }, items: [], warnings: [] }),
    ),
    http.post('*/api/common/channels/overviews', () =>
      ok({ metric: 'sales', total: { sales: 0, count: 0 }, platforms: [], warnings: [] }),
    ),
    http.put('*/api/common/projects/1/collections', () => {
      followed = true;
      return ok({ brands: [{ brand_id: BRAND, brand_name: '露鲜', brand_name_en: 'Luxian', created_at: 'x' }] });
    }),
    http.delete('*/api/common/projects/1/collections', () => {
      followed = false;
      return ok({ brands: [] });
    }),
  ];
}

const renderPage = (url = '/brand') => renderAt(<BrandPage />, url);

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(...handlers());
  followed = false;
});

describe('Brand Detail page', () => {
  it('asks for a brand, searches it by its English name, and shows its overview figures formatted (en)', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage();
    expect(await screen.findByTestId('brand-choose', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo('brands/overview')).toHaveLength(0);

    const picker = within(screen.getByTestId('brand-choose')).getByTestId('brand-picker');
    await user.type(within(picker).getByRole('combobox'), 'lux');
    await waitFor(() => expect(calls.some((c) => c.query.get('prefix') === 'lux')).toBe(true));
    await user.click(await screen.findByTitle('Luxian'));

    // The brand is in the URL; the page asks for it with the project and the default period.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('brand')).toBe(String(BRAND)));
    expect(await screen.findByTestId('brand-sales', undefined, { timeout: 30_000 })).toHaveProperty(
      'textContent',
      '$3\u202F478M',
    );
    expect(screen.getByTestId('brand-name').textContent).toBe('Luxian');
    expect(screen.getByTestId('brand-sku-count').textContent).toBe('7');
    expect(screen.getByTestId('brand-share').textContent).toBe('2.0%');
    expect(screen.getByTestId('brand-rank').textContent).toBe('No. 20');
    expect(screen.getByTestId('brand-count').textContent).toBe('79M');
    expect(screen.getByTestId('brand-avg-price').textContent).toBe('$43.97');
    expect(screen.getByTestId('brand-contribution').textContent).toBe('-27%');
    const overview = screen.getByTestId('brand-overview');
    // Growth against both bases, share change in points, rank movement and the market's brand count.
    expect(overview.textContent).toContain('25%');
    expect(overview.textContent).toContain('13%');
    expect(overview.textContent).toContain('-0.8 pp');
    expect(overview.textContent).toContain('34 brands with sales');
    expect(overview.textContent).toContain('Market sales $173B');
    expect(callsTo('brands/overview')[0]!.body).toMatchObject({
      data_scope_id: 1,
      brand_id: BRAND,
      date: ['2023-07-01', '2024-06-01'],
      selector: 'mom',
    });
    // The trend asks the GET endpoint with the applied period; the characters table shows the TGI.
    const trend = callsTo('brands/trends')[0]!;
    expect(Object.fromEntries(trend.query)).toMatchObject({
      data_scope_id: '1',
      brand_id: String(BRAND),
      start: '2023-07-01',
      end: '2024-06-01',
      selector: 'mom',
      metric: 'sales',
    });
    // Every month of the applied 12 (2023-07 … 2024-06) is on the axis: the 10 before May are gaps.
    expect(JSON.parse((await screen.findByTestId('chart-bar')).textContent!)).toEqual([
      [...Array(10).fill(null), 100, 120],
      [...Array(10).fill(null), null, 0.2],
    ]);
    const characters = await screen.findByTestId('characters-attribute');
    const row = within(characters).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Skin type');
    expect(row.textContent).toContain('Dry skin');
    expect(row.textContent).toContain('1\u202F492');
    expect(row.textContent).toContain('353.8');
    // Top products and channels are the insight endpoints narrowed to the brand.
    await waitFor(() => expect(callsTo('top')[0]?.body).toMatchObject({ brands: [BRAND], kind: 'product' }));
    await waitFor(() => expect(callsTo('channels/overviews')[0]?.body).toMatchObject({ brands: [BRAND] }));
    // A category panel with no rows shows its empty state, not an error.
    expect(await screen.findAllByTestId('panel-empty')).not.toHaveLength(0);
  });

  it('the header lists three categories and counts the rest: all six in Chinese, three more in English', async () => {
    const six = ['乳液', '面霜', '精华', '口红', '粉底', '眼影'].map((name, i) => ({
      category_id: 20 + i,
      name,
      name_en: `Category ${i + 1}`,
      path: `美妆 / ${name}`,
      path_en: `Beauty / Category ${i + 1}`,
    }));
    await setLocale('zh-CN');
    renderAt(<BrandHeader info={{ ...info(), categories: six }} />, '/brand');
    // 「等 n 个品类」counts every category, the three shown among them: 6.
    expect(screen.getByTestId('brand-header').textContent).toContain('乳液面霜精华等 6 个品类');
    cleanup();
    await setLocale('en');
    renderAt(<BrandHeader info={{ ...info(), categories: six }} />, '/brand');
    expect(screen.getByTestId('brand-header').textContent).toContain('Category 1Category 2Category 3and 3 more');
  });

  it('asks the trend for the chosen metric and comparison, and the categories for the chosen level', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    renderPage(`/brand?brand=${BRAND}&vs=yoy&c=11`);
    await screen.findByTestId('chart-bar', undefined, { timeout: 30_000 });
    // The trend starts from the filter's comparison and sends the chosen categories.
    expect(Object.fromEntries(callsTo('brands/trends')[0]!.query)).toMatchObject({ selector: 'yoy', categories: '11' });
    await user.click(within(screen.getByTestId('trend-metric')).getByText('Market share'));
    await waitFor(() => expect(callsTo('brands/trends').at(-1)!.query.get('metric')).toBe('share'));
    await user.click(within(screen.getByTestId('trend-selector')).getByText('MoM'));
    await waitFor(() => expect(callsTo('brands/trends').at(-1)!.query.get('selector')).toBe('mom'));
    expect(callsTo('brands/categories/overview')[0]!.body).toMatchObject({
      brand_id: BRAND,
      level: 3,
      selector: 'yoy',
    });
    await user.click(within(screen.getByTestId('category-level')).getByText('Level 1'));
    await waitFor(() => expect(callsTo('brands/categories/overview').at(-1)!.body?.level).toBe(1));
    // The contribution follows the filter's comparison.
    expect((await screen.findByTestId('brand-overview')).textContent).toContain('Contribution to growth (YoY)');
  });

  it('follows and unfollows the brand through the project favourites', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    renderPage(`/brand?brand=${BRAND}`);
    const button = await screen.findByTestId('brand-follow', undefined, { timeout: 30_000 });
    expect(button.textContent).toContain('关注品牌');
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('brand-follow').textContent).toContain('已关注'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/common/projects/1/collections');
    expect(put.body).toMatchObject({ brands: [BRAND] });
    expect(screen.getByTestId('brand-follow').getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByTestId('brand-follow'));
    await waitFor(() => expect(screen.getByTestId('brand-follow').textContent).toContain('关注品牌'));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/api/common/projects/1/collections');
    expect(del.body).toMatchObject({ brands: [BRAND] });
  });

  it('a brand the user was not granted shows the no-access state and asks for no figures', async () => {
    await setLocale('zh-CN');
    server.use(
      http.post('*/api/common/brands/info', () =>
        fail(403, '您没有该品牌的数据权限，请联系管理员开通', 'brand.noAccess'),
      ),
    );
    renderPage(`/brand?brand=${BRAND}`);
    const state = await screen.findByTestId('no-access-brand', undefined, { timeout: 30_000 });
    expect(state.textContent).toContain('您没有该品牌的访问权限');
    expect(within(state).getByRole('button', { name: /联系管理员/ })).toBeTruthy();
    expect(screen.queryByTestId('brand-overview')).toBeNull();
    expect(callsTo('brands/overview')).toHaveLength(0);
    expect(callsTo('brands/characters')).toHaveLength(0);
    // It can still go into the favourites folder (not the followed brands, kept to granted ones).
    server.use(
      http.post('*/api/common/collections', () =>
        ok({
          item: { id: 3, project_id: 1, kind: 'brand', ref: String(BRAND), title: '', payload: {}, created_at: '' },
        }),
      ),
    );
    await userEvent.click(within(state).getByRole('button', { name: /加入收藏/ }));
    await waitFor(() => expect(within(state).getByRole('button', { name: /已收藏/ })).toBeTruthy());
    expect(callsTo('collections')[0]!.body).toMatchObject({ kind: 'brand', ref: String(BRAND), project_id: 1 });
  });

  it('a category of the link outside the grant shows the category no-access state under the header', async () => {
    await setLocale('en');
    renderPage(`/brand?brand=${BRAND}&c=999`);
    expect(await screen.findByTestId('no-access-category', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByTestId('brand-name').textContent).toBe('Luxian');
    expect(screen.queryByTestId('brand-overview')).toBeNull();
    expect(callsTo('brands/overview')).toHaveLength(0);
  });

  it('an unknown brand shows the not-found message with the picker', async () => {
    await setLocale('en');
    server.use(http.post('*/api/common/brands/info', () => fail(404, 'The brand does not exist.', 'brand.notFound')));
    renderPage('/brand?brand=999');
    const state = await screen.findByTestId('brand-not-found', undefined, { timeout: 30_000 });
    expect(state.textContent).toContain('The brand does not exist in the project data.');
    expect(within(state).getByTestId('brand-picker')).toBeTruthy();
    expect(callsTo('brands/overview')).toHaveLength(0);
  });

  it('a failed header load offers Retry, and Retry shows the brand', async () => {
    await setLocale('en');
    // A server error is retried once by the query itself: both attempts fail.
    let failures = 2;
    server.use(
      http.post('*/api/common/brands/info', () => {
        if (failures-- > 0) return fail(500, 'boom', 'server.error');
        return ok(info());
      }),
    );
    const user = userEvent.setup();
    renderPage(`/brand?brand=${BRAND}`);
    const error = await screen.findByTestId('panel-error', undefined, { timeout: 30_000 });
    expect(error.textContent).toContain('Failed to get the brand information, please try again later');
    await user.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('brand-name')).textContent).toBe('Luxian');
  });
  it('the brand and every switch round-trip through the URL: a render of the link shows the same view', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage(`/brand?brand=${BRAND}`);
    await screen.findByTestId('chart-bar', undefined, { timeout: 30_000 });
    const card = (title: string) => screen.getByText(title).closest<HTMLElement>('.ant-card')!;
    await user.click(within(screen.getByTestId('trend-metric')).getByText('Market share'));
    await user.click(within(screen.getByTestId('trend-selector')).getByText('YoY'));
    await user.click(within(screen.getByTestId('category-level')).getByText('Level 1'));
    await user.click(screen.getByRole('tab', { name: 'Category valuation' }));
    await user.click(await screen.findByText('Title keywords'));
    await user.click(within(card('Platforms & channels')).getByText('Units sold'));
    await user.click(within(card('Products & shops')).getByText('Top 50 shops'));
    await user.click(within(card('Products & shops')).getByText('By units'));
    const link = `/brand?brand=${BRAND}&tm=share&tc=yoy&cl=1&ct=valuation&ck=keyword&cm=count&top=shop&ts=count`;
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(link));
    const requests = () => ({
      trend: [
        callsTo('brands/trends').at(-1)?.query.get('metric'),
        callsTo('brands/trends').at(-1)?.query.get('selector'),
      ],
      level: callsTo('brands/categories/valuations').at(-1)?.body?.level,
      channels: callsTo('channels/overviews').at(-1)?.body?.metric,
      top: [callsTo('top').at(-1)?.body?.kind, callsTo('top').at(-1)?.body?.sort_by],
    });
    const asked = { trend: ['share', 'yoy'], level: 1, channels: 'count', top: ['shop', 'count'] };
    await waitFor(() => expect(requests()).toEqual(asked));
    const view = switchView();
    // Back undoes the last switch only (each switch is a history entry); Forward brings it again.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe(link.slice('/brand'.length).replace('&ts=count', ''));
    await act(() => router.navigate(1));
    expect(router.state.location.search).toBe(link.slice('/brand'.length));

    // The link alone, in a new render: the same brand, switches and requests.
    cleanup();
    calls.splice(0);
    renderPage(link);
    await screen.findByTestId('chart-bar', undefined, { timeout: 30_000 });
    await waitFor(() => expect(requests()).toEqual(asked));
    await screen.findByText('Title keywords');
    expect(switchView()).toEqual(view);
  });
});
