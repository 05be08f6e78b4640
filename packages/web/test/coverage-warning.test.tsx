/**
 * docs/product.md §4 "Coverage of the data" on the page: the one warning under every page's filter
 * panel naming the applied range's periods that are not complete, in runs, in both languages; the
 * default range ending at the last complete period; the period picker's week label from the start.
 * The dataset here has a long hole: the expected runs are counted out by hand from the calendar.
 */
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { FilterPanel } from '../src/shared/analysis/index.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { projectBrief, referenceHandlers, renderAt, server, setUpApiTests } from './support/analysis-harness.js';

const months = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const [y, m] = from.split('-').map(Number) as [number, number];
    const k = y * 12 + (m - 1) + i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
  });

/** 2018-01 … 2020-06: 2018-10 … 2020-03 missing (18 months), 2020-04 sparse, 2020-06 still filling. */
const GAPPY = {
  farthest_date: '2018-01-01',
  latest_date: '2020-06-01',
  last_complete_date: '2020-05-01',
  gaps: [
    ...months('2018-10', 18).map((period) => ({ period, state: 'missing' })),
    { period: '2020-04-01', state: 'sparse' },
    { period: '2020-06-01', state: 'partial' },
  ],
  as_of: '2020-06-20',
};

const tableDate = (data: unknown) => http.get('*/api/common/table_date', () => HttpResponse.json({ ok: true, data }));

setUpApiTests('en');

describe('coverage warning', () => {
  beforeEach(async () => {
    await setLocale('en');
    server.use(...referenceHandlers());
  });

  it('the default range ends at the last complete month and names its gaps in runs', async () => {
    server.use(tableDate(GAPPY));
    renderAt(<FilterPanel />, '/discover');
    // 12 months ending 2020-05 start at 2019-06: ten of them missing, then April sparse.
    expect((await screen.findByTestId('coverage-warning')).textContent).toBe(
      'The selected period is not fully covered by the data: 2019-06 … 2020-03 missing (10 months); 2020-04 sparse.',
    );
    expect((screen.getByTestId('filter-date') as HTMLInputElement).value).toBe('2019-06 ~ 2020-05');
  });

  it('a chosen range up to the latest month adds the partial one; before the dataset counts as missing', async () => {
    server.use(tableDate(GAPPY));
    renderAt(<FilterPanel />, '/discover?t=2017-11-01,2020-06-01');
    expect((await screen.findByTestId('coverage-warning')).textContent).toBe(
      'The selected period is not fully covered by the data: ' +
        '2017-11 … 2017-12 missing (2 months); 2018-10 … 2020-03 missing (18 months); 2020-04 sparse; 2020-06 partial.',
    );
  });

  it('in Chinese', async () => {
    await setLocale('zh-CN');
    server.use(tableDate(GAPPY));
    renderAt(<FilterPanel />, '/discover?t=2018-09-01,2020-04-01');
    expect((await screen.findByTestId('coverage-warning')).textContent).toBe(
      '所选时间范围内数据不完整：2018-10 … 2020-03 缺失（18 个月）；2020-04 稀疏。',
    );
  });

  it('no warning for a complete range', async () => {
    server.use(tableDate(GAPPY));
    renderAt(<FilterPanel />, '/discover?t=2018-01-01,2018-09-01');
    await waitFor(() =>
      expect((screen.getByTestId('filter-date') as HTMLInputElement).value).toBe('2018-01 ~ 2018-09'),
    );
    expect(screen.queryByTestId('coverage-warning')).toBeNull();
  });

  it('weekly: weeks named by their label, in the warning and in the picker before it is opened', async () => {
    server.use(
      http.get('*/api/common/projects/1/brief', () =>
        HttpResponse.json({ ok: true, data: projectBrief({ date_field: 'week' }) }),
      ),
      tableDate({
        farthest_date: '2019-12-30',
        latest_date: '2020-04-06',
        last_complete_date: '2020-03-30',
        gaps: [
          { period: '2020-03-16', state: 'missing' },
          { period: '2020-03-23', state: 'missing' },
          { period: '2020-04-06', state: 'partial' },
        ],
        as_of: '2020-04-08',
      }),
    );
    renderAt(<FilterPanel />, '/discover');
    // 13 Mondays ending 2020-03-30 (ISO week 14) start at 2020-01-06 (week 2).
    expect((await screen.findByTestId('coverage-warning')).textContent).toBe(
      'The selected period is not fully covered by the data: 2020-W12 … 2020-W13 missing (2 weeks).',
    );
    expect((screen.getByTestId('filter-date') as HTMLInputElement).value).toBe('2020-W02 ~ 2020-W14');
  });
});
