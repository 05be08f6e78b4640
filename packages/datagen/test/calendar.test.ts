import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blackFriday,
  chineseNewYear,
  dayOf,
  formatDay,
  monthlyPeriods,
  parseDay,
  weeklyPeriods,
  ymd,
} from '../src/calendar.js';
import { promoFactor } from '../src/promotions.js';

describe('calendar', () => {
  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseDay('2024-02-29')).toBe(dayOf(2024, 2, 29));
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '2024-01-01T00:00', '']) {
      expect(parseDay(bad)).toBeUndefined();
    }
  });

  it('ends the monthly grid with the month before the as-of month', () => {
    const first = dayOf(2017, 1, 1);
    expect(monthlyPeriods(first, dayOf(2026, 11, 1)).at(-1)?.label).toBe('2026-10-01');
    expect(monthlyPeriods(first, dayOf(2026, 11, 30)).at(-1)?.label).toBe('2026-10-01');
    expect(monthlyPeriods(first, dayOf(2027, 1, 15)).at(-1)?.label).toBe('2026-12-01');
    expect(monthlyPeriods(first, dayOf(2017, 1, 20))).toEqual([]);
  });

  it('gives 104 complete Monday weeks before any as-of date', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayOf(2018, 1, 1), max: dayOf(2035, 12, 31) }), (asOf) => {
        const weeks = weeklyPeriods(104, asOf);
        expect(weeks).toHaveLength(104);
        weeks.forEach((w, i) => {
          expect(ymd(w.start).weekday).toBe(0);
          expect(w.end - w.start).toBe(7);
          if (i > 0) expect(w.start).toBe(weeks[i - 1]!.end);
        });
        const last = weeks.at(-1)!;
        expect(last.end).toBeLessThanOrEqual(asOf);
        expect(asOf - last.end).toBeLessThan(7);
        expect(last.label).toBe(formatDay(last.start));
      }),
    );
  });

  it('places Chinese New Year between Jan 21 and Feb 20 and Black Friday on a Friday after Nov 22', () => {
    for (let year = 2012; year <= 2040; year++) {
      const cny = chineseNewYear(year);
      expect(cny).toBeGreaterThanOrEqual(dayOf(year, 1, 21));
      expect(cny).toBeLessThanOrEqual(dayOf(year, 2, 20));
      const bf = blackFriday(year);
      expect(ymd(bf).weekday).toBe(4);
      expect(bf).toBeGreaterThanOrEqual(dayOf(year, 11, 23));
    }
  });

  it('peaks on 618 and Double 11 in China', () => {
    expect(promoFactor('cn', dayOf(2023, 11, 11))).toBeGreaterThan(promoFactor('cn', dayOf(2023, 6, 18)));
    expect(promoFactor('cn', dayOf(2023, 6, 18))).toBeGreaterThan(promoFactor('cn', dayOf(2023, 6, 1)));
    expect(promoFactor('cn', dayOf(2023, 8, 15))).toBe(1);
  });
});
