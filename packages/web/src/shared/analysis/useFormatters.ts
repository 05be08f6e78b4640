import {
  DEFAULT_CURRENCY_SYMBOL,
  formatNumber,
  formatPercent,
  formatRatio,
  formatShare,
  type Granularity,
  type NumericInput,
  periodLabel,
  toFiniteNumber,
} from '@marketlens/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session.js';
import type { Metric } from './switches.js';

export interface Formatters {
  locale: 'zh-CN' | 'en';
  currency: string;
  granularity: Granularity;
  /** A count or any plain number (docs/product.md §9 units K/M/B). */
  number(value: NumericInput, decimals?: number): string;
  /**
   * A whole number of things or a position (SKUs, shops, brands, a rank): exact under 10 (docs/product.md §9's
   * '<10' is for measures — "<10 shops" or rank "<10" would hide the figure), else like `number`.
   */
  count(value: NumericInput): string;
  /** Money with the project's currency symbol. */
  money(value: NumericInput, decimals?: number): string;
  /** A metric value: money for sales and average price, a number for count. */
  metric(metric: Metric, value: NumericInput): string;
  /** A PERCENT value (25 = 25 %). */
  percent(value: NumericInput, decimals?: number): string;
  /** A ratio (0.25 = 25 %), e.g. a growth from the API. */
  ratio(value: NumericInput, decimals?: number): string;
  /** A market share given as a PERCENT value. */
  share(value: NumericInput): string;
  /** A market share given as a ratio (0.25 = 25 %). */
  shareRatio(value: NumericInput): string;
  /** A period label: 'YYYY-MM' for months, 'YYYY-Www' for weeks. */
  period(period: string): string;
}

/** Pure form of {@link useFormatters}, for tests and chart option builders. */
export function makeFormatters(locale: 'zh-CN' | 'en', currency: string, granularity: Granularity): Formatters {
  const dec = (d: number | undefined) => (d === undefined ? {} : { decimals: d });
  return {
    locale,
    currency,
    granularity,
    number: (v, d) => formatNumber(v, dec(d)),
    count: (v) => {
      const n = toFiniteNumber(v);
      return n !== null && Number.isInteger(n) && Math.abs(n) < 10 ? String(n) : formatNumber(v);
    },
    money: (v, d) => formatNumber(v, { ...dec(d), currency }),
    // An average price under 10 still needs its figure ('<¥10' says little about a price).
    metric: (m, v) =>
      m === 'count' ? formatNumber(v) : formatNumber(v, { currency, ...(m === 'avg_price' ? { decimals: 2 } : {}) }),
    percent: (v, d) => formatPercent(v, { locale, ...dec(d) }),
    ratio: (v, d) => formatRatio(v, { locale, ...dec(d) }),
    share: (v) => formatShare(v),
    shareRatio: (v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return formatShare(Number.isFinite(n) ? n * 100 : null);
    },
    period: (p) => (/^\d{4}-\d{2}-\d{2}$/.test(p) ? periodLabel(p, granularity) : p),
  };
}

/**
 * The formatters of docs/product.md §9 bound to the current language, the project's currency symbol (default ¥)
 * and its date granularity. Every number on an analysis page goes through these.
 */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const { scope } = useSession();
  const locale = i18n.language === 'en' ? 'en' : 'zh-CN';
  const currency = scope?.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  const granularity = scope?.granularity ?? 'month';
  return useMemo(() => makeFormatters(locale, currency, granularity), [locale, currency, granularity]);
}
