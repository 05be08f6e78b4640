import { PAGE_ID } from '../routes.js';
import type { BRAND_SCHEMAS } from './brand.js';
import type { CONTRAST_SCHEMAS } from './contrast.js';
import type { DATA_SCHEMAS } from './data.js';
import type { EVENT_REVIEW_SCHEMAS } from './event-review.js';
import type { EXPLORE_SCHEMAS } from './explore.js';
import type { HOT_SCHEMAS } from './hot.js';
import type { INSIGHT_SCHEMAS } from './insight.js';
import type { MOVEMENT_SCHEMAS } from './movement.js';
import type { POTENTIAL_SCHEMAS } from './potential.js';
import type { PRODUCT_ANALYSIS_SCHEMAS } from './product-analysis.js';
import type { SHOP_SCHEMAS } from './shop.js';
import type { Carried, EndpointSchemas, HttpMethod } from './table-types.js';

// The administration tables (accounts, projects, personal centre …) come from the same entry point.
export * from './admin-endpoints.js';
export * from './chart-note-endpoints.js';
export * from './project-event-endpoints.js';
export * from './saved-view-endpoints.js';
export type { BodyOf, Carried, DataOf, EndpointSchemas, HttpMethod, ParamsOf } from './table-types.js';
export type EndpointAccess = 'pages' | 'member' | 'manage';

export interface Endpoint<Body = unknown, Data = unknown, Params = unknown> {
  readonly method: HttpMethod;
  /** Path under /api/common. */
  readonly path: string;
  /**
   * Pages that call it: with access `pages`, the user must be allowed one of them in the project
   * (docs/product.md §6).
   */
  readonly pages: readonly number[];
  /**
   * Who may call it: `pages` — a member allowed one of `pages`; `member` — any member (reference data
   * the administration screens read too); `manage` — the project's administrators (its settings).
   */
  readonly access: EndpointAccess;
  /** The answer is a file (.xlsx), not the JSON envelope. */
  readonly file: boolean;
  /**
   * Type carriers only (never set): the request (body, or query of a GET), the answer's data and the
   * path parameters (an empty record when the path has none), as the administration tables carry them.
   */
  readonly types?: { readonly body: Body; readonly data: Data; readonly params: Params };
}

type Typed<S extends EndpointSchemas> = Endpoint<Carried<S>['body'], Carried<S>['data'], Carried<S>['params']>;
/** An endpoint table typed by its schema table: a key missing from either is a compile error. */
export type TableOf<T extends Record<string, EndpointSchemas>> = { readonly [K in keyof T]: Typed<T[K]> };

interface Options {
  file?: boolean;
  access?: EndpointAccess;
}
export const at = (method: HttpMethod, path: string, pages: readonly number[], o: Options = {}) =>
  ({ method, path, pages, file: o.file ?? false, access: o.access ?? 'pages' }) as Endpoint<never, never, never>;

const { hot, explore, potential, discover, brand, contrast, favoriteBrand, shop } = PAGE_ID;

/** Category Insight (/discover); rankings and channel shares serve Brand Detail too. */
export const INSIGHT_ENDPOINTS: TableOf<typeof INSIGHT_SCHEMAS> = {
  summary: at('POST', '/summary', [discover]),
  trends: at('POST', '/trends', [discover]),
  trendsList: at('POST', '/trends_list', [discover]),
  distributions: at('POST', '/distributions', [discover]),
  attributes: at('POST', '/distributions/attributes', [discover]),
  attributeValues: at('POST', '/distributions/attribute_values', [discover]),
  bandsValues: at('POST', '/distributions/bands_values', [discover]),
  channels: at('POST', '/channels/overviews', [discover, brand, favoriteBrand]),
  top: at('POST', '/top', [discover, brand]),
  topDownload: at('POST', '/top/downloads', [discover, brand], { file: true }),
  valuationSettings: at('GET', '/categories/valuations/settings', [discover]),
  valuations: at('POST', '/categories/valuations', [discover]),
  customValuations: at('POST', '/categories/valuations/custom', [discover]),
  valuationDownload: at('POST', '/categories/valuations/downloads', [discover], { file: true }),
};

/** Brand Detail (/brand); several brands at once for Brand Comparison. */
export const BRAND_ENDPOINTS: TableOf<typeof BRAND_SCHEMAS> = {
  info: at('POST', '/brands/info', [brand]),
  overview: at('POST', '/brands/overview', [brand]),
  overviews: at('POST', '/brands/overviews', [brand, contrast]),
  categories: at('POST', '/brands/categories/overview', [brand, favoriteBrand]),
  categoryValuations: at('POST', '/brands/categories/valuations', [brand]),
  trends: at('GET', '/brands/trends', [brand]),
  characters: at('POST', '/brands/characters', [brand, contrast]),
  charactersDownload: at('POST', '/brands/characters/downloads', [brand], { file: true }),
};

/** Concept Explore (/explore): a market defined by words in product titles (the request's goodsKeywords). */
export const EXPLORE_ENDPOINTS: TableOf<typeof EXPLORE_SCHEMAS> = {
  empty: at('POST', '/concept/empty', [explore]),
  summary: at('POST', '/concept/summary', [explore]),
  trends: at('POST', '/concept/trends', [explore]),
  words: at('POST', '/concept/tops', [explore]),
  categoryTrends: at('POST', '/concept/top/categories/trends', [explore]),
  categoryPenetration: at('POST', '/concept/trends/categories', [explore]),
  valuations: at('POST', '/concept/categories/valuations', [explore]),
  brands: at('POST', '/concept/top/brands', [explore]),
  brandsDownload: at('POST', '/concept/top/brands/downloads', [explore], { file: true }),
  products: at('POST', '/concept/products/top', [explore]),
  productsDownload: at('POST', '/concept/products/top/downloads', [explore], { file: true }),
  categoryProducts: at('POST', '/concept_detail/products/top', [explore]),
};

/**
 * "What moved it" (docs/metrics.md): the split of a selection's sales change, a panel of Category
 * Insight, Brand Detail, Store Analysis, Concept Explore and Brand Comparison (per slot).
 */
export const MOVEMENT_ENDPOINTS: TableOf<typeof MOVEMENT_SCHEMAS> = {
  movement: at('POST', '/movement', [discover, brand, shop, explore, contrast]),
  movementDownload: at('POST', '/movement/downloads', [discover, brand, shop, explore, contrast], { file: true }),
};

/**
 * The event review (docs/metrics.md "Event review"): an edition of a calendar event against its
 * predecessor, a panel of Category Insight and Brand Detail.
 */
export const EVENT_REVIEW_ENDPOINTS: TableOf<typeof EVENT_REVIEW_SCHEMAS> = {
  review: at('POST', '/event-review', [discover, brand]),
};

/** Potential Brand (/potential): rising brands in growing categories, and their download. */
export const POTENTIAL_ENDPOINTS: TableOf<typeof POTENTIAL_SCHEMAS> = {
  brands: at('POST', '/potential/brands', [potential]),
  brandsDownload: at('POST', '/potential/brands/downloads', [potential], { file: true }),
};

/** Trend Overview (/hot). */
export const HOT_ENDPOINTS: TableOf<typeof HOT_SCHEMAS> = {
  rising: at('POST', '/rising', [hot]),
  fresh: at('POST', '/fresh', [hot]),
  keywords: at('POST', '/keywords/hot', [hot]),
  categoryTrends: at('POST', '/hot/categories/trends', [hot]),
  goods: at('POST', '/products/top', [hot]),
  hiddenKeywords: at('POST', '/hidden/keywords', [hot]),
  hideKeywords: at('POST', '/settings/keywords', [], { access: 'manage' }),
  unhideKeywords: at('PUT', '/settings/keywords', [], { access: 'manage' }),
};

/** Product Analysis (/analysis): products and series, their sales and prices over time. */
export const PRODUCT_ANALYSIS_ENDPOINTS: TableOf<typeof PRODUCT_ANALYSIS_SCHEMAS> = {
  summary: at('POST', '/analysis/summary', [PAGE_ID.analysis]),
  trends: at('POST', '/analysis/trends', [PAGE_ID.analysis]),
  prices: at('POST', '/analysis/trends/prices', [PAGE_ID.analysis]),
  products: at('POST', '/analysis/products', [PAGE_ID.analysis]),
  productsDownload: at('POST', '/analysis/products/downloads', [PAGE_ID.analysis], { file: true }),
  seriesSearch: at('POST', '/series/search', [PAGE_ID.analysis]),
  seriesInfo: at('POST', '/series/info', [PAGE_ID.analysis]),
};

/** Brand Comparison (/contrast) and Favourite Brands (/favorite-brand). */
export const CONTRAST_ENDPOINTS: TableOf<typeof CONTRAST_SCHEMAS> = {
  compare: at('POST', '/contrast/brands', [contrast]),
  download: at('POST', '/contrast/brands/downloads', [contrast], { file: true }),
  favorites: at('POST', '/brands/favorites', [favoriteBrand]),
};

/** Store Analysis (/shop): the filter's shops in their market, shop rankings and channel mix. */
export const SHOP_ENDPOINTS: TableOf<typeof SHOP_SCHEMAS> = {
  overviews: at('POST', '/shops/overviews', [shop]),
  composition: at('POST', '/shops/composition', [shop]),
  products: at('POST', '/shops/products/top', [shop]),
  rankings: at('POST', '/shops/rankings', [shop]),
  rankingsDownload: at('POST', '/shops/rankings/downloads', [shop], { file: true }),
  trends: at('POST', '/shops/trends', [shop]),
  channelTrends: at('POST', '/shops/channels/trends', [shop]),
};

const member = (method: HttpMethod, path: string) => at(method, path, [], { access: 'member' });

/**
 * Reference data of one project (docs/product.md §7 "Data"): every page's filter panel reads it, and so do the
 * administration screens (the grant pickers of project user management read /brands and /shops), so
 * it needs project membership (global admins and root always), not pages. Always within the user's
 * grant. Not here: GET /data_scopes (the user's projects, not one project's data) and POST
 * /cache/clear (administrators, no project): ordinary routes in routes/common/data.ts.
 */
export const DATA_ENDPOINTS: TableOf<typeof DATA_SCHEMAS> = {
  tableDate: member('GET', '/table_date'),
  rawCategories: member('GET', '/raw/categories'),
  secondCategories: member('GET', '/raw/second_categories/:id'),
  thirdCategories: member('GET', '/raw/third_categories/:id'),
  categories: member('POST', '/categories'),
  categoryPrefix: member('GET', '/categories/exist_prefix'),
  categorySql: member('GET', '/categories/sql'),
  brands: member('GET', '/brands'),
  defaultBrands: member('GET', '/brands/default'),
  brandScope: member('GET', '/brands/scope'),
  shops: member('GET', '/shops'),
  attributes: member('GET', '/attributes'),
  attributeValues: member('GET', '/attributes/values'),
  channels: member('GET', '/platforms/channels'),
  permission: member('GET', '/data/permission'),
  search: member('POST', '/filter/search'),
  empty: member('POST', '/data/empty'),
};
