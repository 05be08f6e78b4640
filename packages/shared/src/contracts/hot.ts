/**
 * Wire contract of the hot page endpoints (TypeBox schemas of the `data` each answers): the server
 * validates and documents with them, the web reads their `Static` types (type-only imports).
 * Money is in the project's currency; ratios (share, growth) are fractions (0.25 = 25 %), null =
 * no value ("-"). Endpoints and rules: docs/pages/hot.md.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { FigureFlags, FilterBody, ScopeBody, Warnings } from './common.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Ratio = Nullable(Type.Number());
const Range = Type.Object({ start: Type.String(), end: Type.String() });

/** What rising ranks: sub-categories of the chosen parent, brands or products. */
export const HotEntityKind = Type.Union([Type.Literal('category'), Type.Literal('brand'), Type.Literal('product')]);
export type HotEntityKind = Static<typeof HotEntityKind>;

/** A product (SKU) with what a card or row shows: names, price, links (docs/product.md §9) and picture. */
export const HotProduct = Type.Object({
  sku_id: Type.Number(),
  title: Type.String(),
  title_en: Type.String(),
  brand_id: Type.Integer(),
  brand: Type.String(),
  brand_en: Type.String(),
  shop_id: Type.Number(),
  shop: Type.String(),
  shop_en: Type.String(),
  /** Platform code (tmall, jd …) and its names. */
  platform: Type.String(),
  platform_name: Type.String(),
  platform_name_en: Type.String(),
  shop_type: Type.String(),
  category_id: Type.Integer(),
  /** List price. */
  price: Type.Number(),
  /** First period the product sold in (dim_sku.first_period). */
  first_period: Type.String(),
  image_id: Nullable(Type.String()),
  /** Picture on the file service, null without a usable image id. */
  picture: Nullable(Type.String()),
  /** Product page on its platform, null where the platform has no known link. */
  link: Nullable(Type.String()),
  shop_link: Nullable(Type.String()),
});
export type HotProduct = Static<typeof HotProduct>;

/** POST /rising: the 50 entities that grew most, each with a base above the minimum. */
export const RisingItem = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  name_en: Type.String(),
  sales: Type.Number(),
  base_sales: Type.Number(),
  /** (sales − base_sales) / base_sales. */
  growth: Type.Number(),
  /** The marks of the growth (docs/metrics.md "Flags"). */
  flags: FigureFlags,
  /** Share of the filtered scope's sales in the current range. */
  share: Ratio,
  /** Products only. */
  product: Type.Optional(HotProduct),
});
export type RisingItem = Static<typeof RisingItem>;

export const RisingData = Type.Object({
  kind: HotEntityKind,
  /** The compared ranges (selector mom / yoy / custom). */
  range: Range,
  base: Range,
  /** Entities whose base sales are below this are left out, so tiny bases cannot lead the list. */
  min_base_sales: Type.Number(),
  /** Category level ranked when kind = category (children of the parent, 1 without one). */
  level: Type.Optional(Type.Integer()),
  items: Type.Array(RisingItem),
  warnings: Warnings,
});
export type RisingData = Static<typeof RisingData>;

/** POST /fresh: products or brands that first sold in the last periods of the range. */
export const FreshKind = Type.Union([Type.Literal('product'), Type.Literal('brand')]);
export type FreshKind = Static<typeof FreshKind>;

export const FreshItem = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  name_en: Type.String(),
  /** Sales since the first period (within the window). */
  sales: Type.Number(),
  count: Type.Number(),
  share: Ratio,
  /** The first period with sales (products: dim_sku.first_period; brands: first within the filter). */
  first_period: Type.String(),
  product: Type.Optional(HotProduct),
});
export type FreshItem = Static<typeof FreshItem>;

export const FreshData = Type.Object({
  kind: FreshKind,
  /** The last periods of the range in which a first sale counts as fresh. */
  window: Range,
  periods: Type.Integer(),
  items: Type.Array(FreshItem),
  warnings: Warnings,
});
export type FreshData = Static<typeof FreshData>;

/** POST /keywords/hot: title words weighted by the heat index (100 = the hottest word). */
export const HotKeyword = Type.Object({
  keyword: Type.String(),
  sales: Type.Number(),
  /** 100 × sales / max sales of the listed words. */
  heat: Type.Number(),
});
export type HotKeyword = Static<typeof HotKeyword>;

export const HotKeywordsData = Type.Object({
  /** Title language of the words (the request's language). */
  lang: Type.Union([Type.Literal('zh'), Type.Literal('en')]),
  /** The project's hidden keywords were left out (project flag hide_keywords). */
  hidden_applied: Type.Boolean(),
  items: Type.Array(HotKeyword),
  warnings: Warnings,
});
export type HotKeywordsData = Static<typeof HotKeywordsData>;

/** POST /hidden/keywords, and the answer of hiding (POST) or unhiding (PUT) /settings/keywords. */
export const HiddenKeyword = Type.Object({
  keyword: Type.String(),
  hidden_at: Type.String(),
  hidden_by: Type.String(),
});
export type HiddenKeyword = Static<typeof HiddenKeyword>;

export const HiddenKeywordsData = Type.Object({
  /** The project hides keywords (hide_keywords); when off, the cloud shows every word. */
  enabled: Type.Boolean(),
  /** The user may hide and unhide (project admins and root). */
  can_edit: Type.Boolean(),
  items: Type.Array(HiddenKeyword),
});
export type HiddenKeywordsData = Static<typeof HiddenKeywordsData>;

/** POST /products/top: hot goods, a random sample of the top products by sales. */
export const HotGood = Type.Object({
  ...HotProduct.properties,
  sales: Type.Number(),
  count: Type.Number(),
  share: Ratio,
  /** Rank by sales among the top products (1 = best seller). */
  rank: Type.Integer(),
});
export type HotGood = Static<typeof HotGood>;

export const HotGoodsData = Type.Object({
  /** Send it back to get the same sample; a refresh sends a new one. */
  seed: Type.Integer(),
  /** How many top products the sample was drawn from (at most 1000). */
  pool: Type.Integer(),
  items: Type.Array(HotGood),
  warnings: Warnings,
});
export type HotGoodsData = Static<typeof HotGoodsData>;

/** POST /hot/categories/trends: the top 10 categories under the parent, with their trend lines. */
export const CategoryTrendPoint = Type.Object({
  period: Type.String(),
  sales: Type.Number(),
  count: Type.Number(),
  /** Share of the filtered scope's sales in that period. */
  share: Ratio,
});
export const HotCategoryTrend = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  name_en: Type.String(),
  level: Type.Integer(),
  sales: Type.Number(),
  share: Ratio,
  trend: Type.Array(CategoryTrendPoint),
});
export type HotCategoryTrend = Static<typeof HotCategoryTrend>;

export const HotCategoryTrendsData = Type.Object({
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Integer(),
  /** Every period of the range, oldest first (points of a category without sales are 0). */
  periods: Type.Array(Type.String()),
  categories: Type.Array(HotCategoryTrend),
  warnings: Warnings,
});
export type HotCategoryTrendsData = Static<typeof HotCategoryTrendsData>;

// ---------------------------------------------------------------------------------------------
// Requests

/** The parent category whose children are ranked (none: level-1 categories). */
const ParentField = { parent_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])) };

export const RisingBody = FilterBody({ kind: Type.Optional(HotEntityKind), ...ParentField });
export const FreshBody = FilterBody({ kind: Type.Optional(FreshKind) });
export const HotFilterBody = FilterBody({});
export const HotCategoryTrendsBody = FilterBody(ParentField);
export const HotGoodsBody = FilterBody({ seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) });
export const HiddenKeywordsBody = ScopeBody({});
export const KeywordEditBody = ScopeBody({
  keywords: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }),
});

/** Request and answer schemas of each Trend Overview endpoint (the table is in endpoints.ts). */
export const HOT_SCHEMAS = {
  rising: { body: RisingBody, data: RisingData },
  fresh: { body: FreshBody, data: FreshData },
  keywords: { body: HotFilterBody, data: HotKeywordsData },
  categoryTrends: { body: HotCategoryTrendsBody, data: HotCategoryTrendsData },
  goods: { body: HotGoodsBody, data: HotGoodsData },
  hiddenKeywords: { body: HiddenKeywordsBody, data: HiddenKeywordsData },
  hideKeywords: { body: KeywordEditBody, data: HiddenKeywordsData },
  unhideKeywords: { body: KeywordEditBody, data: HiddenKeywordsData },
} as const;
