import { DEFAULT_CURRENCY_SYMBOL, formatAmount } from '@marketlens/shared';
import type { PriceReason, PriceTerms, QuoteLineKind } from '@marketlens/shared/contracts';
import type { TFunction } from 'i18next';

/** A yearly price in RMB, exact (a quote must not round to K/M). */
export const money = (value: number | null | undefined) => formatAmount(value, { currency: DEFAULT_CURRENCY_SYMBOL });

/** The words of one reason the server gave for a price (docs/pricing.md). */
export function reasonText(t: TFunction, r: PriceReason): string {
  const p = r.params;
  switch (r.code) {
    case 'base':
      return t('pricing.reason.base', {
        fee: money(p.fee),
        billions: formatAmount(p.billions, { decimals: 2 }),
        perBillion: money(p.per_billion),
      });
    case 'noSales':
      return t('pricing.reason.noSales', { fee: money(p.fee) });
    case 'limitSecond':
      return t('pricing.reason.limitSecond', { limit: money(p.limit) });
    case 'limitThird':
      return t('pricing.reason.limitThird', { limit: money(p.limit) });
    case 'limitAllThird':
      return t('pricing.reason.limitAllThird', { limit: money(p.limit) });
    case 'merged':
      return t('pricing.reason.merged', {
        subtotal: money(p.subtotal),
        secondPrice: money(p.second_price),
        saving: money(p.saving),
      });
    case 'included':
      return t('pricing.reason.included');
  }
}

const LINE_KEYS = {
  second: 'pricing.line.second',
  thirds: 'pricing.line.thirds',
  allThirds: 'pricing.line.allThirds',
  merged: 'pricing.line.merged',
} as const;

export const lineKindText = (t: TFunction, kind: QuoteLineKind) => t(LINE_KEYS[kind]);

/** The rules as the server states them, one sentence each. */
export function termsText(t: TFunction, terms: PriceTerms): string[] {
  return [
    t('pricing.terms.perYear'),
    t('pricing.terms.history', { from: terms.history_from }),
    t('pricing.terms.base', {
      fee: money(terms.fee),
      perBillion: money(terms.per_billion),
      roundTo: money(terms.round_to),
    }),
    ...(terms.sales_from && terms.sales_to
      ? [t('pricing.terms.salesYear', { from: terms.sales_from.slice(0, 7), to: terms.sales_to.slice(0, 7) })]
      : []),
    t('pricing.terms.limits', {
      second: money(terms.limit_second),
      third: money(terms.limit_third),
      allThird: money(terms.limit_all_third),
    }),
    t('pricing.terms.merge'),
  ];
}
