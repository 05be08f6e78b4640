/**
 * Wire contract of Product Analysis (/analysis, page id 6): products (SKUs) and product series, their
 * sales and prices over time. Every request is the filter (docs/product.md §3) plus an optional selection of
 * products and series (`products`, `series`: the page's own fields, not the shared filter's); without
 * one the figures are the filtered market's. Definitions of every figure: docs/pages/product-analysis.md.
 * Ratios (share, growth) are 0.25 = 25 %; null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { FigureFlags, FilterBody, ScopeBody, Warnings } from './common.js';
import { InsightRange, InsightSummaryComparison } from './insight.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Named = { name: Type.String(), name_en: Type.String() };

/** At most this many products and series in one selection (the trend draws up to 10 lines). */
export const MAX_SELECTED_PRODUCTS = 50;
export const MAX_SELECTED_SERIES = 10;
/** Lines of the per-product / per-series trend (docs/product.md §9 trend top 10). */
export const MAX_TREND_LINES = 10;
/** Rows of one products-table page, and of its download. */
export const MAX_PRODUCTS_PAGE = 100;
export const PRODUCTS_DOWNLOAD_LIMIT = 5000;

/** The page's own fields: the products (SKU ids) and series (names) analysed; their union is the selection. */
const Selection = {
  products: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0 }), { maxItems: MAX_SELECTED_PRODUCTS, uniqueItems: true }),
  ),
  series: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: MAX_SELECTED_SERIES, uniqueItems: true }),
  ),
};

export const ProductSelectionBody = FilterBody(Selection);

/** POST /analysis/summary: the selection's headline figures. */
export const ProductSummary = Type.Object({
  range: InsightRange,
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** The sales are at discount price (the project has discount prices and the user switched them on). */
  discount: Type.Boolean(),
  chain: InsightSummaryComparison,
  yoy: InsightSummaryComparison,
  /** Only when the filter's selector is custom. */
  custom: Type.Union([InsightSummaryComparison, Type.Null()]),
  /** Products, shops and platforms with sales in the range. */
  product_count: Type.Integer(),
  shop_count: Type.Integer(),
  platform_count: Type.Integer(),
  warnings: Warnings,
});
export type ProductSummary = Static<typeof ProductSummary>;

const Growth = Type.Object({ sales: Num, count: Num, avg_price: Num });

export const ProductTrendPoint = Type.Object({
  period: Type.String(),
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Against the point the filter's selector compares it with (previous period, a year earlier, or custom). */
  growth: Growth,
  /** The marks of the sales growth (docs/metrics.md "Flags"); empty without a comparison. */
  flags: FigureFlags,
});
export type ProductTrendPoint = Static<typeof ProductTrendPoint>;

export const PRODUCT_TREND_BY = ['total', 'product', 'series'] as const;
export type ProductTrendBy = (typeof PRODUCT_TREND_BY)[number];

export const ProductTrendLine = Type.Object({
  /** 'total', a product id or a series name. */
  key: Type.String(),
  ...Named,
  points: Type.Array(ProductTrendPoint),
});
export type ProductTrendLine = Static<typeof ProductTrendLine>;

export const ProductTrendsBody = FilterBody({
  ...Selection,
  by: Type.Optional(Type.Union([Type.Literal('total'), Type.Literal('product'), Type.Literal('series')])),
});

/** POST /analysis/trends: one point per period of the range, for the whole selection or per product / series. */
export const ProductTrends = Type.Object({
  by: Type.String(),
  selector: Type.String(),
  periods: Type.Array(Type.String()),
  lines: Type.Array(ProductTrendLine),
  warnings: Warnings,
});
export type ProductTrends = Static<typeof ProductTrends>;

export const PricePoint = Type.Object({
  period: Type.String(),
  /** Average transaction price of the selection (sales / count, at the price the switch chooses). */
  avg_price: Num,
  /** The same at list price and at discount price (discount: projects with discount prices only). */
  list_avg_price: Num,
  discount_avg_price: Num,
  /** Average price of the category: the filtered market without the product / series selection. */
  market_avg_price: Num,
  sales: Type.Number(),
  /** The selection's sales in each price band (list price), same order as `bands`, and their shares. */
  band_sales: Type.Array(Type.Number()),
  band_shares: Type.Array(Num),
});
export type PricePoint = Static<typeof PricePoint>;

/** POST /analysis/trends/prices. */
export const ProductPriceTrends = Type.Object({
  discount: Type.Boolean(),
  /** The project has discount prices (the discount line exists). */
  has_discount: Type.Boolean(),
  bands: Type.Array(Type.Array(Num, { minItems: 2, maxItems: 2 })),
  points: Type.Array(PricePoint),
  warnings: Warnings,
});
export type ProductPriceTrends = Static<typeof ProductPriceTrends>;

const Ref = Type.Object({ id: Type.Integer(), ...Named });

export const ProductRow = Type.Object({
  rank: Type.Integer(),
  id: Type.Integer(),
  title: Type.String(),
  title_en: Type.String(),
  image_id: Type.Union([Type.String(), Type.Null()]),
  /** Picture URL on the file service (docs/product.md §9 pictures by id); null without a picture. */
  picture: Type.Union([Type.String(), Type.Null()]),
  /** Product page (docs/product.md §9 link helpers); null where the platform has none. */
  link: Type.Union([Type.String(), Type.Null()]),
  brand: Ref,
  shop: Type.Object({ id: Type.Integer(), ...Named, link: Type.Union([Type.String(), Type.Null()]) }),
  platform: Type.Object({ id: Type.Integer(), code: Type.String(), ...Named }),
  channel: Type.Object({ shop_type: Type.String(), ...Named }),
  series: Type.Union([Type.String(), Type.Null()]),
  /** First period on sale ('YYYY-MM-DD'). */
  first_period: Type.String(),
  /** List price. */
  price: Num,
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Product sales / the selection's sales. */
  share: Num,
  /** Sales growth against the filter's selector. */
  growth: Num,
  /** The marks of that growth; empty without a comparison. */
  flags: FigureFlags,
});
export type ProductRow = Static<typeof ProductRow>;

export const ProductsBody = FilterBody({
  ...Selection,
  sort: Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PRODUCTS_PAGE })),
});

/** POST /analysis/products: one page of the selection's products. */
export const ProductsPage = Type.Object({
  sort: Type.String(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  /** Products with sales in the range. */
  total: Type.Integer(),
  /** The selection's sales (the shares' denominator). */
  selection_sales: Type.Number(),
  items: Type.Array(ProductRow),
  warnings: Warnings,
});
export type ProductsPage = Static<typeof ProductsPage>;

/** POST /series/search: series (projects with series only) and products matching a keyword. */
export const SeriesSearchBody = ScopeBody({ keyword: Type.String({ minLength: 1, maxLength: 100 }) });
export const SeriesSearch = Type.Object({
  has_series: Type.Boolean(),
  /** The project's name for a series (docs/product.md §3 series_name / series_name_en). */
  label: Type.String(),
  label_en: Type.String(),
  series: Type.Array(Type.Object({ name: Type.String(), product_count: Type.Integer() })),
  products: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      title_en: Type.String(),
      brand: Ref,
      platform: Ref,
      series: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type SeriesSearch = Static<typeof SeriesSearch>;

export const SeriesInfoBody = FilterBody({ name: Type.String({ minLength: 1, maxLength: 100 }) });

/** POST /series/info: one series under the filter. */
export const SeriesInfo = Type.Object({
  name: Type.String(),
  label: Type.String(),
  label_en: Type.String(),
  summary: ProductSummary,
  /** Platforms the series sold on, biggest first, with their share of the series' sales. */
  platforms: Type.Array(Type.Object({ id: Type.Integer(), ...Named, sales: Type.Number(), share: Num })),
  /** Lowest and highest list price of its products with sales; null without any. */
  price: Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()]),
  points: Type.Array(ProductTrendPoint),
  warnings: Warnings,
});
export type SeriesInfo = Static<typeof SeriesInfo>;

/** Request and answer schemas of each Product Analysis endpoint (the table is in endpoints.ts). */
export const PRODUCT_ANALYSIS_SCHEMAS = {
  summary: { body: ProductSelectionBody, data: ProductSummary },
  trends: { body: ProductTrendsBody, data: ProductTrends },
  prices: { body: ProductSelectionBody, data: ProductPriceTrends },
  products: { body: ProductsBody, data: ProductsPage },
  productsDownload: { body: ProductsBody, data: null },
  seriesSearch: { body: SeriesSearchBody, data: SeriesSearch },
  seriesInfo: { body: SeriesInfoBody, data: SeriesInfo },
} as const;
