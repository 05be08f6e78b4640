import {
  classifyCoverage,
  datasetGaps,
  figureFlags,
  LOW_BASE_GROWTH,
  type PeriodStats,
  periodsOf,
  rangeGaps,
  unequalCoverage,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const month = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
const stat = (period: string, rows: number, sales = rows * 100): PeriodStats => ({
  period,
  rows,
  sales,
  skus: rows,
  shops: Math.ceil(rows / 10),
});

describe('classifyCoverage', () => {
  it('finds the gap and the stray rows after it, as a real export has them', () => {
    // 2018-01 … 2018-08 full, nothing for 19 months, then four stray rows in 2020-04.
    const stats = [1, 2, 3, 4, 5, 6, 7, 8].map((m) => stat(month(2018, m), 1000 + m));
    stats.push(stat(month(2020, 4), 4));
    const c = classifyCoverage(stats, 'month', '2026-12-01');
    expect(c.periods).toHaveLength(8 + 19 + 1);
    expect(c.lastComplete).toBe('2018-08-01');
    const gaps = datasetGaps(c);
    expect(gaps.filter((g) => g.state === 'missing')).toHaveLength(19);
    expect(gaps.at(-1)).toEqual({ period: '2020-04-01', state: 'sparse' });
    expect(gaps[0]).toEqual({ period: '2018-09-01', state: 'missing' });
    // The median of the eight full months and the one stray month is the fifth of nine values.
    expect(c.typical.rows).toBe(1004);
  });

  it('marks the last period partial while it has not ended, and when it is far below typical', () => {
    const stats = [1, 2, 3, 4, 5, 6].map((m) => stat(month(2026, m), 1000));
    expect(classifyCoverage(stats, 'month', '2026-06-20').periods.at(-1)?.state).toBe('partial');
    expect(classifyCoverage(stats, 'month', '2026-07-01').periods.at(-1)?.state).toBe('complete');
    const low = [...stats.slice(0, 5), stat(month(2026, 6), 400)];
    const c = classifyCoverage(low, 'month', '2026-12-01');
    expect(c.periods.at(-1)?.state).toBe('partial');
    expect(c.lastComplete).toBe('2026-05-01');
  });

  it('marks a thin first period partial (an export that starts mid-year) but a thin middle one only when sparse', () => {
    const stats = [stat(month(2024, 1), 300), ...[2, 3, 4, 5].map((m) => stat(month(2024, m), 1000))];
    stats.push(stat(month(2024, 6), 300));
    stats.push(stat(month(2024, 7), 1000));
    const states = classifyCoverage(stats, 'month').periods.map((p) => p.state);
    expect(states).toEqual(['partial', 'complete', 'complete', 'complete', 'complete', 'complete', 'complete']);
  });

  it('does not take the first months of a market that grew for years for a partial export', () => {
    // Sales double every year: month 1 is a quarter of the median month, but close to month 2.
    const stats = Array.from({ length: 36 }, (_, i) =>
      stat(month(2020 + Math.floor(i / 12), (i % 12) + 1), 100, 1000 * 2 ** (i / 12)),
    );
    const c = classifyCoverage(stats, 'month', '2026-12-01');
    expect(c.periods.every((p) => p.state === 'complete')).toBe(true);
    expect(c.lastComplete).toBe('2022-12-01');
  });

  it('works on weeks, aligning rows to their Monday', () => {
    const stats = [stat('2024-01-01', 50), stat('2024-01-10', 50), stat('2024-01-22', 50)];
    const c = classifyCoverage(stats, 'week');
    expect(c.periods.map((p) => [p.period, p.state])).toEqual([
      ['2024-01-01', 'complete'],
      ['2024-01-08', 'complete'],
      ['2024-01-15', 'missing'],
      ['2024-01-22', 'complete'],
    ]);
  });

  it('has nothing complete on an empty dataset', () => {
    const c = classifyCoverage([], 'month');
    expect(c.periods).toEqual([]);
    expect(c.lastComplete).toBeNull();
  });

  it('never calls a period complete below the sparse share, whatever the data', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 30 }), (rows) => {
        const stats = rows.map((r, i) => stat(month(2020 + Math.floor(i / 12), (i % 12) + 1), r));
        const c = classifyCoverage(stats, 'month');
        for (const p of c.periods) {
          if (p.rows === 0) expect(p.state).toBe('missing');
          if (p.state === 'complete') expect(p.rows).toBeGreaterThanOrEqual(0.1 * c.typical.rows);
        }
        if (c.lastComplete) expect(c.periods.find((p) => p.period === c.lastComplete)?.state).toBe('complete');
      }),
    );
  });
});

describe('rangeGaps', () => {
  const c = classifyCoverage([stat(month(2024, 1), 10), stat(month(2024, 3), 10)], 'month');

  it('names missing periods inside the dataset and beyond its ends', () => {
    expect(rangeGaps(c, { start: '2023-12-01', end: '2024-04-01' })).toEqual([
      { period: '2023-12-01', state: 'missing' },
      { period: '2024-02-01', state: 'missing' },
      { period: '2024-04-01', state: 'missing' },
    ]);
    expect(rangeGaps(c, { start: '2024-03-01', end: '2024-03-01' })).toEqual([]);
  });

  it('lists every period of a range', () => {
    expect(periodsOf({ start: '2024-11-01', end: '2025-02-01' }, 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
  });
});

describe('figureFlags', () => {
  it('marks a growth against a tiny base, and the incomplete ranges', () => {
    expect(figureFlags({ growth: 1528 })).toEqual(['low_base']);
    expect(figureFlags({ growth: LOW_BASE_GROWTH })).toEqual(['low_base']);
    expect(figureFlags({ growth: LOW_BASE_GROWTH - 0.01 })).toEqual([]);
    expect(figureFlags({ growth: null, baseIncomplete: true })).toEqual(['base_incomplete']);
    expect(figureFlags({ growth: -1, rangeIncomplete: true })).toEqual(['range_incomplete']);
  });

  it('tells unequal coverage apart', () => {
    const gap = [{ period: '2024-02-01', state: 'missing' as const }];
    expect(unequalCoverage(gap, [])).toBe(true);
    expect(unequalCoverage([], [])).toBe(false);
    expect(unequalCoverage(gap, gap)).toBe(false);
  });
});
