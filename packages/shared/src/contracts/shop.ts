/**
 * Wire contract of Store Analysis (/shop, page id 9; docs/pages/shop.md). The page's shops are the
 * filter's shop selection ('platform,shop_id', docs/product.md §4); "the market" of a shop is the filter
 * without its shop parts (shops, their platforms, channel sources). Shares and growth are ratios
 * (0.25 = 25 %); null = no value ("-").
 */
import { type Static, Type } from 'typebox';
import { FigureFlags, FilterBody, Warnings } from './common.js';
import { InsightMetricName, TopAnswer } from './insight.js';

const Num = Type.Union([Type.Number(), Type.Null()]);
const Range = Type.Object({ start: Type.String(), end: Type.String() });
const Named = { name: Type.String(), name_en: Type.String() };

/** At most this many shops are described, overlaid or compared at once (the issue: up to 10). */
export const MAX_SHOPS = 10;

/** One shop's selection value, 'platform,shop_id' (docs/product.md §4). */
export const ShopValue = Type.String({ pattern: '^\\d{1,9},\\d{1,16}$' });

const Measures = { sales: Type.Number(), count: Type.Number(), avg_price: Num, share: Num };

/** The shop against one base range (mom, yoy, or the user's custom range). */
export const ShopComparison = Type.Object({
  base_range: Range,
  base: Type.Object(Measures),
  growth: Type.Object({ sales: Num, count: Num, avg_price: Num, share: Num }),
  /** The marks of the sales growth (docs/metrics.md "Flags"). */
  flags: FigureFlags,
  /** share − base share (ratio points). */
  share_change: Num,
});
export type ShopComparison = Static<typeof ShopComparison>;

export const ShopOverviewItem = Type.Object({
  shop_id: Type.Number(),
  /** The selection value it was asked with ('platform,shop_id'). */
  value: Type.String(),
  ...Named,
  platform: Type.Object({ id: Type.Integer(), code: Type.String(), ...Named }),
  /** Its channel type (shop type) and that channel's name on its platform. */
  channel: Type.Object({ shop_type: Type.String(), ...Named }),
  /** Its page on the platform (tmall, taobao, jd, suning, pdd; docs/product.md §9), null elsewhere. */
  link: Type.Union([Type.String(), Type.Null()]),
  ...Measures,
  /** Share of its platform's sales in the market. */
  platform_share: Num,
  /** Rank by sales among the market's shops (ties share a rank); null without sales. */
  rank: Type.Union([Type.Integer(), Type.Null()]),
  brand_count: Type.Integer(),
  product_count: Type.Integer(),
  mom: ShopComparison,
  yoy: ShopComparison,
  custom: Type.Optional(ShopComparison),
});
export type ShopOverviewItem = Static<typeof ShopOverviewItem>;

/** POST /shops/overviews: the selected shops (in the order selected) in their market. */
export const ShopOverviews = Type.Object({
  range: Range,
  market: Type.Object({ sales: Type.Number(), count: Type.Number(), avg_price: Num, shop_count: Type.Integer() }),
  items: Type.Array(ShopOverviewItem),
  warnings: Warnings,
});
export type ShopOverviews = Static<typeof ShopOverviews>;

export const ShopCompositionBy = Type.Union([Type.Literal('category'), Type.Literal('brand')]);
export type ShopCompositionBy = Static<typeof ShopCompositionBy>;

/** POST /shops/composition: what one shop sells, by category (of a level) or by brand. */
export const ShopComposition = Type.Object({
  by: ShopCompositionBy,
  level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  shop_sales: Type.Number(),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      ...Named,
      sales: Type.Number(),
      count: Type.Number(),
      avg_price: Num,
      /** Part of the shop's sales. */
      part: Num,
      /** The shop's share of this category's (brand's) sales in the market. */
      market_share: Num,
    }),
  ),
  warnings: Warnings,
});
export type ShopComposition = Static<typeof ShopComposition>;

const TrendPoint = Type.Object({
  period: Type.String(),
  sales: Type.Number(),
  count: Type.Number(),
  avg_price: Num,
  /** Share of the market's sales in the period. */
  share: Num,
  /** The chosen metric's value. */
  value: Num,
});

/** POST /shops/trends: the chosen metric of each selected shop per period, and the market's. */
export const ShopTrends = Type.Object({
  metric: InsightMetricName,
  periods: Type.Array(Type.String()),
  market: Type.Array(TrendPoint),
  series: Type.Array(
    Type.Object({ shop_id: Type.Number(), value: Type.String(), ...Named, points: Type.Array(TrendPoint) }),
  ),
  warnings: Warnings,
});
export type ShopTrends = Static<typeof ShopTrends>;

/**
 * POST /shops/channels/trends: the market's channel mix per period — the sales of each channel type
 * (on every platform, or on one) and its share of the period's sales.
 */
export const ShopChannelTrends = Type.Object({
  platform_id: Type.Union([Type.Integer(), Type.Null()]),
  periods: Type.Array(Type.String()),
  series: Type.Array(
    Type.Object({
      shop_type: Type.String(),
      ...Named,
      sales: Type.Number(),
      points: Type.Array(Type.Object({ period: Type.String(), sales: Type.Number(), share: Num })),
    }),
  ),
  warnings: Warnings,
});
export type ShopChannelTrends = Static<typeof ShopChannelTrends>;

// ---------------------------------------------------------------------------------------------
// Requests

const SortBy = Type.Optional(Type.Union([Type.Literal('sales'), Type.Literal('count')]));
const Level = Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]));

export const ShopFilterBody = FilterBody({});
export const ShopRankingsBody = FilterBody({ sort_by: SortBy });
export const ShopTrendsBody = FilterBody({ metric: Type.Optional(InsightMetricName) });
export const ShopCompositionBody = FilterBody({ shop: ShopValue, by: Type.Optional(ShopCompositionBy), level: Level });
export const ShopProductsBody = FilterBody({ shop: ShopValue, sort_by: SortBy });
export const ShopChannelTrendsBody = FilterBody({ platform_id: Type.Optional(Type.Integer({ minimum: 0 })) });

/** Request and answer schemas of each Store Analysis endpoint (the table is in endpoints.ts). */
export const SHOP_SCHEMAS = {
  overviews: { body: ShopFilterBody, data: ShopOverviews },
  composition: { body: ShopCompositionBody, data: ShopComposition },
  products: { body: ShopProductsBody, data: TopAnswer },
  rankings: { body: ShopRankingsBody, data: TopAnswer },
  rankingsDownload: { body: ShopRankingsBody, data: null },
  trends: { body: ShopTrendsBody, data: ShopTrends },
  channelTrends: { body: ShopChannelTrendsBody, data: ShopChannelTrends },
} as const;
