import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CALENDAR_EVENT_KINDS, PLATFORM_CODES, tableDef } from '@marketlens/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf, formatDay, parseDay, type Region } from '../src/calendar.js';
import { generate } from '../src/generate.js';
import { buildMarket, type Market } from '../src/market.js';
import { type CalendarEventRow, calendarEventRows, holidayFactor, promoFactor } from '../src/promotions.js';
import { AS_OF, HOOK_TIMEOUT, hashTree, SEED, tempDir } from './helpers.js';

/** calendar_event read back with DuckDB in the in-memory row shape (dates 'YYYY-MM-DD', nulls null). */
async function readCalendar(file: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const def = tableDef('calendar_event');
    const select = def.columns
      .map((c) => (c.type === 'date' ? `strftime("${c.name}", '%Y-%m-%d') AS "${c.name}"` : `"${c.name}"`))
      .join(', ');
    // CSV read with the contract's types, as the importer does (no guessing).
    const types = def.columns
      .map((c) => `'${c.name}': '${c.type === 'integer' ? 'INTEGER' : c.type === 'date' ? 'DATE' : 'VARCHAR'}'`)
      .join(', ');
    const source = file.endsWith('.csv') ? `read_csv('${file}', header = true, columns = {${types}})` : `'${file}'`;
    return (await conn.runAndReadAll(`SELECT ${select} FROM ${source}`)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const days = (row: CalendarEventRow) => [parseDay(row.start_date)!, parseDay(row.end_date)!] as const;

describe('the calendar as data', () => {
  const root = tempDir('calendar');

  it('writes the in-memory calendar rows, byte-identical, in Parquet and CSV', async () => {
    for (const format of ['parquet', 'csv'] as const) {
      const out = path.join(root, format);
      const summaries = await generate({
        scale: 'tiny',
        seed: SEED,
        out,
        asOf: AS_OF,
        format,
        datasets: ['cn_weekly', 'global_monthly'],
      });
      for (const s of summaries) {
        const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: s.name });
        const file = path.join(s.dir, `calendar_event.${format}`);
        const fromFile = await readCalendar(file);
        expect(fromFile.length).toBeGreaterThan(0);
        expect(s.rows.calendar_event, s.name).toBe(fromFile.length);
        expect(fromFile, `${s.name} ${format}`).toEqual(market.dims.calendar_event);
        expect([...market.rows('calendar_event')]).toEqual(market.dims.calendar_event);
        if (format === 'csv') {
          const header = readFileSync(file, 'utf8').split('\n')[0];
          expect(header).toBe(
            tableDef('calendar_event')
              .columns.map((c) => c.name)
              .join(','),
          );
        }
      }
      await generate({ scale: 'tiny', seed: SEED, out: `${out}-again`, asOf: AS_OF, format, datasets: ['cn_weekly'] });
      const name = path.join('cn_weekly', `calendar_event.${format}`);
      expect(hashTree(`${out}-again`)[name]).toBe(hashTree(out)[name]);
    }
  });

  it('holds every edition of the region in every year a dataset covers, with valid rows', () => {
    const cases: [Parameters<typeof buildMarket>[0]['dataset'], string[], string[]][] = [
      [
        'cn_monthly',
        ['618', 'double11', 'double12', 'womens_day', 'nianhuo_festival', 'spring_festival', 'mid_autumn'],
        ['prime_day'],
      ],
      ['cn_weekly', ['618', 'double11', 'spring_festival'], ['black_friday']],
      [
        'global_monthly',
        ['mega_9_9', 'mega_11_11', 'prime_day', 'black_friday', 'christmas', 'ramadan', 'eid_al_fitr'],
        ['double11'],
      ],
    ];
    for (const [dataset, present, absent] of cases) {
      const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset });
      const rows = market.dims.calendar_event;
      const years = new Set(market.periods.map((p) => Number(p.slice(0, 4))));
      // The last period's days may reach into the next year only for weeks; periods are < AS_OF here.
      for (const code of present) {
        const editions = new Set(rows.filter((r) => r.code === code).map((r) => r.year));
        expect([...editions].sort(), `${dataset} ${code}`).toEqual([...years].sort());
      }
      for (const code of absent)
        expect(
          rows.some((r) => r.code === code),
          `${dataset} ${code}`,
        ).toBe(false);
      const keys = new Set<string>();
      for (const r of rows) {
        const [start, end] = days(r);
        expect(end).toBeGreaterThanOrEqual(start);
        if (r.peak_date !== null) {
          expect(parseDay(r.peak_date)).toBeGreaterThanOrEqual(start);
          expect(parseDay(r.peak_date)).toBeLessThanOrEqual(end);
        }
        expect(CALENDAR_EVENT_KINDS).toContain(r.kind);
        for (const p of r.platforms?.split(',') ?? []) expect(PLATFORM_CODES).toContain(p);
        const key = `${r.code}/${r.year}/${r.phase}`;
        expect(keys.has(key), key).toBe(false);
        keys.add(key);
      }
    }
  });

  it('is where every daily multiplier comes from: off the calendar every day is ordinary', () => {
    for (const region of ['cn', 'global'] as Region[]) {
      const rows = calendarEventRows(region, 2017, 2026);
      const covered = new Set<number>();
      for (const r of rows) {
        const [start, end] = days(r);
        for (let d = start; d <= end; d++) covered.add(d);
      }
      let promoDays = 0;
      for (let d = dayOf(2017, 1, 1); d < dayOf(2027, 1, 1); d++) {
        const special = promoFactor(region, d) !== 1 || holidayFactor(region, d) !== 1;
        if (special) {
          promoDays++;
          expect(covered.has(d), `${region} ${formatDay(d)}`).toBe(true);
        }
      }
      expect(promoDays).toBeGreaterThan(300);
    }
    // Each promotion phase lifts every one of its days; each pause lowers them.
    for (const r of calendarEventRows('cn', 2017, 2026)) {
      const [start, end] = days(r);
      if (r.code === 'double11' || r.code === '618') {
        for (let d = start; d <= end; d++) expect(promoFactor('cn', d), `${r.code} ${formatDay(d)}`).toBeGreaterThan(1);
      }
      if (r.code === 'spring_festival') {
        for (let d = start; d <= end; d++) expect(holidayFactor('cn', d)).toBeLessThan(1);
      }
    }
  });

  it('puts the Spring Festival on the lunar New Year of each year', () => {
    // The first day of the first lunar month (Hong Kong Observatory's Gregorian–lunar tables).
    const lunarNewYear: Record<number, string> = {
      2017: '2017-01-28',
      2018: '2018-02-16',
      2019: '2019-02-05',
      2020: '2020-01-25',
      2021: '2021-02-12',
      2022: '2022-02-01',
      2023: '2023-01-22',
      2024: '2024-02-10',
      2025: '2025-01-29',
      2026: '2026-02-17',
      2027: '2027-02-06',
      2028: '2028-01-26',
      2029: '2029-02-13',
      2030: '2030-02-03',
    };
    const rows = calendarEventRows('cn', 2017, 2030).filter((r) => r.code === 'spring_festival');
    const peaks = Object.fromEntries(rows.filter((r) => r.peak_date !== null).map((r) => [r.year, r.peak_date]));
    expect(peaks).toEqual(lunarNewYear);
    // The fair ends before the couriers stop.
    for (const fair of calendarEventRows('cn', 2017, 2030).filter((r) => r.code === 'nianhuo_festival')) {
      expect(parseDay(fair.end_date)).toBeLessThan(parseDay(lunarNewYear[fair.year]!)! - 5);
    }
  });

  it('gives Double 11 a pre-sale from 2019 only', () => {
    const d11 = calendarEventRows('cn', 2017, 2026).filter((r) => r.code === 'double11');
    const presale = d11.filter((r) => r.phase === 'presale');
    expect(presale.map((r) => r.year)).toEqual([2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    for (const r of presale) expect(r.start_date).toBe(`${r.year}-10-20`);
    for (const r of d11.filter((x) => x.phase === 'peak')) expect(r.peak_date).toBe(`${r.year}-11-11`);
    expect(promoFactor('cn', dayOf(2018, 10, 25))).toBe(1);
    expect(promoFactor('cn', dayOf(2018, 11, 5))).toBeLessThan(promoFactor('cn', dayOf(2019, 11, 5)));
  });
});

describe('cn_weekly follows its calendar', () => {
  let market: Market;
  let byWeek: number[];
  beforeAll(() => {
    market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_weekly' });
    byWeek = [];
    for (const b of market.factBatches()) {
      let cents = 0;
      for (let i = 0; i < b.size; i++) cents += b.salesCents[i]!;
      byWeek.push(cents);
    }
  }, HOOK_TIMEOUT);

  /** Indexes of the weeks (Monday–Sunday) that share a day with the phase. */
  const weeksOf = (row: CalendarEventRow) => {
    const [start, end] = days(row);
    return market.periods.flatMap((p, i) => {
      const monday = parseDay(p)!;
      return monday <= end && monday + 6 >= start ? [i] : [];
    });
  };
  const phase = (code: string, name: string, year: number) =>
    market.dims.calendar_event.find((r) => r.code === code && r.phase === name && r.year === year)!;

  it('peaks in the Double 11 week and then in the 618 week of each full year', () => {
    const years = [...new Set(market.periods.map((p) => Number(p.slice(0, 4))))].filter(
      (y) => weeksOf(phase('double11', 'peak', y)).length > 0 && weeksOf(phase('618', 'peak', y)).length > 0,
    );
    expect(years.length).toBeGreaterThanOrEqual(2);
    for (const year of years) {
      const weeks = market.periods.flatMap((p, i) => (p.startsWith(String(year)) ? [i] : []));
      const ranked = [...weeks].sort((a, b) => byWeek[b]! - byWeek[a]!);
      expect(weeksOf(phase('double11', 'peak', year)), `${year}: ${market.periods[ranked[0]!]}`).toContain(ranked[0]);
      expect(weeksOf(phase('618', 'peak', year)), `${year}: ${market.periods[ranked[1]!]}`).toContain(ranked[1]);
    }
  });

  it('is weakest in the Spring Festival week', () => {
    const years = [...new Set(market.dims.calendar_event.map((r) => r.year))].filter(
      (y) => weeksOf(phase('spring_festival', 'courier_stop', y)).length > 0,
    );
    expect(years.length).toBeGreaterThanOrEqual(2);
    for (const year of years) {
      const weeks = market.periods.flatMap((p, i) => (p.startsWith(String(year)) ? [i] : []));
      const lowest = weeks.reduce((a, b) => (byWeek[b]! < byWeek[a]! ? b : a));
      expect(weeksOf(phase('spring_festival', 'courier_stop', year)), String(year)).toContain(lowest);
    }
  });
});
