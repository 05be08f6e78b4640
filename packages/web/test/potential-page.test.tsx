import { formatAmount } from '@marketlens/shared';
import type { PotentialBrands, PotentialRow } from '@marketlens/shared/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { amountReading } from '../src/features/potential/amountReading.js';
import { potentialScatterOption } from '../src/features/potential/charts.js';
import PotentialPage from '../src/features/potential/PotentialPage.js';
import {
  benchmarkFor,
  brandDetailLink,
  checkSearch,
  defaultConfig,
  fromPickerPair,
  pickerPair,
} from '../src/features/potential/search.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  calls,
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

const row = (over: Partial<PotentialRow>): PotentialRow => ({
  brand_id: 10008,
  brand: { name: '露鲜', name_en: 'Luxian' },
  category_id: 101,
  category: { name: '面部护理', name_en: 'Face care', path: '美妆 / 面部护理', path_en: 'Beauty / Face care' },
  sales: 25_000_000,
  base_sales: 10_000_000,
  growth: 1.5,
  category_sales: 400_000_000,
  category_base_sales: 300_000_000,
  category_growth: 1 / 3,
  share: 0.0625,
  share_change: 0.0292,
  rank: 7,
  brand_count: 40,
  total_sales: 60_000_000,
  total_growth: 0.8,
  followed: false,
  flags: [],
  category_flags: [],
  total_flags: [],
  ...over,
});
const ROWS = [
  row({}),
  row({
    brand_id: 10019,
    brand: { name: '檀越', name_en: 'Tanyue Lab' },
    sales: 90_000_000,
    growth: 0.45,
    rank: 2,
    total_sales: 120_000_000,
  }),
];
const answer = (items: PotentialRow[], over: Partial<PotentialBrands> = {}): PotentialBrands => ({
  range: { start: '2024-05-01', end: '2024-05-01' },
  benchmark: { start: '2023-05-01', end: '2023-05-01' },
  level: 2,
  items,
  total: items.length,
  categories: 12,
  categories_passed: 3,
  candidates: 180,
  exclusions: [
    { limit: 'brand_category_growth', excluded: 150 },
    { limit: 'category_growth', excluded: 120 },
  ],
  warnings: [],
  ...over,
});

let saved: Record<string, unknown> = {};
/** The status the config read fails with (0: it succeeds). */
let configFails = 0;
/** The status saving the config fails with (0: it succeeds). */
let saveFails = 0;
let followed = new Set<number>();
let result = () => answer(ROWS);

function handlers() {
  return [
    ...referenceHandlers({ user: analysisUser([3]) }),
    http.get('*/api/common/users/projects/1/config', () =>
      configFails ? fail(configFails, 'refused') : ok({ config: saved }),
    ),
    http.put('*/api/common/users/projects/1/config', async ({ request }) => {
      if (saveFails) return fail(saveFails, 'refused');
      saved = ((await request.json()) as { config: Record<string, unknown> }).config;
      return ok({ config: saved });
    }),
    http.post('*/api/common/potential/brands', () =>
      ok({ ...result(), items: result().items.map((r) => ({ ...r, followed: followed.has(r.brand_id) })) }),
    ),
    http.put('*/api/common/projects/1/collections', async ({ request }) => {
      for (const b of ((await request.json()) as { brands: number[] }).brands) followed.add(b);
      return ok({ brands: [...followed].map((brand_id) => ({ brand_id })) });
    }),
    http.delete('*/api/common/projects/1/collections', async ({ request }) => {
      for (const b of ((await request.json()) as { brands: number[] }).brands) followed.delete(b);
      return ok({ brands: [...followed].map((brand_id) => ({ brand_id })) });
    }),
  ];
}

const renderPage = (url = '/potential') => renderAt(<PotentialPage />, url);
const searchParam = (router: ReturnType<typeof renderPage>) =>
  JSON.parse(new URLSearchParams(router.state.location.search).get('q') ?? 'null');

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(...handlers());
  saved = {};
  configFails = 0;
  saveFails = 0;
  followed = new Set();
  result = () => answer(ROWS);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-07-15T08:00:00Z') });
  return () => vi.useRealTimers();
});

describe('Potential Brand page', () => {
  it('runs the defaults of docs/product.md §9 from the latest complete month, shows the table, chart and summary (en)', async () => {
    await setLocale('en');
    renderPage();
    const table = await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    // The data ends 2024-06: last month is June, the benchmark a year earlier.
    // The whole search as docs/product.md §3 names it (the request layer adds the locale).
    expect(callsTo('potential/brands')[0]!.body).toEqual({
      locale: 'en_us',
      data_scope_id: 1,
      date_range: { start: '2024-06-01', end: '2024-07-01' },
      benchmark_date_range: { start: '2023-06-01', end: '2023-07-01' },
      quick_selector: 'yoy',
      categories_filter: {
        categories: '',
        category_level: 2,
        sales_range_min: 100_000_000,
        sales_range_max: null,
        sales_ratio_range_min: 20,
        sales_ratio_range_max: null,
      },
      brands_filter: {
        category_sales_range_min: 10_000_000,
        category_sales_range_max: null,
        category_sales_ratio_range_min: 30,
        category_sales_ratio_range_max: null,
        sales_range_min: null,
        sales_range_max: null,
        sales_ratio_range_min: null,
        sales_ratio_range_max: null,
      },
    });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('Luxian');
    expect(first.textContent).toContain('Face care');
    expect(first.textContent).toContain('$25M');
    expect(first.textContent).toContain('150%');
    expect(first.textContent).toContain('7 / 40');
    expect(screen.getByTestId('potential-summary').textContent).toContain(
      '2 of 180 brands in 12 categories (3 passing the category limits) pass every limit',
    );
    // The bubble chart: (category growth, brand growth, sales) per row.
    expect(JSON.parse((await screen.findByTestId('chart-scatter')).textContent!)[0]).toHaveLength(2);
    // The brand links to Brand Detail with the periods compared and its category.
    const link = within(first).getByRole('link', { name: 'Luxian' });
    expect(link.getAttribute('href')).toBe(
      brandDetailLink(
        10008,
        101,
        { start: '2024-05-01', end: '2024-05-01' },
        { start: '2023-05-01', end: '2023-05-01' },
      ),
    );
    // A money limit shows its digits grouped (docs/product.md §9) and how they read in large units.
    expect(screen.getByTestId('limit-category_sales').querySelector('input')!.value).toBe(formatAmount(100_000_000));
    expect(screen.getByTestId('limit-reading-category_sales').textContent).toBe('Min = 100 million');
  });

  it('restores the saved search, and a tuned search goes to the URL and is saved beside the other keys', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    saved = {
      other: { keep: true },
      potential: {
        ...defaultConfig('2024-07-15', '2024-06-01'),
        brands_filter: {
          ...defaultConfig('2024-07-15', '2024-06-01').brands_filter,
          category_sales_ratio_range_min: 50,
        },
      },
    };
    const router = renderPage();
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    expect(callsTo('potential/brands')[0]!.body).toMatchObject({
      brands_filter: { category_sales_ratio_range_min: 50 },
    });
    const field = within(screen.getByTestId('limit-brand_category_growth')).getAllByRole('textbox')[0]!;
    expect((field as HTMLInputElement).value).toBe('50');
    await user.clear(field);
    await user.type(field, '80');
    await user.click(screen.getByTestId('potential-search'));
    await waitFor(() => expect(searchParam(router)?.brands_filter.category_sales_ratio_range_min).toBe('80'));
    await waitFor(() => expect(callsTo('users/projects/1/config', 'PUT')).toHaveLength(1));
    expect(saved.other).toEqual({ keep: true });
    expect((saved.potential as { brands_filter: object }).brands_filter).toMatchObject({
      category_sales_ratio_range_min: '80',
    });
    await waitFor(() =>
      expect(callsTo('potential/brands').at(-1)!.body).toMatchObject({
        brands_filter: { category_sales_ratio_range_min: '80' },
      }),
    );
  });

  it('a linked search (reload) runs as it is, without reading the saved one into it', async () => {
    const linked = { ...defaultConfig('2024-07-15', '2024-06-01'), quick_selector: 'mom' as const };
    linked.benchmark_date_range = { start: '2024-05-01', end: '2024-06-01' };
    renderPage(`/potential?q=${encodeURIComponent(JSON.stringify(linked))}`);
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    expect(callsTo('potential/brands')[0]!.body).toMatchObject({
      quick_selector: 'mom',
      benchmark_date_range: { start: '2024-05-01', end: '2024-06-01' },
    });
  });

  it('refuses a search without limits, a negative or reversed range, with the words of docs/product.md §5, and sends nothing', async () => {
    await setLocale('en');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    const sent = callsTo('potential/brands').length;
    // Percent limits are text fields, money limits number fields.
    const inputs = (limit: string) => [...screen.getByTestId(`limit-${limit}`).querySelectorAll('input')];
    await user.clear(inputs('category_growth')[0]!);
    await user.type(inputs('category_growth')[0]!, '-5');
    await user.type(inputs('category_sales')[1]!, '10');
    await user.click(screen.getByTestId('potential-search'));
    expect(await screen.findByText('Do not input negative numbers')).toBeTruthy();
    expect(screen.getByText('The first value cannot be greater than the second.')).toBeTruthy();
    // Every limit emptied: at least one is needed.
    for (const l of ['category_sales', 'category_growth', 'brand_category_sales', 'brand_category_growth'])
      for (const input of inputs(l)) await user.clear(input);
    await user.click(screen.getByTestId('potential-search'));
    expect((await screen.findByTestId('limits-required')).textContent).toContain(
      'Set at least one sales or growth-rate limit.',
    );
    expect(callsTo('potential/brands')).toHaveLength(sent);
  });

  it('says which limit excluded most candidates when nothing passes', async () => {
    await setLocale('en');
    result = () => answer([]);
    renderPage();
    expect((await screen.findByTestId('potential-empty', undefined, { timeout: 30_000 })).textContent).toBe(
      'No brand passes every limit. The limit that excluded most candidates: Brand growth in the category (%) (150 of 180)',
    );
  });

  it('follows and unfollows a brand from its row', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    await user.click(screen.getByTestId('follow-10019'));
    await waitFor(() => expect(screen.getByTestId('follow-10019').getAttribute('aria-pressed')).toBe('true'));
    expect(callsTo('projects/1/collections', 'PUT')[0]!.body).toMatchObject({ brands: [10019] });
    await user.click(screen.getByTestId('follow-10019'));
    await waitFor(() => expect(screen.getByTestId('follow-10019').getAttribute('aria-pressed')).toBe('false'));
    expect(callsTo('projects/1/collections', 'DELETE')).toHaveLength(1);
  });

  it('sorts by a column through the URL, and a reload keeps the order', async () => {
    await setLocale('en');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderPage();
    const table = await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    const names = () =>
      within(screen.getByTestId('potential-table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('link')[0]!.textContent);
    expect(names()).toEqual(['Luxian', 'Tanyue Lab']);
    await user.click(within(table).getAllByText('Sales in category')[0]!);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ps')).toBe('sales.desc'));
    expect(names()).toEqual(['Tanyue Lab', 'Luxian']);
    const url = router.state.location.pathname + router.state.location.search;
    cleanup();
    renderPage(url);
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    expect(names()).toEqual(['Tanyue Lab', 'Luxian']);
  });

  it('a failed read of the saved search says so (docs/product.md §8) and searches with the defaults', async () => {
    await setLocale('en');
    configFails = 403;
    renderPage();
    expect(
      await screen.findByText('Failed to read the potential brand config; the defaults are used', undefined, {
        timeout: 30_000,
      }),
    ).toBeTruthy();
    await waitFor(() => expect(callsTo('potential/brands')).toHaveLength(1));
    expect(callsTo('potential/brands')[0]!.body).toMatchObject({ quick_selector: 'yoy' });
    expect(calls.some((c) => c.call === 'PUT /api/common/users/projects/1/config')).toBe(false);
  });

  it('a read failing with 500 is not told (docs/api.md quiet rule); the defaults are searched all the same', async () => {
    await setLocale('en');
    configFails = 500;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage();
    await waitFor(() => expect(callsTo('potential/brands')).toHaveLength(1));
    expect(callsTo('potential/brands')[0]!.body).toMatchObject({ quick_selector: 'yoy' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('config: 500'));
    expect(screen.queryByText('Failed to read the potential brand config; the defaults are used')).toBeNull();
    warn.mockRestore();
  });

  it('a save of the search the server refuses (403) is told, not only logged (zh-CN)', async () => {
    await setLocale('zh-CN');
    saveFails = 403;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    await user.click(screen.getByTestId('potential-search'));
    await waitFor(() => expect(callsTo('users/projects/1/config', 'PUT')).toHaveLength(1));
    // With the server's message after it ('refused' in this mock).
    expect(
      await screen.findByText('更新用户配置失败，请稍后重试: refused', undefined, { timeout: 30_000 }),
    ).toBeTruthy();
    warn.mockRestore();
  });

  it('a root or administrator outside the members (400) is not told a save failed (en)', async () => {
    await setLocale('en');
    saveFails = 400;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByTestId('potential-table', undefined, { timeout: 30_000 });
    await user.click(screen.getByTestId('potential-search'));
    await waitFor(() => expect(callsTo('users/projects/1/config', 'PUT')).toHaveLength(1));
    expect(screen.queryByText('Failed to update the user config, please try again later')).toBeNull();
    warn.mockRestore();
  });
});

describe('Potential Brand search (pure)', () => {
  it('defaults: last month of the data when it ends before last month; a year earlier as benchmark', () => {
    expect(defaultConfig('2024-07-15', '2024-06-01').date_range).toEqual({ start: '2024-06-01', end: '2024-07-01' });
    expect(defaultConfig('2024-07-15', '2024-03-01').date_range).toEqual({ start: '2024-03-01', end: '2024-04-01' });
    expect(defaultConfig('2024-07-15', '2024-03-01').benchmark_date_range).toEqual({
      start: '2023-03-01',
      end: '2023-04-01',
    });
  });
  it('benchmarks: yoy a year earlier, mom the span just before (months and weeks)', () => {
    expect(benchmarkFor({ start: '2024-01-01', end: '2024-04-01' }, 'mom')).toEqual({
      start: '2023-10-01',
      end: '2024-01-01',
    });
    expect(benchmarkFor({ start: '2024-01-01', end: '2024-04-01' }, 'yoy')).toEqual({
      start: '2023-01-01',
      end: '2023-04-01',
    });
    expect(benchmarkFor({ start: '2024-01-08', end: '2024-01-22' }, 'mom')).toEqual({
      start: '2023-12-25',
      end: '2024-01-08',
    });
  });
  it('picker pairs are the first and last period of a half-open range, and back', () => {
    expect(pickerPair({ start: '2024-01-01', end: '2024-04-01' }, 'month')).toEqual(['2024-01-01', '2024-03-01']);
    expect(fromPickerPair(['2024-01-01', '2024-03-01'], 'month')).toEqual({ start: '2024-01-01', end: '2024-04-01' });
    expect(fromPickerPair(['2024-01-01', '2024-01-08'], 'week')).toEqual({ start: '2024-01-01', end: '2024-01-15' });
  });
  it('checks: the benchmark must be earlier, limits valid, at least one', () => {
    const c = defaultConfig('2024-07-15', '2024-06-01');
    expect(checkSearch(c, 'month')).toEqual({});
    expect(checkSearch({ ...c, benchmark_date_range: c.date_range }, 'month')).toEqual({
      benchmark: 'validation.period.benchmarkNotEarlier',
    });
    expect(
      checkSearch({ ...c, categories_filter: { ...c.categories_filter, sales_range_min: '1e5' } }, 'month'),
    ).toEqual({ category_sales: 'validation.range.notNumber' });
    const none = {
      ...c,
      categories_filter: { ...c.categories_filter, sales_range_min: null, sales_ratio_range_min: null },
      brands_filter: { ...c.brands_filter, category_sales_range_min: null, category_sales_ratio_range_min: '' },
    };
    expect(checkSearch(none, 'month')).toEqual({ limits: 'potential.limitRequired' });
  });
  it('the bubble chart: rows with both growths, area proportional to sales', () => {
    const fmt = makeFormatters('en', '$', 'month');
    const labels = { x: 'x', y: 'y', sales: 's', nameOf: (r: PotentialRow) => r.brand.name_en };
    const option = potentialScatterOption(
      [row({}), row({ brand_id: 2, sales: 100_000_000, growth: 0.4 }), row({ brand_id: 3, growth: null })],
      labels,
      fmt,
    );
    const data = option.series[0]!.data;
    expect(data.map((d) => d.value)).toEqual([
      [1 / 3, 1.5, 25_000_000],
      [1 / 3, 0.4, 100_000_000],
    ]);
    // sqrt(25M / 100M) = 0.5 → halfway between 8 and 48 px.
    expect(data.map((d) => d.symbolSize)).toEqual([28, 48]);
    expect(option.xAxis.axisLabel.formatter(0.25)).toBe('25%');
    expect(option.tooltip.formatter({ data: data[0]! })).toContain('$25M');
    // The y axis is named above the axis, read across: never turned over its tick labels.
    expect(option.yAxis).toMatchObject({ name: 'y', nameLocation: 'end' });
    expect(option.xAxis).toMatchObject({ name: 'x', nameLocation: 'middle' });
  });
  it('a money limit reads in 万 / 亿 (zh-CN) and thousand / million / billion (en)', () => {
    // 10⁸ is one 亿 and a hundred million; 5 × 10⁴ five 万 and fifty thousand.
    expect(amountReading('100000000', 'zh-CN')).toEqual({ unit: 'yi', amount: '1', exact: true });
    expect(amountReading(100_000_000, 'en')).toEqual({ unit: 'million', amount: '100', exact: true });
    expect(amountReading('50000', 'zh-CN')).toEqual({ unit: 'wan', amount: '5', exact: true });
    expect(amountReading('50000', 'en')).toEqual({ unit: 'thousand', amount: '50', exact: true });
    expect(amountReading('2500000000', 'en')).toEqual({ unit: 'billion', amount: '2.5', exact: true });
    // 123 456 789 = 1.234 567 89 亿: four decimals round it (≈).
    expect(amountReading('123456789', 'zh-CN')).toEqual({ unit: 'yi', amount: '1.2346', exact: false });
    // 12 345 万 has no fraction to show.
    expect(amountReading('123450000', 'zh-CN')).toEqual({ unit: 'yi', amount: '1.2345', exact: true });
    // Below the smallest unit, or not a number: nothing to read.
    expect(amountReading('9999', 'zh-CN')).toBeNull();
    expect(amountReading('999', 'en')).toBeNull();
    expect(amountReading('', 'en')).toBeNull();
    expect(amountReading('abc', 'zh-CN')).toBeNull();
  });
});
