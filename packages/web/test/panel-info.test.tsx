import { MESSAGES } from '@marketlens/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CharactersPanel } from '../src/features/brand/CharactersPanel.js';
import { FigureCard } from '../src/shared/analysis/FigureCards.js';
import { PanelCard, rangeIsGap } from '../src/shared/analysis/PanelCard.js';
import { tableRangeGaps } from '../src/shared/analysis/timeAxis.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { ok, projectBrief, referenceHandlers, renderAt, server, setUpApiTests } from './support/analysis-harness.js';

/**
 * The "how is this computed" popover of panels and cards and the three empty states (docs/metrics.md
 * "On-screen definitions"). The dataset runs 2023-01 … 2024-06,
 * with a sparse and a missing month in early 2023, a missing one in 2023-09 and a partial last month.
 */
const GAPS = [
  { period: '2023-02-01', state: 'sparse' },
  { period: '2023-03-01', state: 'missing' },
  { period: '2023-09-01', state: 'missing' },
  { period: '2024-06-01', state: 'partial' },
] as const;
const TABLE_DATE = {
  farthest_date: '2023-01-01',
  latest_date: '2024-06-01',
  last_complete_date: '2024-05-01',
  gaps: GAPS,
  as_of: '2024-06-12',
};

const en = MESSAGES.en;
const zh = MESSAGES['zh-CN'];

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(
    http.get('*/api/common/table_date', () => ok(TABLE_DATE)),
    ...referenceHandlers(),
  );
});

async function openInfo(user: ReturnType<typeof userEvent.setup>, index = 0) {
  await user.click((await screen.findAllByTestId('panel-info'))[index]!);
  return screen.findByTestId('panel-info-content');
}

describe('the coverage of a range', () => {
  const table = { ...TABLE_DATE, gaps: GAPS };
  const rangeCoverage = (range: [string, string]) => tableRangeGaps(table, { start: range[0], end: range[1] }, 'month');
  it('lists the incomplete periods of the range, before the dataset counting as missing', () => {
    expect(rangeCoverage(['2022-12-01', '2023-03-01'])).toEqual([
      { period: '2022-12-01', state: 'missing' },
      { period: '2023-02-01', state: 'sparse' },
      { period: '2023-03-01', state: 'missing' },
    ]);
    // 2023-01 has data, so the range is not a gap as a whole; 2023-02 … 2023-03 is.
    expect(rangeIsGap(rangeCoverage(['2023-01-01', '2023-03-01']), ['2023-01-01', '2023-03-01'], 'month')).toBe(false);
    expect(rangeIsGap(rangeCoverage(['2023-02-01', '2023-03-01']), ['2023-02-01', '2023-03-01'], 'month')).toBe(true);
    // A partial period holds data: not a gap.
    expect(rangeIsGap(rangeCoverage(['2024-06-01', '2024-06-01']), ['2024-06-01', '2024-06-01'], 'month')).toBe(false);
  });
});

describe('the "how is this computed" popover', () => {
  it('on a panel: the definitions, the filter, the price basis, the grant, the as-of date and the coverage', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(
      <PanelCard title="Trend" definitions={['sales', 'growth']}>
        <span>chart</span>
      </PanelCard>,
      '/discover?t=2023-07-01,2024-06-01&vs=yoy&c=3,4&b=9',
    );
    const info = await openInfo(user);
    // The range shows once the dataset's period range has loaded.
    await within(info).findByText('Period: 2023-07 to 2024-06');
    const text = info.textContent ?? '';
    expect(within(info).getByTestId('panel-info-def-sales').textContent).toBe(
      en['analysis.def.sales.name'] + en['analysis.def.sales.text'],
    );
    // 'growth' is the selector's: year on year here.
    expect(text).toContain(en['analysis.def.growth_yoy.text']);
    expect(text).not.toContain(en['analysis.def.growth_mom.text']);
    expect(text).toContain('Period: 2023-07 to 2024-06');
    // The yoy base of 2023-07 … 2024-06 is the same twelve months a year earlier.
    expect(text).toContain('Base of Growth (YoY): 2022-07 to 2023-06');
    expect(text).toContain('Categories: 2 chosen');
    expect(text).toContain('Brands: 1 chosen');
    expect(text).toContain(en['analysis.info.priceList']);
    expect(text).toContain(en['analysis.info.grant']);
    expect(text).toContain('Dataset as of 2024-06-12');
    // Within 2023-07 … 2024-06: 2023-09 missing, 2024-06 partial (the 2023-02/03 gaps are outside).
    expect(within(info).getByTestId('panel-info-coverage').textContent).toBe(
      'Coverage of the period: 1 missing period and 1 partial period',
    );
  });

  it('names the discount price when the project has it and the user switched it on', async () => {
    server.use(
      http.get('*/api/common/projects/1/brief', () =>
        ok(projectBrief({ discount_price: true, discount_price_on: true })),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt(<PanelCard title="Trend" definitions={['sales']} />, '/discover?t=2023-10-01,2024-05-01');
    const info = await openInfo(user);
    await within(info).findByText('Period: 2023-10 to 2024-05');
    expect(info.textContent).toContain(en['analysis.info.priceDiscount']);
    expect(within(info).getByTestId('panel-info-coverage').textContent).toBe(en['analysis.info.coverageComplete']);
    // Without a growth, no comparison base.
    expect(info.textContent).not.toContain('Base of');
  });

  it('on a figure card, in Chinese', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup({ delay: null });
    renderAt(
      <FigureCard label="销售额" value="¥1" comparisons={[]} definitions={['sales', 'growth']} testId="card" />,
      '/discover?t=2023-07-01,2024-06-01',
    );
    const info = await openInfo(user);
    await within(info).findByText('时间段：2023-07 至 2024-06');
    expect(screen.getByText(zh['analysis.info.button'])).toBeTruthy();
    expect(within(info).getByTestId('panel-info-def-sales').textContent).toBe(
      zh['analysis.def.sales.name'] + zh['analysis.def.sales.text'],
    );
    // The default selector is mom.
    expect(within(info).getByTestId('panel-info-def-growth_mom')).toBeTruthy();
    expect(info.textContent).toContain('时间段：2023-07 至 2024-06');
    // The range is twelve months: the MoM base is the twelve before.
    expect(info.textContent).toContain('环比增长的基期：2022-07 至 2023-06');
  });
});

describe('empty states', () => {
  it('the filter matches nothing where the range is covered', async () => {
    renderAt(<PanelCard title="Trend" empty />, '/discover?t=2023-10-01,2024-05-01');
    expect((await screen.findByTestId('panel-empty-no-match')).textContent).toBe(en['analysis.empty.noMatch']);
  });

  it('a gap in the data where every period of the range is missing or sparse, naming them', async () => {
    renderAt(<PanelCard title="Trend" empty />, '/discover?t=2023-02-01,2023-03-01');
    expect((await screen.findByTestId('panel-empty-gap')).textContent).toBe(
      en['analysis.empty.gap'].replace('{periods}', '2023-02 and 2023-03'),
    );
  });

  it('nothing stands out when the page says so', async () => {
    renderAt(<PanelCard title="Characters" empty emptyReason={{ kind: 'nothing_stands_out' }} />, '/discover');
    expect((await screen.findByTestId('panel-empty-nothing-stands-out')).textContent).toBe(
      en['analysis.empty.nothingStandsOut'],
    );
  });

  it('brand characters: a brand that is the whole market has nothing that stands out', async () => {
    server.use(
      http.post('*/api/common/brands/characters', () =>
        ok({
          brand_share: 1,
          brand_sales: 5000,
          market_sales: 5000,
          attributes: [],
          price_bands: [],
          keywords: [],
          bands: [],
          warnings: [],
        }),
      ),
    );
    renderAt(<CharactersPanel brandId={9} brandName="B" />, '/brand?id=9');
    expect((await screen.findByTestId('panel-empty-nothing-stands-out')).textContent).toBe(
      en['brand.characters.wholeMarket'],
    );
  });
});
