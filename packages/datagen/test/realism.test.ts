/**
 * The planted events and the realism report on tiny data (the demo-scale properties are in
 * demo.test.ts): where the events are, that the rows show them, that they do not move when the
 * as-of date does, and that `--report` prints the report.
 */
import { describe, expect, it } from 'vitest';
import { buildMarket, realismReport, runCli, weeklyPeaks } from '../src/index.js';
import { AS_OF } from './helpers.js';

const SEED = 7;

describe('planted events (tiny)', () => {
  const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_monthly' });

  it('lie inside the periods and categories of the dataset, on brands it sells', () => {
    const events = market.plantedEvents;
    expect(events.length).toBeGreaterThan(0);
    const leaves = new Set(market.dims.dim_category.filter((c) => c.level === 3).map((c) => c.category_id));
    const brands = new Set(market.dims.dim_brand.map((b) => b.brand_id));
    for (const e of events) {
      expect(market.periods).toContain(e.month);
      expect(leaves.has(e.category_id)).toBe(true);
      expect(brands.has(e.brand_id)).toBe(true);
      expect(Math.floor(e.category_id / 100)).toBe(e.level2_id);
      if (e.kind === 'livestream_spike') expect(e.factor).toBeGreaterThan(2);
      else expect(e.factor).toBeLessThan(0.5);
    }
  });

  it('show in the rows: the brand against the rest of its category, against the months around', () => {
    const t0 = new Map(market.periods.map((p, i) => [p, i]));
    for (const e of market.plantedEvents) {
      const t = t0.get(e.month)!;
      const brand = new Array(market.periods.length).fill(0);
      const rest = new Array(market.periods.length).fill(0);
      for (const f of market.facts()) {
        if (f.category_id !== e.category_id) continue;
        const u = t0.get(f.period)!;
        if (f.brand_id === e.brand_id) brand[u] += f.sales;
        else rest[u] += f.sales;
      }
      const around = [t - 2, t - 1, t + 1, t + 2].filter((u) => u >= 0 && u < market.periods.length);
      const base = around.reduce((s, u) => s + brand[u] / rest[u], 0) / around.length;
      const ratio = brand[t] / rest[t] / base;
      if (e.kind === 'livestream_spike') expect(ratio, e.month).toBeGreaterThan(1.8);
      else expect(ratio, e.month).toBeLessThan(0.55);
    }
  });

  it('stay where they are when the as-of date moves later (history is stable)', () => {
    const later = buildMarket({ scale: 'tiny', seed: SEED, asOf: '2027-08-15', dataset: 'cn_monthly' });
    expect(later.plantedEvents.slice(0, market.plantedEvents.length)).toEqual(market.plantedEvents);
    expect(later.plantedEvents.length).toBeGreaterThanOrEqual(market.plantedEvents.length);
    const other = buildMarket({ scale: 'tiny', seed: SEED + 1, asOf: AS_OF, dataset: 'cn_monthly' });
    expect(other.plantedEvents).not.toEqual(market.plantedEvents);
  });

  it('are the report rows, which see the planted move', () => {
    const report = realismReport(market);
    expect(report.events.map((e) => e.month)).toEqual(market.plantedEvents.map((e) => e.month));
    for (const e of report.events) {
      if (e.kind === 'livestream_spike') expect(e.ratio).toBeGreaterThan(1.8);
      else expect(e.ratio).toBeLessThan(0.55);
    }
  });
});

describe('weekly peaks in the report (tiny cn_weekly)', () => {
  const weekly = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_weekly' });

  it('are the weeks of the biggest and smallest sales, and hold the calendar rows of Double 11, 618 and the Spring Festival', () => {
    const peaks = weeklyPeaks(weekly);
    expect(peaks.length).toBeGreaterThan(0);
    // Independently: the sales of each week from the fact rows.
    const byWeek = new Map<string, number>();
    for (const f of weekly.facts()) byWeek.set(f.period, (byWeek.get(f.period) ?? 0) + Math.round(f.sales * 100));
    for (const year of peaks) {
      const inYear = [...byWeek].filter(([w]) => Number(w.slice(0, 4)) === year.year).sort((a, b) => b[1] - a[1]);
      const [first, second, lowest] = year.weeks;
      expect([first!.week, second!.week, lowest!.week]).toEqual([inYear[0]![0], inYear[1]![0], inYear.at(-1)![0]]);
      // The calendar rows whose peak day falls in each week.
      const peakIn = (week: string, code: string) =>
        weekly.dims.calendar_event.some((e) => {
          if (e.code !== code || !e.peak_date) return false;
          const d = Date.parse(e.peak_date) - Date.parse(week);
          return d >= 0 && d < 7 * 86_400_000;
        });
      expect(peakIn(first!.week, 'double11'), `${year.year} biggest week`).toBe(true);
      expect(first!.events).toContain('double11');
      expect(peakIn(second!.week, '618'), `${year.year} second week`).toBe(true);
      expect(peakIn(lowest!.week, 'spring_festival'), `${year.year} smallest week`).toBe(true);
    }
  });
});

describe('datagen --report', () => {
  it('prints the realism report without writing anything', async () => {
    let out = '';
    const code = await runCli(['--report', '--scale', 'tiny', '--seed', '7', '--as-of', AS_OF], {
      stdout: (t) => {
        out += t;
      },
      stderr: () => {},
      isTTY: false,
    });
    expect(code).toBe(0);
    for (const heading of [
      'Level-2 category growth',
      'Potential Brand defaults',
      'Price × volume × mix',
      'Planted events',
      'Channel-shift pace',
      'Weekly peaks against the calendar',
    ])
      expect(out).toContain(`## ${heading}`);
  });

  it('refuses the messy shape and more than one dataset', async () => {
    const io = { stdout: () => {}, stderr: () => {}, isTTY: false };
    expect(await runCli(['--report', '--shape', 'messy'], io)).toBe(2);
    expect(await runCli(['--report', '--scale', 'tiny', '--datasets', 'cn_monthly,cn_weekly'], io)).toBe(2);
  });
});
