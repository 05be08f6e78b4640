import type { BrandComparison, Contrast, ContrastSlot, ContrastSlotFigures } from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ContrastPage from '../src/features/contrast/ContrastPage.js';
import { contrastTrendChart, mixChart } from '../src/features/contrast/charts.js';
import { CONTRAST_PARAMS } from '../src/features/contrast/params.js';
import {
  activeSlots,
  decodeSlot,
  EMPTY_SLOTS,
  encodeSlot,
  SLOT_COLORS,
  SLOT_GRAY,
  slotColor,
  slotsParam,
} from '../src/features/contrast/slots.js';
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
  switchView,
} from './support/analysis-harness.js';

vi.mock('../src/shared/analysis/EChartView.js', async () => ({
  default: (await import('./support/analysis-harness.js')).SeriesDataChart,
}));

const range = { start: '2023-07-01', end: '2024-06-01' };
const BRANDS = [
  { id: 101, name: '露鲜', name_en: 'Luxian' },
  { id: 102, name: '檀越', name_en: 'Tanyue' },
  { id: 103, name: '青禾', name_en: 'Qinghe' },
  { id: 104, name: '木棉', name_en: 'Kapok' },
];
const comparison = (growth: number): BrandComparison => ({
  base_range: range,
  base: { sales: 1, count: 1, avg_price: 1, share: 0.1, rank: 2 },
  growth: { sales: growth, count: 0, avg_price: 0, share: 0 },
  share_change: 0.012,
  contribution: 0.25,
  market_growth: 0.1,
  flags: [],
});
const figures = (k: number): ContrastSlotFigures => ({
  overview: {
    brand_id: BRANDS[k]!.id,
    name: BRANDS[k]!.name,
    name_en: BRANDS[k]!.name_en,
    sales: 1_000_000 * (k + 1),
    count: 10_000,
    avg_price: 100 * (k + 1),
    share: 0.1 * (k + 1),
    rank: k + 1,
    mom: comparison(0.1 * (k + 1)),
    yoy: comparison(-0.5),
  },
  market: { sales: 10_000_000, count: 100_000, avg_price: 100, brand_count: 20 },
  trend: ['2024-05-01', '2024-06-01'].map((period, i) => ({
    period,
    value: 10 * (k + 1) + i,
    growth: null,
    sales: 10 * (k + 1) + i,
    count: 1,
    avg_price: 1,
    share: 0.1,
    market_sales: 100,
    flags: [],
  })),
  categories: [
    {
      category_id: 1,
      name: '美妆',
      name_en: 'Beauty',
      level: 1,
      parent_id: null,
      sales: 1,
      count: 1,
      avg_price: 1,
      category_sales: 1,
      share: 0.1,
      brand_part: 1,
      growth: { sales: null, share: null, category_sales: null },
      share_change: null,
      flags: [],
    },
  ],
  channels: [],
  price_bands: { rows: [], bands: [] },
  top_products: [
    {
      rank: 1,
      id: 9000 + k,
      name: `商品${k}`,
      name_en: `Product ${k}`,
      sales: 500,
      count: 5,
      avg_price: 100,
      share: 0.5,
      share_change: null,
      growth: null,
      value: 500,
      flags: [],
    },
  ],
});
const okSlot = (k: number, categories: number[] = []): ContrastSlot => ({
  brand_id: BRANDS[k]!.id,
  categories,
  access: 'ok',
  name: BRANDS[k]!.name,
  name_en: BRANDS[k]!.name_en,
  figures: figures(k),
  warnings: [],
});

/** Answers each asked slot: brand 104 is not granted, the others answer their figures. */
function compareHandler() {
  return http.post('*/api/common/contrast/brands', async ({ request }) => {
    const body = (await request.clone().json()) as { slots: { brand_id: number; categories?: number[] }[] };
    const answer: Contrast = {
      range,
      level: 1,
      slots: body.slots.map((s) => {
        const k = BRANDS.findIndex((b) => b.id === s.brand_id);
        return s.brand_id === 104
          ? {
              brand_id: 104,
              categories: s.categories ?? [],
              access: 'no_access_brand',
              name: '',
              name_en: '',
              figures: null,
              warnings: [],
            }
          : okSlot(k, s.categories ?? []);
      }),
      warnings: [],
    };
    return ok(answer);
  });
}

function handlers() {
  return [
    compareHandler(),
    ...referenceHandlers({ user: analysisUser([7]) }),
    http.post('*/api/common/brands/characters', () =>
      ok({
        brand_share: 0.1,
        brand_sales: 1,
        market_sales: 10,
        attributes: [
          {
            kind: 'attribute',
            group: 'skin',
            group_name: '肤质',
            group_name_en: 'Skin type',
            value: '干皮',
            value_en: 'Dry skin',
            brand_sales: 1,
            segment_sales: 2,
            share_in_segment: 0.5,
            tgi: 500,
            distinction: 3,
          },
        ],
        price_bands: [],
        keywords: [],
        bands: [],
        warnings: [],
      }),
    ),
    http.get('*/api/common/projects/1/collections', () =>
      ok({ brands: [{ brand_id: 102, brand_name: '檀越', brand_name_en: 'Tanyue', created_at: '2024-01-01' }] }),
    ),
  ];
}

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(...handlers());
});

const slotCard = (n: number) => screen.getByTestId(`slot-${n}`);

describe('Brand Comparison page', () => {
  it('compares the switched-on slots on their own categories, each in its colour (en)', async () => {
    await setLocale('en');
    // Slot 1 on category 1, slot 2 on the filter's, slot 3 switched off, slot 4 empty.
    renderAt(<ContrastPage />, '/contrast?sl=101-1_102_x103');
    const table = await screen.findByTestId('contrast-overview', undefined, { timeout: 30_000 });
    expect(callsTo('contrast/brands')[0]!.body).toMatchObject({
      data_scope_id: 1,
      date: ['2023-07-01', '2024-06-01'],
      level: 1,
      slots: [
        { brand_id: 101, categories: [1] },
        { brand_id: 102, categories: [] },
      ],
    });
    // Blue and purple for the compared slots; the switched-off and the empty slot are gray.
    expect([1, 2, 3, 4].map((n) => slotCard(n).dataset.color)).toEqual([
      SLOT_COLORS[0],
      SLOT_COLORS[1],
      SLOT_GRAY,
      SLOT_GRAY,
    ]);
    expect(slotCard(3).dataset.active).toBe('false');
    expect(within(slotCard(3)).getByTestId('slot-3-paused')).toBeTruthy();
    // Figures through the formatters, one column per slot.
    expect(within(table).getByTestId('overview-sales-1').textContent).toBe('$1\u202F000K');
    expect(within(table).getByTestId('overview-share-2').textContent).toBe('20.0%');
    expect(within(table).getByTestId('overview-rank-2').textContent).toBe('No. 2');
    expect(within(table).getByTestId('overview-growth-2').textContent?.trim()).toBe('20%');
    expect(within(table).getByTestId('overview-shareChange-1').textContent).toContain('1.2 pp');
    expect(table.textContent).toContain('Sales growth (vs previous period)');
    expect(screen.queryByTestId('overview-sales-3')).toBeNull();
    // The trends overlaid: one line per compared slot, over every month of the applied 12
    // (2023-07 … 2024-06); the answer holds May and June, so the 10 before are gaps.
    expect(JSON.parse((await screen.findAllByTestId('chart-line'))[0]!.textContent!)).toEqual([
      [...Array(10).fill(null), 10, 11],
      [...Array(10).fill(null), 20, 21],
    ]);
    // Characters per slot: Brand Detail's endpoint with the slot's categories in place of the filter's.
    await waitFor(() => expect(callsTo('brands/characters')).toHaveLength(2));
    const chars = callsTo('brands/characters').map((c) => c.body);
    expect(chars.find((b) => b?.brand_id === 101)).toMatchObject({ category: { enable: true, value: [1] } });
    expect(chars.find((b) => b?.brand_id === 102)?.category).toBeUndefined();
    expect((await screen.findByTestId('characters-1')).textContent).toContain('Skin type: Dry skin');
    // A name cut by CSS has its whole text on hover; the TGI never breaks over two lines.
    const character = within(screen.getByTestId('characters-1')).getByText('Skin type: Dry skin');
    expect(character.closest('[title]')?.getAttribute('title')).toBe('Skin type: Dry skin');
    const tgi = within(screen.getByTestId('characters-1')).getAllByText(/^TGI /)[0]!;
    expect(tgi.closest('span')?.style.whiteSpace).toBe('nowrap');
    expect(screen.getByTestId('top-2').textContent).toContain('Product 1');
  });

  it('switches a slot off and on without losing its brand, removes one with its categories, in the URL', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    const router = renderAt(<ContrastPage />, '/contrast?sl=101-1_102');
    await screen.findByTestId('contrast-overview', undefined, { timeout: 30_000 });
    const sl = () => new URLSearchParams(router.state.location.search).get('sl');

    await user.click(screen.getByTestId('slot-2-switch'));
    await waitFor(() => expect(sl()).toBe('101-1_x102'));
    expect(slotCard(2).dataset.color).toBe(SLOT_GRAY);
    await waitFor(() =>
      expect(callsTo('contrast/brands').at(-1)!.body?.slots).toEqual([{ brand_id: 101, categories: [1] }]),
    );

    await user.click(screen.getByTestId('slot-2-switch'));
    await waitFor(() => expect(sl()).toBe('101-1_102'));
    expect(slotCard(2).dataset.color).toBe(SLOT_COLORS[1]);

    // Deleting slot 1 drops its categories too (docs/product.md §4).
    await user.click(screen.getByTestId('slot-1-clear'));
    await waitFor(() => expect(sl()).toBe('_102'));
    expect(slotCard(1).dataset.color).toBe(SLOT_GRAY);
    expect(within(slotCard(1)).getByTestId('slot-1-categories').textContent).toContain('同筛选条件');

    // An empty slot offers the followed brands as quick picks.
    await user.click(within(await screen.findByTestId('slot-1-followed')).getByRole('button', { name: /檀\s?越/ }));
    await waitFor(() => expect(sl()).toBe('102_102'));

    // Back steps through the slot changes.
    router.navigate(-1);
    await waitFor(() => expect(sl()).toBe('_102'));
  });

  it('a slot whose brand is not granted shows the no-access state; the others compare', async () => {
    await setLocale('zh-CN');
    renderAt(<ContrastPage />, '/contrast?sl=101_104');
    const state = await screen.findByTestId('no-access-brand', undefined, { timeout: 30_000 });
    expect(within(slotCard(2)).getByTestId('no-access-brand')).toBe(state);
    expect(state.textContent).toContain('您没有该品牌的访问权限');
    expect(screen.getByTestId('overview-sales-1')).toBeTruthy();
    expect(screen.queryByTestId('overview-sales-2')).toBeNull();
  });

  it('without a brand the page asks for one and requests nothing; the download is disabled', async () => {
    await setLocale('zh-CN');
    renderAt(<ContrastPage />, '/contrast');
    expect(await screen.findByTestId('contrast-choose', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(callsTo('contrast/brands')).toHaveLength(0);
    expect(screen.getByTestId('download-button').hasAttribute('disabled')).toBe(true);
    expect([1, 2, 3, 4].every((n) => slotCard(n).dataset.color === SLOT_GRAY)).toBe(true);
  });

  it('every switch round-trips through the URL', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    const router = renderAt(<ContrastPage />, '/contrast?sl=101_102');
    await screen.findByTestId('contrast-overview', undefined, { timeout: 30_000 });
    await user.click(within(screen.getByTestId('trend-metric')).getByText('Share'));
    await user.click(within(screen.getByTestId('mix-kind')).getByText('Categories'));
    await user.click(within(await screen.findByTestId('mix-level')).getByText('Level 2'));
    await waitFor(() => expect(callsTo('contrast/brands').at(-1)!.body?.level).toBe(2));
    await user.click(within(screen.getByTestId('characters-kind')).getByText('Title keywords'));
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    expect(url).toContain('tm=share');
    expect(url).toContain('ml=2');
    expect(url).toContain('ck=keyword');
    const view = switchView();
    const before = calls.length;
    renderAt(<ContrastPage />, url);
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
    await waitFor(() => expect(switchView().segmented).toEqual([...view.segmented, ...view.segmented]));
  });
});

describe('Brand Comparison slots and charts (pure)', () => {
  const fmt = makeFormatters('en', '$', 'month');

  it('a slot round-trips through its URL form; bad values read as the default', () => {
    const slots = [
      { brand: 12, categories: [1, 4], on: true },
      { brand: null, categories: [], on: true },
      { brand: 34, categories: [], on: false },
      { brand: 56, categories: [101], on: true },
    ];
    const p = slotsParam('sl');
    expect(p.format(slots)).toBe('12-1-4__x34_56-101');
    expect(p.parse(p.format(slots))).toEqual(slots);
    expect(p.parse('1_2_3_4_5')).toBeUndefined();
    expect(p.parse('abc')).toBeUndefined();
    expect(p.format(EMPTY_SLOTS)).toBe('');
    expect(decodeSlot('x7')).toEqual({ brand: 7, categories: [], on: false });
    expect(encodeSlot({ brand: 7, categories: [3], on: true })).toBe('7-3');
    expect(activeSlots(slots).map((s) => s.index)).toEqual([0, 3]);
    expect(slots.map(slotColor)).toEqual([SLOT_COLORS[0], SLOT_GRAY, SLOT_GRAY, SLOT_COLORS[3]]);
    expect(CONTRAST_PARAMS.slots.name).toBe('sl');
  });

  it('the trend chart draws each slot in its colour; the mix chart stacks the shares, rest as others', () => {
    const trend = (v: number[]) =>
      v.map((x, i) => ({
        period: `2024-0${i + 1}-01`,
        value: x,
        growth: null,
        sales: x,
        count: 1,
        avg_price: x,
        share: x / 100,
        market_sales: 100,
        flags: [],
      }));
    const option = contrastTrendChart(
      [
        { name: 'A', color: SLOT_COLORS[0], trend: trend([1, 2]) },
        { name: 'D', color: SLOT_COLORS[3], trend: trend([3, 4]) },
      ],
      'share',
      fmt,
    );
    expect(option.series.map((s) => [s.name, s.itemStyle.color, s.data])).toEqual([
      ['A', SLOT_COLORS[0], [0.01, 0.02]],
      ['D', SLOT_COLORS[3], [0.03, 0.04]],
    ]);
    expect(option.yAxis.axisLabel.formatter(0.25)).toBe('25.0%');

    const parts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: String(i), name: `P${i}`, sales: 10, share: 1 / n }));
    const mix = mixChart(
      [
        { name: 'A', color: SLOT_COLORS[0], parts: parts(10) },
        { name: 'B', color: SLOT_COLORS[1], parts: parts(2) },
      ],
      { others: 'Others' },
      fmt,
    );
    // Slot A on top (the category axis draws bottom up); eight named parts, then others.
    expect(mix.yAxis.data.map((d) => [d.value, d.textStyle.color])).toEqual([
      ['B', SLOT_COLORS[1]],
      ['A', SLOT_COLORS[0]],
    ]);
    expect(mix.series.map((s) => s.name)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'Others']);
    expect(mix.series[0]!.data.map((d) => d.value)).toEqual([0.5, 0.1]);
    const others = mix.series.at(-1)!;
    expect(others.data.map((d) => d.value)).toEqual([null, 0.2]);
    expect(others.data[1]!.sales).toBe(20);
  });
});
