/**
 * Wire contract of the "What moved it" panel (docs/metrics.md "What moved it"): the change in sales
 * of a selection between the comparison's base range and the current range, split into volume,
 * price, mix and residual at SKU grain, into launches, continuing and discontinued SKUs, and — for a
 * brand or a shop — the change of its share of its market by category and by platform. Category
 * Insight, Brand Detail, Store Analysis, Concept Explore and Brand Comparison (one slot per request)
 * call it. Money is in the dataset currency with at most two decimals: every money term is a whole
 * number of cents, and the terms of a split add up to its total to the cent. Shares and share changes
 * are ratios (0.012 = +1.2 percentage points); null = no value.
 */
import { type Static, Type } from 'typebox';
import { FilterBody, Warnings } from './common.js';
import { ShopValue } from './shop.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Range = Type.Object({ start: Type.String(), end: Type.String() });
const Named = { name: Type.String(), name_en: Type.String() };

/** At most this many SKUs per term (and categories) are listed. */
export const MOVEMENT_TOP_MAX = 50;
export const MOVEMENT_TOP_DEFAULT = 10;

/** The terms of the price–volume–mix split; volume + price + mix + residual = the change. */
export const MOVEMENT_EFFECTS = ['volume', 'price', 'mix', 'residual'] as const;
export type MovementEffect = (typeof MOVEMENT_EFFECTS)[number];
/** The life-cycle split; launches + continuing + discontinued = the change. */
export const MOVEMENT_LIFECYCLE = ['launches', 'continuing', 'discontinued'] as const;
export type MovementLifecycle = (typeof MOVEMENT_LIFECYCLE)[number];

export const MovementBody = FilterBody({
  /** The brand whose share of its market (the filter without its brand list) is split; also narrows the selection to it. */
  brand_id: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The shop ('platform,shop_id') whose share of its market (the filter without its shop parts) is split. */
  shop: Type.Optional(ShopValue),
  /** SKUs listed per term, and categories listed (default 10). */
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: MOVEMENT_TOP_MAX })),
  /** The category level of the category lists (default: one below the deepest selected level, at most 3). */
  category_level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  /** Also answer the launch cohorts (one more small read per launch year). */
  cohorts: Type.Optional(Type.Boolean()),
});
export type MovementBody = Static<typeof MovementBody>;

/** The terms of one SKU, one category or the whole selection. */
const Terms = {
  base_sales: Type.Number(),
  sales: Type.Number(),
  base_count: Type.Number(),
  count: Type.Number(),
  /** sales − base_sales. */
  change: Type.Number(),
  volume: Type.Number(),
  price: Type.Number(),
  mix: Type.Number(),
  residual: Type.Number(),
};

export const MovementSku = Type.Object({
  sku_id: Type.Number(),
  ...Named,
  /** The shop ('platform,shop_id') that sells it: the same title is often sold by several shops. */
  shop: Type.Object({ key: Type.String(), ...Named }),
  platform: Type.Object({ id: Type.Number(), ...Named }),
  /** Which life-cycle term the SKU is in. */
  lifecycle: Type.Union([Type.Literal('launches'), Type.Literal('continuing'), Type.Literal('discontinued')]),
  ...Terms,
});
export type MovementSku = Static<typeof MovementSku>;

export const MovementCategory = Type.Object({
  category_id: Type.Number(),
  ...Named,
  ...Terms,
  launches: Type.Number(),
  continuing: Type.Number(),
  discontinued: Type.Number(),
});
export type MovementCategory = Static<typeof MovementCategory>;

/** One category's or platform's part of a share change. */
export const ShareContribution = Type.Object({
  key: Type.String(),
  ...Named,
  market_sales: Type.Number(),
  market_base_sales: Type.Number(),
  sales: Type.Number(),
  base_sales: Type.Number(),
  /** Its part of the share change: sales / market total − base sales / market base total; they add up to the change. */
  contribution: Type.Number(),
  /** The part from the focus' share within it changing, at the mean weight of both ranges. */
  within: Type.Number(),
  /** The part from its weight in the market changing, at the mean share within it of both ranges. */
  weight: Type.Number(),
});
export type ShareContribution = Static<typeof ShareContribution>;

export const MovementShare = Type.Object({
  focus: Type.Object({ kind: Type.Union([Type.Literal('brand'), Type.Literal('shop')]), key: Type.String(), ...Named }),
  market_sales: Type.Number(),
  market_base_sales: Type.Number(),
  share: Num,
  base_share: Num,
  /** share − base_share; the contributions of each list add up to it. */
  change: Num,
  by_category: Type.Array(ShareContribution),
  by_platform: Type.Array(ShareContribution),
});
export type MovementShare = Static<typeof MovementShare>;

/** The range's sales by when the SKUs were first sold in the dataset (dim_sku.first_period). */
export const MovementCohorts = Type.Object({
  /** First period of the last 12 months (52 weeks) of the range. */
  recent_since: Type.String(),
  /** Sales of SKUs first sold from `recent_since` to the range's end, and their part of the range's sales. */
  recent_sales: Type.Number(),
  recent_share: Num,
  /**
   * Every year from the dataset's first (which also holds anything earlier) to the range's last;
   * the years' sales add up to the range's sales.
   */
  by_year: Type.Array(Type.Object({ year: Type.Integer(), sales: Type.Number(), share: Num })),
});
export type MovementCohorts = Static<typeof MovementCohorts>;

/** POST /movement: what moved the sales of the selection between the base range and the range. */
export const MovementAnswer = Type.Object({
  range: Range,
  base: Range,
  comparison: Type.Union([Type.Literal('mom'), Type.Literal('yoy'), Type.Literal('custom'), Type.Literal('event')]),
  /** list = `sales`, discount = `sales_discount` (the project's and the user's switch). */
  price_basis: Type.Union([Type.Literal('list'), Type.Literal('discount')]),
  total: Type.Object({
    ...Terms,
    launches: Type.Number(),
    continuing: Type.Number(),
    discontinued: Type.Number(),
  }),
  /** SKUs in each life-cycle term. */
  sku_counts: Type.Object({ launches: Type.Integer(), continuing: Type.Integer(), discontinued: Type.Integer() }),
  /** The SKUs with the largest absolute contribution to each term. */
  top: Type.Object({
    volume: Type.Array(MovementSku),
    price: Type.Array(MovementSku),
    mix: Type.Array(MovementSku),
    residual: Type.Array(MovementSku),
    launches: Type.Array(MovementSku),
    continuing: Type.Array(MovementSku),
    discontinued: Type.Array(MovementSku),
  }),
  category_level: Type.Integer(),
  /** The categories with the largest absolute change, with their terms. */
  categories: Type.Array(MovementCategory),
  /** The share split of the brand or shop asked; null when neither was. */
  share: Type.Union([MovementShare, Type.Null()]),
  /** Launch cohorts when asked (`cohorts: true`), else null. */
  cohorts: Type.Union([MovementCohorts, Type.Null()]),
  warnings: Warnings,
});
export type MovementAnswer = Static<typeof MovementAnswer>;

export const MOVEMENT_SCHEMAS = {
  movement: { body: MovementBody, data: MovementAnswer },
  /** The panel's figures as .xlsx: the bridge, the life-cycle split, the share split, the top SKUs, the cohorts. */
  movementDownload: { body: MovementBody, data: null },
} as const;
