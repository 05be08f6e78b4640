import type {
  ShopChannelTrends,
  ShopComparison,
  ShopComposition,
  ShopOverviews,
  ShopTrends,
  TopAnswerData,
} from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ShopPage from '../src/features/shop/ShopPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  fail,
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
const cmp = (growth: number): ShopComparison => ({
  base_range: range,
  base: { sales: 1, count: 1, avg_price: 1, share: 0.1 },
  growth: { sales: growth, count: 0, avg_price: 0, share: 0 },
  share_change: 0.012,
  flags: [],
});
const shopItem = (value: string, name: string, name_en: string, sales: number) => {
  const [platform, id] = value.split(',').map(Number) as [number, number];
  return {
    shop_id: id,
    value,
    name,
    name_en,
    platform: {
      id: platform,
      code: platform === 1 ? 'tmall' : 'jd',
      name: '天猫',
      name_en: platform === 1 ? 'Tmall' : 'JD',
    },
    channel: { shop_type: 'flagship', name: '旗舰店', name_en: 'Flagship' },
    link: platform === 1 ? `https://store.tmall.com/shop/view_shop.htm?user_number_id=${id}` : null,
    sales,
    count: 1_000,
    avg_price: 43.97,
    share: 0.0201,
    platform_share: 0.05,
    rank: 3,
    brand_count: 4,
    product_count: 12,
    mom: cmp(0.25),
    yoy: cmp(0.125),
  };
};
const OVERVIEWS: ShopOverviews = {
  range,
  market: { sales: 172_981_991_074, count: 1, avg_price: 1, shop_count: 120 },
  items: [
    shopItem('1,77', '露鲜旗舰店', 'Luxian Flagship', 3_477_940_841),
    shopItem('2,8', '花间超市', 'Huajian Market', 1_000_000),
  ],
  warnings: [],
};
const TRENDS: ShopTrends = {
  metric: 'sales',
  periods: ['2024-05-01', '2024-06-01'],
  market: [],
  series: [
    {
      shop_id: 77,
      value: '1,77',
      name: '露鲜旗舰店',
      name_en: 'Luxian Flagship',
      points: [
        { period: '2024-05-01', sales: 100, count: 1, avg_price: 100, share: 0.1, value: 100 },
        { period: '2024-06-01', sales: 120, count: 1, avg_price: 120, share: 0.12, value: 120 },
      ],
    },
  ],
  warnings: [],
};
const COMPOSITION: ShopComposition = {
  by: 'category',
  level: 3,
  shop_sales: 100,
  items: [
    { id: 11, name: '乳液', name_en: 'Lotion', sales: 60, count: 2, avg_price: 30, part: 0.6, market_share: 0.2 },
  ],
  warnings: [],
};
const topOf = (kind: 'shop' | 'product'): TopAnswerData => ({
  kind,
  sort_by: 'sales',
  limit: 50,
  total: { sales: 100, count: 1, avg_price: 100 },
  items: [
    {
      rank: 1,
      id: 77,
      name: '露鲜旗舰店',
      name_en: 'Luxian Flagship',
      sales: 100,
      count: 1,
      avg_price: 100,
      share: 0.5,
      share_change: 0.01,
      growth: { sales: 0.1, count: 0, avg_price: 0 },
      value: 100,
      flags: [],
      ...(kind === 'product' ? { image_id: 'a1' } : {}),
    },
  ],
  warnings: [],
});
const MIX: ShopChannelTrends = {
  platform_id: null,
  periods: ['2024-05-01', '2024-06-01'],
  series: [
    {
      shop_type: 'flagship',
      name: '旗舰店',
      name_en: 'Flagship',
      sales: 10,
      points: [
        { period: '2024-05-01', sales: 4, share: 0.4 },
        { period: '2024-06-01', sales: 6, share: 0.6 },
      ],
    },
  ],
  warnings: [],
};

function handlers() {
  return [
    ...referenceHandlers({
      user: analysisUser([9]),
      channels: [{ platform_id: 1, code: 'tmall', platform: '天猫', platform_en: 'Tmall', channels: [] }],
    }),
    http.get('*/api/common/shops', () =>
      ok({
        items: [{ value: '1,77', name: '露鲜旗舰店', name_en: 'Luxian Flagship' }],
        total: 1,
        page: 1,
        page_size: 50,
      }),
    ),
    http.post('*/api/common/shops/overviews', () => ok(OVERVIEWS)),
    http.post('*/api/common/shops/trends', () => ok(TRENDS)),
    http.post('*/api/common/shops/composition', () => ok(COMPOSITION)),
    http.post('*/api/common/shops/products/top', () => ok(topOf('product'))),
    http.post('*/api/common/shops/rankings', () => ok(topOf('shop'))),
    http.post('*/api/common/shops/channels/trends', () => ok(MIX)),
  ];
}

const renderPage = (url = '/shop') => renderAt(<ShopPage />, url);

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(...handlers());
});

describe('Store Analysis page', () => {
  it('without shops: asks for them, and shows the market’s ranking and channel mix', async () => {
    renderPage();
    expect(await screen.findByTestId('shop-choose', undefined, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(callsTo('shops/rankings')).toHaveLength(1));
    expect(callsTo('shops/overviews')).toHaveLength(0);
    expect(callsTo('shops/rankings')[0]!.body).toMatchObject({ data_scope_id: 1, sort_by: 'sales' });
    // The mix over every month of the applied 12 (2023-07 … 2024-06): the 10 before May are gaps.
    expect(JSON.parse((await screen.findByTestId('chart-line')).textContent!)).toEqual([
      [...Array(10).fill(null), 0.4, 0.6],
    ]);
  });

  it('with the filter’s shops: overview figures formatted, the shops and sources sent, switches in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderPage('/shop?s=1:77,2:8&src=global');
    const overview = await screen.findByTestId('shop-overview', undefined, { timeout: 30_000 });
    const first = within(overview).getAllByTestId('shop-sales')[0]!;
    expect(first.textContent).toBe('$3\u202F478M');
    expect(overview.textContent).toContain('Luxian Flagship');
    expect(overview.textContent).toContain('Flagship');
    expect(overview.textContent).toContain('25%');
    expect(overview.textContent).toContain('+1.2 pp');
    expect(within(overview).getByText('Luxian Flagship').closest('a')?.getAttribute('href')).toContain('tmall');
    expect(callsTo('shops/overviews')[0]!.body).toMatchObject({
      shops: ['1,77', '2,8'],
      channel_sources: ['global'],
      date: ['2023-07-01', '2024-06-01'],
    });
    // The market panels leave the shop selection out.
    await waitFor(() => expect(callsTo('shops/rankings').length).toBeGreaterThan(0));
    expect(callsTo('shops/rankings')[0]!.body).not.toHaveProperty('shops');
    // The composition and the products are of the first shop, then of the one chosen (in the URL).
    await waitFor(() =>
      expect(callsTo('shops/composition')[0]?.body).toMatchObject({ shop: '1,77', by: 'category', level: 3 }),
    );
    expect((await screen.findByTestId('shop-composition')).textContent).toContain('Lotion');
    await user.click(within(screen.getAllByTestId('shop-focus')[0]!).getByRole('combobox'));
    await user.click((await screen.findAllByTitle('Huajian Market')).at(-1)!);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('fs')).toBe('2,8'));
    await waitFor(() => expect(callsTo('shops/composition').at(-1)!.body).toMatchObject({ shop: '2,8' }));
    await waitFor(() => expect(callsTo('shops/products/top').at(-1)!.body).toMatchObject({ shop: '2,8' }));
    // Products with their pictures from the file service.
    expect((await screen.findByAltText('Luxian Flagship')).getAttribute('src')).toBe('/api/common/pictures/a1');
    // Brands instead of categories; the trend as shares of the market.
    const composition = screen.getByText('Categories and brands').closest('.ant-card')! as HTMLElement;
    await user.click(within(composition).getByText('Brands'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('cb')).toBe('brand'));
    await waitFor(() => expect(callsTo('shops/composition').at(-1)!.body).toMatchObject({ by: 'brand' }));
    await user.click(
      within(screen.getByText('Shop trends').closest('.ant-card')! as HTMLElement).getByText('Market share'),
    );
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tv')).toBe('share'));
    // Back to the URL: a reload keeps every switch.
    const search = router.state.location.search;
    expect(search).toContain('s=1:77,2:8');
    expect(search).toContain('src=global');
  });

  it('more than ten shops: a warning instead of the figures', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `1:${i + 1}`).join(',');
    renderPage(`/shop?s=${many}`);
    expect(await screen.findByTestId('shop-too-many', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo('shops/overviews')).toHaveLength(0);
  });

  it('a shop the user was not granted: the no-access state with favourite and contact', async () => {
    server.use(http.post('*/api/common/shops/overviews', () => fail(403, 'You have no access to this shop.')));
    renderPage('/shop?s=2:8');
    const state = await screen.findByTestId('no-access-shop', undefined, { timeout: 30_000 });
    expect(state.textContent).toContain('You have no access to this shop');
    expect(within(state).getByText('Add to favorites')).toBeTruthy();
    expect(within(state).getByText('Contact administrator')).toBeTruthy();
  });

  it('a failed load: the docs/product.md §8 message and Retry, and Retry shows the trend', async () => {
    // A server error is retried once by the query itself: both attempts fail.
    let failures = 2;
    server.use(http.post('*/api/common/shops/trends', () => (failures-- > 0 ? fail(500, 'boom') : ok(TRENDS))));
    const user = userEvent.setup({ delay: null });
    renderPage('/shop?s=1:77');
    const error = await screen.findByTestId('panel-error', undefined, { timeout: 30_000 });
    expect(error.textContent).toContain('Failed to get the shop trends, please try again later');
    await user.click(within(error).getByRole('button'));
    // The trend over every month of the applied 12 (2023-07 … 2024-06): the 10 before May are gaps.
    expect(JSON.parse((await screen.findAllByTestId('chart-line'))[0]!.textContent!)).toContainEqual([
      ...Array(10).fill(null),
      100,
      120,
    ]);
  });
});
