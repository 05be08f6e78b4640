import {
  addDays,
  addMonths,
  countPeriods,
  daysBetween,
  isIsoDate,
  isoDateOf,
  monthStart,
  monthsBetween,
  periodLabel,
  periodStart,
  weekStart,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-32', false],
    ['2024-1-01', false],
    ['2024-01-01T00:00:00Z', false],
    ['', false],
    [20240101, false],
  ] as const)('%j → %s', (value, ok) => expect(isIsoDate(value)).toBe(ok));
});

describe('calendar arithmetic in UTC', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-03-01', -1, '2024-02-01'],
    ['2024-01-01', -1, '2023-12-01'],
    ['2024-01-01', -12, '2023-01-01'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-05-15', 25, '2026-06-15'],
  ] as const)('addMonths(%s, %i) = %s', (date, n, expected) => expect(addMonths(date, n)).toBe(expected));

  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-01-15', -364, '2023-01-16'],
  ] as const)('addDays(%s, %i) = %s', (date, n, expected) => expect(addDays(date, n)).toBe(expected));

  it.each([
    ['2024-01-15', '2024-01-15'], // Monday
    ['2024-01-21', '2024-01-15'], // Sunday belongs to the week that started Monday
    ['2024-01-01', '2024-01-01'],
    ['2023-12-31', '2023-12-25'],
    ['2024-03-01', '2024-02-26'],
  ] as const)('weekStart(%s) = %s', (date, expected) => expect(weekStart(date)).toBe(expected));

  it('monthStart / periodStart', () => {
    expect(monthStart('2024-02-29')).toBe('2024-02-01');
    expect(periodStart('2024-02-29', 'month')).toBe('2024-02-01');
    expect(periodStart('2024-02-29', 'week')).toBe('2024-02-26');
    expect(() => monthStart('2024-02-30')).toThrow(RangeError);
  });

  it('differences and period counts', () => {
    expect(daysBetween('2024-01-01', '2024-03-01')).toBe(60);
    expect(monthsBetween('2023-11-01', '2024-02-01')).toBe(3);
    expect(countPeriods({ start: '2024-01-01', end: '2024-03-01' }, 'month')).toBe(3);
    expect(countPeriods({ start: '2024-01-01', end: '2024-01-01' }, 'month')).toBe(1);
    expect(countPeriods({ start: '2024-01-15', end: '2024-01-29' }, 'week')).toBe(3);
    // Unaligned ends are read as the periods containing them.
    expect(countPeriods({ start: '2024-01-17', end: '2024-01-28' }, 'week')).toBe(2);
    expect(() => countPeriods({ start: '2024-03-01', end: '2024-01-01' }, 'month')).toThrow(RangeError);
  });

  it('isoDateOf is the UTC date, whatever the machine time zone', () => {
    expect(isoDateOf(Date.UTC(2024, 0, 31, 23, 59))).toBe('2024-01-31');
    expect(isoDateOf(new Date(Date.UTC(2024, 1, 1)))).toBe('2024-02-01');
  });

  const date = fc
    .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
    .map(isoDateOf);

  it('property: weekStart is the Monday on or at most 6 days before the date', () => {
    fc.assert(
      fc.property(date, (d) => {
        const monday = weekStart(d);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(daysBetween(monday, d)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, d)).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('property: adding then removing months on a month start is the identity; days always are', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -600, max: 600 }), (d, n) => {
        const m = monthStart(d);
        expect(addMonths(addMonths(m, n), -n)).toBe(m);
        expect(monthsBetween(m, addMonths(m, n))).toBe(n);
        expect(addDays(addDays(d, n), -n)).toBe(d);
        expect(daysBetween(d, addDays(d, n))).toBe(n);
      }),
    );
  });
});

describe('periodLabel', () => {
  it.each([
    ['2025-03-01', 'month', '2025-03'],
    ['2025-12-01', 'month', '2025-12'],
    // ISO weeks: the week belongs to the year of its Thursday.
    ['2024-12-30', 'week', '2025-W01'],
    ['2025-01-06', 'week', '2025-W02'],
    ['2021-01-04', 'week', '2021-W01'],
    ['2020-12-28', 'week', '2020-W53'],
    ['2025-12-29', 'week', '2026-W01'],
    ['2023-01-02', 'week', '2023-W01'],
    // A mid-week date is labelled by its week.
    ['2025-01-08', 'week', '2025-W02'],
  ] as const)('%s (%s) → %s', (period, g, label) => {
    expect(periodLabel(period, g)).toBe(label);
  });
});
