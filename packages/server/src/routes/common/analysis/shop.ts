import { SHOP_ENDPOINTS, SHOP_SCHEMAS } from '@marketlens/shared/contracts';
import {
  channelTrends,
  inMarket,
  requireShops,
  selectedShops,
  shopComposition,
  shopOverviews,
  shopProducts,
  shopRankings,
  shopTrends,
} from '../../../analytics/pages/shop.js';
import { RANKING_DOCS, sendTop } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * Store Analysis (/shop, docs/product.md §7 POST /shops/overviews; docs/pages/shop.md): the filter's shops
 * (checked: not granted 403, not in the dataset 404) in their market, and the market's shops and
 * channels.
 */
export const shopArea: Area<typeof SHOP_SCHEMAS> = {
  tag: 'shop',
  endpoints: SHOP_ENDPOINTS,
  schemas: SHOP_SCHEMAS,
  summaries: {
    overviews: 'Store Analysis: totals of the selected shops in their market',
    composition: 'Store Analysis: what one shop sells, by category or brand',
    products: 'Store Analysis: top products of the shops',
    rankings: 'Store Analysis: shop rankings',
    rankingsDownload: 'Store Analysis: download the shop rankings (.xlsx)',
    trends: 'Store Analysis: monthly trend of the shops',
    channelTrends: 'Store Analysis: monthly channel mix of the shops',
  },
  handlers: {
    overviews: async (a) => shopOverviews(a, await selectedShops(a)),
    composition: async (a, b) =>
      shopComposition(a, (await requireShops(a, [b.shop]))[0]!, b.by ?? 'category', b.level ?? 3),
    products: async (a, b) => shopProducts(a, (await requireShops(a, [b.shop]))[0]!, b.sort_by ?? 'sales'),
    rankings: async (a, b) => shopRankings(inMarket(a), b.sort_by ?? 'sales'),
    rankingsDownload: async (a, b, reply) => {
      const market = inMarket(a);
      return sendTop(
        reply,
        market,
        'shop',
        (await shopRankings(market, b.sort_by ?? 'sales')).items,
        RANKING_DOCS.shopRankings,
      );
    },
    trends: async (a, b) => shopTrends(a, await selectedShops(a), b.metric ?? 'sales'),
    channelTrends: async (a, b) => channelTrends(a, b.platform_id ?? null),
  },
};
