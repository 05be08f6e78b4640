/**
 * The shopping calendar of each region as data: every promotion, holiday and season with its
 * phases and their dates per year. It is the one definition both the generated numbers and the
 * generated `calendar_event` table come from: `promoFactor` and `holidayFactor` paint the
 * phases' multipliers onto the days, and `calendarEventRows` lists the same phases as rows, so the
 * file and the data agree by construction (docs/datagen.md, "Seasonality (China)").
 */
import type { CalendarEventKind } from '@marketlens/shared';
import {
  blackFriday,
  chineseNewYear,
  dayOf,
  eidAlFitr,
  formatDay,
  midAutumn,
  primeDay,
  type Region,
  ymd,
} from './calendar.js';

export interface CalendarPhase {
  phase: string;
  /** First and last day (inclusive), as day numbers. */
  start: number;
  end: number;
  /** The event's peak day when it falls in this phase. */
  peak?: number;
  /** Promotion multiplier of each day of the phase (1 = an ordinary day), before a category's sensitivity. */
  promo?: number;
  /** Demand multiplier of the logistics and shopping pause (couriers stop, a quiet season). */
  holiday?: number;
}

export interface CalendarEvent {
  code: string;
  name_zh: string;
  name_en: string;
  kind: CalendarEventKind;
  /** Platform codes that run it; empty: all. The generator lifts the region's whole market (shoppers follow the big sales everywhere). */
  platforms: readonly string[];
  /** The phases of the edition held for `year` (its peak year; a phase may start the year before). */
  phases(year: number): CalendarPhase[];
}

/** One row of `calendar_event` (packages/shared/src/dataset-format.ts), columns in file order. */
export interface CalendarEventRow {
  code: string;
  year: number;
  phase: string;
  name_zh: string;
  name_en: string;
  kind: CalendarEventKind;
  platforms: string | null;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  end_date: string;
  peak_date: string | null;
}

const md = (year: number, month: number, day: number) => dayOf(year, month, day);
const singleDay = (day: number, promo: number): CalendarPhase[] => [
  { phase: 'main', start: day, end: day, peak: day, promo },
];

const SEA = ['shopee', 'lazada', 'tokopedia', 'blibli'] as const;

export const CALENDAR: Record<Region, readonly CalendarEvent[]> = {
  cn: [
    {
      code: 'nianhuo_festival',
      name_zh: '年货节',
      name_en: 'Pre-New-Year Shopping Festival',
      kind: 'promotion',
      platforms: [],
      // Stocking up for the festival, before couriers stop.
      phases: (y) => [{ phase: 'main', start: chineseNewYear(y) - 28, end: chineseNewYear(y) - 12, promo: 1.2 }],
    },
    {
      code: 'spring_festival',
      name_zh: '春节',
      name_en: 'Spring Festival (Chinese New Year)',
      kind: 'holiday',
      platforms: [],
      // Couriers stop for about two weeks, most of it after the festival; a shoulder either side.
      phases: (y) => {
        const cny = chineseNewYear(y);
        return [
          { phase: 'lead_in', start: cny - 11, end: cny - 6, holiday: 0.75 },
          { phase: 'courier_stop', start: cny - 5, end: cny + 6, peak: cny, holiday: 0.4 },
          { phase: 'recovery', start: cny + 7, end: cny + 14, holiday: 0.75 },
        ];
      },
    },
    {
      code: 'womens_day',
      name_zh: '三八女王节',
      name_en: "Women's Day (3.8)",
      kind: 'promotion',
      platforms: [],
      phases: (y) => [{ phase: 'main', start: md(y, 3, 5), end: md(y, 3, 8), peak: md(y, 3, 8), promo: 1.5 }],
    },
    {
      code: '618',
      name_zh: '618年中大促',
      name_en: '618 Mid-Year Sale',
      kind: 'promotion',
      platforms: [],
      phases: (y) => [
        { phase: 'presale', start: md(y, 5, 20), end: md(y, 5, 31), promo: 1.15 },
        { phase: 'wave', start: md(y, 6, 1), end: md(y, 6, 15), promo: 1.45 },
        { phase: 'peak', start: md(y, 6, 16), end: md(y, 6, 18), peak: md(y, 6, 18), promo: 3.2 },
        { phase: 'return', start: md(y, 6, 19), end: md(y, 6, 20), promo: 1.1 },
      ],
    },
    {
      code: 'mid_autumn',
      name_zh: '中秋节',
      name_en: 'Mid-Autumn Festival',
      kind: 'holiday',
      platforms: [],
      // No multiplier of its own: gift categories peak before it through their season (seasonFactor).
      phases: (y) => [{ phase: 'main', start: midAutumn(y), end: midAutumn(y), peak: midAutumn(y) }],
    },
    {
      code: 'double11',
      name_zh: '双11全球狂欢节',
      name_en: "Double 11 (Singles' Day)",
      kind: 'promotion',
      platforms: [],
      // From 2019 a pre-sale from 20 October and a strong first wave; before that a lighter warm-up only.
      phases: (y) => [
        ...(y >= 2019
          ? [
              { phase: 'presale', start: md(y, 10, 20), end: md(y, 10, 31), promo: 1.25 },
              { phase: 'wave', start: md(y, 11, 1), end: md(y, 11, 10), promo: 1.8 },
            ]
          : [{ phase: 'wave', start: md(y, 11, 1), end: md(y, 11, 10), promo: 1.3 }]),
        { phase: 'peak', start: md(y, 11, 11), end: md(y, 11, 11), peak: md(y, 11, 11), promo: 9 },
        { phase: 'return', start: md(y, 11, 12), end: md(y, 11, 15), promo: 1.1 },
      ],
    },
    {
      code: 'double12',
      name_zh: '双12',
      name_en: 'Double 12',
      kind: 'promotion',
      platforms: ['taobao', 'tmall'],
      phases: (y) => [{ phase: 'main', start: md(y, 12, 10), end: md(y, 12, 12), peak: md(y, 12, 12), promo: 1.7 }],
    },
  ],
  global: [
    {
      code: 'new_year_lull',
      name_zh: '新年淡季',
      name_en: 'New Year lull',
      kind: 'season',
      platforms: [],
      phases: (y) => [{ phase: 'main', start: md(y, 1, 1), end: md(y, 1, 20), holiday: 0.9 }],
    },
    {
      code: 'ramadan',
      name_zh: '斋月大促',
      name_en: 'Ramadan sale',
      kind: 'season',
      platforms: SEA,
      // Online shopping peaks in the month before Eid (Lebaran).
      phases: (y) => [{ phase: 'main', start: eidAlFitr(y) - 30, end: eidAlFitr(y) - 3, promo: 1.35 }],
    },
    {
      code: 'eid_al_fitr',
      name_zh: '开斋节',
      name_en: 'Eid al-Fitr (Lebaran)',
      kind: 'holiday',
      platforms: SEA,
      phases: (y) => [{ phase: 'main', start: eidAlFitr(y), end: eidAlFitr(y) + 3, peak: eidAlFitr(y), holiday: 0.7 }],
    },
    {
      code: 'prime_day',
      name_zh: '亚马逊会员日',
      name_en: 'Prime Day',
      kind: 'promotion',
      platforms: ['amazon'],
      phases: (y) => [{ phase: 'main', start: primeDay(y), end: primeDay(y) + 1, peak: primeDay(y), promo: 2.5 }],
    },
    {
      code: 'mega_9_9',
      name_zh: '9.9大促',
      name_en: '9.9 Mega Sale',
      kind: 'promotion',
      platforms: SEA,
      phases: (y) => singleDay(md(y, 9, 9), 3),
    },
    {
      code: 'mega_10_10',
      name_zh: '10.10大促',
      name_en: '10.10 Mega Sale',
      kind: 'promotion',
      platforms: SEA,
      phases: (y) => singleDay(md(y, 10, 10), 3),
    },
    {
      code: 'mega_11_11',
      name_zh: '11.11大促',
      name_en: '11.11 Mega Sale',
      kind: 'promotion',
      platforms: SEA,
      phases: (y) => [
        { phase: 'wave', start: md(y, 11, 1), end: md(y, 11, 10), promo: 1.2 },
        ...singleDay(md(y, 11, 11), 4).map((p) => ({ ...p, phase: 'peak' })),
      ],
    },
    {
      code: 'black_friday',
      name_zh: '黑色星期五至网络星期一',
      name_en: 'Black Friday – Cyber Monday',
      kind: 'promotion',
      platforms: ['amazon'],
      phases: (y) => [
        { phase: 'main', start: blackFriday(y), end: blackFriday(y) + 3, peak: blackFriday(y), promo: 2.5 },
      ],
    },
    {
      code: 'mega_12_12',
      name_zh: '12.12大促',
      name_en: '12.12 Mega Sale',
      kind: 'promotion',
      platforms: SEA,
      phases: (y) => singleDay(md(y, 12, 12), 3),
    },
    {
      code: 'christmas',
      name_zh: '圣诞节',
      name_en: 'Christmas',
      kind: 'holiday',
      platforms: [],
      // Gifts are bought before the shipping cut-off; Christmas itself carries no multiplier.
      phases: (y) => [
        { phase: 'gifting', start: md(y, 12, 1), end: md(y, 12, 20), promo: 1.3 },
        { phase: 'main', start: md(y, 12, 25), end: md(y, 12, 25), peak: md(y, 12, 25) },
      ],
    },
  ],
};

/** The rows of `calendar_event` for the editions of `firstYear` … `lastYear`, by start date, code and phase. */
export function calendarEventRows(region: Region, firstYear: number, lastYear: number): CalendarEventRow[] {
  const rows: { start: number; row: CalendarEventRow }[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const e of CALENDAR[region]) {
      for (const p of e.phases(year)) {
        rows.push({
          start: p.start,
          row: {
            code: e.code,
            year,
            phase: p.phase,
            name_zh: e.name_zh,
            name_en: e.name_en,
            kind: e.kind,
            platforms: e.platforms.length > 0 ? e.platforms.join(',') : null,
            start_date: formatDay(p.start),
            end_date: formatDay(p.end),
            peak_date: p.peak === undefined ? null : formatDay(p.peak),
          },
        });
      }
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => a.start - b.start || cmp(a.row.code, b.row.code) || cmp(a.row.phase, b.row.phase));
  return rows.map((r) => r.row);
}

interface YearFactors {
  promo: Float64Array;
  holiday: Float64Array;
}

const painted = new Map<string, YearFactors>();

/**
 * The multipliers of every day of one year, painted from the editions that reach into it (a
 * Spring Festival fair starts in the December before). Overlapping promotions do not stack (the
 * strongest counts: a shopper takes the best deal once); pauses multiply.
 */
function factorsOf(region: Region, year: number): YearFactors {
  const key = `${region}:${year}`;
  const known = painted.get(key);
  if (known) return known;
  const first = dayOf(year, 1, 1);
  const days = dayOf(year + 1, 1, 1) - first;
  const promo = new Float64Array(days).fill(1);
  const holiday = new Float64Array(days).fill(1);
  for (const edition of [year - 1, year, year + 1]) {
    for (const e of CALENDAR[region]) {
      for (const p of e.phases(edition)) {
        for (let d = Math.max(p.start, first); d <= Math.min(p.end, first + days - 1); d++) {
          if (p.promo !== undefined) promo[d - first] = Math.max(promo[d - first]!, p.promo);
          if (p.holiday !== undefined) holiday[d - first]! *= p.holiday;
        }
      }
    }
  }
  const out = { promo, holiday };
  painted.set(key, out);
  return out;
}

/**
 * Promotion multiplier of a day (1 = an ordinary day), before a category's promotion sensitivity:
 * the strongest promotion phase of the region's calendar that covers the day.
 */
export function promoFactor(region: Region, day: number): number {
  const { year, dayOfYear } = ymd(day);
  return factorsOf(region, year).promo[dayOfYear]!;
}

/** Demand multiplier of the pauses (Spring Festival courier stop, the New Year lull, Eid) on a day. */
export function holidayFactor(region: Region, day: number): number {
  const { year, dayOfYear } = ymd(day);
  return factorsOf(region, year).holiday[dayOfYear]!;
}
