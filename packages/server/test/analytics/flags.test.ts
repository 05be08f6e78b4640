import {
  addMonths,
  classifyCoverage,
  type DatasetCoverage,
  LOW_BASE_GROWTH,
  type PeriodStats,
} from '@marketlens/shared';
import { describe, expect, it } from 'vitest';
import type { AnalyticsQuery } from '../../src/analytics/engine/model.js';
import { comparisonOf, coverageWarning, warnCoverage } from '../../src/analytics/engine/service.js';
import { type RawRow, shapeRows, totalsLayout } from '../../src/analytics/engine/shape.js';
import { warningsOf } from '../../src/analytics/panels/common.js';

/**
 * The flags of shaped rows and the unequal-coverage warning (docs/metrics.md "Flags"), pure: a
 * coverage of six months with the fourth missing, rows whose growth is picked below, at and above
 * LOW_BASE_GROWTH.
 */

const MONTHS = Array.from({ length: 6 }, (_, i) => addMonths('2024-01-01', i));
const MISSING = MONTHS[3]!;
const stats: PeriodStats[] = MONTHS.filter((p) => p !== MISSING).map((period) => ({
  period,
  rows: 100,
  sales: 10_000,
  skus: 10,
  shops: 5,
}));
const coverage: DatasetCoverage = classifyCoverage(stats, 'month', '2025-01-01');

const query = (q: Partial<AnalyticsQuery>): AnalyticsQuery => ({
  dataset: 'ds',
  granularity: 'month',
  measures: ['sales'],
  dimensions: ['brand'],
  filter: {},
  range: { start: MONTHS[1]!, end: MONTHS[1]! },
  comparison: { kind: 'mom' },
  discount: false,
  ...q,
});
const raw = (keys: (string | number)[], sales: number): RawRow => ({
  keys,
  sums: { sales, count: 1 },
  totals: [{ sales: 1_000_000, count: 0 }],
  labels: keys.map(() => null),
});

describe('shapeRows flags', () => {
  it('low base at and above LOW_BASE_GROWTH, not below; none without a base row', () => {
    const q = query({});
    const c = comparisonOf(q)!;
    // Growth = now / base − 1: one just below the threshold, one at it, one far above.
    const rows = shapeRows({
      query: q,
      layout: totalsLayout(q),
      current: [
        raw([1], 100 * (LOW_BASE_GROWTH + 1) - 1),
        raw([2], 100 * (LOW_BASE_GROWTH + 1)),
        raw([3], 5000),
        raw([4], 7),
      ],
      base: [raw([1], 100), raw([2], 100), raw([3], 1)],
      coverage,
      range: q.range,
      baseRange: c.base,
    });
    expect(rows.map((r) => r.flags)).toEqual([[], ['low_base'], ['low_base'], []]);
  });

  it('base and range incomplete from the coverage of the two ranges', () => {
    const q = query({ range: { start: MONTHS[4]!, end: MONTHS[4]! } });
    const c = comparisonOf(q)!;
    expect(c.base).toEqual({ start: MISSING, end: MISSING });
    const [row] = shapeRows({
      query: q,
      layout: totalsLayout(q),
      current: [raw([1], 50)],
      base: [],
      coverage,
      range: q.range,
      baseRange: c.base,
    });
    expect(row!.flags).toEqual(['base_incomplete']);
    // A range reaching the gap, against a covered base.
    const wide = query({
      range: { start: MONTHS[3]!, end: MONTHS[5]! },
      comparison: { kind: 'custom', base: { start: MONTHS[0]!, end: MONTHS[2]! } },
    });
    const [inWide] = shapeRows({
      query: wide,
      layout: totalsLayout(wide),
      current: [raw([1], 50)],
      base: [raw([1], 40)],
      coverage,
      range: wide.range,
      baseRange: comparisonOf(wide)!.base,
    });
    expect(inWide!.flags).toEqual(['range_incomplete']);
  });

  it('a trend row is judged by its own period and its base period', () => {
    const q = query({ dimensions: ['period'], range: { start: MONTHS[3]!, end: MONTHS[5]! } });
    const c = comparisonOf(q)!;
    const rows = shapeRows({
      query: q,
      layout: totalsLayout(q),
      // No row for the missing month itself; the months around it have sales.
      current: [raw([MONTHS[4]!], 80), raw([MONTHS[5]!], 90)],
      base: [raw([MONTHS[2]!], 70), raw([MONTHS[4]!], 80)],
      periodShift: c.periodShift!,
      coverage,
      range: q.range,
      baseRange: c.base,
    });
    expect(rows.map((r) => [r.keys.period, r.flags])).toEqual([
      [MONTHS[4], ['base_incomplete']],
      [MONTHS[5], []],
    ]);
  });

  it('no comparison, no flags; no coverage, only the low base', () => {
    const q = query({ comparison: { kind: 'none' } });
    const [plain] = shapeRows({ query: q, layout: totalsLayout(q), current: [raw([1], 5)], coverage });
    expect(plain!.flags).toEqual([]);
    const m = query({ range: { start: MONTHS[4]!, end: MONTHS[4]! } });
    const [unknown] = shapeRows({
      query: m,
      layout: totalsLayout(m),
      current: [raw([1], 5000)],
      base: [raw([1], 1)],
      range: m.range,
      baseRange: comparisonOf(m)!.base,
    });
    expect(unknown!.flags).toEqual(['low_base']);
  });
});

describe('the unequal-coverage warning', () => {
  it('warns when one range has gaps and the other none, naming the gaps of both', () => {
    const range = { start: MONTHS[4]!, end: MONTHS[5]! };
    expect(coverageWarning(coverage, range, { start: MONTHS[2]!, end: MONTHS[3]! })).toEqual({
      granularity: 'month',
      gaps: [{ period: MISSING, state: 'missing' }],
    });
    // Covered alike: neither has a gap, or both have.
    expect(coverageWarning(coverage, range, { start: MONTHS[0]!, end: MONTHS[1]! })).toBeUndefined();
    expect(
      coverageWarning(coverage, { start: MONTHS[3]!, end: MONTHS[4]! }, { start: '2023-12-01', end: MONTHS[0]! }),
    ).toBeUndefined();
    // A base before the dataset is missing too.
    expect(coverageWarning(coverage, range, { start: '2023-05-01', end: '2023-06-01' })?.gaps).toEqual([
      { period: '2023-05-01', state: 'missing' },
      { period: '2023-06-01', state: 'missing' },
    ]);
  });

  it('the message names the periods in the request language; the code stays the key', () => {
    const into = { warnings: [] as Parameters<typeof warningsOf>[0]['warnings'][number][] };
    warnCoverage(into, coverage, { start: MONTHS[4]!, end: MONTHS[4]! }, { start: MISSING, end: MISSING });
    expect(into.warnings).toEqual(['analytics.unequalCoverage']);
    const [en] = warningsOf(into, 'en_us');
    expect(en!.code).toBe('analytics.unequalCoverage');
    expect(en!.msg).toContain('2024-04 (missing)');
    const [zh] = warningsOf(into, 'zh_cn');
    expect(zh!.msg).toContain('2024-04（缺失）');
    // Many gaps: the first few named, the rest counted.
    const many = { warnings: [] as typeof into.warnings };
    warnCoverage(many, coverage, { start: MONTHS[0]!, end: MONTHS[1]! }, { start: '2023-01-01', end: '2023-12-01' });
    const [counted] = warningsOf(many, 'en_us');
    expect(counted!.msg).toContain('2023-06 (missing)');
    expect(counted!.msg).not.toContain('2023-07');
    expect(counted!.msg).toContain('6 more');
  });
});
