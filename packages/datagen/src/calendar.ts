/**
 * Dates as whole days since 1970-01-01 (UTC), period grids, festival dates (lunar and Islamic
 * tables) and the seasonal profiles of categories. Everything is a pure function of the date. The
 * promotion calendar built on these dates is in promotions.ts.
 */

const MS_PER_DAY = 86_400_000;

export function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** 'YYYY-MM-DD' of a day number. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Parses a strict 'YYYY-MM-DD' into a day number; undefined when invalid (e.g. 2023-02-30). */
export function parseDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = dayOf(y, mo, d);
  return formatDay(day) === text ? day : undefined;
}

export interface YMD {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** 0-based day of the year. */
  dayOfYear: number;
}

export function ymd(day: number): YMD {
  const d = new Date(day * MS_PER_DAY);
  const year = d.getUTCFullYear();
  return {
    year,
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: (d.getUTCDay() + 6) % 7,
    dayOfYear: day - dayOf(year, 1, 1),
  };
}

/** Fractional years since 2017-01-01: the time axis of every trend. */
export const EPOCH_2017 = dayOf(2017, 1, 1);
export function yearsSince2017(day: number): number {
  return (day - EPOCH_2017) / 365.25;
}
/** The day at a fractional calendar year, e.g. 2019.5 → 2019-07-02. */
export function dayOfYearFraction(year: number): number {
  return Math.round(EPOCH_2017 + (year - 2017) * 365.25);
}

export type PeriodKind = 'month' | 'week';

export interface Period {
  /** First day (inclusive). */
  start: number;
  /** Day after the last day (exclusive). */
  end: number;
  /** 'YYYY-MM-DD' of `start`. */
  label: string;
}

export function monthStart(day: number): number {
  const { year, month } = ymd(day);
  return dayOf(year, month, 1);
}

export function mondayOf(day: number): number {
  return day - ymd(day).weekday;
}

/**
 * Monthly periods from `first` to the last month that is complete before `asOf` (the month of
 * `asOf` is still running, so it is excluded).
 */
export function monthlyPeriods(firstDay: number, asOf: number): Period[] {
  const periods: Period[] = [];
  const stop = monthStart(asOf);
  let { year, month } = ymd(monthStart(firstDay));
  for (;;) {
    const start = dayOf(year, month, 1);
    if (start >= stop) break;
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
    periods.push({ start, end: dayOf(year, month, 1), label: formatDay(start) });
  }
  return periods;
}

/** The last `count` complete Monday-based weeks before `asOf` (the week of `asOf` is excluded). */
export function weeklyPeriods(count: number, asOf: number): Period[] {
  const lastStart = mondayOf(asOf) - 7;
  const periods: Period[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const start = lastStart - 7 * i;
    periods.push({ start, end: start + 7, label: formatDay(start) });
  }
  return periods;
}

// ---------------------------------------------------------------------------------------------
// Festivals. Lunar and Islamic dates are tabulated (they move every year); outside the table an
// approximation keeps the generator working for any as-of date.

const CHINESE_NEW_YEAR: Record<number, string> = {
  2012: '01-23',
  2013: '02-10',
  2014: '01-31',
  2015: '02-19',
  2016: '02-08',
  2017: '01-28',
  2018: '02-16',
  2019: '02-05',
  2020: '01-25',
  2021: '02-12',
  2022: '02-01',
  2023: '01-22',
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
  2031: '01-23',
  2032: '02-11',
  2033: '01-31',
  2034: '02-19',
  2035: '02-08',
  2036: '01-28',
  2037: '02-15',
  2038: '02-04',
  2039: '01-24',
  2040: '02-12',
};

const MID_AUTUMN: Record<number, string> = {
  2016: '09-15',
  2017: '10-04',
  2018: '09-24',
  2019: '09-13',
  2020: '10-01',
  2021: '09-21',
  2022: '09-10',
  2023: '09-29',
  2024: '09-17',
  2025: '10-06',
  2026: '09-25',
  2027: '09-15',
  2028: '10-03',
  2029: '09-22',
  2030: '09-12',
};

/** Eid al-Fitr (Lebaran), the peak of Indonesian online shopping is the month before it. */
const EID_AL_FITR: Record<number, string> = {
  2016: '07-06',
  2017: '06-25',
  2018: '06-15',
  2019: '06-05',
  2020: '05-24',
  2021: '05-13',
  2022: '05-02',
  2023: '04-21',
  2024: '04-10',
  2025: '03-30',
  2026: '03-20',
  2027: '03-09',
  2028: '02-26',
  2029: '02-14',
  2030: '02-04',
};

/** Amazon Prime Day (first day); moved to October in 2020 and to June in 2021. */
const PRIME_DAY: Record<number, string> = {
  2017: '07-11',
  2018: '07-16',
  2019: '07-15',
  2020: '10-13',
  2021: '06-21',
  2022: '07-12',
  2023: '07-11',
  2024: '07-16',
  2025: '07-08',
};

function tabulated(table: Record<number, string>, year: number, fallback: string): number {
  const md = table[year] ?? fallback;
  return dayOf(year, Number(md.slice(0, 2)), Number(md.slice(3, 5)));
}

export function chineseNewYear(year: number): number {
  return tabulated(CHINESE_NEW_YEAR, year, '02-05');
}

export function midAutumn(year: number): number {
  return tabulated(MID_AUTUMN, year, '09-20');
}

export function eidAlFitr(year: number): number {
  if (EID_AL_FITR[year]) return tabulated(EID_AL_FITR, year, '');
  // The Islamic year is ~10.9 days shorter than the solar year.
  const ref = tabulated(EID_AL_FITR, 2030, '');
  const shifted = ref - Math.round((year - 2030) * 10.875);
  const y = ymd(shifted).year;
  return y === year ? shifted : shifted + (year - y) * 354;
}

export function primeDay(year: number): number {
  return tabulated(PRIME_DAY, year, '07-12');
}

/** Black Friday: the day after the fourth Thursday of November. */
export function blackFriday(year: number): number {
  const nov1 = dayOf(year, 11, 1);
  const firstThursday = nov1 + ((3 - ymd(nov1).weekday + 7) % 7);
  return firstThursday + 21 + 1;
}

// ---------------------------------------------------------------------------------------------
// The daily shopping calendar of a region.

export type Region = 'cn' | 'global';

// The promotions, holidays and seasons themselves (and the daily multipliers they give) are data:
// promotions.ts, the one calendar the generator's numbers and the calendar_event table come from.

export type SeasonProfile = 'flat' | 'summer' | 'winter' | 'gift' | 'school' | 'outdoor';

function bump(day: number, center: number, width: number, height: number): number {
  const z = (day - center) / width;
  return Math.abs(z) > 3 ? 0 : height * Math.exp(-0.5 * z * z);
}

function nearestYearly(day: number, at: (year: number) => number): number {
  const y = ymd(day).year;
  const candidates = [at(y - 1), at(y), at(y + 1)];
  let best = candidates[0]!;
  for (const c of candidates) if (Math.abs(c - day) < Math.abs(best - day)) best = c;
  return best;
}

/** Seasonal demand of a category on a day (1 = average). */
export function seasonFactor(profile: SeasonProfile, region: Region, day: number): number {
  const { dayOfYear } = ymd(day);
  const angle = (2 * Math.PI * dayOfYear) / 365;
  switch (profile) {
    case 'flat':
      return 1;
    case 'summer':
      return 1 + 0.5 * Math.cos(angle - (2 * Math.PI * 190) / 365);
    case 'winter':
      return 1 + 0.55 * Math.cos(angle - (2 * Math.PI * 350) / 365);
    case 'outdoor':
      return 1 + 0.35 * Math.cos(angle - (2 * Math.PI * 140) / 365);
    case 'school':
      return (
        0.9 +
        bump(
          day,
          nearestYearly(day, (y) => dayOf(y, 8, 25)),
          10,
          1.1,
        ) +
        bump(
          day,
          nearestYearly(day, (y) => dayOf(y, 2, 20)),
          8,
          0.4,
        )
      );
    case 'gift': {
      const festivals =
        region === 'cn'
          ? bump(day, nearestYearly(day, chineseNewYear) - 18, 8, 0.9) +
            bump(day, nearestYearly(day, midAutumn) - 10, 6, 0.8) +
            bump(
              day,
              nearestYearly(day, (y) => dayOf(y, 2, 12)),
              2,
              0.5,
            ) +
            bump(
              day,
              nearestYearly(day, (y) => dayOf(y, 5, 19)),
              2,
              0.4,
            ) +
            bump(
              day,
              nearestYearly(day, (y) => dayOf(y, 12, 22)),
              4,
              0.3,
            )
          : bump(
              day,
              nearestYearly(day, (y) => dayOf(y, 12, 15)),
              8,
              0.9,
            ) +
            bump(
              day,
              nearestYearly(day, (y) => dayOf(y, 2, 12)),
              2,
              0.5,
            ) +
            bump(day, nearestYearly(day, eidAlFitr) - 12, 6, 0.5);
      return 0.85 + festivals;
    }
  }
}
