/**
 * Wire contract of Potential Brand (/potential, page id 3): rising brands in growing categories.
 * The request is the docs/product.md §3 "Potential config" (date_range, benchmark_date_range, quick_selector,
 * categories_filter, brands_filter; ranges as _min/_max); definitions of every figure:
 * docs/pages/potential.md. Ratios in answers are fractions (0.25 = 25 %); growth LIMITS in the request
 * are percent (20 = 20 %), as the defaults of docs/product.md §9 are; null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { DataScopeId, Day, FigureFlags, LocaleField, Warnings } from './common.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
/**
 * A limit as typed (checked with the range rules of docs/product.md §5); null or '' = no limit. Text first: the
 * server's validation coerces types, and as text a number stays that number (0 must not become
 * null, '1e5' must stay text for the float check of docs/product.md §5) while null becomes '' (no limit).
 */
const Limit = Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null(), Type.Number()]));
/**
 * A half-open period range as docs/product.md §9 states the default: from the start of the first period to
 * the start of the period after the last (last month start … current month start = last month).
 */
const HalfOpen = Type.Object({ start: Day, end: Day }, { additionalProperties: false });
const Range = Type.Object({ start: Type.String(), end: Type.String() });

export const POTENTIAL_SELECTORS = ['yoy', 'mom', 'custom'] as const;
export type PotentialSelector = (typeof POTENTIAL_SELECTORS)[number];

/** The limits of the search, each `<name>_min` / `<name>_max` on the wire. */
export const POTENTIAL_LIMITS = [
  'category_sales',
  'category_growth',
  'brand_category_sales',
  'brand_category_growth',
  'brand_sales',
  'brand_growth',
] as const;
export type PotentialLimit = (typeof POTENTIAL_LIMITS)[number];

export const PotentialCategoriesFilter = Type.Object(
  {
    /** Category ids (any level) joined by semicolons; '' = every category the user may see. */
    categories: Type.String({ maxLength: 20_000, pattern: '^(\\d{1,12}(;\\d{1,12})*)?$' }),
    category_level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    /** The category's sales in the target period. */
    sales_range_min: Limit,
    sales_range_max: Limit,
    /** The category's sales growth against the benchmark, in percent. */
    sales_ratio_range_min: Limit,
    sales_ratio_range_max: Limit,
  },
  { additionalProperties: false },
);

export const PotentialBrandsFilter = Type.Object(
  {
    /** The brand's sales within the category. */
    category_sales_range_min: Limit,
    category_sales_range_max: Limit,
    /** The brand's sales growth within the category, in percent. */
    category_sales_ratio_range_min: Limit,
    category_sales_ratio_range_max: Limit,
    /** The brand's total sales (every category the user may see). */
    sales_range_min: Limit,
    sales_range_max: Limit,
    /** The brand's total sales growth, in percent. */
    sales_ratio_range_min: Limit,
    sales_ratio_range_max: Limit,
  },
  { additionalProperties: false },
);

/** The search (docs/product.md §3 "Potential config") without the request's own fields: what a user saves. */
export const PotentialConfigFields = {
  date_range: HalfOpen,
  benchmark_date_range: HalfOpen,
  /** Which rule set the benchmark (yoy: a year earlier, mom: the preceding equal span, custom: by hand). */
  quick_selector: Type.Union([Type.Literal('yoy'), Type.Literal('mom'), Type.Literal('custom')]),
  categories_filter: PotentialCategoriesFilter,
  brands_filter: PotentialBrandsFilter,
};
export const PotentialConfig = Type.Object(PotentialConfigFields, { additionalProperties: false });
export type PotentialConfig = Static<typeof PotentialConfig>;

/** POST /potential/brands and its download. */
export const PotentialBody = Type.Object(
  { ...LocaleField, data_scope_id: DataScopeId, ...PotentialConfigFields },
  { additionalProperties: false },
);
export type PotentialBody = Static<typeof PotentialBody>;

const Named = { name: Type.String(), name_en: Type.String() };

/** One brand in one category that passed every limit. */
export const PotentialRow = Type.Object({
  brand_id: Type.Integer(),
  brand: Type.Object(Named),
  category_id: Type.Integer(),
  category: Type.Object({ ...Named, path: Type.String(), path_en: Type.String() }),
  /** The brand in the category: target sales, benchmark sales, growth. */
  sales: Type.Number(),
  base_sales: Type.Number(),
  growth: Num,
  /** The marks of `growth` (docs/metrics.md "Flags"); `category_flags`, `total_flags` of the other two. */
  flags: FigureFlags,
  /** The category (every brand). */
  category_sales: Type.Number(),
  category_base_sales: Type.Number(),
  category_growth: Num,
  category_flags: FigureFlags,
  /** Brand sales / category sales, and its change against the benchmark (ratio points). */
  share: Num,
  share_change: Num,
  /** Rank by target sales among the category's brands (1 = biggest), of `brand_count`. */
  rank: Type.Integer(),
  brand_count: Type.Integer(),
  /** The brand in every category the user may see. */
  total_sales: Type.Number(),
  total_growth: Num,
  total_flags: FigureFlags,
  /** The signed-in user follows the brand in this project. */
  followed: Type.Boolean(),
});
export type PotentialRow = Static<typeof PotentialRow>;

/** How many candidates (brand × category pairs with sales in the target period) a limit excluded. */
export const PotentialExclusion = Type.Object({
  limit: Type.Union([
    Type.Literal('category_sales'),
    Type.Literal('category_growth'),
    Type.Literal('brand_category_sales'),
    Type.Literal('brand_category_growth'),
    Type.Literal('brand_sales'),
    Type.Literal('brand_growth'),
  ]),
  excluded: Type.Integer(),
});
export type PotentialExclusion = Static<typeof PotentialExclusion>;

/** The most rows an answer (and its download) lists; `total` counts them all. */
export const MAX_POTENTIAL_ROWS = 1000;

export const PotentialBrands = Type.Object({
  /** The periods searched (first and last period start) and the benchmark. */
  range: Range,
  benchmark: Range,
  level: Type.Integer(),
  /** Fastest growing in the category first (then sales), at most MAX_POTENTIAL_ROWS. */
  items: Type.Array(PotentialRow),
  total: Type.Integer(),
  /** Categories searched and those that passed the category limits; brand × category candidates. */
  categories: Type.Integer(),
  categories_passed: Type.Integer(),
  candidates: Type.Integer(),
  /** Per limit that was set, the candidates it excludes (alone); the largest first. */
  exclusions: Type.Array(PotentialExclusion),
  warnings: Warnings,
});
export type PotentialBrands = Static<typeof PotentialBrands>;

export const POTENTIAL_SCHEMAS = {
  brands: { body: PotentialBody, data: PotentialBrands },
  brandsDownload: { body: PotentialBody, data: null },
} as const;
