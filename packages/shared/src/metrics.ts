/**
 * The metric formulas of docs/metrics.md as pure functions, used by the server's analytics (on aggregated rows)
 * and by the web (derived columns, tooltips) so a number means the same thing everywhere.
 *
 * Conventions
 * - "No value" is `null` (displayed '-'), never NaN or ±Infinity: a zero or missing denominator,
 *   a missing operand or a non-finite input gives null.
 * - Shares, growth and contribution are RATIOS (0.25 = 25 %); TGI and heat index are indices
 *   (100 = average / hottest); HHI is in percent squared (0 … 10 000).
 */
import { addDays, addMonths, countPeriods, type DateRange, type Granularity, periodStart } from './dates.js';

export type MetricInput = number | null | undefined;

function num(v: MetricInput): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Division that yields null instead of NaN/Infinity. */
function ratio(a: MetricInput, b: MetricInput): number | null {
  const x = num(a);
  const y = num(b);
  if (x === null || y === null || y === 0) return null;
  return finite(x / y);
}

/** Overflow (a huge value over a tiny one) is "no value" too, never Infinity. */
function finite(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

/**
 * growth = (current − base) / base.
 *
 * | current | base | growth |
 * |---|---|---|
 * | 120 | 100 | 0.2 |
 * | 80 | 100 | −0.2 |
 * | 0 | 100 | −1 |
 * | 100 | 0 / null / undefined | null ("-") |
 * | null | 100 | null |
 */
export function growth(current: MetricInput, base: MetricInput): number | null {
  const c = num(current);
  const b = num(base);
  if (c === null || b === null || b === 0) return null;
  return finite((c - b) / b);
}

/** share = part / whole (a ratio); whole 0 or missing → null. `share(25, 100)` = 0.25. */
export function share(part: MetricInput, whole: MetricInput): number | null {
  return ratio(part, whole);
}

/** avg_price = sales / count; count 0 or missing → null. `avgPrice(1000, 8)` = 125. */
export function avgPrice(sales: MetricInput, count: MetricInput): number | null {
  return ratio(sales, count);
}

/**
 * TGI = 100 × share within the segment / share within the whole.
 * `tgi(0.3, 0.2)` = 150 (the brand is 1.5× as strong in the segment); whole share 0 → null.
 */
export function tgi(shareInSegment: MetricInput, shareInWhole: MetricInput): number | null {
  const r = ratio(shareInSegment, shareInWhole);
  return r === null ? null : finite(100 * r);
}

/**
 * distinction index = log10(sales) × √TGI (docs/product.md §9).
 * `distinctionIndex(1_000_000, 144)` = 6 × 12 = 72. Sales ≤ 0, TGI < 0 or either missing → null
 * (the logarithm and square root are undefined there).
 */
export function distinctionIndex(sales: MetricInput, tgiValue: MetricInput): number | null {
  const s = num(sales);
  const t = num(tgiValue);
  if (s === null || t === null || s <= 0 || t < 0) return null;
  return finite(Math.log10(s) * Math.sqrt(t));
}

/** heat index = 100 × value / max; `heatIndex(50, 200)` = 25. max ≤ 0 or missing → null. */
export function heatIndex(value: MetricInput, max: MetricInput): number | null {
  const m = num(max);
  if (m === null || m <= 0) return null;
  const r = ratio(value, m);
  return r === null ? null : finite(100 * r);
}

/** Heat indices of a compared set against its own maximum (the hottest is 100). */
export function heatIndices(values: readonly MetricInput[]): (number | null)[] {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    const n = num(v);
    if (n !== null && n > max) max = n;
  }
  return values.map((v) => heatIndex(v, max));
}

/**
 * contribution (to growth) = (entity current − entity base) / (scope current − scope base).
 * `contribution(150, 100, 1200, 1000)` = 0.25: the entity brought a quarter of the scope's growth.
 * An entity with no sales in a period (missing value) counts as 0 — a new brand contributes all its
 * sales; a missing scope value or an unchanged scope (denominator 0) gives null.
 */
export function contribution(
  entityCurrent: MetricInput,
  entityBase: MetricInput,
  scopeCurrent: MetricInput,
  scopeBase: MetricInput,
): number | null {
  const sc = num(scopeCurrent);
  const sb = num(scopeBase);
  if (sc === null || sb === null) return null;
  return ratio((num(entityCurrent) ?? 0) - (num(entityBase) ?? 0), sc - sb);
}

export interface Concentration {
  /** Sum of the five largest shares (ratio). */
  readonly cr5: number;
  /** Sum of the ten largest shares (ratio). */
  readonly cr10: number;
  /** Herfindahl–Hirschman index: Σ (share in %)², 0 … 10 000. */
  readonly hhi: number;
}

/**
 * Market concentration from brand shares given as ratios (0.3 = 30 %), in any order; missing,
 * non-finite and negative shares are ignored. Two brands at 0.5 each → cr5 = cr10 = 1, hhi = 5000.
 */
export function concentration(shares: readonly MetricInput[]): Concentration {
  const valid = shares.map(num).filter((s): s is number => s !== null && s >= 0);
  valid.sort((a, b) => b - a);
  const sumTop = (n: number) => valid.slice(0, n).reduce((acc, s) => acc + s, 0);
  return {
    cr5: sumTop(5),
    cr10: sumTop(10),
    hhi: valid.reduce((acc, s) => acc + (s * 100) ** 2, 0),
  };
}

export type ComparisonSelector = 'mom' | 'yoy';

/** Every comparison the filter's selector offers: mom, yoy, the user's own range, the same calendar event earlier. */
export const FILTER_SELECTORS = ['mom', 'yoy', 'custom', 'event'] as const;
export type FilterSelector = (typeof FILTER_SELECTORS)[number];

/**
 * The base range a range is compared with (docs/metrics.md). Ranges are inclusive lists of periods
 * (month starts or Mondays); ends not on a period start are first aligned to their period.
 *
 * | range | selector | granularity | base |
 * |---|---|---|---|
 * | 2024-03-01 … 2024-05-01 (3 months) | mom | month | 2023-12-01 … 2024-02-01 |
 * | 2024-01-01 … 2024-01-01 | mom | month | 2023-12-01 … 2023-12-01 |
 * | 2024-03-01 … 2024-05-01 | yoy | month | 2023-03-01 … 2023-05-01 |
 * | 2024-01-15 … 2024-01-29 (Mondays, 3 weeks) | mom | week | 2023-12-25 … 2024-01-08 |
 * | 2024-01-15 … 2024-01-29 | yoy | week | 2023-01-16 … 2023-01-30 (52 weeks = 364 days earlier, still Mondays) |
 */
export function comparisonPeriod(range: DateRange, selector: ComparisonSelector, granularity: Granularity): DateRange {
  const start = periodStart(range.start, granularity);
  const end = periodStart(range.end, granularity);
  const n = countPeriods({ start, end }, granularity);
  if (granularity === 'month') {
    const shift = selector === 'mom' ? -n : -12;
    return { start: addMonths(start, shift), end: addMonths(end, shift) };
  }
  const shiftDays = selector === 'mom' ? -7 * n : -7 * 52;
  return { start: addDays(start, shiftDays), end: addDays(end, shiftDays) };
}

/**
 * Whether two ranges hold a different number of periods — the docs/product.md §8 "unequal data period lengths"
 * warning for custom comparisons. Counted in periods, not days: February vs March is equal.
 */
export function periodLengthsDiffer(range: DateRange, base: DateRange, granularity: Granularity): boolean {
  return countPeriods(range, granularity) !== countPeriods(base, granularity);
}
