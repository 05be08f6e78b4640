/**
 * docs/product.md §9 display rules for numbers, percentages and market shares — the one implementation used by
 * the web tables/charts and by server downloads, so both always show the same text.
 *
 * Common conventions
 * - Inputs may be numbers or numeric strings (API values sometimes arrive as strings).
 *   `null`, `undefined`, `''`, `'-'`, non-numeric strings, NaN and ±Infinity all show `'-'`.
 * - Rounding is half away from zero on the decimal value as written (1.005 → 1.01), not on the
 *   binary float, so 0.285 × 100 shows 29 %, as a person would expect.
 * - The integer part is grouped in thousands by a narrow no-break space, U+202F (`1 234`), so a figure
 *   never wraps at its separator; a fraction of 5 or more digits is grouped in threes from the decimal
 *   point (`0.123 45`); a fraction of up to 4 digits is not grouped. In the tables below the separator
 *   is written as a plain space for reading; the output always has U+202F ({@link GROUP_SEPARATOR}).
 * - A value never shows a rounded figure that belongs to the next unit: when rounding reaches the
 *   next threshold the next unit is used (9 999 999 → `10M`, not `10 000K`; 9 999.6 → `10K`).
 */
import type { Locale } from './messages.js';

/**
 * The two words of a percentage shown as a multiple, here and not in the message catalogue: every
 * analysis page formats figures at first view, and reading the catalogue for them would send both
 * languages' every message with it.
 */
const TIMES: Readonly<Record<Locale, { higher: string; lower: string }>> = {
  'zh-CN': { higher: '高{value}倍', lower: '低{value}倍' },
  en: { higher: '{value} times higher', lower: '{value} times lower' },
};

export type NumericInput = number | string | null | undefined;

export interface NumberFormatOptions {
  /** Fraction digits (integer 0–20). Requesting any (> 0) also disables the `<10` display. */
  decimals?: number;
  /** Currency symbol prefix, the project's `cur_symbol` (e.g. `¥`, `$`). */
  currency?: string;
}

export interface PercentFormatOptions {
  /**
   * Omitted: small values show `<1%`, others whole percent.
   * `0` (zero-decimal display requested): values under 1 % show ONE decimal (`0.4%`) instead of `<1%`;
   * others whole percent.
   * `n > 0`: every value under 10 000 % shows n decimals.
   */
  decimals?: number;
  /** Language of the "times higher" wording; default zh-CN. */
  locale?: Locale;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number an input stands for, or null when it should show as `'-'`. */
export function toFiniteNumber(value: NumericInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (!NUMERIC.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Rounds a non-negative value half away from zero at `d` decimals, on its shortest decimal form. */
function roundTo(x: number, d: number): number {
  // toPrecision(15) drops binary noise (28.499999999999996 → 28.5) before decimal rounding.
  const clean = Number(x.toPrecision(15));
  // Beyond 1e21 the scaled value has no fractional digits left to round (and would print as 1e+21).
  if (clean * 10 ** d >= 1e21) return clean;
  const s = clean.toString();
  if (s.includes('e')) {
    const f = 10 ** d;
    return Math.round(clean * f) / f;
  }
  return Number(`${Math.round(Number(`${s}e${d}`))}e-${d}`);
}

function checkDecimals(d: number | undefined): number {
  if (d === undefined) return 0;
  if (!Number.isInteger(d) || d < 0 || d > 20) throw new RangeError(`decimals must be an integer 0–20, got ${d}`);
  return d;
}

/**
 * The thousands separator of docs/product.md §9: U+202F NARROW NO-BREAK SPACE. A plain space lets the
 * browser break "¥2 513M" over two lines; this one never breaks, in table cells, chart labels or downloads.
 */
export const GROUP_SEPARATOR = '\u202F';

/** Digits of a non-negative, already rounded value with docs/product.md §9 grouping. */
function groupDigits(x: number, d: number): string {
  // toFixed switches to exponent notation from 1e21; such doubles are integers, BigInt prints them exactly.
  const fixed = x < 1e21 ? x.toFixed(d) : `${BigInt(x)}${d > 0 ? `.${'0'.repeat(d)}` : ''}`;
  const [int = '0', frac = ''] = fixed.split('.');
  const groupedInt = int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  if (!frac) return groupedInt;
  const groupedFrac = frac.length >= 5 ? (frac.match(/\d{1,3}/g) ?? []).join(GROUP_SEPARATOR) : frac;
  return `${groupedInt}.${groupedFrac}`;
}

const TIERS = [
  { below: 1e4, divisor: 1, unit: '' },
  { below: 1e7, divisor: 1e3, unit: 'K' },
  { below: 1e10, divisor: 1e6, unit: 'M' },
  { below: Number.POSITIVE_INFINITY, divisor: 1e9, unit: 'B' },
] as const;

/**
 * docs/product.md §9 number display.
 *
 * | rule | input | options | output |
 * |---|---|---|---|
 * | zero shows 0 | `0` | | `0` |
 * | empty or dash shows dash | `null`, `undefined`, `''`, `'-'`, `NaN` | | `-` |
 * | under 10 | `9.999` / `-3` | | `<10` / `>-10` |
 * | under 10 with decimals requested | `4.56789` | `{ decimals: 2 }` | `4.57` |
 * | under 10 000: full, grouped | `9999` / `-1234` | | `9 999` / `-1 234` |
 * | under 10 million: thousands, K | `10000` / `123456` | | `10K` / `123K` |
 * | under 10 billion: millions, M | `10_000_000` / `9_999_999` | | `10M` / `10M` (rounding promotes) |
 * | else billions, B | `1e10` / `12_345_678_901_234` | | `10B` / `12 346B` |
 * | decimals apply to the scaled value | `12345` | `{ decimals: 1 }` | `12.3K` |
 * | 5+ fraction digits grouped in threes | `1.23456` | `{ decimals: 5 }` | `1.234 56` |
 * | currency prefix after the sign | `-1234` / `5` | `{ currency: '¥' }` | `-¥1 234` / `<¥10` |
 */
export function formatNumber(value: NumericInput, opts: NumberFormatOptions = {}): string {
  const n = toFiniteNumber(value);
  if (n === null) return '-';
  const cur = opts.currency ?? '';
  if (n === 0) return `${cur}0`;
  const d = checkDecimals(opts.decimals);
  const abs = Math.abs(n);
  if (d === 0 && abs < 10) return n < 0 ? `>-${cur}10` : `<${cur}10`;
  for (const [i, tier] of TIERS.entries()) {
    if (abs >= tier.below) continue;
    const scaled = roundTo(abs / tier.divisor, d);
    const isLast = i === TIERS.length - 1;
    if (!isLast && scaled >= tier.below / tier.divisor) continue;
    const sign = n < 0 && scaled !== 0 ? '-' : '';
    return `${sign}${cur}${groupDigits(scaled, d)}${tier.unit}`;
  }
  /* c8 ignore next */
  return '-';
}

/**
 * An exact amount of money — a price or a quote, where docs/product.md §9's K/M/B units would hide the figure —
 * with the grouping of docs/product.md §9: whole units unless decimals are asked for, thousands grouped by
 * {@link GROUP_SEPARATOR}.
 *
 * | input | options | output |
 * |---|---|---|
 * | `106000` | `{ currency: '¥' }` | `¥106 000` |
 * | `999999` | | `999 999` |
 * | `0` / `5` | `{ currency: '¥' }` | `¥0` / `¥5` |
 * | `-1234.5` | `{ decimals: 2 }` | `-1 234.50` |
 * | `null`, `'-'` | | `-` |
 */
export function formatAmount(value: NumericInput, opts: NumberFormatOptions = {}): string {
  const n = toFiniteNumber(value);
  if (n === null) return '-';
  const d = checkDecimals(opts.decimals);
  const scaled = roundTo(Math.abs(n), d);
  const sign = n < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${opts.currency ?? ''}${groupDigits(scaled, d)}`;
}

/**
 * docs/product.md §9 percent display. Input is a PERCENT value (25 means 25 %), because its large-value
 * rule is "value / 100 as a multiple"; for a ratio (e.g. {@link growth} results) use {@link formatRatio}.
 *
 * | rule | input | options | output |
 * |---|---|---|---|
 * | empty shows dash | `null`, `''`, `'-'`, `NaN` | | `-` |
 * | zero | `0` | | `0%` |
 * | below 1 | `0.4` / `-0.4` | | `<1%` / `>-1%` |
 * | below 1, zero-decimal display requested: one decimal | `0.44` / `-0.45` | `{ decimals: 0 }` | `0.4%` / `-0.5%` |
 * | under 10 000: whole percent, grouped | `12.5` / `-99.4` / `9999.4` | | `13%` / `-99%` / `9 999%` |
 * | explicit decimals | `12.345` | `{ decimals: 2 }` | `12.35%` |
 * | at or above 10 000: value / 100 as a multiple | `25000` | `{ locale: 'en' }` | `250 times higher` |
 * | same, Chinese | `25000` | `{ locale: 'zh-CN' }` | `高250倍` |
 * | negative multiple | `-25000` | `{ locale: 'en' }` | `250 times lower` |
 */
export function formatPercent(percent: NumericInput, opts: PercentFormatOptions = {}): string {
  const n = toFiniteNumber(percent);
  if (n === null) return '-';
  if (n === 0) return '0%';
  const requested = opts.decimals === undefined ? undefined : checkDecimals(opts.decimals);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';

  if (abs < 1 && (requested === undefined || requested === 0)) {
    if (requested === undefined) return n < 0 ? '>-1%' : '<1%';
    const one = roundTo(abs, 1);
    // 0.96 → "1%" like the whole-percent values next to it, not "1.0%".
    if (one < 1) return `${one === 0 ? '' : sign}${one.toFixed(1)}%`;
  }

  const d = requested ?? 0;
  if (abs < 1e4) {
    const rounded = roundTo(abs, d);
    if (rounded < 1e4) return `${rounded === 0 ? '' : sign}${groupDigits(rounded, d)}%`;
  }
  const multiple = groupDigits(roundTo(abs / 100, d), d);
  const words = TIMES[opts.locale ?? 'zh-CN'];
  return (n < 0 ? words.lower : words.higher).replace('{value}', multiple);
}

/** {@link formatPercent} for a ratio (0.25 = 25 %), e.g. a growth or share computed by metrics.ts. */
export function formatRatio(ratio: NumericInput, opts: PercentFormatOptions = {}): string {
  const n = toFiniteNumber(ratio);
  return formatPercent(n === null ? null : n * 100, opts);
}

/**
 * docs/product.md §9 market-share display. Input is a PERCENT value; the sign is dropped (absolute value).
 *
 * | rule | input | output |
 * |---|---|---|
 * | empty shows dash | `null`, `'-'` | `-` |
 * | zero | `0` | `0%` |
 * | below 0.1 | `0.099` / `-0.05` | `<0.1%` |
 * | below 99.95: one decimal | `0.1` / `12.345` / `99.94` / `-12.3` | `0.1%` / `12.3%` / `99.9%` / `12.3%` |
 * | at or above 99.95: whole | `99.95` / `100` | `100%` |
 */
export function formatShare(percent: NumericInput): string {
  const n = toFiniteNumber(percent);
  if (n === null) return '-';
  const abs = Math.abs(n);
  if (abs === 0) return '0%';
  if (abs < 0.1) return '<0.1%';
  if (abs < 99.95) return `${groupDigits(roundTo(abs, 1), 1)}%`;
  return `${groupDigits(roundTo(abs, 0), 0)}%`;
}

/**
 * docs/product.md §9: whether a change value means "no change" (shown neutral, without an up/down colour).
 *
 * | input | result |
 * |---|---|
 * | `null`, `undefined`, `''`, `'-'` | true |
 * | `NaN`, `'NaN'`, `'NaN%'` | true |
 * | `0`, `-0`, `'0'`, `'0%'`, `'0.0%'` | true |
 * | `0.001`, `'<1%'`, `'-3%'`, `'abc'` | false |
 */
export function isNoChange(value: NumericInput): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value) || value === 0;
  const s = value.trim();
  if (s === '' || s === '-' || s === 'NaN' || s === 'NaN%') return true;
  const body = s.endsWith('%') ? s.slice(0, -1).trim() : s;
  return NUMERIC.test(body) && Number(body) === 0;
}
