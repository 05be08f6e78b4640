import type { EventReviewAnswer } from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventReviewPanel } from '../src/shared/analysis/eventReview/EventReviewPanel.js';
// The analysis area's strings (column titles), as a page that shows the panel has them.
import '../src/shared/analysis/index.js';
import { editionKey, parseEdition } from '../src/shared/analysis/eventReview/edition.js';
import { textParam } from '../src/shared/analysis/panelParams.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  callsTo,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

const PARAM = textParam('er', 80);
const edition = (code: string, year: number, start: string, end: string, periods: [string, string]) => ({
  code,
  year,
  name: code === 'double11' ? '双11' : '618',
  name_en: code === 'double11' ? 'Double 11' : '618',
  start,
  end,
  periods: { start: periods[0], end: periods[1] },
});

/** The answer for an edition asked (the latest when none is). */
function answer(code = 'double11', year = 2023): EventReviewAnswer {
  const sku = code === '618';
  return {
    choices: [
      { code: 'double11', year: 2023, name: '双11', name_en: 'Double 11' },
      { code: '618', year: 2023, name: '618', name_en: '618' },
    ],
    event: edition(code, year, `${year}-10-20`, `${year}-11-15`, [`${year}-10-01`, `${year}-11-01`]),
    predecessor: edition(code, year - 1, `${year - 1}-10-20`, `${year - 1}-11-15`, [
      `${year - 1}-10-01`,
      `${year - 1}-11-01`,
    ]),
    unequal: false,
    approximate: true,
    current: { sales: 2_500_000, count: 50_000, avg_price: 50, share: 0.25 },
    base: { sales: 2_000_000, count: 40_000, avg_price: 50, share: 0.2 },
    growth: { sales: 0.25, count: 0.25, avg_price: 0 },
    share_change: 0.05,
    movers_kind: sku ? 'sku' : 'brand',
    gainers: [
      {
        id: 11,
        name: '露鲜',
        name_en: 'Luxian',
        ...(sku
          ? {
              shop: { name: '露鲜旗舰店', name_en: 'Luxian Flagship' },
              platform: { code: 'tmall', name: '天猫', name_en: 'Tmall' },
            }
          : {}),
        sales: 900_000,
        base_sales: 400_000,
        change: 500_000,
        share: 0.36,
        base_share: 0.2,
        share_change: 0.16,
      },
    ],
    losers: [
      {
        id: 12,
        name: '檀越',
        name_en: 'Tanyue',
        sales: 100_000,
        base_sales: 300_000,
        change: -200_000,
        share: 0.04,
        base_share: 0.15,
        share_change: -0.11,
      },
    ],
    warnings: [],
  };
}

setUpApiTests('zh-CN');
beforeEach(() => {
  server.use(
    http.post('*/api/common/event-review', async ({ request }) => {
      const body = (await request.json()) as { event_code?: string; event_year?: number };
      return ok(answer(body.event_code, body.event_year));
    }),
    ...referenceHandlers({ user: analysisUser([4, 5]) }),
  );
});

describe('event review panel', () => {
  it('reads the edition from the URL in a stable form', () => {
    expect(parseEdition('double11:2025')).toEqual({ code: 'double11', year: 2025 });
    expect(parseEdition('spring_festival:2024')).toEqual({ code: 'spring_festival', year: 2024 });
    for (const bad of [null, '', 'double11', 'double11:25', 'a b:2025', ':2025']) expect(parseEdition(bad)).toBeNull();
    expect(editionKey({ code: '618', year: 2024 })).toBe('618:2024');
  });

  it('shows the latest edition against its predecessor, the figures and the movers (en)', async () => {
    await setLocale('en');
    renderAt(<EventReviewPanel edition={PARAM} />, '/discover');
    const panel = await screen.findByTestId('event-review', undefined, { timeout: 30_000 });
    expect(within(panel).getByTestId('event-review-event').textContent).toBe(
      'Double 11 2023: 2023-10-20 to 2023-11-15 (figures of 2023-10 to 2023-11)',
    );
    expect(panel.textContent).toContain('against Double 11 2022');
    expect(panel.textContent).toContain('Monthly data');
    expect(within(panel).getByTestId('event-review-sales').textContent).toBe('$2\u202F500K');
    expect(within(panel).getByTestId('event-review-share').textContent).toBe('25.0%');
    expect(panel.textContent).toContain('+5.0 pp');
    const gainers = within(panel).getByTestId('event-review-gainers');
    expect(gainers.textContent).toContain('Brands that gained most');
    expect(within(gainers).getByTestId('event-review-gainers-link').getAttribute('href')).toMatch(
      /^\/brand\?.*brand=11/,
    );
    expect(within(panel).getByTestId('event-review-losers').textContent).toContain('Tanyue');
    // No edition in the URL: the request names none, so the server picks the latest.
    expect(callsTo('event-review')[0]!.body).not.toHaveProperty('event_code');
  });

  it('picks another edition into the URL and the request; a SKU row names its shop (zh-CN)', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    const router = renderAt(<EventReviewPanel edition={PARAM} brandId={7} />, '/brand?brand=7');
    await screen.findByTestId('event-review', undefined, { timeout: 30_000 });
    expect(callsTo('event-review')[0]!.body).toMatchObject({ brand_id: 7 });
    await user.click(within(screen.getByTestId('event-review-pick')).getByRole('combobox'));
    await user.click(await screen.findByTitle('618 2023'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('er')).toBe('618:2023'));
    await waitFor(() =>
      expect(callsTo('event-review').at(-1)!.body).toMatchObject({ brand_id: 7, event_code: '618', event_year: 2023 }),
    );
    const gainers = await screen.findByTestId('event-review-gainers');
    await waitFor(() => expect(gainers.textContent).toContain('露鲜旗舰店 · 天猫'));
    expect(gainers.textContent).toContain('增长最多的商品');
    expect(within(gainers).getByTestId('event-review-gainers-link').getAttribute('href')).toMatch(
      /^\/analysis\?.*sp=11/,
    );
  });
});
