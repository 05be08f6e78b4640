/**
 * How a money limit reads in the page language's large units (pure; tested in test/potential-page.test.tsx):
 * 万 (10⁴) and 亿 (10⁸) in Chinese, thousand, million and billion in English. "100000000" is hard to count
 * in a field; beside it the form says "= 1 亿" / "= 100 million".
 */
import { formatAmount } from '@marketlens/shared';

export type AmountUnit = 'wan' | 'yi' | 'thousand' | 'million' | 'billion';

const UNITS: Record<'zh-CN' | 'en', readonly { unit: AmountUnit; size: number; decimals: number }[]> = {
  // Largest first; a 万 has four digits, so four decimals keep every yuan of a 亿 reading.
  'zh-CN': [
    { unit: 'yi', size: 1e8, decimals: 4 },
    { unit: 'wan', size: 1e4, decimals: 4 },
  ],
  en: [
    { unit: 'billion', size: 1e9, decimals: 3 },
    { unit: 'million', size: 1e6, decimals: 3 },
    { unit: 'thousand', size: 1e3, decimals: 3 },
  ],
};

export interface AmountReading {
  unit: AmountUnit;
  /** The amount in the unit, digits grouped (docs/product.md §9), without trailing zeros. */
  amount: string;
  /** False when the unit's decimals round the amount ("≈" rather than "="). */
  exact: boolean;
}

/** The reading of `value` (as typed) in the largest unit it reaches; null below the smallest unit or when not a number. */
export function amountReading(value: unknown, locale: 'zh-CN' | 'en'): AmountReading | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return null;
  const unit = UNITS[locale].find((u) => Math.abs(n) >= u.size);
  if (!unit) return null;
  const scaled = n / unit.size;
  const rounded = Number(scaled.toFixed(unit.decimals));
  const decimals = (String(rounded).split('.')[1] ?? '').length;
  return { unit: unit.unit, amount: formatAmount(rounded, { decimals }), exact: rounded === scaled };
}
