import { describe, expect, it } from 'vitest';
import {
  type CalendarEventRow,
  countPeriods,
  type EventComparison,
  eventComparison,
  eventEditions,
  isEventRefusal,
  weekStart,
} from '../src/index.js';

function row(
  code: string,
  year: number,
  phase: string,
  start: string,
  end: string,
  peak: string | null = null,
): CalendarEventRow {
  return {
    code,
    year,
    phase,
    name_zh: code === 'double11' ? '双11' : '春节',
    name_en: code === 'double11' ? 'Double 11' : 'Spring Festival',
    kind: code === 'double11' ? 'promotion' : 'holiday',
    platforms: [],
    start_date: start,
    end_date: end,
    peak_date: peak,
  };
}

/** Double 11 as the demo calendar has it: a light warm-up before 2019, a pre-sale from 2019. */
const DOUBLE11 = [2018, 2024, 2025].flatMap((y) => [
  ...(y >= 2019
    ? [
        row('double11', y, 'presale', `${y}-10-20`, `${y}-10-31`),
        row('double11', y, 'wave', `${y}-11-01`, `${y}-11-10`),
      ]
    : [row('double11', y, 'wave', `${y}-11-01`, `${y}-11-10`)]),
  row('double11', y, 'peak', `${y}-11-11`, `${y}-11-11`, `${y}-11-11`),
  row('double11', y, 'return', `${y}-11-12`, `${y}-11-15`),
]);

/** The Spring Festival around the lunar new year: 2024-02-10 and 2025-01-29. */
const SPRING = [
  row('spring_festival', 2025, 'recovery', '2025-02-05', '2025-02-12'),
  row('spring_festival', 2025, 'lead_in', '2025-01-18', '2025-01-23'),
  row('spring_festival', 2025, 'courier_stop', '2025-01-24', '2025-02-04', '2025-01-29'),
  row('spring_festival', 2024, 'lead_in', '2024-01-30', '2024-02-04'),
  row('spring_festival', 2024, 'courier_stop', '2024-02-05', '2024-02-16', '2024-02-10'),
  row('spring_festival', 2024, 'recovery', '2024-02-17', '2024-02-24'),
];

const editions = eventEditions([...SPRING, ...DOUBLE11]);

function ok(v: ReturnType<typeof eventComparison>): EventComparison {
  if (isEventRefusal(v)) throw new Error(`refused: ${v.problem}`);
  return v;
}

describe('eventEditions', () => {
  it('groups phases by code and year, sorted by code then year', () => {
    expect(editions.map((e) => `${e.code} ${e.year}`)).toEqual([
      'double11 2018',
      'double11 2024',
      'double11 2025',
      'spring_festival 2024',
      'spring_festival 2025',
    ]);
  });

  it('spans the phases and takes the peak day as day 0', () => {
    const sf = editions.find((e) => e.code === 'spring_festival' && e.year === 2025)!;
    expect(sf).toMatchObject({
      start: '2025-01-18',
      end: '2025-02-12',
      day0: '2025-01-29',
      name_en: 'Spring Festival',
    });
    expect(sf.phases.map((p) => p.phase)).toEqual(['lead_in', 'courier_stop', 'recovery']);
  });

  it('takes the end as day 0 when no phase has a peak', () => {
    const [e] = eventEditions([row('x', 2024, 'main', '2024-03-01', '2024-03-09')]);
    expect(e!.day0).toBe('2024-03-09');
  });

  it('unions the platforms of the phases', () => {
    const [e] = eventEditions([
      { ...row('x', 2024, 'a', '2024-03-01', '2024-03-02'), platforms: ['tmall'] },
      { ...row('x', 2024, 'b', '2024-03-03', '2024-03-04'), platforms: ['jd', 'tmall'] },
    ]);
    expect(e!.platforms).toEqual(['tmall', 'jd']);
  });
});

describe('eventComparison, weekly', () => {
  it('lines up the weeks of day 0 (Double 11 2025 vs 2024)', () => {
    const c = ok(eventComparison(editions, 'double11', 2025, 1, 'week'));
    // 2025-10-20 is a Monday, 2025-11-15 a Saturday in the week of 2025-11-10.
    expect(c.range).toEqual({ start: '2025-10-20', end: '2025-11-10' });
    // 2025-11-11 is in the week of 2025-11-10, 2024-11-11 is itself a Monday: 52 weeks apart.
    expect(c.periodShift).toBe(52);
    expect(c.baseRange).toEqual({ start: '2024-10-21', end: '2024-11-11' });
    expect(weekStart(c.base.day0)).toBe('2024-11-11');
    expect(c.unequal).toBe(false);
    expect(c.approximate).toBe(false);
  });

  it('aligns the Spring Festival by lunar date, not by calendar date', () => {
    const c = ok(eventComparison(editions, 'spring_festival', 2025, 1, 'week'));
    expect(c.range).toEqual({ start: '2025-01-13', end: '2025-02-10' });
    // Lunar new year 2025-01-29 (week of 01-27) and 2024-02-10 (week of 02-05): 357 days = 51 weeks.
    expect(c.periodShift).toBe(51);
    expect(c.baseRange).toEqual({ start: '2024-01-22', end: '2024-02-19' });
    // Each point of the range lines up with the same event day a year earlier: day 0's weeks pair.
    const offset = (countPeriods({ start: c.range.start, end: '2025-01-27' }, 'week') - 1) * 7;
    const baseDay0Week = new Date(Date.parse(`${c.baseRange.start}T00:00:00Z`) + offset * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(baseDay0Week).toBe('2024-02-05');
  });

  it('flags windows of different lengths', () => {
    // 2018's window starts on 11-01 (15 days), 2025's on 10-20 (27 days).
    const c = ok(eventComparison(editions, 'double11', 2025, 7, 'week'));
    expect(c.base.year).toBe(2018);
    expect(c.unequal).toBe(true);
    expect(countPeriods(c.range, 'week')).toBe(countPeriods(c.baseRange, 'week'));
  });
});

describe('eventComparison, monthly', () => {
  it('compares the months covering each window, approximately (Double 11 2025 vs 2024)', () => {
    const c = ok(eventComparison(editions, 'double11', 2025, 1, 'month'));
    expect(c.range).toEqual({ start: '2025-10-01', end: '2025-11-01' });
    expect(c.baseRange).toEqual({ start: '2024-10-01', end: '2024-11-01' });
    expect(c.periodShift).toBe(12);
    expect(c.approximate).toBe(true);
    expect(c.unequal).toBe(false);
  });

  it('puts the Spring Festival in the months of each lunar new year', () => {
    const c = ok(eventComparison(editions, 'spring_festival', 2025, 1, 'month'));
    expect(c.range).toEqual({ start: '2025-01-01', end: '2025-02-01' });
    expect(c.baseRange).toEqual({ start: '2024-01-01', end: '2024-02-01' });
    // Day 0 is in January 2025 and in February 2024: a trend pairs them, 11 months apart.
    expect(c.periodShift).toBe(11);
  });

  it('flags ranges of a different number of months', () => {
    const c = ok(eventComparison(editions, 'double11', 2025, 7, 'month'));
    expect(c.baseRange).toEqual({ start: '2018-11-01', end: '2018-11-01' });
    expect(c.unequal).toBe(true);
  });

  it('is exact for windows of whole months', () => {
    const e = eventEditions([
      row('season', 2024, 'main', '2024-06-01', '2024-07-31', '2024-06-18'),
      row('season', 2025, 'main', '2025-06-01', '2025-07-31', '2025-06-18'),
    ]);
    const c = ok(eventComparison(e, 'season', 2025, 1, 'month'));
    expect(c.approximate).toBe(false);
  });
});

describe('eventComparison, refusals', () => {
  it('refuses an unknown event', () => {
    expect(eventComparison(editions, 'black_friday', 2025, 1, 'month')).toEqual({
      problem: 'analytics.event.unknown',
      params: { code: 'black_friday' },
    });
  });

  it('refuses an edition the calendar does not hold', () => {
    expect(eventComparison(editions, 'double11', 2030, 1, 'month')).toMatchObject({
      problem: 'analytics.event.noEdition',
    });
  });

  it('refuses when there is no edition N years earlier', () => {
    expect(eventComparison(editions, 'double11', 2025, 2, 'week')).toMatchObject({
      problem: 'analytics.event.noBaseEdition',
      params: { baseYear: 2023, year: 2025 },
    });
  });

  it('refuses years back outside 1 … 10', () => {
    for (const n of [0, -1, 1.5, 11]) {
      expect(eventComparison(editions, 'double11', 2025, n, 'month')).toMatchObject({
        problem: 'analytics.event.yearsBack',
      });
    }
  });

  it('refuses editions outside the data', () => {
    const data = { start: '2024-11-01', end: '2025-12-01' };
    // The base's October 2024 is before the data.
    expect(eventComparison(editions, 'double11', 2025, 1, 'month', data)).toMatchObject({
      problem: 'analytics.event.outsideData',
      params: { year: 2024 },
    });
    expect(
      isEventRefusal(
        eventComparison(editions, 'double11', 2025, 1, 'month', { start: '2024-01-01', end: '2025-11-01' }),
      ),
    ).toBe(false);
    expect(
      eventComparison(editions, 'double11', 2025, 1, 'week', { start: '2020-01-06', end: '2025-11-03' }),
    ).toMatchObject({
      problem: 'analytics.event.outsideData',
      params: { year: 2025 },
    });
  });
});
