/**
 * Wire contract of the Concept Explore endpoints (/explore, page id 2): a market defined by words in
 * product titles — the request's `goodsKeywords`, required and enabled. Definitions of every figure:
 * docs/pages/explore.md. Ratios (penetration, growth) are 0.25 = 25 %; null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { FilterBody, Warnings } from './common.js';
import { InsightRange, InsightSummaryComparison } from './insight.js';

const MaybeNumber = Type.Union([Type.Number(), Type.Null()]);

/** A concept request: the spec §3 filter whose goodsKeywords is the concept. */
export const ConceptBody = FilterBody({});

/** POST /concept/empty: whether the concept matches any sales under the filter. */
export const ConceptEmpty = Type.Object({
  empty: Type.Boolean(),
  warnings: Warnings,
});
export type ConceptEmpty = Static<typeof ConceptEmpty>;

/** POST /concept/summary: the concept's summary cards. */
export const ConceptSummary = Type.Object({
  range: InsightRange,
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: MaybeNumber,
  /** Chain (mom): against the preceding range of equal length. */
  chain: InsightSummaryComparison,
  /** Year on year. */
  yoy: InsightSummaryComparison,
  /** Against the user's dateBefore (selector custom with dateBefore only). */
  custom: Type.Union([InsightSummaryComparison, Type.Null()]),
  /** Concept sales / sales of the leaf categories the concept sold in (same filter without the concept). */
  penetration: MaybeNumber,
  /** Sales of those categories (the denominator). */
  categories_sales: Type.Number(),
  /** Leaf categories the concept sold in. */
  category_count: Type.Integer(),
  /** Brands and products with concept sales in the range. */
  brand_count: Type.Integer(),
  product_count: Type.Integer(),
  warnings: Warnings,
});
export type ConceptSummary = Static<typeof ConceptSummary>;

export const EXPLORE_SCHEMAS = {
  empty: { body: ConceptBody, data: ConceptEmpty },
  summary: { body: ConceptBody, data: ConceptSummary },
} as const;
