import type { ProductPriceTrends, ProductRow, ProductSummary, ProductTrends } from '@marketlens/shared/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import ProductAnalysisPage from '../src/features/product-analysis/ProductAnalysisPage.js';
import { FlagMark } from '../src/shared/analysis/FlagMark.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  ok,
  projectBrief,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

setUpApiTests('en');

describe('FlagMark', () => {
  it('draws nothing without flags', () => {
    const { container, rerender } = render(<FlagMark flags={undefined} />);
    expect(container.innerHTML).toBe('');
    rerender(<FlagMark flags={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('names each flag, in the order of the flags, in the label and the tooltip (en, zh-CN)', async () => {
    await setLocale('en');
    const { unmount } = render(<FlagMark flags={['range_incomplete', 'low_base']} />);
    const mark = screen.getByRole('img', { name: 'Read with care: Low base, Range incomplete' });
    fireEvent.mouseEnter(mark);
    const tip = await screen.findByRole('tooltip');
    // A growth of +1 000 % or more: the current figure is at least 11 times the base.
    expect(tip.textContent).toContain('Low base: Growth against a base under 1/11 of the current figure');
    expect(tip.textContent).toContain('Range incomplete: The selected period has missing, sparse or partial periods.');
    unmount();

    await setLocale('zh-CN');
    render(<FlagMark flags={['base_incomplete']} />);
    const zh = screen.getByRole('img', { name: '请谨慎解读：对比期数据不全' });
    fireEvent.mouseEnter(zh);
    expect((await screen.findByRole('tooltip')).textContent).toContain('对比期内有缺失、稀疏或不完整的周期');
    await setLocale('en');
  });
});

const range = { start: '2024-01-01', end: '2024-06-01' };
const summary: ProductSummary = {
  range,
  sales: 1000,
  count: 10,
  avg_price: 100,
  discount: false,
  chain: {
    base: range,
    base_sales: 1,
    base_count: 1,
    base_avg_price: 1,
    growth: { sales: 0.1, count: 0.1, avg_price: 0 },
    flags: [],
    unequal_lengths: false,
  },
  yoy: {
    base: range,
    base_sales: 1,
    base_count: 1,
    base_avg_price: 1,
    growth: { sales: 0.1, count: 0.1, avg_price: 0 },
    flags: [],
    unequal_lengths: false,
  },
  custom: null,
  product_count: 3,
  shop_count: 1,
  platform_count: 1,
  warnings: [],
} as unknown as ProductSummary;
const trends = { by: 'total', selector: 'mom', periods: [], lines: [], warnings: [] } as unknown as ProductTrends;
const prices = { discount: false, has_discount: false, bands: [], points: [], warnings: [] } as ProductPriceTrends;

/** A product row; `growth` 15.29 is +1 529 %, i.e. the current sales are 16.29 times the base. */
const product = (rank: number, growth: number | null, flags: string[] | undefined, series: string | null = null) =>
  ({
    rank,
    id: 100 + rank,
    title: `精华液 ${rank}`,
    title_en: `Serum ${rank}`,
    image_id: null,
    picture: null,
    link: null,
    brand: { id: 9, name: '露鲜', name_en: 'Luxian' },
    shop: { id: 5, name: '露鲜旗舰店', name_en: 'Luxian Flagship', link: null },
    platform: { id: 1, code: 'tmall', name: '天猫', name_en: 'Tmall' },
    channel: { shop_type: 'flagship', name: '旗舰店', name_en: 'Flagship' },
    series,
    first_period: '2022-03-01',
    price: 299,
    sales: 5000 - rank,
    count: 20,
    avg_price: 250,
    share: 0.25,
    growth,
    ...(flags ? { flags } : {}),
  }) as unknown as ProductRow;

function usePage(rows: ProductRow[], hasSeries: boolean) {
  const brief = projectBrief({ has_series: hasSeries, series_name: '产品线', series_name_en: 'Product line' });
  server.use(
    ...referenceHandlers({ user: analysisUser([6]), brief }),
    http.post('*/api/common/analysis/summary', () => ok(summary)),
    http.post('*/api/common/analysis/trends', () => ok(trends)),
    http.post('*/api/common/analysis/trends/prices', () => ok(prices)),
    http.post('*/api/common/analysis/products', () =>
      ok({
        sort: 'sales',
        page: 1,
        page_size: 20,
        total: rows.length,
        selection_sales: 20_000,
        items: rows,
        warnings: [],
      }),
    ),
  );
  renderAt(<ProductAnalysisPage />, '/analysis');
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('the products table', () => {
  it('marks a growth against a low base or an incomplete base, and only those', async () => {
    usePage(
      [
        product(1, 15.29, ['low_base']),
        product(2, 0.2, []),
        product(3, 0.1, ['base_incomplete']),
        // An answer without flags still gets the low-base mark from the figure itself.
        product(4, 12, undefined),
      ],
      false,
    );
    const table = await screen.findByTestId('pa-products', undefined, { timeout: 30_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    const marks = rows.map((r) => within(r).queryByTestId('flag-mark')?.getAttribute('data-flags') ?? null);
    expect(marks).toEqual(['low_base', null, 'base_incomplete', 'low_base']);
    // The mark sits in the growth cell, beside the figure, on one line.
    const cell = within(rows[0]!).getByTestId('flag-mark').closest('td')!;
    expect(cell.textContent).toContain('1\u202F529%');
    expect(within(rows[0]!).getByRole('img', { name: 'Read with care: Low base' })).toBeTruthy();
  });

  it('keeps rank, picture, product and the sorted figure in view while the rest scrolls sideways; no series column without series', async () => {
    usePage([product(1, 0.1, [])], false);
    const table = await screen.findByTestId('pa-products', undefined, { timeout: 30_000 });
    const fixed = [...table.querySelectorAll('thead th.ant-table-cell-fix-start')].map((h) => h.textContent);
    // Sorted by sales (the default): sales is the fourth fixed column, units scroll with the rest.
    expect(fixed).toEqual(['Rank', 'Picture', 'Product', 'Sales']);
    expect(headers(table).indexOf('Units')).toBeGreaterThan(headers(table).indexOf('Sales'));
    expect(table.querySelector('.ant-table-scroll-horizontal, .ant-table-content')).toBeTruthy();
    // Every figure cell keeps its number whole.
    const price = within(table).getAllByRole('row')[1]!.querySelectorAll('td')[
      headers(table).indexOf('Price')
    ] as HTMLElement;
    expect(price.style.whiteSpace).toBe('nowrap');
    expect(headers(table)).not.toContain('Product line');
  });

  it('shows the series column in a project with series', async () => {
    usePage([product(1, 0.1, [], '小棕瓶')], true);
    const table = await screen.findByTestId('pa-products', undefined, { timeout: 30_000 });
    expect(headers(table)).toContain('Product line');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('小棕瓶');
  });
});
