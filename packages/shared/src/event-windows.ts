import type { CalendarEventKind } from './dataset-format.js';
import {
  addDays,
  addMonths,
  countPeriods,
  type DateRange,
  daysBetween,
  type Granularity,
  monthStart,
  monthsBetween,
  weekStart,
} from './dates.js';
import type { MessageKey } from './messages.js';

/**
 * The event-aligned comparison "same event last year" (docs/metrics.md "Same event last year"):
 * the periods covering an edition of a calendar event, compared with the periods of the same event
 * N editions earlier. Promotions do not fall on the same dates every year (the Spring Festival
 * follows the lunar calendar, Double 11's presale grew longer), so "a year earlier" misaligns
 * them; this lines the two editions up on their main day instead.
 */

/** One row of a dataset's calendar_event table (docs/data-format.md §12). */
export interface CalendarEventRow {
  readonly code: string;
  /** The edition: the year the event is held for (a phase may start the year before). */
  readonly year: number;
  readonly phase: string;
  readonly name_zh: string;
  readonly name_en: string;
  readonly kind: CalendarEventKind;
  /** Platform codes that run it; empty: all platforms. */
  readonly platforms: readonly string[];
  /** 'YYYY-MM-DD', inclusive. */
  readonly start_date: string;
  readonly end_date: string;
  readonly peak_date: string | null;
}

export interface EventPhase {
  readonly phase: string;
  readonly start: string;
  readonly end: string;
  readonly peak: string | null;
}

/** An edition of an event: its phases taken together. */
export interface EventEdition {
  readonly code: string;
  readonly year: number;
  readonly name_zh: string;
  readonly name_en: string;
  readonly kind: CalendarEventKind;
  /** The union of the phases' platforms, in first-seen order; empty: all platforms. */
  readonly platforms: readonly string[];
  /** The first day of the earliest phase and the last day of the latest one (inclusive). */
  readonly start: string;
  readonly end: string;
  /** The day the editions are aligned on: the peak day of the phase that has one, else the end. */
  readonly day0: string;
  /** By start date. */
  readonly phases: readonly EventPhase[];
}

/** "Same event, N years" resolved into periods. */
export interface EventComparison {
  readonly current: EventEdition;
  readonly base: EventEdition;
  /** The periods (Mondays or month starts) covering the current edition: the applied range. */
  readonly range: DateRange;
  /** The periods it is compared with. */
  readonly baseRange: DateRange;
  /** Periods from the base's day-0 period to the current's: a trend point is compared with the point this many periods earlier. */
  readonly periodShift: number;
  /** The two windows differ in length (days), or the two ranges in periods. */
  readonly unequal: boolean;
  /** The periods hold days outside the windows (months on a monthly dataset): the figures are those of whole periods. */
  readonly approximate: boolean;
}

/** Why an event comparison cannot be made: a message key and its parameters. */
export interface EventComparisonRefusal {
  readonly problem: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** How many editions back a comparison may reach. */
export const EVENT_YEARS_BACK_MAX = 10;

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Calendar rows grouped by (code, year) into editions, sorted by code then year. */
export function eventEditions(rows: readonly CalendarEventRow[]): EventEdition[] {
  const groups = new Map<string, CalendarEventRow[]>();
  for (const r of rows) {
    const key = `${r.code}\u0000${r.year}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const editions: EventEdition[] = [];
  for (const list of groups.values()) {
    const sorted = [...list].sort((a, b) => cmp(a.start_date, b.start_date) || cmp(a.phase, b.phase));
    const first = sorted[0]!;
    let start = first.start_date;
    let end = first.end_date;
    const platforms: string[] = [];
    let peak: string | null = null;
    for (const r of sorted) {
      if (r.start_date < start) start = r.start_date;
      if (r.end_date > end) end = r.end_date;
      for (const p of r.platforms) if (!platforms.includes(p)) platforms.push(p);
      if (peak === null && r.peak_date) peak = r.peak_date;
    }
    editions.push({
      code: first.code,
      year: first.year,
      name_zh: first.name_zh,
      name_en: first.name_en,
      kind: first.kind,
      platforms,
      start,
      end,
      day0: peak ?? end,
      phases: sorted.map((r) => ({ phase: r.phase, start: r.start_date, end: r.end_date, peak: r.peak_date })),
    });
  }
  return editions.sort((a, b) => cmp(a.code, b.code) || a.year - b.year);
}

/** The edition's name in both languages, for a refusal's message. */
function named(e: EventEdition): Record<string, string | number> {
  return { name_zh: e.name_zh, name_en: e.name_en, year: e.year };
}

/**
 * The comparison of the `year` edition of event `code` with the edition `yearsBack` years earlier.
 *
 * - Weekly: `range` is the Mondays covering the current window; `baseRange` is as many weeks,
 *   shifted so that the week holding the base's day 0 lines up with the week holding the current
 *   day 0 (day −20 … day 0 … day +3 of both editions fall on the same points; the Spring Festival
 *   lines up by lunar date, its day 0 being the lunar new year).
 * - Monthly: `range` and `baseRange` are the months covering each window; months hold days outside
 *   the windows, so `approximate` is true unless both windows are whole months.
 *
 * `available` (the dataset's first and last period) refuses editions whose periods lie outside the data.
 *
 * | event (demo) | granularity | range | baseRange | periodShift |
 * |---|---|---|---|---|
 * | double11 2025 (10-20 … 11-15, day 0 11-11) vs 2024 | month | 2025-10-01 … 2025-11-01 | 2024-10-01 … 2024-11-01 | 12 |
 * | double11 2025 vs 2024 | week | 2025-10-20 … 2025-11-10 | 2024-10-21 … 2024-11-11 | 52 |
 */
export function eventComparison(
  editions: readonly EventEdition[],
  code: string,
  year: number,
  yearsBack: number,
  granularity: Granularity,
  available?: DateRange,
): EventComparison | EventComparisonRefusal {
  const ofEvent = editions.filter((e) => e.code === code);
  if (ofEvent.length === 0) return { problem: 'analytics.event.unknown', params: { code } };
  if (!Number.isInteger(yearsBack) || yearsBack < 1 || yearsBack > EVENT_YEARS_BACK_MAX) {
    return { problem: 'analytics.event.yearsBack', params: { max: EVENT_YEARS_BACK_MAX } };
  }
  const current = ofEvent.find((e) => e.year === year);
  if (!current) return { problem: 'analytics.event.noEdition', params: { ...named(ofEvent[0]!), year } };
  const base = ofEvent.find((e) => e.year === year - yearsBack);
  if (!base)
    return { problem: 'analytics.event.noBaseEdition', params: { ...named(current), baseYear: year - yearsBack } };

  let range: DateRange;
  let baseRange: DateRange;
  let periodShift: number;
  let approximate: boolean;
  if (granularity === 'week') {
    range = { start: weekStart(current.start), end: weekStart(current.end) };
    periodShift = daysBetween(weekStart(base.day0), weekStart(current.day0)) / 7;
    baseRange = { start: addDays(range.start, -7 * periodShift), end: addDays(range.end, -7 * periodShift) };
    approximate = false;
  } else {
    range = { start: monthStart(current.start), end: monthStart(current.end) };
    baseRange = { start: monthStart(base.start), end: monthStart(base.end) };
    periodShift = monthsBetween(monthStart(base.day0), monthStart(current.day0));
    approximate = !wholeMonths(current) || !wholeMonths(base);
  }
  if (available) {
    for (const [e, r] of [
      [current, range],
      [base, baseRange],
    ] as const) {
      if (r.start < available.start || r.end > available.end) {
        return {
          problem: 'analytics.event.outsideData',
          params: { ...named(e), start: available.start, end: available.end },
        };
      }
    }
  }
  const unequal =
    daysBetween(current.start, current.end) !== daysBetween(base.start, base.end) ||
    countPeriods(range, granularity) !== countPeriods(baseRange, granularity);
  return { current, base, range, baseRange, periodShift, unequal, approximate };
}

/** Whether an edition's window is exactly whole months (starts on a 1st, ends on a month's last day). */
function wholeMonths(e: EventEdition): boolean {
  return e.start === monthStart(e.start) && addDays(e.end, 1) === monthStart(addMonths(monthStart(e.end), 1));
}

export function isEventRefusal(v: EventComparison | EventComparisonRefusal): v is EventComparisonRefusal {
  return 'problem' in v;
}

/** Length of an edition's window in days (both ends included). */
export function editionDays(e: Pick<EventEdition, 'start' | 'end'>): number {
  return daysBetween(e.start, e.end) + 1;
}
