import type {
  ProductPriceTrends,
  ProductRow,
  ProductSummary,
  ProductTrends,
  SeriesInfo,
  SeriesSearch,
} from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { priceBandsChart, priceTrendChart, productTrendChart } from '../src/features/product-analysis/charts.js';
import ProductAnalysisPage from '../src/features/product-analysis/ProductAnalysisPage.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  ok,
  projectBrief,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
  switchView,
} from './support/analysis-harness.js';

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

const range = { start: '2023-07-01', end: '2024-06-01' };
const SERIES = '小棕瓶';
const PRODUCT = 70001;

const cmp = (growth: number) => ({
  base: range,
  base_sales: 1,
  base_count: 1,
  base_avg_price: 1,
  growth: { sales: growth, count: 0.1, avg_price: -0.05 },
  unequal_lengths: false,
  flags: [],
});
const summary = (discount = false): ProductSummary => ({
  range,
  sales: discount ? 900_000 : 1_234_567,
  count: 4321,
  avg_price: 285.71,
  discount,
  chain: cmp(0.125),
  yoy: cmp(-0.3),
  custom: null,
  product_count: 7,
  shop_count: 3,
  platform_count: 2,
  warnings: [],
});
const point = (period: string, sales: number) => ({
  period,
  sales,
  count: 10,
  avg_price: sales / 10,
  growth: { sales: 0.5, count: null, avg_price: null },
  flags: [],
});
const TRENDS: ProductTrends = {
  by: 'total',
  selector: 'mom',
  periods: ['2024-05-01', '2024-06-01'],
  lines: [
    {
      key: 'total',
      name: '所选范围',
      name_en: 'Selection',
      points: [point('2024-05-01', 100), point('2024-06-01', 150)],
    },
  ],
  warnings: [],
};
const PRICES: ProductPriceTrends = {
  discount: false,
  has_discount: true,
  bands: [
    [0, 100],
    [100, null],
  ],
  points: [
    {
      period: '2024-05-01',
      avg_price: 10,
      list_avg_price: 10,
      discount_avg_price: 9,
      market_avg_price: 12,
      sales: 100,
      band_sales: [40, 60],
      band_shares: [0.4, 0.6],
    },
  ],
  warnings: [],
};
const row = (rank: number, id: number): ProductRow => ({
  rank,
  id,
  title: `精华液 ${id}`,
  title_en: `Serum ${id}`,
  image_id: null,
  picture: null,
  link: `https://detail.tmall.com/item.htm?id=${id}`,
  brand: { id: 9, name: '露鲜', name_en: 'Luxian' },
  shop: { id: 5, name: '露鲜旗舰店', name_en: 'Luxian Flagship', link: null },
  platform: { id: 1, code: 'tmall', name: '天猫', name_en: 'Tmall' },
  channel: { shop_type: 'flagship', name: '旗舰店', name_en: 'Flagship' },
  series: SERIES,
  first_period: '2022-03-01',
  price: 299,
  sales: 5000 - rank,
  count: 20,
  avg_price: 250,
  share: 0.25,
  growth: 0.1,
  flags: [],
});
const SEARCH: SeriesSearch = {
  has_series: true,
  label: '产品线',
  label_en: 'Product line',
  series: [{ name: SERIES, product_count: 4 }],
  products: [
    {
      id: PRODUCT,
      title: '露鲜精华液',
      title_en: 'Luxian Serum',
      brand: { id: 9, name: '露鲜', name_en: 'Luxian' },
      platform: { id: 1, name: '天猫', name_en: 'Tmall' },
      series: SERIES,
    },
  ],
};
const INFO: SeriesInfo = {
  name: SERIES,
  label: '产品线',
  label_en: 'Product line',
  summary: { ...summary(), sales: 777_000 },
  platforms: [{ id: 1, name: '天猫', name_en: 'Tmall', sales: 777_000, share: 1 }],
  price: { min: 199, max: 399 },
  points: [point('2024-06-01', 777_000)],
  warnings: [],
};

let discountOn = false;
function handlers(brief = projectBrief({ has_series: true, series_name: '产品线', series_name_en: 'Product line' })) {
  return [
    http.get('*/api/common/projects/1/brief', () => ok({ ...brief, discount_price_on: discountOn })),
    ...referenceHandlers({ user: analysisUser([6]) }),
    http.post('*/api/common/analysis/summary', () => ok(summary(discountOn))),
    http.post('*/api/common/analysis/trends', () => ok(TRENDS)),
    http.post('*/api/common/analysis/trends/prices', () => ok(PRICES)),
    http.post('*/api/common/analysis/products', async ({ request }) => {
      const b = (await request.json()) as { page?: number };
      const first = ((b.page ?? 1) - 1) * 20;
      return ok({
        sort: 'sales',
        page: b.page ?? 1,
        page_size: 20,
        total: 25,
        selection_sales: 20_000,
        items: Array.from({ length: first === 0 ? 20 : 5 }, (_, i) => row(first + i + 1, 100 + first + i)),
        warnings: [],
      });
    }),
    http.post(
      '*/api/common/analysis/products/downloads',
      () =>
        new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    ),
    http.post('*/api/common/series/search', () => ok(SEARCH)),
    http.post('*/api/common/series/info', () => ok(INFO)),
    http.put('*/api/common/projects/1/users/discount_price', async ({ request }) => {
      discountOn = ((await request.json()) as { discount_price_on: boolean }).discount_price_on;
      return ok({ discount_price_on: discountOn });
    }),
  ];
}

const renderPage = (url = '/analysis') => renderAt(<ProductAnalysisPage />, url);

setUpApiTests('zh-CN');
beforeEach(() => {
  discountOn = false;
  server.use(...handlers());
});

describe('Product Analysis page', () => {
  it('shows the filtered market, then a searched series and product: URL, requests and series details (en)', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage();
    expect((await screen.findByTestId('pa-sales', undefined, { timeout: 30_000 })).textContent).toBe('$1\u202F235K');
    expect(screen.getByTestId('pa-market-hint').textContent).toContain('Product line');
    expect(screen.getByTestId('pa-count').textContent).toBe('4\u202F321');
    expect(screen.getByTestId('pa-coverage').textContent).toBe('7');
    expect(screen.getByTestId('pa-summary').textContent).toContain('13%');
    expect(callsTo('analysis/summary')[0]!.body).toMatchObject({ data_scope_id: 1, date: [range.start, range.end] });
    expect(callsTo('analysis/summary')[0]!.body).not.toHaveProperty('products');
    // Nothing chosen: the price chart is the category's line alone, and says so.
    expect((await screen.findByTestId('pa-price-none-chosen')).textContent).toBe(
      'No product or series chosen: the line is the category average price. Choose products or series to compare with it.',
    );

    // Search: the series and the product come back; pick both.
    await user.type(within(screen.getByTestId('pa-search')).getByRole('combobox'), 'lux');
    await waitFor(() => expect(callsTo('series/search').at(-1)?.body).toMatchObject({ keyword: 'lux' }));
    await user.click(await screen.findByTitle(SERIES));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ss')).toBe(SERIES));
    await user.type(within(screen.getByTestId('pa-search')).getByRole('combobox'), 'lux');
    await user.click(await screen.findByTitle('Luxian Serum'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sp')).toBe(String(PRODUCT)));
    await waitFor(() =>
      expect(callsTo('analysis/summary').at(-1)!.body).toMatchObject({ products: [PRODUCT], series: [SERIES] }),
    );
    expect(screen.getByTestId('pa-chosen').textContent).toContain('Luxian Serum');
    expect(screen.queryByTestId('pa-price-none-chosen')).toBeNull();
    // The series panel asks for the series and shows its price range.
    expect((await screen.findByTestId('pa-series-price')).textContent).toBe('$199 – $399');
    // The dataset's series have Chinese names only: in English the panel says so.
    expect(screen.getByTestId('pa-series-untranslated').textContent).toBe(
      'Product line names are shown as the dataset has them: it has no English names.',
    );
    expect(callsTo('series/info').at(-1)!.body).toMatchObject({ name: SERIES });
    // By series: the trend asks per series.
    await user.click(within(screen.getByTestId('pa-trend-by')).getByText('By Product line'));
    await waitFor(() => expect(callsTo('analysis/trends').at(-1)!.body).toMatchObject({ by: 'series' }));
  });

  it('a shared link reproduces the selection and every switch', async () => {
    await setLocale('en');
    const url = `/analysis?sp=11,12&ss=${encodeURIComponent(`${SERIES},A%2CB`)}&tb=product&tm=count&pv=bands&ps=count&pg=2`;
    renderPage(url);
    await screen.findByTestId('pa-products', undefined, { timeout: 30_000 });
    await waitFor(() =>
      expect(callsTo('analysis/products').at(-1)!.body).toMatchObject({
        products: [11, 12],
        series: [SERIES, 'A,B'],
        sort: 'count',
        page: 2,
        page_size: 20,
      }),
    );
    expect(callsTo('analysis/trends').at(-1)!.body).toMatchObject({ by: 'product', products: [11, 12] });
    // A comma inside a name is escaped in the list.
    expect(callsTo('analysis/trends/prices').at(-1)!.body).toMatchObject({ series: [SERIES, 'A,B'] });
    const view = switchView();
    expect(view.segmented).toEqual(expect.arrayContaining(['By product', 'Units sold', 'Price bands', 'By units']));
    // Page 2 holds ranks 21–25.
    const rows = within(screen.getByTestId('pa-products')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Serum 120');
  });

  it('the discount switch saves the choice and reloads the figures at discount price (zh-CN)', async () => {
    await setLocale('zh-CN');
    server.use(...handlers(projectBrief({ discount_price: true })));
    const user = userEvent.setup();
    renderPage();
    expect((await screen.findByTestId('pa-sales', undefined, { timeout: 30_000 })).textContent).toBe('$1\u202F235K');
    await user.click(screen.getByTestId('pa-discount'));
    await waitFor(() =>
      expect(callsTo('projects/1/users/discount_price', 'PUT')[0]?.body).toMatchObject({ discount_price_on: true }),
    );
    await waitFor(() => expect(screen.getByTestId('pa-sales').textContent).toBe('$900K'));
    expect(screen.getByTestId('pa-avg-price').textContent).toContain('285.71');
    expect(screen.getByText('成交均价（折扣价）')).toBeTruthy();
  });

  it('the products table pages on the server, adds a product to the selection, and downloads with the sort', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderPage();
    const table = await screen.findByTestId('pa-products', undefined, { timeout: 30_000 });
    expect(screen.getByTestId('pa-products-total').textContent).toBe('Products: 25');
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('Serum 100');
    expect(first.textContent).toContain('Luxian Flagship');
    expect(first.textContent).toContain('25.0%');
    expect(within(first).getByText('Serum 100').closest('a')!.getAttribute('href')).toBe(
      'https://detail.tmall.com/item.htm?id=100',
    );
    await user.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('pg')).toBe('2'));
    await waitFor(() => expect(callsTo('analysis/products').at(-1)!.body).toMatchObject({ page: 2 }));
    await user.click(
      within(within(screen.getByTestId('pa-products')).getAllByRole('row')[1]!).getByLabelText('Analyse'),
    );
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sp')).toBe('120'));

    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByTestId('download-button'));
    await waitFor(() =>
      expect(callsTo('analysis/products/downloads')[0]?.body).toMatchObject({ products: [120], sort: 'sales' }),
    );
    click.mockRestore();
  });
});

describe('Product Analysis chart builders', () => {
  const fmt = makeFormatters('en', '$', 'month');
  const names = (l: { name: string; name_en: string }) => l.name_en;

  it('the whole selection: bars of the metric and its growth line', () => {
    const o = productTrendChart(TRENDS, { metric: 'sales', metricName: 'Sales', growthName: 'g', name: names }, fmt);
    expect(o.series.map((s) => s.data)).toEqual([
      [100, 150],
      [0.5, 0.5],
    ]);
  });

  it('per product: one line per product, named in the page language', () => {
    const data: ProductTrends = {
      ...TRENDS,
      by: 'product',
      lines: [
        { key: '1', name: '甲', name_en: 'A', points: [point('2024-05-01', 1), point('2024-06-01', 2)] },
        { key: '2', name: '乙', name_en: 'B', points: [point('2024-05-01', 3), point('2024-06-01', 4)] },
      ],
    };
    const o = productTrendChart(data, { metric: 'avg_price', metricName: 'x', growthName: 'g', name: names }, fmt);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['A', [0.1, 0.2]],
      ['B', [0.3, 0.4]],
    ]);
  });

  it('prices: list, discount and category lines where the project has discount prices; bands stacked as shares', () => {
    const labels = { selection: 'S', list: 'L', discount: 'D', market: 'M' };
    expect(priceTrendChart(PRICES, labels, fmt).series.map((s) => [s.name, s.data])).toEqual([
      ['L', [10]],
      ['D', [9]],
      ['M', [12]],
    ]);
    const plain = priceTrendChart({ ...PRICES, has_discount: false }, labels, fmt);
    expect(plain.series.map((s) => s.name)).toEqual(['S', 'M']);
    // Nothing chosen: the selection is the market, its line would lie on the category's; one line.
    for (const has_discount of [true, false])
      expect(
        priceTrendChart({ ...PRICES, has_discount }, labels, fmt, undefined, false).series.map((s) => [s.name, s.data]),
      ).toEqual([['M', [12]]]);
    const bands = priceBandsChart(PRICES, ['$0 – $100', '$100+'], fmt);
    expect(bands.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['$0 – $100', 'bands', [0.4]],
      ['$100+', 'bands', [0.6]],
    ]);
  });
});
