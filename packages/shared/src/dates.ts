/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings, done in UTC so the result never depends on the
 * machine's time zone (a browser in UTC−5 and a server in UTC+8 must agree on "the previous month").
 *
 * Periods (docs/product.md §4, docs/data-format.md §5): a monthly dataset's period is the first day of the
 * month, a weekly dataset's period is the Monday of the week. A range `{ start, end }` is inclusive of the
 * periods it contains: `{ start: '2024-01-01', end: '2024-03-01' }` is three months.
 */
import type { DateField } from './dataset-format.js';

export type Granularity = DateField;

export interface DateRange {
  readonly start: string;
  readonly end: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function must(date: string): { y: number; m: number; d: number } {
  const p = parts(date);
  if (!p) throw new RangeError(`not a valid YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return p;
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function toUtcMs(date: string): number {
  const { y, m, d } = must(date);
  return Date.UTC(y, m - 1, d);
}

/** True for a real calendar date written exactly as YYYY-MM-DD ('2024-02-30' is false). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parts(value) !== null;
}

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function isoDateOf(instant: Date | number): string {
  return fromUtcMs(typeof instant === 'number' ? instant : instant.getTime());
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Adds calendar months, clamping the day to the target month's end ('2024-01-31' + 1 → '2024-02-29'). */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = must(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12 + 1;
  const td = Math.min(d, daysInMonth(ty, tm));
  return `${String(ty).padStart(4, '0')}-${String(tm).padStart(2, '0')}-${String(td).padStart(2, '0')}`;
}

export function monthStart(date: string): string {
  must(date);
  return `${date.slice(0, 7)}-01`;
}

/** The Monday of the ISO week containing `date` (weeks start on Monday in the Chinese locale, docs/product.md §4). */
export function weekStart(date: string): string {
  const ms = toUtcMs(date);
  const dow = new Date(ms).getUTCDay(); // 0 = Sunday
  return fromUtcMs(ms - ((dow + 6) % 7) * DAY_MS);
}

/** The period containing `date`: its month start or its Monday. */
export function periodStart(date: string, granularity: Granularity): string {
  return granularity === 'month' ? monthStart(date) : weekStart(date);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

/** Whole calendar months from `a`'s month to `b`'s month. */
export function monthsBetween(a: string, b: string): number {
  const pa = must(a);
  const pb = must(b);
  return (pb.y - pa.y) * 12 + (pb.m - pa.m);
}

/**
 * Whether a period ('YYYY-MM-DD') lies in an inclusive range, as the statements' `period BETWEEN
 * start AND end` has it: ISO dates compare as text.
 */
export function inRange(period: string, range: DateRange): boolean {
  return period >= range.start && period <= range.end;
}

/** Number of periods in an inclusive range after aligning both ends to their period starts. */
export function countPeriods(range: DateRange, granularity: Granularity): number {
  const start = periodStart(range.start, granularity);
  const end = periodStart(range.end, granularity);
  const n = granularity === 'month' ? monthsBetween(start, end) : daysBetween(start, end) / 7;
  if (n < 0) throw new RangeError(`range ends before it starts: ${range.start} … ${range.end}`);
  return n + 1;
}

/**
 * The label of a period for screens and downloads: 'YYYY-MM' for a month, the ISO week
 * 'YYYY-Www' (Monday weeks, the year the week's Thursday falls in) for a week.
 */
export function periodLabel(period: string, granularity: Granularity): string {
  if (granularity === 'month') return period.slice(0, 7);
  const monday = weekStart(period);
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
