import type {
  BrandInfo,
  Contrast,
  ContrastSlot,
  MovementAnswer,
  MovementSku,
  ShareContribution,
  ShopComparison,
  ShopOverviews,
} from '@marketlens/shared/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BrandPage from '../src/features/brand/BrandPage.js';
import ContrastPage from '../src/features/contrast/ContrastPage.js';
import DiscoverPage from '../src/features/discover/DiscoverPage.js';
import ExplorePage from '../src/features/explore/ExplorePage.js';
import ShopPage from '../src/features/shop/ShopPage.js';
import { axisMin, axisMoney, axisStart, bridgeSteps } from '../src/shared/analysis/movement/waterfall.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
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

/**
 * jsdom has no canvas: a stand-in chart that draws each bar of the waterfall as a button named by its
 * axis name and its label, with the stacked parts it got; a click passes the bar's data item as ECharts does.
 */
vi.mock('../src/shared/analysis/EChartView.js', () => ({
  default: ({
    option,
    onEvents,
  }: {
    option: {
      xAxis: { data: string[] };
      yAxis: { min?: number };
      series: { data: (number | { value: number; label: { show: boolean; formatter(): string } })[] }[];
    };
    onEvents?: Record<string, (p: unknown) => void>;
  }) =>
    // Another panel's chart (the page's own) is not drawn.
    (option.series?.[1]?.data?.[0] as { step?: string } | undefined)?.step === undefined ? (
      <div data-testid="other-chart" />
    ) : (
      <div data-testid="waterfall" data-min={String(option.yAxis.min)}>
        {option.xAxis.data.map((name, i) => {
          const [base, up, down] = option.series.map((s) => s.data[i]);
          const shown = [up, down].find((d) => typeof d === 'object' && d.label.show) as
            | { value: number; label: { formatter(): string } }
            | undefined;
          return (
            <button
              type="button"
              key={name}
              data-testid="bar"
              data-base={String(base)}
              data-up={String(typeof up === 'object' ? up.value : up)}
              data-down={String(typeof down === 'object' ? down.value : down)}
              onClick={() => onEvents?.click?.({ data: up })}
            >
              {`${name} ${shown?.label.formatter() ?? ''}`}
            </button>
          );
        })}
      </div>
    ),
}));

const sku = (
  id: number,
  name: string,
  lifecycle: MovementSku['lifecycle'],
  over: Partial<MovementSku>,
): MovementSku => ({
  sku_id: id,
  name,
  name_en: `${name}-en`,
  shop: { key: `1,${id}`, name: `店${id}`, name_en: `Shop ${id}` },
  platform: { id: 1, name: '天猫', name_en: 'Tmall' },
  lifecycle,
  base_sales: 0,
  sales: 0,
  base_count: 0,
  count: 0,
  change: 0,
  volume: 0,
  price: 0,
  mix: 0,
  residual: 0,
  ...over,
});

/**
 * The worked example of docs/metrics.md "What moved it" in thousands: A and B continuing, C
 * discontinued, D a launch; base 2 200 000, current 2 470 000.
 */
const A = sku(1, '面霜A', 'continuing', {
  base_sales: 1_000_000,
  sales: 1_320_000,
  change: 320_000,
  volume: 110_000,
  price: 100_000,
  mix: 90_000,
  residual: 20_000,
});
const C = sku(3, '精华C', 'discontinued', { base_sales: 200_000, change: -200_000, volume: -550_000, mix: 350_000 });
const D = sku(4, '乳液D', 'launches', { sales: 400_000, change: 400_000, volume: 275_000, mix: 125_000 });

const ANSWER: MovementAnswer = {
  range: { start: '2024-01-01', end: '2024-06-01' },
  base: { start: '2023-07-01', end: '2023-12-01' },
  comparison: 'mom',
  price_basis: 'list',
  total: {
    base_sales: 2_200_000,
    sales: 2_470_000,
    base_count: 40,
    count: 32,
    change: 270_000,
    volume: -440_000,
    price: 100_000,
    mix: 590_000,
    residual: 20_000,
    launches: 400_000,
    continuing: 70_000,
    discontinued: -200_000,
  },
  sku_counts: { launches: 1, continuing: 2, discontinued: 1 },
  top: {
    volume: [C, D, A],
    price: [A],
    mix: [C, D, A],
    residual: [A],
    launches: [D],
    continuing: [A],
    discontinued: [C],
  },
  category_level: 2,
  categories: [
    {
      category_id: 11,
      name: '面部护理',
      name_en: 'Face care',
      base_sales: 2_200_000,
      sales: 2_470_000,
      base_count: 40,
      count: 32,
      change: 270_000,
      volume: -440_000,
      price: 100_000,
      mix: 590_000,
      residual: 20_000,
      launches: 400_000,
      continuing: 70_000,
      discontinued: -200_000,
    },
  ],
  share: null,
  cohorts: null,
  warnings: [],
};

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(
    ...referenceHandlers({ user: analysisUser([4]) }),
    http.post('*/api/common/movement', () => ok(ANSWER)),
    // The page's other panels are not what this file tests.
    http.post('*/api/common/*', () => fail(500, 'not under test')),
    http.get('*/api/common/*', () => fail(500, 'not under test')),
  );
});
afterEach(cleanup);

const bars = () => screen.getAllByTestId('bar');
const labels = () => bars().map((b) => b.textContent);

describe('What moved it on Category Insight', () => {
  it('draws the volume · price · mix bridge of the answer and lists the SKUs behind a clicked bar (en)', async () => {
    await setLocale('en');
    const router = renderAt(<DiscoverPage />, '/discover');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(labels()).toEqual([
      'Base sales $2\u202F200K',
      'Volume -$440K',
      'Price +$100K',
      'Mix +$590K',
      'Residual +$20K',
      'Current sales $2\u202F470K',
    ]);
    // Each term starts where the last ended: 2 200 000 − 440 000 = 1 760 000, + 100 000, + 590 000.
    const parts = bars().map((b) => [b.dataset.base, b.dataset.up, b.dataset.down].map(Number));
    expect(parts).toEqual([
      [0, 2_200_000, 0],
      [1_760_000, 440_000, 0],
      [1_760_000, 100_000, 0],
      [1_860_000, 590_000, 0],
      [2_450_000, 20_000, 0],
      [0, 2_470_000, 0],
    ]);
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({ data_scope_id: 1, selector: 'mom' });
    // The largest term (mix) is listed first; a click on Price lists the SKU behind it, linked to Product Analysis.
    expect(screen.getByTestId('movement-skus-title').textContent).toBe('Top SKUs behind “Mix”');
    fireEvent.click(bars()[2]!);
    expect(screen.getByTestId('movement-skus-title').textContent).toBe('Top SKUs behind “Price”');
    const rows = within(screen.getByTestId('movement-skus')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1面霜A-enShop 1 · Tmall+$100KContinuing+$320K$1\u202F000K$1\u202F320K',
    ]);
    // The shop and platform beside the title tell one title's shops apart.
    expect(within(rows[0]!).getByTestId('movement-skus-seller').textContent).toBe('Shop 1 · Tmall');
    const link = within(rows[0]!).getByRole('link');
    expect(new URL(link.getAttribute('href')!, 'http://x').pathname).toBe('/analysis');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('sp')).toBe('1');
    const cats = within(screen.getByTestId('movement-categories')).getAllByRole('row').slice(1);
    expect(cats.map((r) => r.textContent)).toEqual(['Face care+$270K+$100K']);
    expect(router.state.location.search).toBe('');
    // The "?" defines the terms.
    fireEvent.click(within(screen.getByTestId('movement-panel')).getByTestId('panel-info'));
    await screen.findByTestId('panel-info-def-movement_mix');
  });

  it('switches to launches · continuing · discontinued, kept in the URL (zh-CN)', async () => {
    await setLocale('zh-CN');
    const router = renderAt(<DiscoverPage />, '/discover');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    fireEvent.click(within(screen.getByTestId('movement-view')).getByText('新品 · 延续 · 停售'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('mv')).toBe('lifecycle'));
    await waitFor(() => expect(bars()).toHaveLength(5));
    expect(labels()).toEqual([
      '基期销售额 $2\u202F200K',
      '新品 +$400K',
      '延续 +$70K',
      '停售 -$200K',
      '本期销售额 $2\u202F470K',
    ]);
    // 2 200 000 + 400 000 = 2 600 000; + 70 000; the fall of 200 000 ends at 2 470 000.
    expect(bars().map((b) => Number(b.dataset.base))).toEqual([0, 2_200_000, 2_600_000, 2_470_000, 0]);
    // The largest term is launches; a click on 停售 lists the discontinued SKU.
    expect(screen.getByTestId('movement-skus-title').textContent).toBe('“新品”贡献最大的商品');
    fireEvent.click(bars()[3]!);
    const rows = within(screen.getByTestId('movement-skus')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1精华C店3 · 天猫-$200K停售$200K$0']);
  });

  it('shows the launch cohorts it asks for and downloads the same request as .xlsx (en, zh-CN)', async () => {
    server.use(
      http.post('*/api/common/movement', () =>
        ok({
          ...ANSWER,
          cohorts: {
            recent_since: '2023-07-01',
            recent_sales: 617_500,
            recent_share: 0.25,
            by_year: [
              { year: 2017, sales: 1_235_000, share: 0.5 },
              { year: 2023, sales: 617_500, share: 0.25 },
              { year: 2024, sales: 617_500, share: 0.25 },
            ],
          },
        }),
      ),
      http.post(
        '*/api/common/movement/downloads',
        () =>
          new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      ),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await setLocale('en');
    renderAt(<DiscoverPage />, '/discover');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    // Category Insight asks for the cohorts; the axis of a bridge alone starts under its lowest point.
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({ cohorts: true });
    expect(screen.getByTestId('waterfall').dataset.min).toBe('1400000');
    expect(screen.getByTestId('movement-cohorts-recent').textContent).toBe(
      'SKUs launched in the last year (since 2023-07) sold $618K, 25.0% of current sales',
    );
    expect(screen.getAllByTestId('movement-cohorts-year').map((y) => y.textContent)).toEqual([
      '2017 and earlier 50.0%',
      '2023 25.0%',
      '2024 25.0%',
    ]);
    const panel = screen.getByTestId('movement-panel');
    const button = within(panel).getByTestId('download-button') as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toEqual(['What moved it.xlsx']));
    expect(callsTo('movement/downloads', 'POST')[0]!.body).toMatchObject({
      data_scope_id: 1,
      cohorts: true,
      selector: 'mom',
    });
    click.mockRestore();
    await setLocale('zh-CN');
    await waitFor(() =>
      expect(screen.getByTestId('movement-cohorts-recent').textContent).toBe(
        '近一年（2023-07 起）上市的商品贡献 $618K，占本期销售额 25.0%',
      ),
    );
    expect(screen.getAllByTestId('movement-cohorts-year')[0]!.textContent).toBe('2017 年及更早 50.0%');
  });

  it('opens the lifecycle view from a shared address', async () => {
    await setLocale('en');
    renderAt(<DiscoverPage />, '/discover?mv=lifecycle');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(labels()[1]).toBe('Launches +$400K');
  });
});

const BRAND = 10008;
const part = (key: string, name: string, over: Partial<ShareContribution>): ShareContribution => ({
  key,
  name,
  name_en: `${name}-en`,
  market_sales: 0,
  market_base_sales: 0,
  sales: 0,
  base_sales: 0,
  contribution: 0,
  within: 0,
  weight: 0,
  ...over,
});
/**
 * The share example of docs/metrics.md: 100 of X's 1 000 and 200 of Y's 1 000 in the base (15 %), 300 of
 * X's 1 500 and 100 of Y's 500 now (20 %). X: 300/2000 − 100/2000 = +10 pp = within ½(0.5 + 0.75)(0.2 − 0.1)
 * + weight ½(0.1 + 0.2)(0.75 − 0.5); Y: 100/2000 − 200/2000 = −5 pp, all weight.
 */
const BRAND_ANSWER: MovementAnswer = {
  ...ANSWER,
  share: {
    focus: { kind: 'brand', key: String(BRAND), name: '露鲜', name_en: 'Luxian' },
    market_sales: 2000,
    market_base_sales: 2000,
    share: 400 / 2000,
    base_share: 300 / 2000,
    change: 400 / 2000 - 300 / 2000,
    by_category: [
      part('21', '品类X', {
        contribution: 300 / 2000 - 100 / 2000,
        within: 0.5 * (0.5 + 0.75) * (0.2 - 0.1),
        weight: 0.5 * (0.1 + 0.2) * (0.75 - 0.5),
      }),
      part('22', '品类Y', { contribution: 100 / 2000 - 200 / 2000, weight: 0.5 * (0.2 + 0.2) * (0.25 - 0.5) }),
    ],
    by_platform: [part('1', '天猫', { contribution: 400 / 2000 - 300 / 2000, within: 400 / 2000 - 300 / 2000 })],
  },
};
const brandInfo: BrandInfo = {
  brand_id: BRAND,
  name: '露鲜',
  name_en: 'Luxian',
  first_period: '2017-01-01',
  last_period: '2024-06-01',
  sku_count: 7,
  shop_count: 11,
  platforms: [{ platform_id: 1, name: '天猫', name_en: 'Tmall' }],
  categories: [],
  followed: false,
  limited: false,
};

describe('What moved it on Brand Detail', () => {
  beforeEach(() => {
    server.use(
      ...referenceHandlers({ user: analysisUser([5]) }),
      http.post('*/api/common/brands/info', () => ok(brandInfo)),
      http.post('*/api/common/movement', () => ok(BRAND_ANSWER)),
    );
  });

  it("asks for the brand's bridge and shows its share change by category and platform (en)", async () => {
    await setLocale('en');
    renderAt(<BrandPage />, `/brand?brand=${BRAND}`);
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({ brand_id: BRAND, cohorts: true });
    expect(labels()[1]).toBe('Volume -$440K');
    expect(screen.getByTestId('movement-share-title').textContent).toBe("Luxian's share: 15.0% → 20.0% (+5.0 pp)");
    const cats = within(screen.getByTestId('movement-share-category')).getAllByRole('row').slice(1);
    expect(cats.map((r) => r.textContent)).toEqual(['品类X-en+10.0 pp+6.3 pp+3.8 pp', '品类Y-en-5.0 pp0 pp-5.0 pp']);
    const platforms = within(screen.getByTestId('movement-share-platform')).getAllByRole('row').slice(1);
    expect(platforms.map((r) => r.textContent)).toEqual(['天猫-en+5.0 pp+5.0 pp0 pp']);
    fireEvent.click(within(screen.getByTestId('movement-panel')).getByTestId('panel-info'));
    await screen.findByTestId('panel-info-def-share_split');
  });

  it('keeps the split in the URL beside the brand (zh-CN)', async () => {
    await setLocale('zh-CN');
    const router = renderAt(<BrandPage />, `/brand?brand=${BRAND}`);
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(screen.getByTestId('movement-share-title').textContent).toBe('露鲜的份额：15.0% → 20.0%（+5.0pct）');
    fireEvent.click(within(screen.getByTestId('movement-view')).getByText('新品 · 延续 · 停售'));
    await waitFor(() => expect(router.state.location.search).toBe(`?brand=${BRAND}&mv=lifecycle`));
    await waitFor(() => expect(labels()[1]).toBe('新品 +$400K'));
  });
});

const cmp = (growth: number): ShopComparison => ({
  base_range: ANSWER.base,
  base: { sales: 1, count: 1, avg_price: 1, share: 0.1 },
  growth: { sales: growth, count: 0, avg_price: 0, share: 0 },
  share_change: 0.012,
  flags: [],
});
const shopItem = (value: string, name: string, name_en: string): ShopOverviews['items'][number] => ({
  shop_id: Number(value.split(',')[1]),
  value,
  name,
  name_en,
  platform: { id: 1, code: 'tmall', name: '天猫', name_en: 'Tmall' },
  channel: { shop_type: 'flagship', name: '旗舰店', name_en: 'Flagship' },
  link: null,
  sales: 2_470_000,
  count: 32,
  avg_price: 77,
  share: 0.2,
  platform_share: 0.2,
  rank: 1,
  brand_count: 1,
  product_count: 3,
  mom: cmp(0.12),
  yoy: cmp(0.1),
});
const OVERVIEWS: ShopOverviews = {
  range: ANSWER.range,
  market: { sales: 12_350_000, count: 1, avg_price: 1, shop_count: 2 },
  items: [shopItem('1,77', '露鲜旗舰店', 'Luxian Flagship'), shopItem('1,8', '花间超市', 'Huajian Market')],
  warnings: [],
};
const SHOP_ANSWER: MovementAnswer = {
  ...BRAND_ANSWER,
  share: {
    ...BRAND_ANSWER.share!,
    focus: { kind: 'shop', key: '1,8', name: '花间超市', name_en: 'Huajian Market' },
  },
};

describe('What moved it on Store Analysis', () => {
  beforeEach(() => {
    server.use(
      ...referenceHandlers({ user: analysisUser([9]) }),
      http.post('*/api/common/shops/overviews', () => ok(OVERVIEWS)),
      http.post('*/api/common/movement', () => ok(SHOP_ANSWER)),
    );
  });

  it("asks for the focused shop's bridge and its share split, the split in the URL (en)", async () => {
    await setLocale('en');
    const router = renderAt(<ShopPage />, '/shop?s=1:77,1:8&fs=1%2C8');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({ shop: '1,8' });
    expect(labels()[3]).toBe('Mix +$590K');
    expect(screen.getByTestId('movement-share-title').textContent).toBe(
      "Huajian Market's share: 15.0% → 20.0% (+5.0 pp)",
    );
    fireEvent.click(within(screen.getByTestId('movement-view')).getByText('Launches · continuing'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('mv')).toBe('lifecycle'));
    await waitFor(() => expect(labels()[3]).toBe('Discontinued -$200K'));
  });

  it('without a focus asks for the first shop (zh-CN)', async () => {
    await setLocale('zh-CN');
    renderAt(<ShopPage />, '/shop?s=1:77,1:8');
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({ shop: '1,77' });
    expect(labels()[0]).toBe('基期销售额 $2\u202F200K');
  });
});

describe('What moved it on Concept Explore', () => {
  beforeEach(() => {
    server.use(
      ...referenceHandlers({ user: analysisUser([2]) }),
      http.post('*/api/common/concept/empty', () => ok({ empty: false, warnings: [] })),
      http.post('*/api/common/movement', () => ok(ANSWER)),
    );
  });

  it("splits the concept's sales: its words go with the filter, the split in the URL (en, zh-CN)", async () => {
    await setLocale('en');
    const router = renderAt(<ExplorePage />, `/explore?kw=${encodeURIComponent('面霜')}`);
    await screen.findByTestId('waterfall', undefined, { timeout: 30_000 });
    expect(callsTo('movement', 'POST')[0]!.body).toMatchObject({
      goodsKeywords: { enable: true, value: ['面霜'] },
    });
    // Cohorts are Category Insight's and Brand Detail's only.
    expect((callsTo('movement', 'POST')[0]!.body as { cohorts?: boolean }).cohorts).toBeUndefined();
    expect(screen.queryByTestId('movement-cohorts')).toBeNull();
    expect(labels()[2]).toBe('Price +$100K');
    expect(screen.queryByTestId('movement-share')).toBeNull();
    fireEvent.click(bars()[4]!);
    expect(screen.getByTestId('movement-skus-title').textContent).toBe('Top SKUs behind “Residual”');
    await setLocale('zh-CN');
    await waitFor(() => expect(screen.getByTestId('movement-skus-title').textContent).toBe('“交互项”贡献最大的商品'));
    fireEvent.click(within(screen.getByTestId('movement-view')).getByText('新品 · 延续 · 停售'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('mv')).toBe('lifecycle'));
  });
});

describe('the waterfall axis', () => {
  it('starts under the lowest point of the bridge when the terms are small beside the totals', () => {
    // Lowest point 1 760 000, highest 2 470 000: half the span (355 000) below, down to a 100 000.
    expect(axisMin(bridgeSteps(ANSWER.total, 'effects'))).toBe(1_400_000);
    // Launches · continuing: lowest 2 200 000, highest 2 670 000; 2 200 000 − 235 000 → 1 900 000.
    expect(axisMin(bridgeSteps(ANSWER.total, 'lifecycle'))).toBe(1_900_000);
  });

  it('prints half units on its ticks, whole ones without a decimal', () => {
    const fmt = makeFormatters('en', '¥', 'month');
    expect([12_500_000_000, 13_000_000_000, 9_500_000_000].map((v) => axisMoney(v, fmt))).toEqual([
      '¥12.5B',
      '¥13B',
      '¥9\u202F500M',
    ]);
  });

  it('starts at zero for bridges side by side, unless a bar falls below it', () => {
    const steps = bridgeSteps(ANSWER.total, 'effects');
    expect(axisStart(steps, true)).toBe(0);
    expect(axisStart(steps, false)).toBe(1_400_000);
    const below = {
      ...ANSWER.total,
      base_sales: 100,
      sales: 50,
      change: -50,
      volume: -300,
      mix: 250,
      price: 0,
      residual: 0,
    };
    expect(axisStart(bridgeSteps(below, 'effects'), true)).toBeUndefined();
  });

  it('starts at zero when a term is as large as the totals', () => {
    const total = {
      ...ANSWER.total,
      base_sales: 100,
      sales: 900,
      change: 800,
      volume: 800,
      price: 0,
      mix: 0,
      residual: 0,
    };
    expect(axisMin(bridgeSteps(total, 'effects'))).toBe(0);
  });
});

const SLOT_BRANDS = [
  { id: 101, name: '露鲜', name_en: 'Luxian' },
  { id: 102, name: '檀越', name_en: 'Tanyue' },
];
const slotOf = (k: number, categories: number[]): ContrastSlot => {
  const b = SLOT_BRANDS[k]!;
  const growth = { sales: 0.1, count: 0, avg_price: 0, share: 0 };
  const compared = {
    base_range: ANSWER.base,
    base: { sales: 1, count: 1, avg_price: 1, share: 0.1, rank: 2 },
    growth,
    share_change: 0.012,
    contribution: 0.25,
    market_growth: 0.1,
    flags: [],
  };
  return {
    brand_id: b.id,
    categories,
    access: 'ok',
    name: b.name,
    name_en: b.name_en,
    warnings: [],
    figures: {
      overview: {
        brand_id: b.id,
        name: b.name,
        name_en: b.name_en,
        sales: 1,
        count: 1,
        avg_price: 1,
        share: 0.1,
        rank: 1,
        mom: compared,
        yoy: compared,
      },
      market: { sales: 10, count: 1, avg_price: 1, brand_count: 2 },
      trend: [],
      categories: [],
      channels: [],
      price_bands: { rows: [], bands: [] },
      top_products: [],
    },
  };
};
/** Slot 2's bridge: base 1 000 000 → +50 000 +30 000 +15 000 +5 000 → 1 100 000. */
const SLOT2: MovementAnswer = {
  ...ANSWER,
  total: {
    ...ANSWER.total,
    base_sales: 1_000_000,
    sales: 1_100_000,
    change: 100_000,
    volume: 50_000,
    price: 30_000,
    mix: 15_000,
    residual: 5_000,
    launches: 60_000,
    continuing: 50_000,
    discontinued: -10_000,
  },
};

describe('What moved it on Brand Comparison', () => {
  beforeEach(() => {
    server.use(
      ...referenceHandlers({ user: analysisUser([7]) }),
      http.post('*/api/common/contrast/brands', async ({ request }) => {
        const body = (await request.clone().json()) as { slots: { brand_id: number; categories?: number[] }[] };
        const answer: Contrast = {
          range: ANSWER.range,
          level: 1,
          slots: body.slots.map((s) =>
            slotOf(
              SLOT_BRANDS.findIndex((b) => b.id === s.brand_id),
              s.categories ?? [],
            ),
          ),
          warnings: [],
        };
        return ok(answer);
      }),
      http.post('*/api/common/movement', async ({ request }) => {
        const body = (await request.clone().json()) as { brand_id: number };
        return ok(body.brand_id === 101 ? BRAND_ANSWER : SLOT2);
      }),
    );
  });

  it("draws each slot's bridge from its own request, side by side, one switch in the URL (en, zh-CN)", async () => {
    await setLocale('en');
    const router = renderAt(<ContrastPage />, '/contrast?sl=101-1_102');
    const slot1 = await screen.findByTestId('movement-slot-1', undefined, { timeout: 30_000 });
    const slot2 = screen.getByTestId('movement-slot-2');
    await within(slot2).findByTestId('waterfall', undefined, { timeout: 30_000 });
    await within(slot1).findByTestId('waterfall');
    const asked = callsTo('movement', 'POST').map((c) => c.body as Record<string, unknown>);
    expect(asked).toHaveLength(2);
    expect(asked.find((b) => b.brand_id === 101)).toMatchObject({ category: { enable: true, value: [1] } });
    expect(asked.find((b) => b.brand_id === 102)?.category).not.toMatchObject({ value: [1] });
    const slotLabels = (el: HTMLElement) =>
      within(el)
        .getAllByTestId('bar')
        .map((b) => b.textContent);
    expect(slotLabels(slot1)[1]).toBe('Volume -$440K');
    // Side by side, every slot's value axis starts at zero (a bridge alone would start at 1 400 000).
    expect(within(slot1).getByTestId('waterfall').dataset.min).toBe('0');
    expect(within(slot2).getByTestId('waterfall').dataset.min).toBe('0');
    expect(within(slot1).queryByTestId('download-button')).toBeNull();
    expect(slotLabels(slot2)).toEqual([
      'Base sales $1\u202F000K',
      'Volume +$50K',
      'Price +$30K',
      'Mix +$15K',
      'Residual +$5\u202F000',
      'Current sales $1\u202F100K',
    ]);
    // Slot 1 is a brand in its market: its share line; a click lists the SKUs behind the term.
    expect(within(slot1).getByTestId('movement-1-share-title').textContent).toBe(
      "Luxian's share: 15.0% → 20.0% (+5.0 pp)",
    );
    fireEvent.click(within(slot1).getAllByTestId('bar')[2]!);
    const rows = within(within(slot1).getByTestId('movement-1-skus')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1面霜A-enShop 1 · Tmall+$100K']);
    await setLocale('zh-CN');
    fireEvent.click(screen.getByText('新品 · 延续 · 停售'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('mv')).toBe('lifecycle'));
    await waitFor(() => expect(slotLabels(slot2)[3]).toBe('停售 -$10K'));
    expect(slotLabels(slot1)[1]).toBe('新品 +$400K');
  });
});
