// @vitest-environment node
/**
 * The time axis every chart is drawn on (shared/analysis/timeAxis.ts), the default range and the
 * pickers' week labels against the coverage rules of docs/product.md §4 "Coverage of the data".
 * Expected periods are counted out by hand from the calendar, not taken from the code under test.
 */
import { periodLabel } from '@marketlens/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultDateRange } from '../src/shared/analysis/filter.js';
import { periodFormat } from '../src/shared/analysis/filters/usePeriodPicker.js';
import { axisRange, gapRuns, tableRangeGaps, timeAxis } from '../src/shared/analysis/timeAxis.js';

const table = {
  farthest_date: '2024-01-01',
  latest_date: '2024-08-01',
  last_complete_date: '2024-07-01',
  gaps: [
    { period: '2024-03-01', state: 'missing' as const },
    { period: '2024-04-01', state: 'sparse' as const },
    { period: '2024-08-01', state: 'partial' as const },
  ],
  as_of: '2024-08-20',
};

describe('tableRangeGaps', () => {
  it('names the dataset gaps inside the range and counts periods outside the dataset as missing', () => {
    expect(tableRangeGaps(table, { start: '2023-11-01', end: '2024-09-01' }, 'month')).toEqual([
      { period: '2023-11-01', state: 'missing' },
      { period: '2023-12-01', state: 'missing' },
      { period: '2024-03-01', state: 'missing' },
      { period: '2024-04-01', state: 'sparse' },
      { period: '2024-08-01', state: 'partial' },
      { period: '2024-09-01', state: 'missing' },
    ]);
    expect(tableRangeGaps(table, { start: '2024-05-01', end: '2024-07-01' }, 'month')).toEqual([]);
  });

  it('reads an answer without gaps (older servers) as complete within its span', () => {
    const plain = { farthest_date: '2024-01-01', latest_date: '2024-03-01' };
    expect(tableRangeGaps(plain, { start: '2024-01-01', end: '2024-04-01' }, 'month')).toEqual([
      { period: '2024-04-01', state: 'missing' },
    ]);
  });
});

describe('timeAxis', () => {
  it('puts every period of the range on the axis; no data or a gap is null, never 0, with the reason', () => {
    const gaps = tableRangeGaps(table, { start: '2024-02-01', end: '2024-06-01' }, 'month');
    const axis = timeAxis(
      { start: '2024-02-01', end: '2024-06-01' },
      'month',
      [
        { period: '2024-02-01', value: 10 },
        // A sparse month's few sales are not drawn: they would read as a collapse.
        { period: '2024-04-01', value: 1 },
        { period: '2024-06-15', value: 0 },
        { period: '2023-12-01', value: 99 },
      ],
      gaps,
    );
    expect(axis.periods).toEqual(['2024-02-01', '2024-03-01', '2024-04-01', '2024-05-01', '2024-06-01']);
    expect(axis.values).toEqual([10, null, null, null, 0]);
    expect(axis.reasons).toEqual([null, 'missing', 'sparse', null, null]);
  });

  it('weeks: Mondays, points of any day aligned to their week', () => {
    const axis = timeAxis({ start: '2024-12-23', end: '2025-01-06' }, 'week', [{ period: '2025-01-01', value: 5 }]);
    expect(axis.periods).toEqual(['2024-12-23', '2024-12-30', '2025-01-06']);
    expect(axis.values).toEqual([null, 5, null]);
  });

  it('without the applied range the axis spans the answer from its first to its last period, none skipped', () => {
    expect(axisRange(['2024-05-01', '2024-02-01'], 'month')).toEqual({ start: '2024-02-01', end: '2024-05-01' });
    expect(axisRange([], 'month')).toBeNull();
    expect(timeAxis(null, 'month', [{ period: '2024-01-01', value: 1 }])).toEqual({
      periods: [],
      values: [],
      reasons: [],
    });
  });
});

describe('gapRuns', () => {
  it('compresses consecutive periods of one reason into a run', () => {
    const gaps = [
      ...['2018-10-01', '2018-11-01', '2018-12-01'].map((period) => ({ period, state: 'missing' as const })),
      { period: '2019-01-01', state: 'sparse' as const },
      { period: '2019-03-01', state: 'sparse' as const },
    ];
    expect(gapRuns(gaps, 'month')).toEqual([
      { state: 'missing', start: '2018-10-01', end: '2018-12-01', count: 3 },
      { state: 'sparse', start: '2019-01-01', end: '2019-01-01', count: 1 },
      { state: 'sparse', start: '2019-03-01', end: '2019-03-01', count: 1 },
    ]);
    const weeks = ['2020-12-28', '2021-01-04'].map((period) => ({ period, state: 'partial' as const }));
    expect(gapRuns(weeks, 'week')).toEqual([{ state: 'partial', start: '2020-12-28', end: '2021-01-04', count: 2 }]);
  });
});

describe('defaultDateRange', () => {
  it('ends at the last complete period; at the latest when none is complete', () => {
    // 12 months back from July 2024 is August 2023, before the dataset: it starts at its first month.
    expect(defaultDateRange(table, 'month')).toEqual(['2024-01-01', '2024-07-01']);
    const long = { ...table, farthest_date: '2020-01-01' };
    expect(defaultDateRange(long, 'month')).toEqual(['2023-08-01', '2024-07-01']);
    expect(defaultDateRange({ ...long, last_complete_date: null }, 'month')).toEqual(['2023-09-01', '2024-08-01']);
    // 13 Mondays ending on 2024-06-03 (the last complete week): 2024-03-11 … 2024-06-03.
    const weekly = { farthest_date: '2023-01-02', latest_date: '2024-06-10', last_complete_date: '2024-06-03' };
    expect(defaultDateRange(weekly, 'week')).toEqual(['2024-03-11', '2024-06-03']);
  });
});

describe('periodFormat', () => {
  it('labels a week as the charts do (ISO weeks, the year of their Thursday), before antd loads', () => {
    // 2021-01-03 is a Sunday of ISO week 2020-W53; 2024-12-30 is the Monday of 2025-W01.
    for (const [day, label] of [
      ['2021-01-03', '2020-W53'],
      ['2024-12-30', '2025-W01'],
      ['2020-03-30', '2020-W14'],
    ] as const) {
      expect(dayjs(day).format(periodFormat('week', true))).toBe(label);
      expect(periodLabel(day, 'week')).toBe(label);
    }
    expect(dayjs('2024-12-30').format(periodFormat('week', false))).toBe('2025-第01周');
    expect(dayjs('2024-12-30').format(periodFormat('month', true))).toBe('2024-12');
  });
});
