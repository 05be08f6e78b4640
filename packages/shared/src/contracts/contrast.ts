/**
 * Wire contract of Brand Comparison (/contrast, page 7) and Favourite Brands (/favorite-brand,
 * page 8): the comparison of up to four brand slots, each on its own categories, its .xlsx, and the
 * followed brands with their figures and movements. Ratios are fractions; null = no value ("-").
 * docs/pages/contrast.md defines every figure.
 */
import { type Static, Type } from 'typebox';
import { MAX_CONTRAST_BRANDS } from '../limits.js';
import { BrandCategoryRow, BrandOverviewItem, BrandTrendPoint, OverviewMarket, OverviewRange } from './brand.js';
import { FilterBody, Warnings } from './common.js';
import { InsightBandsValues, InsightChannelsOverview, TopAnswerRow } from './insight.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Ids = Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 500 });

/** Why a slot shows no figures: not granted (brand or category, docs/product.md §6) or not in the data. */
export const SLOT_ACCESS = ['ok', 'no_access_brand', 'no_access_category', 'not_found'] as const;
export type SlotAccess = (typeof SLOT_ACCESS)[number];

/** How many products each slot lists. */
export const CONTRAST_TOP_PRODUCTS = 10;

/** The figures of one slot: the brand in its own market (the filter with the slot's categories). */
export const ContrastSlotFigures = Type.Object({
  /** Sales, count, average price, share and rank of that market, mom / yoy / custom comparisons. */
  overview: BrandOverviewItem,
  market: OverviewMarket,
  /** Per period of the range: sales, count, average price and share (value/growth are of sales, mom). */
  trend: Type.Array(BrandTrendPoint),
  /** Category mix at the request's level: the brand's sales per category and their part of its sales. */
  categories: Type.Array(BrandCategoryRow),
  /** Channel mix: the brand's platforms and their channels (shares of the brand's sales). */
  channels: InsightChannelsOverview.properties.platforms,
  /** Price-band mix: the brand's sales per band of the slot's market (the one band rule). */
  price_bands: Type.Object({
    rows: InsightBandsValues.properties.rows,
    bands: InsightBandsValues.properties.bands,
  }),
  /** The brand's best-selling products (by sales), shares of the brand's sales. */
  top_products: Type.Array(TopAnswerRow),
});
export type ContrastSlotFigures = Static<typeof ContrastSlotFigures>;

export const ContrastSlot = Type.Object({
  brand_id: Type.Integer(),
  /** The slot's own categories ([] = the filter's category selection). */
  categories: Type.Array(Type.Integer()),
  access: Type.Union([
    Type.Literal('ok'),
    Type.Literal('no_access_brand'),
    Type.Literal('no_access_category'),
    Type.Literal('not_found'),
  ]),
  /** Names only for a granted brand that exists ('' otherwise: nothing leaks). */
  name: Type.String(),
  name_en: Type.String(),
  figures: Type.Union([ContrastSlotFigures, Type.Null()]),
  /** docs/product.md §8 per slot: no data for this brand under the filter, unequal period lengths. */
  warnings: Warnings,
});
export type ContrastSlot = Static<typeof ContrastSlot>;

/** POST /contrast/brands: the slots in the order asked. */
export const Contrast = Type.Object({
  range: OverviewRange,
  level: Type.Integer(),
  slots: Type.Array(ContrastSlot),
  warnings: Warnings,
});
export type Contrast = Static<typeof Contrast>;

/** A followed brand that moved unusually in the latest period of the range (docs/pages/contrast.md). */
export const BrandMovement = Type.Object({
  metric: Type.Union([Type.Literal('sales'), Type.Literal('share')]),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  period: Type.String(),
  value: Type.Number(),
  /** Mean and sample standard deviation of the earlier periods of the range. */
  mean: Type.Number(),
  sd: Type.Number(),
  /** (value − mean) / sd. */
  z: Type.Number(),
});
export type BrandMovement = Static<typeof BrandMovement>;

export const FavoriteBrandRow = Type.Object({
  ...BrandOverviewItem.properties,
  /** When the user followed it. */
  followed_at: Type.String(),
  /** Sales and share per period of the range (the small trend line). */
  trend: Type.Array(Type.Object({ period: Type.String(), sales: Type.Number(), share: Num })),
  movement: Type.Union([BrandMovement, Type.Null()]),
});
export type FavoriteBrandRow = Static<typeof FavoriteBrandRow>;

/** POST /brands/favorites: the brands the user follows in the project, in the filtered market. */
export const FavoriteBrands = Type.Object({
  range: OverviewRange,
  market: OverviewMarket,
  items: Type.Array(FavoriteBrandRow),
  /** Followed brands the user may no longer see (the project limits brands): ids only. */
  ungranted: Type.Array(Type.Integer()),
  warnings: Warnings,
});
export type FavoriteBrands = Static<typeof FavoriteBrands>;

const Level = Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]));
const Slot = Type.Object(
  { brand_id: Type.Integer({ minimum: 0 }), categories: Type.Optional(Ids) },
  { additionalProperties: false },
);
export const ContrastBody = FilterBody({
  slots: Type.Array(Slot, { minItems: 1, maxItems: MAX_CONTRAST_BRANDS }),
  /** The category mix's level (default 1). */
  level: Level,
});

export const CONTRAST_SCHEMAS = {
  compare: { body: ContrastBody, data: Contrast },
  download: { body: ContrastBody, data: null },
  favorites: { body: FilterBody({}), data: FavoriteBrands },
} as const;
