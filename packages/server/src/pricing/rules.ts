import { PRICE_HISTORY_FROM, PRICE_LIMITS } from '@marketlens/shared';
import type { PriceReason, PriceTerms, Quote, QuoteItem, QuoteLine } from '@marketlens/shared/contracts';

/**
 * THE pricing rules of the subscription catalogue (docs/product.md §9, docs/pricing.md). Every figure of a
 * price — the base price of a category, the limits, the all-third-level limit, the second-level
 * merge — is decided here and nowhere else; the screen only shows what this module returns, and
 * `POST /order` stores what it recomputes. Pure functions: test/pricing/rules.test.ts drives them
 * from a table of cases.
 */
export const PRICING = {
  /** What any category costs at least per year (the platform and the history from 2017). */
  fee: 20_000,
  /** Yearly price per billion RMB of the category's sales in the last year. */
  perBillion: 200,
  /** Base prices are rounded up to a multiple of this. */
  roundTo: 100,
  /** docs/product.md §9 price limits (the shared constants the price page shows too). */
  limitSecond: PRICE_LIMITS.secondLevel,
  limitThird: PRICE_LIMITS.thirdLevel,
  limitAllThird: PRICE_LIMITS.allThird,
  /** docs/product.md §9: history from January 2017 is included in every subscription; the terms name its month. */
  historyFrom: PRICE_HISTORY_FROM.slice(0, 7),
} as const;

/** A sellable category: its place in the tree, names and its sales over the last year (RMB). */
export interface PricedCategory {
  readonly id: number;
  readonly level: 2 | 3;
  /** The second-level parent of a third-level category; null for a second-level one. */
  readonly parent: number | null;
  readonly name: string;
  readonly nameEn: string;
  readonly annualSales: number;
}

/** The sellable tree: every level-2 and level-3 category, and the third-level children of each second. */
export interface PricedTree {
  readonly categories: ReadonlyMap<number, PricedCategory>;
  readonly thirdsOf: ReadonlyMap<number, readonly number[]>;
}

export function pricedTree(list: readonly PricedCategory[]): PricedTree {
  const categories = new Map(list.map((c) => [c.id, c]));
  const thirdsOf = new Map<number, number[]>();
  for (const c of list) {
    if (c.level === 2 && !thirdsOf.has(c.id)) thirdsOf.set(c.id, []);
    if (c.level === 3 && c.parent !== null) thirdsOf.set(c.parent, [...(thirdsOf.get(c.parent) ?? []), c.id]);
  }
  for (const ids of thirdsOf.values()) ids.sort((a, b) => a - b);
  return { categories, thirdsOf };
}

const reason = (code: PriceReason['code'], params: Record<string, number> = {}): PriceReason => ({ code, params });

/** Annual sales in billions, to two decimals (the figure the base-price reason names). */
const billions = (sales: number) => Math.round(Math.max(0, sales) / 1e7) / 100;

/**
 * The base price of a category from its market size: the fee plus `perBillion` per billion RMB of
 * its sales over the last year, rounded up to `roundTo`. No sales (or a negative sum): the fee.
 */
export function basePrice(annualSales: number): { price: number; reason: PriceReason } {
  if (!(annualSales > 0)) return { price: PRICING.fee, reason: reason('noSales', { fee: PRICING.fee }) };
  const raw = PRICING.fee + (annualSales / 1e9) * PRICING.perBillion;
  const price = Math.ceil(raw / PRICING.roundTo - 1e-9) * PRICING.roundTo;
  return {
    price,
    reason: reason('base', { fee: PRICING.fee, per_billion: PRICING.perBillion, billions: billions(annualSales) }),
  };
}

/** The price of a category bought alone: its base price within its level's limit. */
export function listPrice(c: Pick<PricedCategory, 'level' | 'annualSales'>): {
  base: number;
  price: number;
  reasons: PriceReason[];
} {
  const base = basePrice(c.annualSales);
  const limit = c.level === 2 ? PRICING.limitSecond : PRICING.limitThird;
  const reasons = [base.reason];
  if (base.price > limit) reasons.push(reason(c.level === 2 ? 'limitSecond' : 'limitThird', { limit }));
  return { base: base.price, price: Math.min(base.price, limit), reasons };
}

/** The terms every quote states. */
export function priceTerms(salesRange: { start: string; end: string } | null): PriceTerms {
  return {
    currency: 'CNY',
    history_from: PRICING.historyFrom,
    fee: PRICING.fee,
    per_billion: PRICING.perBillion,
    round_to: PRICING.roundTo,
    limit_second: PRICING.limitSecond,
    limit_third: PRICING.limitThird,
    limit_all_third: PRICING.limitAllThird,
    sales_from: salesRange?.start ?? null,
    sales_to: salesRange?.end ?? null,
  };
}

/** Cart ids that are not sellable categories of the tree (the caller refuses the cart). */
export function unknownCategories(tree: PricedTree, cart: readonly number[]): number[] {
  return [...new Set(cart)].filter((id) => !tree.categories.has(id)).sort((a, b) => a - b);
}

function item(c: PricedCategory, price: number, base: number, reasons: PriceReason[]): QuoteItem {
  return { category_id: c.id, name: c.name, name_en: c.nameEn, level: c.level, base, price, reasons };
}

/**
 * The quote of a cart (ids of sellable categories; unknown ids are ignored — check them first with
 * {@link unknownCategories}). One line per second-level category, in id order:
 * - the second-level category is in the cart: the line is its list price; third-level categories of
 *   it in the cart are listed as included (0);
 * - otherwise its chosen third-level categories, each at its list price — at most the all-third-level
 *   limit when every third-level category of it is chosen — and, when there are several and their sum
 *   exceeds the second-level list price, the line is priced at the second-level price (merged).
 */
export function quoteCart(tree: PricedTree, cart: readonly number[], terms: PriceTerms): Quote {
  const chosen = new Set(cart.filter((id) => tree.categories.has(id)));
  const groups = new Map<number, number[]>();
  for (const id of chosen) {
    const c = tree.categories.get(id)!;
    const second = c.level === 2 ? c.id : c.parent!;
    if (!tree.categories.has(second)) continue;
    groups.set(second, [...(groups.get(second) ?? []), id]);
  }
  const lines: QuoteLine[] = [];
  for (const secondId of [...groups.keys()].sort((a, b) => a - b)) {
    const second = tree.categories.get(secondId)!;
    const secondPrice = listPrice(second);
    const thirds = groups
      .get(secondId)!
      .filter((id) => id !== secondId)
      .sort((a, b) => a - b)
      .map((id) => tree.categories.get(id)!);
    const head = { category_id: second.id, name: second.name, name_en: second.nameEn };
    if (chosen.has(secondId)) {
      const items = [
        item(second, secondPrice.price, secondPrice.base, secondPrice.reasons),
        ...thirds.map((c) => item(c, 0, listPrice(c).base, [reason('included', { second: second.id })])),
      ];
      lines.push({
        ...head,
        kind: 'second',
        items,
        subtotal: secondPrice.price,
        price: secondPrice.price,
        reasons: [],
      });
      continue;
    }
    const all = thirds.length > 0 && thirds.length === (tree.thirdsOf.get(secondId)?.length ?? -1);
    const items = thirds.map((c) => {
      const p = listPrice(c);
      if (all && p.price > PRICING.limitAllThird) {
        return item(c, PRICING.limitAllThird, p.base, [
          ...p.reasons,
          reason('limitAllThird', { limit: PRICING.limitAllThird }),
        ]);
      }
      return item(c, p.price, p.base, p.reasons);
    });
    const subtotal = items.reduce((s, i) => s + i.price, 0);
    if (items.length > 1 && secondPrice.price < subtotal) {
      lines.push({
        ...head,
        kind: 'merged',
        items,
        subtotal,
        price: secondPrice.price,
        reasons: [
          reason('merged', { second_price: secondPrice.price, subtotal, saving: subtotal - secondPrice.price }),
        ],
      });
    } else {
      lines.push({ ...head, kind: all ? 'allThirds' : 'thirds', items, subtotal, price: subtotal, reasons: [] });
    }
  }
  return { terms, lines, total: lines.reduce((s, l) => s + l.price, 0) };
}
