/**
 * Wire contract of the Concept Explore endpoints (/explore, page id 2): a market defined by words in
 * product titles — the request's `goodsKeywords`, required and enabled. Definitions of every figure:
 * docs/pages/explore.md. Ratios (penetration, growth) are 0.25 = 25 %; null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { FilterBody, GoodsKeywords, Warnings } from './common.js';
import { HotCategoryTrendsData } from './hot.js';
import {
  InsightMetricName,
  InsightRange,
  InsightSummaryComparison,
  InsightTrendPoint,
  InsightValuation,
  TopAnswer,
} from './insight.js';

const MaybeNumber = Type.Union([Type.Number(), Type.Null()]);
const SortBy = Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count')]));
/** The parent whose child categories are ranked (none: level-1 categories). */
const ParentField = { parent_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])) };

/** A concept request: the filter (docs/product.md §3) whose goodsKeywords is the concept. */
export const ConceptBody = FilterBody({});
/** Trends: the metric, and up to two more concepts drawn beside the page's own (same filter). */
export const ConceptTrendsBody = FilterBody({
  metric: Type.Optional(InsightMetricName),
  compare: Type.Optional(Type.Array(GoodsKeywords, { maxItems: 2 })),
});
export const ConceptCategoriesBody = FilterBody(ParentField);
export const ConceptRankingBody = FilterBody({ sort_by: SortBy });
/** The drill-down: the concept's products in one category (any level) of the filter. */
export const ConceptDetailBody = FilterBody({ category_id: Type.Integer({ minimum: 1 }), sort_by: SortBy });

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

/** One period of a concept's trend: its figures and growth, and its penetration of its categories. */
export const ConceptTrendPoint = Type.Object({
  ...InsightTrendPoint.properties,
  /** Sales in the period of the leaf categories the concept sold in over the range (without the concept). */
  categories_sales: Type.Number(),
  penetration: MaybeNumber,
});
export const ConceptTrendLine = Type.Object({
  /** The concept as the user wrote it ('玻尿酸', '玻尿酸 AND 面霜', or the super query). */
  label: Type.String(),
  /** The page's own concept (the first line); false for a compared one. */
  main: Type.Boolean(),
  /** The metric over the whole range. */
  total: MaybeNumber,
  points: Type.Array(ConceptTrendPoint),
});
/** POST /concept/trends: one line per concept (its own first), every period of the range. */
export const ConceptTrends = Type.Object({
  metric: InsightMetricName,
  granularity: Type.String(),
  periods: Type.Array(Type.String()),
  comparison: Type.Union([
    Type.Object({ range: InsightRange, base: InsightRange, unequal_lengths: Type.Boolean() }),
    Type.Null(),
  ]),
  concepts: Type.Array(ConceptTrendLine),
  warnings: Warnings,
});
export type ConceptTrends = Static<typeof ConceptTrends>;

/** POST /concept/tops: the title words most sold together with the concept. */
export const ConceptWords = Type.Object({
  /** Title language of the words (the request's language). */
  lang: Type.Union([Type.Literal('zh'), Type.Literal('en')]),
  /** Concept sales (the denominator of each word's share). */
  sales: Type.Number(),
  items: Type.Array(
    Type.Object({
      keyword: Type.String(),
      /** Concept sales of products whose title has the word. */
      sales: Type.Number(),
      /** That sales / the concept's sales. */
      share: MaybeNumber,
      /** 100 × sales / the first word's sales. */
      heat: Type.Number(),
    }),
  ),
  warnings: Warnings,
});
export type ConceptWords = Static<typeof ConceptWords>;

/** POST /concept/trends/categories: the concept's penetration of its top categories. */
export const ConceptCategoryPenetration = Type.Object({
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Integer(),
  periods: Type.Array(Type.String()),
  categories: Type.Array(
    Type.Object({
      category_id: Type.Integer(),
      name: Type.String(),
      name_en: Type.String(),
      level: Type.Integer(),
      /** Concept sales in the category over the range. */
      sales: Type.Number(),
      /** The category's sales under the same filter without the concept. */
      category_sales: Type.Number(),
      penetration: MaybeNumber,
      trend: Type.Array(
        Type.Object({
          period: Type.String(),
          sales: Type.Number(),
          category_sales: Type.Number(),
          penetration: MaybeNumber,
        }),
      ),
    }),
  ),
  warnings: Warnings,
});
export type ConceptCategoryPenetration = Static<typeof ConceptCategoryPenetration>;

export const EXPLORE_SCHEMAS = {
  empty: { body: ConceptBody, data: ConceptEmpty },
  summary: { body: ConceptBody, data: ConceptSummary },
  trends: { body: ConceptTrendsBody, data: ConceptTrends },
  words: { body: ConceptBody, data: ConceptWords },
  categoryTrends: { body: ConceptCategoriesBody, data: HotCategoryTrendsData },
  categoryPenetration: { body: ConceptCategoriesBody, data: ConceptCategoryPenetration },
  valuations: { body: ConceptBody, data: InsightValuation },
  brands: { body: ConceptRankingBody, data: TopAnswer },
  brandsDownload: { body: ConceptRankingBody, data: null },
  products: { body: ConceptRankingBody, data: TopAnswer },
  productsDownload: { body: ConceptRankingBody, data: null },
  categoryProducts: { body: ConceptDetailBody, data: TopAnswer },
} as const;
