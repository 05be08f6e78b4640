import type { DateRange, FilterSelector, Granularity, SuperQueryNode } from '@marketlens/shared';
import type { RollupDimension } from '../../warehouse/rollups.js';

/**
 * The analytics query model: what every analysis panel asks ("these measures, grouped by these
 * dimensions, for this filter, period and comparison"). Wire input is validated into these types
 * (validate.ts); everything after that works on them only.
 */

/** Additive sums the engine reads; every other measure is derived from them (metrics of shared). */
export const MEASURES = ['sales', 'count', 'avg_price', 'share', 'tgi'] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * Group-by dimensions. `attribute:<name>` groups by the values of one SKU attribute; `keyword:zh|en`
 * by the title words (sku_keyword) of one language — both multi-valued (a SKU has several).
 */
export type Dimension =
  | 'period'
  | 'category_1'
  | 'category_2'
  | 'category_3'
  | 'brand'
  | 'platform'
  | 'channel'
  | 'shop'
  | 'sku'
  | 'price_band'
  | `attribute:${string}`
  | `keyword:${KeywordLang}`;

/** Title languages of sku_keyword. */
export type KeywordLang = 'zh' | 'en';

export const FIXED_DIMENSIONS = [
  'period',
  'category_1',
  'category_2',
  'category_3',
  'brand',
  'platform',
  'channel',
  'shop',
  'sku',
  'price_band',
] as const;

/** One 'platform,shop_id' selection (docs/query-engine.md): the shop `shopId` on the platform `platformId`. */
export interface ShopPick {
  readonly platformId: number;
  readonly shopId: number;
}

/** [min, max] in the dataset currency; max null = open-ended. */
export type Band = readonly [number, number | null];

/**
 * Title keyword filter (docs/web-analysis.md goodsKeywords), already parsed. A word matches a product whose title
 * in either language contains it, whatever the reader's language: a shared link selects the same
 * market for every reader (docs/pages/explore.md).
 */
export type KeywordFilter =
  | { readonly kind: 'keywords'; readonly condition: 'AND' | 'OR'; readonly words: readonly string[] }
  | { readonly kind: 'super'; readonly ast: SuperQueryNode };

/**
 * A validated filter (docs/product.md §3). Categories are already expanded to leaf ids; `customSql` and
 * `categories` never both apply (validation keeps only the one that is enabled).
 */
export interface Filter {
  /** Leaf category ids; undefined = no category filter (the grant still applies). */
  readonly categories?: readonly number[];
  /** A validated custom where-clause tree (custom-sql.ts). */
  readonly customSql?: CustomSqlNode;
  /** (platform, shop type) pairs; shop type undefined = every channel of the platform. */
  readonly channels?: readonly { readonly platformId: number; readonly shopType?: string }[];
  readonly brands?: readonly number[];
  /**
   * The 'platform,shop_id' selections (docs/query-engine.md), each the shop on that platform: matched as pairs,
   * so a shop asked with a platform it does not trade on selects nothing.
   */
  readonly shops?: readonly ShopPick[];
  /** Channel sources (shop types: supermarket, global, others) among the selected shops (docs/product.md §5, §9). */
  readonly channelSources?: readonly string[];
  readonly keywords?: KeywordFilter;
  /** attribute name → accepted values (value_zh); a SKU matches when it has any of them, per attribute. */
  readonly attributes?: Readonly<Record<string, readonly string[]>>;
  /** Custom (keyword-rule) attributes: each entry is one attribute's chosen values as super queries (OR). */
  readonly customAttributes?: readonly (readonly SuperQueryNode[])[];
  /** Title words (sku_keyword) the product must have, any of them. */
  readonly descriptions?: readonly string[];
  /** SKU list price range. */
  readonly price?: Band;
  /** Only the user's favourite brands (resolved to ids before the filter reaches the engine). */
  readonly favouriteBrands?: readonly number[];
  /** Products whose first sale (dim_sku.first_period) falls in this range (newly listed products). */
  readonly firstPeriod?: DateRange;
}

export type Comparison =
  | { readonly kind: 'none' }
  | { readonly kind: 'mom' | 'yoy' }
  | { readonly kind: 'custom'; readonly base: DateRange }
  | EventComparisonSpec;

/**
 * "Same event, N years" resolved against the dataset's calendar (shared event-windows.ts): the
 * request's range is the current edition's periods, `base` the earlier edition's, and a trend pairs
 * a point with the one `periodShift` periods earlier (the two editions' day 0 periods).
 */
export interface EventComparisonSpec {
  readonly kind: 'event';
  readonly base: DateRange;
  readonly periodShift: number;
  /** The two windows differ in days, or the ranges in periods. */
  readonly unequal: boolean;
  /** Whole months hold days outside the windows (monthly datasets). */
  readonly approximate: boolean;
  readonly event: {
    readonly code: string;
    readonly year: number;
    readonly baseYear: number;
    readonly back: number;
    readonly name_zh: string;
    readonly name_en: string;
    /** The windows, 'YYYY-MM-DD' inclusive. */
    readonly window: DateRange;
    readonly baseWindow: DateRange;
  };
}

export interface SortSpec {
  readonly by: Measure | Dimension;
  readonly desc: boolean;
}

export interface AnalyticsQuery {
  readonly dataset: string;
  readonly granularity: Granularity;
  readonly measures: readonly Measure[];
  readonly dimensions: readonly Dimension[];
  readonly filter: Filter;
  readonly range: DateRange;
  readonly comparison: Comparison;
  /** Sales at discount price (the project's and user's switch, docs/product.md §3). */
  readonly discount: boolean;
  readonly sort?: SortSpec;
  readonly limit?: number;
  /** Price bands for the price_band dimension. */
  readonly bands?: readonly Band[];
  /**
   * false: the rows' keys are not named (empty labels) — for a caller that names only the few rows it
   * shows, when the rows are many (every SKU of a market).
   */
  readonly names?: false;
}

/** The comparison selector of the wire filter. */
export type Selector = FilterSelector;

/**
 * Custom SQL where-clause, after the allow-list walk: only these node kinds exist, so anything the
 * compiler emits is built from them and bound values.
 */
export type CustomSqlValue = string | number;
export type CustomSqlNode =
  | { readonly kind: 'and' | 'or'; readonly children: readonly CustomSqlNode[] }
  | { readonly kind: 'not'; readonly child: CustomSqlNode }
  | {
      readonly kind: 'compare';
      readonly column: string;
      readonly op: '=' | '<>' | '<' | '<=' | '>' | '>=';
      readonly value: CustomSqlValue;
    }
  | {
      readonly kind: 'in';
      readonly column: string;
      readonly negated: boolean;
      readonly values: readonly CustomSqlValue[];
    }
  | { readonly kind: 'like'; readonly column: string; readonly negated: boolean; readonly pattern: string }
  | {
      readonly kind: 'between';
      readonly column: string;
      readonly negated: boolean;
      readonly low: CustomSqlValue;
      readonly high: CustomSqlValue;
    }
  | { readonly kind: 'null'; readonly column: string; readonly negated: boolean };

/** Fact columns a filter or dimension needs; drives the rollup choice. */
export type FactColumn = RollupDimension;
