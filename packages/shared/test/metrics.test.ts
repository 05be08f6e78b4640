import {
  addDays,
  addMonths,
  avgPrice,
  type ComparisonSelector,
  comparisonPeriod,
  concentration,
  contribution,
  countPeriods,
  type DateRange,
  distinctionIndex,
  type Granularity,
  growth,
  heatIndex,
  heatIndices,
  isoDateOf,
  type MetricInput,
  periodLengthsDiffer,
  periodStart,
  share,
  tgi,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const NONE = [null, undefined, Number.NaN, Number.POSITIVE_INFINITY] as const;

describe('growth = (current − base) / base', () => {
  it.each([
    [120, 100, 0.2],
    [80, 100, -0.2],
    [0, 100, -1],
    [100, 100, 0],
    [300, 100, 2],
    [100, 0, null],
    [0, 0, null],
    [100, null, null],
    [100, undefined, null],
    [null, 100, null],
    [Number.NaN, 100, null],
    [100, Number.POSITIVE_INFINITY, null],
  ] as [MetricInput, MetricInput, number | null][])('growth(%s, %s) = %s', (current, base, expected) => {
    const g = growth(current, base);
    if (expected === null) expect(g).toBeNull();
    else expect(g).toBeCloseTo(expected, 12);
  });

  it('property: every ratio metric is a finite number or null, never NaN or Infinity', () => {
    fc.assert(
      fc.property(fc.option(fc.double()), fc.option(fc.double()), (a, b) => {
        for (const v of [
          growth(a, b),
          share(a, b),
          avgPrice(a, b),
          tgi(a, b),
          heatIndex(a, b),
          distinctionIndex(a, b),
        ]) {
          expect(v === null || Number.isFinite(v)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('share, average price', () => {
  it.each([
    [25, 100, 0.25],
    [0, 100, 0],
    [100, 100, 1],
    [5, 0, null],
    ...NONE.map((n) => [n, 100, null] as const),
    ...NONE.map((n) => [5, n, null] as const),
  ] as [MetricInput, MetricInput, number | null][])('share(%s, %s) = %s', (part, whole, expected) => {
    expect(share(part, whole)).toBe(expected);
  });

  it.each([
    [1000, 8, 125],
    [0, 8, 0],
    [1000, 0, null],
    [1000, null, null],
    [null, 8, null],
  ] as [MetricInput, MetricInput, number | null][])('avgPrice(%s, %s) = %s', (sales, count, expected) => {
    expect(avgPrice(sales, count)).toBe(expected);
  });
});

describe('TGI = 100 × share in segment / share in whole', () => {
  it.each([
    [0.3, 0.2, 150],
    [0.2, 0.2, 100],
    [0.1, 0.2, 50],
    [0, 0.2, 0],
    [0.3, 0, null],
    [null, 0.2, null],
    [0.3, null, null],
  ] as [MetricInput, MetricInput, number | null][])('tgi(%s, %s) = %s', (seg, whole, expected) => {
    const t = tgi(seg, whole);
    if (expected === null) expect(t).toBeNull();
    else expect(t).toBeCloseTo(expected, 10);
  });
});

describe('distinction index = log10(sales) × √TGI (docs/product.md §9)', () => {
  it.each([
    [1_000_000, 144, 72],
    [10, 100, 10],
    [1, 100, 0],
    [1000, 0, 0],
    [0, 100, null],
    [-5, 100, null],
    [1000, -1, null],
    [null, 100, null],
    [1000, null, null],
  ] as [MetricInput, MetricInput, number | null][])('distinctionIndex(%s, %s) = %s', (sales, t, expected) => {
    const d = distinctionIndex(sales, t);
    if (expected === null) expect(d).toBeNull();
    else expect(d).toBeCloseTo(expected, 10);
  });
});

describe('heat index = 100 × value / max', () => {
  it.each([
    [50, 200, 25],
    [200, 200, 100],
    [0, 200, 0],
    [50, 0, null],
    [50, -10, null],
    [null, 200, null],
    [50, null, null],
  ] as [MetricInput, MetricInput, number | null][])('heatIndex(%s, %s) = %s', (value, max, expected) => {
    expect(heatIndex(value, max)).toBe(expected);
  });

  it('scores a set against its hottest member', () => {
    expect(heatIndices([50, 200, null, 100])).toEqual([25, 100, null, 50]);
    expect(heatIndices([0, 0])).toEqual([null, null]);
    expect(heatIndices([])).toEqual([]);
  });
});

describe('contribution = (entity current − entity base) / (scope current − scope base)', () => {
  it.each([
    [150, 100, 1200, 1000, 0.25],
    [50, 100, 1200, 1000, -0.25],
    [200, null, 1200, 1000, 1], // a new entity: no base sales counts as 0
    [null, 100, 1200, 1000, -0.5], // an entity that stopped selling
    [150, 100, 1000, 1000, null], // unchanged scope
    [150, 100, null, 1000, null],
    [150, 100, 1200, undefined, null],
  ] as [MetricInput, MetricInput, MetricInput, MetricInput, number | null][])(
    'contribution(%s, %s, %s, %s) = %s',
    (ec, eb, sc, sb, expected) => {
      expect(contribution(ec, eb, sc, sb)).toBe(expected);
    },
  );

  it('property: contributions of a partition of the scope add up to 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (entities) => {
          const sc = entities.reduce((a, [c]) => a + c, 0);
          const sb = entities.reduce((a, [, b]) => a + b, 0);
          fc.pre(sc !== sb);
          const total = entities.reduce((a, [c, b]) => a + contribution(c, b, sc, sb)!, 0);
          expect(total).toBeCloseTo(1, 9);
        },
      ),
    );
  });
});

describe('concentration: CR5, CR10, HHI = Σ(share in %)²', () => {
  it('two equal brands', () => {
    expect(concentration([0.5, 0.5])).toEqual({ cr5: 1, cr10: 1, hhi: 5000 });
  });
  it('a monopoly', () => {
    expect(concentration([1])).toEqual({ cr5: 1, cr10: 1, hhi: 10_000 });
  });
  it('twelve brands in any order, ignoring missing and negative values', () => {
    const shares = [0.02, 0.3, 0.05, null, 0.2, 0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.03, 0.04, -0.1, Number.NaN];
    const c = concentration(shares);
    expect(c.cr5).toBeCloseTo(0.3 + 0.2 + 0.1 + 0.08 + 0.06, 12);
    expect(c.cr10).toBeCloseTo(0.3 + 0.2 + 0.1 + 0.08 + 0.06 + 0.05 + 0.05 + 0.04 + 0.04 + 0.03, 12);
    expect(c.hhi).toBeCloseTo(
      30 ** 2 + 20 ** 2 + 10 ** 2 + 8 ** 2 + 6 ** 2 + 5 ** 2 * 2 + 4 ** 2 * 2 + 3 ** 2 * 2 + 2 ** 2,
      8,
    );
  });
  it('no brands', () => {
    expect(concentration([])).toEqual({ cr5: 0, cr10: 0, hhi: 0 });
  });
  it('property: cr5 ≤ cr10 ≤ total, and hhi lies between 10 000 / n × total² and 10 000 × total²', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }), (raw) => {
        const sum = raw.reduce((a, s) => a + s, 0);
        fc.pre(sum > 0);
        const shares = raw.map((s) => s / sum);
        const c = concentration(shares);
        expect(c.cr5).toBeLessThanOrEqual(c.cr10 + 1e-12);
        expect(c.cr10).toBeLessThanOrEqual(1 + 1e-9);
        expect(c.hhi).toBeGreaterThanOrEqual(10_000 / shares.length - 1e-6);
        expect(c.hhi).toBeLessThanOrEqual(10_000 + 1e-6);
      }),
    );
  });
});

describe('comparisonPeriod (docs/metrics.md)', () => {
  const r = (start: string, end: string): DateRange => ({ start, end });
  it.each([
    // month, mom: the immediately preceding range of equal length
    [r('2024-03-01', '2024-05-01'), 'mom', 'month', r('2023-12-01', '2024-02-01')],
    [r('2024-01-01', '2024-01-01'), 'mom', 'month', r('2023-12-01', '2023-12-01')],
    [r('2024-01-01', '2024-12-01'), 'mom', 'month', r('2023-01-01', '2023-12-01')],
    [r('2024-03-15', '2024-05-20'), 'mom', 'month', r('2023-12-01', '2024-02-01')], // aligned first
    // month, yoy: same range one year earlier
    [r('2024-03-01', '2024-05-01'), 'yoy', 'month', r('2023-03-01', '2023-05-01')],
    [r('2024-02-01', '2024-02-01'), 'yoy', 'month', r('2023-02-01', '2023-02-01')],
    // week, mom: preceding weeks, still Mondays
    [r('2024-01-15', '2024-01-29'), 'mom', 'week', r('2023-12-25', '2024-01-08')],
    [r('2024-01-01', '2024-01-01'), 'mom', 'week', r('2023-12-25', '2023-12-25')],
    // week, yoy: 52 weeks earlier
    [r('2024-01-15', '2024-01-29'), 'yoy', 'week', r('2023-01-16', '2023-01-30')],
    [r('2024-01-17', '2024-01-31'), 'yoy', 'week', r('2023-01-16', '2023-01-30')], // aligned to Mondays first
  ] as [DateRange, ComparisonSelector, Granularity, DateRange][])('%j %s %s → %j', (range, selector, g, expected) => {
    expect(comparisonPeriod(range, selector, g)).toEqual(expected);
  });

  it('rejects malformed or reversed ranges', () => {
    expect(() => comparisonPeriod(r('2024-05-01', '2024-03-01'), 'mom', 'month')).toThrow(RangeError);
    expect(() => comparisonPeriod(r('2024-02-30', '2024-03-01'), 'mom', 'month')).toThrow(RangeError);
  });

  const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2080-01-01'), noInvalidDate: true }).map(isoDateOf);
  const rangeArb = fc.tuple(day, day).map(([a, b]) => (a <= b ? r(a, b) : r(b, a)));

  it.each(['month', 'week'] as Granularity[])(
    'property (%s): mom base has equal length, ends right before, aligned',
    (g) => {
      fc.assert(
        fc.property(rangeArb, (range) => {
          const base = comparisonPeriod(range, 'mom', g);
          expect(periodLengthsDiffer(range, base, g)).toBe(false);
          expect(periodStart(base.start, g)).toBe(base.start);
          // The period right after the base's end is the range's first period: no gap, no overlap.
          const afterBase = g === 'month' ? addMonths(base.end, 1) : addDays(base.end, 7);
          expect(afterBase).toBe(periodStart(range.start, g));
        }),
      );
    },
  );

  it.each(['month', 'week'] as Granularity[])('property (%s): yoy base has equal length and is aligned', (g) => {
    fc.assert(
      fc.property(rangeArb, (range) => {
        const base = comparisonPeriod(range, 'yoy', g);
        expect(countPeriods(base, g)).toBe(countPeriods(range, g));
        expect(periodStart(base.start, g)).toBe(base.start);
        expect(periodStart(base.end, g)).toBe(base.end);
      }),
    );
  });
});

describe('periodLengthsDiffer (docs/product.md §8 unequal-length warning)', () => {
  const r = (start: string, end: string): DateRange => ({ start, end });
  it.each([
    [r('2024-01-01', '2024-03-01'), r('2023-01-01', '2023-03-01'), 'month', false],
    [r('2024-02-01', '2024-02-01'), r('2024-03-01', '2024-03-01'), 'month', false], // 29 vs 31 days: still 1 month each
    [r('2024-01-01', '2024-03-01'), r('2023-01-01', '2023-02-01'), 'month', true],
    [r('2024-01-15', '2024-01-29'), r('2023-12-04', '2023-12-18'), 'week', false],
    [r('2024-01-15', '2024-01-29'), r('2023-12-04', '2023-12-11'), 'week', true],
  ] as [DateRange, DateRange, Granularity, boolean][])('%j vs %j (%s) → %s', (range, base, g, expected) => {
    expect(periodLengthsDiffer(range, base, g)).toBe(expected);
  });
});
