import { describe, expect, it } from 'vitest';
import {
  basePrice,
  listPrice,
  PRICING,
  type PricedCategory,
  pricedTree,
  priceTerms,
  quoteCart,
  unknownCategories,
} from '../../src/pricing/rules.js';

/**
 * The pricing rules (docs/pricing.md), table-driven: every expected figure below is worked out by
 * hand from the rules as written in the document, not from the module.
 */

const B = 1e9;
const cat = (id: number, level: 2 | 3, parent: number | null, annualSales: number): PricedCategory => ({
  id,
  level,
  parent,
  name: `品类${id}`,
  nameEn: `Category ${id}`,
  annualSales,
});
// Second 10 with thirds 11, 12, 13; second 20 with thirds 21 (no sales) and 22; second 30 (huge) with 31 only.
const TREE = pricedTree([
  cat(10, 2, null, 430 * B),
  cat(11, 3, 10, 10 * B),
  cat(12, 3, 10, 20 * B),
  cat(13, 3, 10, 400 * B),
  cat(20, 2, null, 5 * B),
  cat(21, 3, 20, 0),
  cat(22, 3, 20, 5 * B),
  cat(30, 2, null, 5000 * B),
  cat(31, 3, 30, 5000 * B),
]);
const TERMS = priceTerms({ start: '2025-11-01', end: '2026-10-01' });

describe('base price: fee + 200 per billion of annual sales, rounded up to 100', () => {
  it.each([
    ['no sales', 0, 20_000, 'noSales'],
    ['a negative sum counts as none', -5, 20_000, 'noSales'],
    ['1 billion', 1 * B, 20_200, 'base'],
    ['rounded up to the next hundred', 420.1 * B, 104_100, 'base'],
    ['an exact hundred stays', 500 * B, 120_000, 'base'],
    ['a tiny market still rounds up', 1000, 20_100, 'base'],
  ])('%s', (_what, sales, price, code) => {
    const b = basePrice(sales);
    expect(b.price).toBe(price);
    expect(b.reason.code).toBe(code);
  });
});

describe('list price: the limit of the level', () => {
  it.each([
    ['third under its limit', 3, 10 * B, 22_000, []],
    ['third at 100 000 is capped at 99 999', 3, 400 * B, 99_999, ['limitThird']],
    ['second under its limit', 2, 430 * B, 106_000, []],
    ['second at 1 020 000 is capped at 999 999', 2, 5000 * B, 999_999, ['limitSecond']],
    ['a category with no sales costs the fee', 3, 0, 20_000, []],
  ] as const)('%s', (_what, level, sales, price, limits) => {
    const p = listPrice({ level, annualSales: sales });
    expect(p.price).toBe(price);
    expect(p.reasons.slice(1).map((r) => r.code)).toEqual(limits);
  });
  it('the limits are those of docs/product.md §9', () => {
    expect([PRICING.limitSecond, PRICING.limitThird, PRICING.limitAllThird]).toEqual([999_999, 99_999, 50_000]);
  });
});

type Case = {
  what: string;
  cart: number[];
  lines: { id: number; kind: string; items: [number, number][]; price: number }[];
  total: number;
};

const CASES: Case[] = [
  { what: 'empty cart', cart: [], lines: [], total: 0 },
  {
    what: 'one third-level category',
    cart: [11],
    lines: [{ id: 10, kind: 'thirds', items: [[11, 22_000]], price: 22_000 }],
    total: 22_000,
  },
  {
    what: 'two thirds cheaper than their second: summed',
    cart: [12, 11],
    lines: [
      {
        id: 10,
        kind: 'thirds',
        items: [
          [11, 22_000],
          [12, 24_000],
        ],
        price: 46_000,
      },
    ],
    total: 46_000,
  },
  {
    what: 'two thirds dearer than their second: merged at the second-level price',
    cart: [12, 13],
    lines: [
      {
        id: 10,
        kind: 'merged',
        items: [
          [12, 24_000],
          [13, 99_999],
        ],
        price: 106_000,
      },
    ],
    total: 106_000,
  },
  {
    what: 'every third of a second: each at most 50 000, then cheaper than the second',
    cart: [11, 12, 13],
    lines: [
      {
        id: 10,
        kind: 'allThirds',
        items: [
          [11, 22_000],
          [12, 24_000],
          [13, 50_000],
        ],
        price: 96_000,
      },
    ],
    total: 96_000,
  },
  {
    what: 'the second with one of its thirds: the third is included',
    cart: [11, 10],
    lines: [
      {
        id: 10,
        kind: 'second',
        items: [
          [10, 106_000],
          [11, 0],
        ],
        price: 106_000,
      },
    ],
    total: 106_000,
  },
  {
    what: 'a third with no sales costs the fee; with its sibling, merged',
    cart: [21, 22],
    lines: [
      {
        id: 20,
        kind: 'merged',
        items: [
          [21, 20_000],
          [22, 21_000],
        ],
        price: 21_000,
      },
    ],
    total: 21_000,
  },
  {
    what: 'the only third of a second is all its thirds: capped at 50 000',
    cart: [31],
    lines: [{ id: 30, kind: 'allThirds', items: [[31, 50_000]], price: 50_000 }],
    total: 50_000,
  },
  {
    what: 'a second above its limit',
    cart: [30],
    lines: [{ id: 30, kind: 'second', items: [[30, 999_999]], price: 999_999 }],
    total: 999_999,
  },
  {
    what: 'several seconds, duplicates counted once, lines in id order',
    cart: [22, 11, 22, 30],
    lines: [
      { id: 10, kind: 'thirds', items: [[11, 22_000]], price: 22_000 },
      { id: 20, kind: 'thirds', items: [[22, 21_000]], price: 21_000 },
      { id: 30, kind: 'second', items: [[30, 999_999]], price: 999_999 },
    ],
    total: 1_042_999,
  },
];

describe('quote of a cart', () => {
  it.each(CASES)('$what', ({ cart, lines, total }) => {
    const q = quoteCart(TREE, cart, TERMS);
    expect(
      q.lines.map((l) => ({
        id: l.category_id,
        kind: l.kind,
        items: l.items.map((i) => [i.category_id, i.price]),
        price: l.price,
      })),
    ).toEqual(lines);
    expect(q.total).toBe(total);
    expect(q.terms).toEqual(TERMS);
    for (const l of q.lines) expect(l.subtotal).toBe(l.items.reduce((s, i) => s + i.price, 0));
  });

  it('states the reasons: the merge with its saving, the all-third limit, inclusion', () => {
    const merged = quoteCart(TREE, [12, 13], TERMS).lines[0]!;
    expect(merged.reasons).toEqual([
      { code: 'merged', params: { second_price: 106_000, subtotal: 123_999, saving: 17_999 } },
    ]);
    expect(merged.items[1]!.reasons.map((r) => r.code)).toEqual(['base', 'limitThird']);
    expect(merged.items[1]!.base).toBe(100_000);
    const all = quoteCart(TREE, [11, 12, 13], TERMS).lines[0]!;
    expect(all.items[2]!.reasons.map((r) => r.code)).toEqual(['base', 'limitThird', 'limitAllThird']);
    const included = quoteCart(TREE, [10, 11], TERMS).lines[0]!;
    expect(included.items[1]!.reasons).toEqual([{ code: 'included', params: { second: 10 } }]);
    expect(quoteCart(TREE, [21], TERMS).lines[0]!.items[0]!.reasons).toEqual([
      { code: 'noSales', params: { fee: 20_000 } },
    ]);
    expect(quoteCart(TREE, [11], TERMS).lines[0]!.items[0]!.reasons).toEqual([
      { code: 'base', params: { fee: 20_000, per_billion: 200, billions: 10 } },
    ]);
  });

  it('names the ids that are not sellable, and ignores them in a quote', () => {
    expect(unknownCategories(TREE, [11, 1, 99, 1])).toEqual([1, 99]);
    expect(quoteCart(TREE, [99, 11], TERMS).total).toBe(22_000);
  });
});
