import {
  MARKET_SHARE_BRANDS_LIMIT,
  PRODUCT_RANKING_LIMIT,
  productLink,
  SHOP_RANKING_LIMIT,
  shopLink,
} from '@marketlens/shared';
import type { ProductInfo, ShopInfo } from '../engine/dimensions.js';
import type { Dimension, Filter } from '../engine/model.js';
import type { AnalysisRequest } from '../request.js';
import { figures, type SortBy, type TopKind, totals, warningsOf } from './common.js';

/** The ranking panel: top brands, shops or products. */

export const TOP_LIMITS: Readonly<Record<TopKind, number>> = {
  brand: MARKET_SHARE_BRANDS_LIMIT,
  shop: SHOP_RANKING_LIMIT,
  product: PRODUCT_RANKING_LIMIT,
};

/**
 * Top brands (up to 100), shops or products (top 50) by sales or count, with share change and
 * growth; under the request's filter unless the panel is given a narrower one (a drill-down).
 */
export async function top(a: AnalysisRequest, kind: TopKind, sortBy: SortBy, filter: Filter = a.validated.filter) {
  const dim: Dimension = kind === 'brand' ? 'brand' : kind === 'shop' ? 'shop' : 'sku';
  const limit = TOP_LIMITS[kind];
  const result = await a.query({
    comparison: a.validated.comparison,
    dimensions: [dim],
    sort: { by: sortBy, desc: true },
    limit,
    filter,
  });
  const ids = result.rows.map((r) => Number(r.keys[dim]));
  const [platforms, shops, skus] = await Promise.all([
    kind === 'brand' ? Promise.resolve(new Map()) : a.dims.platforms(),
    kind === 'shop' ? a.dims.shops(ids) : Promise.resolve(new Map<number, ShopInfo>()),
    kind === 'product' ? a.dims.products(ids) : Promise.resolve(new Map<number, ProductInfo>()),
  ]);
  const platformRef = (id: number) => {
    const p = platforms.get(id);
    return { id, code: p?.code ?? '', name: p?.name_zh ?? String(id), name_en: p?.name_en ?? String(id) };
  };
  const items = result.rows.map((r, i) => {
    const id = Number(r.keys[dim]);
    const label = r.labels[dim];
    const base = {
      rank: i + 1,
      id,
      name: label?.zh || String(id),
      name_en: label?.en || label?.zh || String(id),
      ...figures(r, sortBy),
    };
    if (kind === 'shop') {
      const s = shops.get(id);
      if (!s) return base;
      const platform = platformRef(Number(s.platform_id));
      return {
        ...base,
        platform,
        channel: { shop_type: s.shop_type, name: s.channel_zh ?? s.shop_type, name_en: s.channel_en ?? s.shop_type },
        link: shopLink({ platform: platform.code, shopId: id }),
      };
    }
    if (kind === 'product') {
      const k = skus.get(id);
      if (!k) return base;
      const platform = platformRef(Number(k.platform_id));
      const region = platforms.get(Number(k.platform_id))?.region;
      const shopId = Number(k.shop_id);
      return {
        ...base,
        platform,
        shop: {
          id: shopId,
          name: k.shop_zh ?? '',
          name_en: k.shop_en ?? k.shop_zh ?? '',
          link: shopLink({ platform: platform.code, shopId }),
        },
        brand: { id: Number(k.brand_id), name: k.brand_zh ?? '', name_en: k.brand_en ?? k.brand_zh ?? '' },
        price: k.price === null ? null : Number(k.price),
        image_id: k.image_id,
        link: productLink({ platform: platform.code, itemId: id, shopId, region: region ?? null }),
      };
    }
    return base;
  });
  return {
    kind,
    sort_by: sortBy,
    limit,
    total: totals(result),
    items,
    warnings: warningsOf(result, a.locale),
  };
}
