import type { BrandComparison, FavoriteBrandRow, FavoriteBrands } from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sortFavorites, sparklineOption } from '../src/features/favorite-brand/charts.js';
import FavoriteBrandPage from '../src/features/favorite-brand/FavoriteBrandPage.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  calls,
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
const comparison = (growth: number | null): BrandComparison => ({
  base_range: range,
  base: { sales: 1, count: 1, avg_price: 1, share: 0.1, rank: 2 },
  growth: { sales: growth, count: 0, avg_price: 0, share: 0 },
  share_change: 0,
  contribution: 0,
  market_growth: 0,
  flags: [],
});
const row = (id: number, name: string, name_en: string, sales: number, growth: number | null): FavoriteBrandRow => ({
  brand_id: id,
  name,
  name_en,
  sales,
  count: 100,
  avg_price: sales / 100,
  share: sales / 10_000_000,
  rank: id - 100,
  mom: comparison(growth),
  yoy: comparison(0),
  followed_at: '2024-01-01 00:00:00',
  trend: [
    { period: '2024-05-01', sales: sales / 2, share: 0.1 },
    { period: '2024-06-01', sales: sales / 2, share: 0.1 },
  ],
  movement: null,
});

let followed: FavoriteBrandRow[] = [];
const answer = (): FavoriteBrands => ({
  range,
  market: { sales: 10_000_000, count: 1000, avg_price: 10_000, brand_count: 30 },
  items: followed,
  ungranted: [],
  warnings: [],
});

function handlers() {
  return [
    http.get('*/api/common/brands', () => ok({ items: [{ id: 201, name: '新品', name_en: 'Newbrand' }] })),
    ...referenceHandlers({ user: analysisUser([8]) }),
    http.post('*/api/common/brands/favorites', () => ok(answer())),
    http.post('*/api/common/brands/categories/overview', () =>
      ok({ level: 2, brand_sales: 0, items: [], comparison: null, warnings: [] }),
    ),
    http.post('*/api/common/channels/overviews', () =>
      ok({ metric: 'sales', total: { sales: 0, count: 0 }, platforms: [], warnings: [] }),
    ),
    http.put('*/api/common/projects/1/collections', () => {
      followed = [...followed, row(201, '新品', 'Newbrand', 1, null)];
      return ok({
        brands: followed.map((b) => ({
          brand_id: b.brand_id,
          brand_name: b.name,
          brand_name_en: b.name_en,
          created_at: '',
        })),
      });
    }),
    http.delete('*/api/common/projects/1/collections', async ({ request }) => {
      const body = (await request.clone().json()) as { brands: number[] };
      followed = followed.filter((b) => !body.brands.includes(b.brand_id));
      return ok({ brands: [] });
    }),
  ];
}

setUpApiTests('zh-CN');
beforeEach(() => {
  followed = [
    row(101, '露鲜', 'Luxian', 1_000_000, 0.05),
    {
      ...row(102, '檀越', 'Tanyue', 3_000_000, -0.4),
      movement: {
        metric: 'sales',
        direction: 'down',
        period: '2024-06-01',
        value: 100,
        mean: 1000,
        sd: 100,
        z: -9,
      },
    },
    row(103, '青禾', 'Qinghe', 2_000_000, null),
  ];
  server.use(...handlers());
});

const names = () =>
  within(screen.getByTestId('favorite-list'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('a')?.textContent);

describe('Favourite Brands page', () => {
  it('lists the followed brands by sales with growth, trend lines and the flagged movement; sorts by growth (en)', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderAt(<FavoriteBrandPage />, '/favorite-brand');
    await screen.findByTestId('favorite-list', undefined, { timeout: 30_000 });
    expect(callsTo('brands/favorites')[0]!.body).toMatchObject({
      data_scope_id: 1,
      date: ['2023-07-01', '2024-06-01'],
    });
    expect(names()).toEqual(['Tanyue', 'Qinghe', 'Luxian']);
    const list = screen.getByTestId('favorite-list');
    expect(list.textContent).toContain('$3\u202F000K');
    // Growth with its direction arrow (the sign is the icon), no growth as '-', the rank.
    expect(list.textContent).toContain('Tanyue$3\u202F000K30.0% 40%2');
    expect(list.textContent).toContain('Qinghe$2\u202F000K20.0%-3');
    expect(screen.getByTestId('movement-102').textContent).toBe('Sales dropped');
    // Beside the flag, the period it is about and its figures (earlier mean → latest), apart from the
    // growth column's comparison of the whole range.
    expect(screen.getByTestId('movement-when-102').textContent).toBe('2024-06: $1\u202F000 → $100');
    expect(screen.getByTestId('movements').textContent).toContain('1 brands moved unusually');
    expect(await screen.findAllByTestId('chart-line')).toHaveLength(3);

    await user.click(within(screen.getByTestId('favorite-sort')).getByText('By growth'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('fs')).toBe('growth'));
    // Biggest growth first, no growth last.
    expect(names()).toEqual(['Luxian', 'Tanyue', 'Qinghe']);
  });

  it('opens a brand’s drawer: categories at level 2 by default, switchable, and its channels', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    const router = renderAt(<FavoriteBrandPage />, '/favorite-brand');
    await user.click(await screen.findByTestId('details-101', undefined, { timeout: 30_000 }));
    const drawer = await screen.findByTestId('favorite-drawer');
    await waitFor(() =>
      expect(callsTo('brands/categories/overview')[0]?.body).toMatchObject({ brand_id: 101, level: 2 }),
    );
    await waitFor(() => expect(callsTo('channels/overviews')[0]?.body).toMatchObject({ brands: [101] }));
    await user.click(within(within(drawer).getByTestId('drawer-level')).getByText('3 级品类'));
    await waitFor(() => expect(callsTo('brands/categories/overview').at(-1)!.body?.level).toBe(3));
    expect(new URLSearchParams(router.state.location.search).get('dl')).toBe('3');
  });

  it('unfollows and follows, and the list follows the server', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    renderAt(<FavoriteBrandPage />, '/favorite-brand');
    await user.click(await screen.findByTestId('unfollow-103', undefined, { timeout: 30_000 }));
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toMatchObject({ brands: [103] }));
    await waitFor(() => expect(names()).toEqual(['檀越', '露鲜']));

    const picker = screen.getByTestId('brand-picker');
    await user.type(within(picker).getByRole('combobox'), 'new');
    await user.click(await screen.findByTitle('新品'));
    // A loaded machine (the whole suite in parallel) may take longer than waitFor's default second.
    const slow = { timeout: 10_000 };
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ brands: [201] }), slow);
    await waitFor(() => expect(names()).toContain('新品'), slow);
  });

  it('without followed brands shows how to follow one', async () => {
    await setLocale('zh-CN');
    followed = [];
    renderAt(<FavoriteBrandPage />, '/favorite-brand');
    const empty = await screen.findByTestId('favorite-empty', undefined, { timeout: 30_000 });
    expect(empty.textContent).toContain('还没有关注的品牌');
    // The brand search is at the top right of the page (not "below"), the button named as it is.
    expect(empty.textContent).toContain('用右上角的搜索框找到品牌并关注，或在品牌详情页点击“关注品牌”。');
  });
});

describe('Favourite Brands charts (pure)', () => {
  const fmt = makeFormatters('en', '$', 'month');
  it('the trend line marks only the latest point; sorting puts missing growth last', () => {
    const option = sparklineOption(
      [
        { period: '2024-05-01', sales: 10, share: 0.1 },
        { period: '2024-06-01', sales: 20, share: 0.2 },
      ],
      fmt,
    );
    expect(option.series[0]!.data).toEqual([
      { value: 10, symbolSize: 0 },
      { value: 20, symbolSize: 6 },
    ]);
    expect(option.tooltip.formatter([{ dataIndex: 1 }])).toBe('2024-06 · $20');
    const rows = [
      { brand_id: 1, sales: 5, growth: null },
      { brand_id: 2, sales: 9, growth: -0.1 },
      { brand_id: 3, sales: 7, growth: 0.3 },
    ];
    expect(sortFavorites(rows, 'sales').map((r) => r.brand_id)).toEqual([2, 3, 1]);
    expect(sortFavorites(rows, 'growth').map((r) => r.brand_id)).toEqual([3, 2, 1]);
  });
});
