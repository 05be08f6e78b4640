/**
 * Wire contract of the brand page endpoints (TypeBox schemas of the `data` each answers): the server
 * validates and documents with them, the web reads their `Static` types (type-only imports).
 * Shares, growth and contribution are ratios (0.25 = 25 %); null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { DataScopeId, Day, FigureFlags, FilterBody, LocaleField, ScopeBody, Warnings } from './common.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
/** A period range (period starts). */
export const OverviewRange = Type.Object({ start: Type.String(), end: Type.String() });
const Range = OverviewRange;

/** A named entity in both languages. */
const Named = { name: Type.String(), name_en: Type.String() };

/** POST /brands/info: the brand's header, within the user's grant over the whole data range. */
export const BrandInfo = Type.Object({
  brand_id: Type.Integer(),
  ...Named,
  /** First period with sales the user may see; null = none. */
  first_period: Type.Union([Type.String(), Type.Null()]),
  /** Last period with sales the user may see. */
  last_period: Type.Union([Type.String(), Type.Null()]),
  sku_count: Type.Integer(),
  shop_count: Type.Integer(),
  platforms: Type.Array(Type.Object({ platform_id: Type.Integer(), ...Named })),
  /** Leaf categories the brand sells in (within the grant), biggest first. */
  categories: Type.Array(
    Type.Object({ category_id: Type.Integer(), ...Named, path: Type.String(), path_en: Type.String() }),
  ),
  /** The signed-in user follows the brand in this project. */
  followed: Type.Boolean(),
  /** The project limits brands (the user may see only granted ones). */
  limited: Type.Boolean(),
});
export type BrandInfo = Static<typeof BrandInfo>;

const Measures = {
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Share of the filtered market (sales). */
  share: Num,
};

/** The brand against one base period (mom, yoy or the user's custom range). */
export const BrandComparison = Type.Object({
  base_range: Range,
  base: Type.Object({ ...Measures, rank: Type.Union([Type.Integer(), Type.Null()]) }),
  growth: Type.Object({ sales: Num, count: Num, avg_price: Num, share: Num }),
  /** The marks of the sales growth (docs/metrics.md "Flags"). */
  flags: FigureFlags,
  /** share − base share (ratio points). */
  share_change: Num,
  /** (brand current − brand base) / (market current − market base); null when the market did not change. */
  contribution: Num,
  /** Growth of the whole filtered market's sales. */
  market_growth: Num,
});
export type BrandComparison = Static<typeof BrandComparison>;

export const BrandOverviewItem = Type.Object({
  brand_id: Type.Integer(),
  ...Named,
  ...Measures,
  /** Rank by sales among the brands of the filtered market (1 = biggest); null without sales. */
  rank: Type.Union([Type.Integer(), Type.Null()]),
  mom: BrandComparison,
  yoy: BrandComparison,
  /** Only when the filter's selector is custom with a base range. */
  custom: Type.Optional(BrandComparison),
});
export type BrandOverviewItem = Static<typeof BrandOverviewItem>;

/** The filtered market of an overview. */
export const OverviewMarket = Type.Object({
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Brands with sales in the filtered market. */
  brand_count: Type.Integer(),
});

/** POST /brands/overview. */
export const BrandOverview = Type.Object({
  range: Range,
  market: OverviewMarket,
  brand: BrandOverviewItem,
  /** docs/product.md §8: unequal period lengths, no data. */
  warnings: Warnings,
});
export type BrandOverview = Static<typeof BrandOverview>;

/** POST /brands/overviews: several brands at once (brand comparison), in the order asked. */
export const BrandOverviews = Type.Object({
  range: Range,
  market: OverviewMarket,
  items: Type.Array(BrandOverviewItem),
  warnings: Warnings,
});
export type BrandOverviews = Static<typeof BrandOverviews>;

/** POST /brands/categories/overview: the brand in each category it sells in. */
export const BrandCategoryRow = Type.Object({
  category_id: Type.Integer(),
  ...Named,
  level: Type.Integer(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  ...Measures,
  /** The category's sales (every brand). */
  category_sales: Type.Number(),
  /** The brand's share of the category: brand sales / category sales. */
  share: Num,
  /** The category's part of the brand's sales. */
  brand_part: Num,
  /** Against the filter's comparison (selector); null without one. */
  growth: Type.Object({ sales: Num, share: Num, category_sales: Num }),
  /** The marks of the brand's sales growth in the category; empty without a comparison. */
  flags: FigureFlags,
  share_change: Num,
});
export type BrandCategoryRow = Static<typeof BrandCategoryRow>;

export const BrandCategories = Type.Object({
  level: Type.Integer(),
  brand_sales: Type.Number(),
  items: Type.Array(BrandCategoryRow),
  comparison: Type.Union([Type.Object({ base: Range, unequal_lengths: Type.Boolean() }), Type.Null()]),
  warnings: Warnings,
});
export type BrandCategories = Static<typeof BrandCategories>;

export const BRAND_TREND_METRICS = ['sales', 'count', 'avg_price', 'share'] as const;
export type BrandTrendMetric = (typeof BRAND_TREND_METRICS)[number];

/** GET /brands/trends: one point per period of the range. */
export const BrandTrendPoint = Type.Object({
  period: Type.String(),
  /** The chosen metric's value and its growth against the selector's base point. */
  value: Num,
  growth: Num,
  /** The marks of the point's sales growth against its base point; empty without a comparison. */
  flags: FigureFlags,
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  share: Num,
  market_sales: Type.Number(),
});
export type BrandTrendPoint = Static<typeof BrandTrendPoint>;

export const BrandTrends = Type.Object({
  metric: Type.String(),
  selector: Type.String(),
  points: Type.Array(BrandTrendPoint),
});
export type BrandTrends = Static<typeof BrandTrends>;

export const CHARACTER_KINDS = ['attribute', 'price_band', 'keyword'] as const;
export type CharacterKind = (typeof CHARACTER_KINDS)[number];

/** One segment in which the brand over-indexes its market (TGI > 100). */
export const BrandCharacter = Type.Object({
  kind: Type.Union([Type.Literal('attribute'), Type.Literal('price_band'), Type.Literal('keyword')]),
  /** Attribute name (attribute kind) or null. */
  group: Type.Union([Type.String(), Type.Null()]),
  group_name: Type.Union([Type.String(), Type.Null()]),
  group_name_en: Type.Union([Type.String(), Type.Null()]),
  /** The value, band label ("100-200", "400+") or keyword. */
  value: Type.String(),
  value_en: Type.String(),
  /** Price band bounds (price_band kind). */
  band: Type.Optional(Type.Array(Num, { minItems: 2, maxItems: 2 })),
  brand_sales: Type.Number(),
  segment_sales: Type.Number(),
  /** Brand sales / segment sales. */
  share_in_segment: Num,
  tgi: Num,
  /** log10(brand sales in the segment) × √TGI. */
  distinction: Num,
});
export type BrandCharacter = Static<typeof BrandCharacter>;

/** POST /brands/characters: top 20 segments per kind, by distinction index. */
export const BrandCharacters = Type.Object({
  /** The brand's share of the whole filtered market (TGI's denominator). */
  brand_share: Num,
  brand_sales: Type.Number(),
  market_sales: Type.Number(),
  attributes: Type.Array(BrandCharacter),
  price_bands: Type.Array(BrandCharacter),
  keywords: Type.Array(BrandCharacter),
  /** The price bands used (the project's for the selected category, else proposed from prices). */
  bands: Type.Array(Type.Array(Num, { minItems: 2, maxItems: 2 })),
  warnings: Warnings,
});
export type BrandCharacters = Static<typeof BrandCharacters>;

const ValuationScores = Type.Object({
  market_size: Num,
  growth: Num,
  concentration: Num,
  avg_price: Num,
  new_brand: Num,
});

/** POST /brands/categories/valuations: the categories the brand sells in, valued (category valuation). */
export const BrandCategoryValuation = Type.Object({
  category_id: Type.Integer(),
  ...Named,
  level: Type.Integer(),
  /** The category's market (every brand). */
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Year-on-year sales growth of the category. */
  growth: Num,
  /** The marks of that growth. */
  flags: FigureFlags,
  cr5: Type.Number(),
  hhi: Type.Number(),
  brand_count: Type.Integer(),
  new_brand_share: Num,
  /** Each factor normalised to 0–100 across the brand's categories. */
  scores: ValuationScores,
  score: Type.Number(),
  rank: Type.Integer(),
  /** The brand in the category. */
  brand_sales: Type.Number(),
  brand_share: Num,
});
export type BrandCategoryValuation = Static<typeof BrandCategoryValuation>;

export const BrandCategoryValuations = Type.Object({
  level: Type.Integer(),
  weights: Type.Object({
    market_size: Type.Number(),
    growth: Type.Number(),
    concentration: Type.Number(),
    avg_price: Type.Number(),
    new_brand: Type.Number(),
  }),
  new_brand_since: Type.String(),
  growth_base: Range,
  items: Type.Array(BrandCategoryValuation),
});
export type BrandCategoryValuations = Static<typeof BrandCategoryValuations>;

// ---------------------------------------------------------------------------------------------
// Requests: the brand (or brands) asked about, with the filter (docs/product.md §3) where the panel follows it.

const BrandId = Type.Integer({ minimum: 0 });
const Level = Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]));
/** At most four comparison slots on the contrast page; a little room for other callers. */
export const MAX_OVERVIEW_BRANDS = 10;

export const BrandInfoBody = ScopeBody({ brand_id: BrandId });
export const BrandBody = FilterBody({ brand_id: BrandId });
export const BrandOverviewsBody = FilterBody({
  brand_ids: Type.Array(BrandId, { minItems: 1, maxItems: MAX_OVERVIEW_BRANDS }),
});
export const BrandLevelBody = FilterBody({ brand_id: BrandId, level: Level });
export const BrandTrendsQuery = Type.Object(
  {
    ...LocaleField,
    data_scope_id: DataScopeId,
    brand_id: BrandId,
    start: Day,
    end: Day,
    /** Category ids at any level, comma-separated; none = everything granted. */
    categories: Type.Optional(Type.String({ pattern: '^\\d{1,12}(,\\d{1,12}){0,499}$' })),
    selector: Type.Optional(Type.Union([Type.Literal('mom'), Type.Literal('yoy')])),
    metric: Type.Optional(
      Type.Union([Type.Literal('sales'), Type.Literal('count'), Type.Literal('avg_price'), Type.Literal('share')]),
    ),
  },
  { additionalProperties: false },
);

/** Request and answer schemas of each Brand Detail endpoint (the table is in endpoints.ts). */
export const BRAND_SCHEMAS = {
  info: { body: BrandInfoBody, data: BrandInfo },
  overview: { body: BrandBody, data: BrandOverview },
  overviews: { body: BrandOverviewsBody, data: BrandOverviews },
  categories: { body: BrandLevelBody, data: BrandCategories },
  categoryValuations: { body: BrandLevelBody, data: BrandCategoryValuations },
  trends: { body: BrandTrendsQuery, data: BrandTrends },
  characters: { body: BrandBody, data: BrandCharacters },
  charactersDownload: { body: BrandBody, data: null },
} as const;
