/**
 * docs/product.md §9 business constants and limits, in one place so the server (query LIMITs, validation) and
 * the web (pickers, timers, layout) cannot drift apart.
 */
import { addMonths, type DateRange, monthStart } from './dates.js';

// Lists
export const MARKET_SHARE_BRANDS_LIMIT = 100;
export const GROWTH_TOP_LIMIT = 50;
export const SHOP_RANKING_LIMIT = 50;
export const PRODUCT_RANKING_LIMIT = 50;
/** Hot goods are a random sample drawn from the top 1000 products. */
export const HOT_GOODS_POOL = 1000;
export const HOT_GOODS_SAMPLE = 20;
export const TREND_TOP_CATEGORIES = 10;
export const MAX_ATTRIBUTE_VALUES = 10;
/** Concepts on one Concept Explore trend chart: the page's own and up to two compared with it. */
export const MAX_CONCEPTS_COMPARED = 3;
/** Related words of a concept (the words most sold together with it). */
export const CONCEPT_RELATED_WORDS = 30;
/** Brand comparison slots (blue, purple, teal, pink), docs/product.md §1. */
export const MAX_CONTRAST_BRANDS = 4;

// Accounts and client behaviour
export const PASSWORD_MIN_LENGTH = 8;
export const MIN_SCREEN_WIDTH = 768;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOKEN_POLL_INTERVAL_MS = 10 * 60_000;
export const POPUP_Z_INDEX = 3050;
export const DEFAULT_PROJECT_ID = 1;
export const DEFAULT_CURRENCY_SYMBOL = '¥';
/** An uploaded spreadsheet (account batch, category list): checked in the browser and by the server. */
export const MAX_UPLOAD_BYTES = 1_500_000;
/** Data rows of an account batch file (the header row not counted). */
export const MAX_BATCH_ROWS = 2000;
/** Data rows of a category list file. */
export const MAX_CATEGORY_ROWS = 10_000;
/** Categories sent as one string are joined with semicolons (docs/product.md §3, §9). */
export const CATEGORY_SEPARATOR = ';';
/** Shop selections are 'platform,shop_id' (docs/product.md §4). */
export const SHOP_SELECTION_SEPARATOR = ',';
/** A shop selection ('platform,shop_id', docs/query-engine.md) of a platform and a shop. */
export const shopSelection = (platformId: number, shopId: number | string): string =>
  `${platformId}${SHOP_SELECTION_SEPARATOR}${shopId}`;

/** Price enquiry limits (yearly, RMB) per category level. */
export const PRICE_LIMITS = {
  secondLevel: 999_999,
  thirdLevel: 99_999,
  allThird: 50_000,
} as const;
/** Price history is included from this month on. */
export const PRICE_HISTORY_FROM = '2017-01-01';

/** docs/product.md §9 potential-brand defaults. Ranges are minimums; sales in currency units, ratios in percent. */
export const POTENTIAL_DEFAULTS = {
  quickSelector: 'yoy',
  categoryLevel: 2,
  categorySalesMin: 100_000_000,
  categorySalesRatioMin: 20,
  brandCategorySalesMin: 10_000_000,
  brandCategorySalesRatioMin: 30,
} as const;

export interface PotentialDefaultConfig {
  date_range: DateRange;
  benchmark_date_range: DateRange;
  quick_selector: 'yoy';
  categories_filter: {
    categories: string;
    category_level: number;
    sales_range_min: number;
    sales_range_max: null;
    sales_ratio_range_min: number;
    sales_ratio_range_max: null;
  };
  brands_filter: {
    category_sales_range_min: number;
    category_sales_range_max: null;
    category_sales_ratio_range_min: number;
    category_sales_ratio_range_max: null;
    sales_range_min: null;
    sales_range_max: null;
    sales_ratio_range_min: null;
    sales_ratio_range_max: null;
  };
}

/**
 * The potential-brand configuration a user starts from (docs/product.md §3, §9), relative to `today`
 * ('YYYY-MM-DD'): target = last month's start to the current month's start, benchmark = the same
 * range one year earlier, quick selector yoy, category level 2, and the default minimums.
 * Example: today 2024-03-15 → target 2024-02-01 … 2024-03-01, benchmark 2023-02-01 … 2023-03-01.
 */
export function potentialDefaults(today: string): PotentialDefaultConfig {
  const current = monthStart(today);
  const dateRange = { start: addMonths(current, -1), end: current };
  return {
    date_range: dateRange,
    benchmark_date_range: { start: addMonths(dateRange.start, -12), end: addMonths(dateRange.end, -12) },
    quick_selector: POTENTIAL_DEFAULTS.quickSelector,
    categories_filter: {
      categories: '',
      category_level: POTENTIAL_DEFAULTS.categoryLevel,
      sales_range_min: POTENTIAL_DEFAULTS.categorySalesMin,
      sales_range_max: null,
      sales_ratio_range_min: POTENTIAL_DEFAULTS.categorySalesRatioMin,
      sales_ratio_range_max: null,
    },
    brands_filter: {
      category_sales_range_min: POTENTIAL_DEFAULTS.brandCategorySalesMin,
      category_sales_range_max: null,
      category_sales_ratio_range_min: POTENTIAL_DEFAULTS.brandCategorySalesRatioMin,
      category_sales_ratio_range_max: null,
      sales_range_min: null,
      sales_range_max: null,
      sales_ratio_range_min: null,
      sales_ratio_range_max: null,
    },
  };
}

/** Joins category ids with the semicolon separator of docs/product.md §3. */
export function joinCategories(ids: readonly (string | number)[]): string {
  return ids.join(CATEGORY_SEPARATOR);
}

/** Splits a semicolon-joined category list, dropping empty entries. */
export function splitCategories(joined: string): string[] {
  return joined
    .split(CATEGORY_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
