import { buildMarket, type FactRow } from '@marketlens/datagen';
import { expect } from 'vitest';

/**
 * The tiny demo market as the generator builds it (the rows the test warehouses import), and the
 * plain-TypeScript pieces the API tests compute their expected figures with — never the engine.
 */
export const market = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
export const facts: FactRow[] = [...market.facts()];
const { dim_category, dim_sku } = market.dims;
export const skuById = new Map(dim_sku.map((s) => [s.sku_id, s]));
export const catById = new Map(dim_category.map((c) => [c.category_id, c]));

/** The leaf (level-3) categories under any of these categories, themselves included. */
export function leavesOf(ids: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const c of dim_category) {
    if (c.level !== 3) continue;
    const parent = catById.get(c.parent_id!)!;
    if (ids.includes(c.category_id) || ids.includes(parent.category_id) || ids.includes(parent.parent_id!))
      out.add(c.category_id);
  }
  return out;
}

/** Sales in cents (exact), back to units at the end — like the engine's DECIMAL sums. */
export const cents = (rows: readonly FactRow[]) => rows.reduce((s, f) => s + Math.round(f.sales * 100), 0) / 100;
export const units = (rows: readonly FactRow[]) => rows.reduce((s, f) => s + f.count, 0);
export const inRange = (rows: readonly FactRow[], start: string, end: string) =>
  rows.filter((f) => f.period >= start && f.period <= end);

/** An API figure equals the oracle's up to float rounding (1e-9 relative); null = no value on both sides. */
export function close(actual: number | null | undefined, expected: number | null, what: string) {
  if (expected === null || actual === null || actual === undefined) {
    expect(actual ?? null, what).toBe(expected);
    return;
  }
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-9 * Math.max(1, Math.abs(expected)),
  );
}

/** The member's one granted category in the grant tests (level 2 under level 1 = 1). */
export const GRANTED_CATEGORY = 101;
/** The price bands the API tests configure for category 1. */
export const TEST_BANDS: [number, number | null][] = [
  [0, 50],
  [50, 150],
  [150, 400],
  [400, null],
];

/** Sales in cents per brand. */
export function brandTotals(rows: readonly FactRow[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const f of rows) m.set(f.brand_id, (m.get(f.brand_id) ?? 0) + Math.round(f.sales * 100));
  return m;
}

/** The first day of a date's month ('2025-10-20' → '2025-10-01'). */
export const monthOf = (d: string) => `${d.slice(0, 7)}-01`;

/** The window of one edition of the demo calendar, from the generator's rows: its first and last day. */
export function editionWindow(code: string, year: number): readonly [string, string] {
  const rows = market.dims.calendar_event.filter((r) => r.code === code && r.year === year);
  expect(rows.length, `${code} ${year} in the calendar`).toBeGreaterThan(0);
  return [
    rows.map((r) => r.start_date).sort()[0]!,
    rows
      .map((r) => r.end_date)
      .sort()
      .at(-1)!,
  ];
}

/** Sales in whole cents (`s`) and units (`q`) of rows over an inclusive range of periods. */
export function centsAndUnits(rows: readonly FactRow[], r: readonly [string, string]) {
  let s = 0;
  let q = 0;
  for (const f of rows)
    if (f.period >= r[0] && f.period <= r[1]) {
      s += Math.round(f.sales * 100);
      q += f.count;
    }
  return { s, q };
}
