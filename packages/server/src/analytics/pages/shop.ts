import { avgPrice, type MessageKey, SHOP_TYPES, share, shopLink, shopSelection } from '@marketlens/shared';
import {
  MAX_SHOPS,
  type ShopChannelTrends,
  type ShopComposition,
  type ShopCompositionBy,
  type ShopOverviewItem,
  type ShopOverviews,
  type ShopTrends,
} from '@marketlens/shared/contracts';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import type { ShopInfo } from '../engine/dimensions.js';
import type { Filter } from '../engine/model.js';
import { shopPicksOf } from '../engine/validate.js';
import { type InsightMetric, metricValue, periodsOf, type SortBy, warningsOf } from '../panels/common.js';
import { top } from '../panels/rankings.js';
import { entityCount, type StandingQuestion, standingOf, standings } from '../panels/standing.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Store Analysis (/shop, docs/pages/shop.md). The page's shops are the filter's shop selection
 * ('platform,shop_id', docs/product.md §4: platform and shop both constrain); a shop's *market* is the filter
 * without its shop parts (shops, their platforms, channel sources), so shares, ranks and the channel
 * mix describe the shops within the market the rest of the filter defines. Every query goes through
 * the request (`a.query`, `a.dims`: the user's grant always applies); the overviews are the standing
 * panel's (panels/standing.ts).
 */

/**
 * A shop as selected: its 'platform,shop_id' value (the shop on that platform, docs/query-engine.md), and the
 * shop's details. A value whose platform is not the shop's own selects nothing of it.
 */
export interface SelectedShop {
  value: string;
  platformId: number;
  info: ShopInfo;
}

/** The key of a selection's figures: its platform and shop, as the value names them. */
const pairKey = (platformId: unknown, shopId: unknown) => `${Number(platformId)},${Number(shopId)}`;

/** The filter without its shop parts: the market the shops are measured in. */
export function marketOf(filter: Filter): Filter {
  const { shops: _s, channelSources: _c, ...rest } = filter;
  return rest;
}

/** The request over the market (its filter, and the filter its downloads name, without shop parts). */
export function inMarket(a: AnalysisRequest): AnalysisRequest {
  const {
    shops: _s,
    channel_sources: _c,
    ...wire
  } = a.wire ?? { date: [a.validated.range.start, a.validated.range.end] };
  return { ...a, validated: { ...a.validated, filter: marketOf(a.validated.filter) }, wire };
}

/** The market narrowed to one shop value (its platform and id) and the filter's channel sources. */
function ofShop(filter: Filter, shop: SelectedShop): Filter {
  return {
    ...marketOf(filter),
    shops: [{ platformId: shop.platformId, shopId: Number(shop.info.shop_id) }],
    ...(filter.channelSources ? { channelSources: filter.channelSources } : {}),
  };
}

/**
 * The shops a request names, checked, each value once in the order asked (one shop asked with two
 * platforms is two selections): a project that limits shops answers 403 for an ungranted one
 * (before anything is read, so it reveals nothing), an id not in the dataset is 404.
 */
export async function requireShops(a: AnalysisRequest, values: readonly string[]): Promise<SelectedShop[]> {
  const picked = shopPicksOf(values);
  const granted = a.scope.grant.shops;
  if (granted !== null && picked.some((s) => !granted.includes(s.shopId))) throw forbidden('shop.noAccess');
  const details = await a.dims.shops([...new Set(picked.map((s) => s.shopId))]);
  if (picked.some((s) => !details.has(s.shopId))) throw notFound('shop.notFound');
  return picked.map((s) => ({
    value: shopSelection(s.platformId, s.shopId),
    platformId: s.platformId,
    info: details.get(s.shopId)!,
  }));
}

/** The filter's shop selection (1 to MAX_SHOPS shops), checked by {@link requireShops}. */
export function selectedShops(a: AnalysisRequest): Promise<SelectedShop[]> {
  const values = a.wire?.shops ?? [];
  if (values.length === 0) throw badRequest('shop.noneSelected');
  if (shopPicksOf(values).length > MAX_SHOPS) throw badRequest('shop.tooMany', { count: MAX_SHOPS });
  return requireShops(a, values);
}

// ---------------------------------------------------------------------------------------------
// Overviews

/**
 * The selected shops under the whole filter, ranked among every shop of their market (the filter
 * without its shop parts). A selection is a platform and a shop, so its figures are read grouped
 * by both and keyed as the value names them.
 */
function shopStanding(filter: Filter): StandingQuestion {
  return {
    entity: 'shop',
    market: marketOf(filter),
    selected: {
      dimensions: ['platform', 'shop'],
      filter,
      keyOf: (r) => pairKey(r.keys.platform, r.keys.shop),
    },
  };
}

/** The market's sales per platform in the request's range (a shop's platform share). */
async function platformSales(a: AnalysisRequest): Promise<Map<number, number>> {
  const r = await a.query({
    dimensions: ['platform'],
    measures: ['sales', 'count'],
    filter: marketOf(a.validated.filter),
  });
  return new Map(r.rows.map((row) => [Number(row.keys.platform), row.sales]));
}

/** Brands or products with sales per selection ('platform,shop_id') under the filter. */
async function distinctPerShop(a: AnalysisRequest, dim: 'brand' | 'sku'): Promise<Map<string, number>> {
  const r = await a.query({ dimensions: ['platform', 'shop', dim], measures: ['sales'] });
  const out = new Map<string, number>();
  for (const row of r.rows) {
    if (row.sales <= 0) continue;
    const key = pairKey(row.keys.platform, row.keys.shop);
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/**
 * The selected shops in their market: figures, share of the market and of the shop's platform, rank
 * among the market's shops (1 + shops that sold strictly more), growth against the preceding range
 * (mom), a year earlier (yoy) and the user's base (custom), channel type, brands and products sold.
 */
export async function shopOverviews(a: AnalysisRequest, shops: readonly SelectedShop[]): Promise<ShopOverviews> {
  const v = a.validated;
  const [s, platformTotals, brands, products, platforms] = await Promise.all([
    standings(a, shopStanding(v.filter)),
    platformSales(a),
    distinctPerShop(a, 'brand'),
    distinctPerShop(a, 'sku'),
    a.dims.platforms(),
  ]);
  const items = shops.map(({ value, info }): ShopOverviewItem => {
    const id = info.shop_id;
    const { now, rank, mom, yoy, custom } = standingOf(s, value);
    const platformId = Number(info.platform_id);
    const p = platforms.get(platformId);
    const code = p?.code ?? '';
    return {
      shop_id: id,
      value,
      name: info.name_zh,
      name_en: info.name_en || info.name_zh,
      platform: {
        id: platformId,
        code,
        name: p?.name_zh ?? String(platformId),
        name_en: p?.name_en ?? String(platformId),
      },
      channel: {
        shop_type: info.shop_type,
        name: info.channel_zh ?? info.shop_type,
        name_en: info.channel_en ?? info.shop_type,
      },
      link: shopLink({ platform: code, shopId: id }),
      ...now,
      platform_share: share(now.sales, platformTotals.get(platformId) ?? 0),
      rank,
      brand_count: brands.get(value) ?? 0,
      product_count: products.get(value) ?? 0,
      mom,
      yoy,
      ...(custom ? { custom } : {}),
    };
  });
  const warnings = [...s.warnings];
  if (items.every((i) => i.sales === 0)) warnings.push('analytics.noData');
  const { warningParams } = s;
  return {
    range: v.range,
    market: {
      sales: s.now.market.sales,
      count: s.now.market.count,
      avg_price: avgPrice(s.now.market.sales, s.now.market.count),
      shop_count: entityCount(s.now),
    },
    items,
    warnings: warningsOf({ warnings, warningParams }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// One shop: what it sells (categories, brands) and its top products

/** The shop's sales by category (of a level) or brand, its part of them and its share of each in the market. */
export async function shopComposition(
  a: AnalysisRequest,
  shop: SelectedShop,
  by: ShopCompositionBy,
  level: 1 | 2 | 3,
): Promise<ShopComposition> {
  const dim = by === 'brand' ? 'brand' : (`category_${level}` as const);
  const q = (filter: Filter) => a.query({ dimensions: [dim], measures: ['sales', 'count', 'avg_price'], filter });
  const [mine, market] = await Promise.all([q(ofShop(a.validated.filter, shop)), q(marketOf(a.validated.filter))]);
  const marketSales = new Map(market.rows.map((r) => [String(r.keys[dim]), r.sales]));
  const shopSales = mine.total?.sales ?? 0;
  const items = mine.rows
    .filter((r) => r.sales > 0)
    .map((r) => {
      const key = String(r.keys[dim]);
      return {
        id: Number(key),
        name: r.labels[dim]?.zh || key,
        name_en: r.labels[dim]?.en || r.labels[dim]?.zh || key,
        sales: r.sales,
        count: r.count,
        avg_price: r.avg_price,
        part: share(r.sales, shopSales),
        market_share: share(r.sales, marketSales.get(key)),
      };
    })
    .sort((x, y) => y.sales - x.sales || x.id - y.id);
  return {
    by,
    level,
    shop_sales: shopSales,
    items,
    warnings: warningsOf({ warnings: items.length ? [] : ['analytics.noData'] }, a.locale),
  };
}

/** The shop's top products (top 50, docs/product.md §9) with their links and pictures: the ranking panel. */
export function shopProducts(a: AnalysisRequest, shop: SelectedShop, sortBy: SortBy) {
  return top({ ...a, validated: { ...a.validated, filter: ofShop(a.validated.filter, shop) } }, 'product', sortBy);
}

/** The top 50 shops of a market request ({@link inMarket}: the filter without its shop parts). */
export function shopRankings(market: AnalysisRequest, sortBy: SortBy) {
  return top(market, 'shop', sortBy);
}

// ---------------------------------------------------------------------------------------------
// Trends

const pointOf = (sales: number, count: number, marketSales: number, metric: InsightMetric) => {
  const figures = { sales, count, avg_price: avgPrice(sales, count) };
  return { ...figures, share: share(sales, marketSales), value: metricValue(figures, metric) };
};

/** The chosen metric of each selected shop per period (every period of the range), and of the market. */
export async function shopTrends(
  a: AnalysisRequest,
  shops: readonly SelectedShop[],
  metric: InsightMetric,
): Promise<ShopTrends> {
  const [series, market] = await Promise.all([
    a.query({ dimensions: ['platform', 'shop', 'period'], measures: ['sales', 'count'] }),
    a.query({ dimensions: ['period'], measures: ['sales', 'count'], filter: marketOf(a.validated.filter) }),
  ]);
  const periods = periodsOf(a.validated.range, a.scope.project.dateField);
  const marketAt = new Map(market.rows.map((r) => [String(r.keys.period), r]));
  const at = new Map(series.rows.map((r) => [`${pairKey(r.keys.platform, r.keys.shop)}|${r.keys.period}`, r]));
  const marketSales = (p: string) => marketAt.get(p)?.sales ?? 0;
  return {
    metric,
    periods,
    market: periods.map((p) => ({
      period: p,
      ...pointOf(marketSales(p), marketAt.get(p)?.count ?? 0, marketSales(p), metric),
    })),
    series: shops.map(({ value, info }) => ({
      shop_id: info.shop_id,
      value,
      name: info.name_zh,
      name_en: info.name_en || info.name_zh,
      points: periods.map((p) => {
        const r = at.get(`${value}|${p}`);
        return { period: p, ...pointOf(r?.sales ?? 0, r?.count ?? 0, marketSales(p), metric) };
      }),
    })),
    warnings: warningsOf({ warnings: series.rows.length ? [] : ['analytics.noData'] }, a.locale),
  };
}

/**
 * The market's channel mix over time: per period, the sales of each channel type (shop type) on
 * every platform or on one, and its share of that period's sales there.
 */
export async function channelTrends(a: AnalysisRequest, platformId: number | null): Promise<ShopChannelTrends> {
  const r = await a.query({
    dimensions: ['channel', 'period'],
    measures: ['sales'],
    filter: marketOf(a.validated.filter),
  });
  const periods = periodsOf(a.validated.range, a.scope.project.dateField);
  const zh = translateFor('zh_cn');
  const en = translateFor('en_us');
  const byType = new Map<string, { name: string; name_en: string; sales: Map<string, number> }>();
  const periodTotal = new Map<string, number>();
  for (const row of r.rows) {
    const [platform, ...rest] = String(row.keys.channel).split(',');
    if (platformId !== null && Number(platform) !== platformId) continue;
    const type = rest.join(',');
    const period = String(row.keys.period);
    const known = (SHOP_TYPES as readonly string[]).includes(type);
    const key = `shop.channelType.${type}` as MessageKey;
    const entry = byType.get(type) ?? {
      // On one platform the channel's own name there (天猫超市 …); across platforms the type's.
      name: platformId !== null ? row.labels.channel?.zh || type : known ? zh(key) : type,
      name_en: platformId !== null ? row.labels.channel?.en || type : known ? en(key) : type,
      sales: new Map<string, number>(),
    };
    entry.sales.set(period, (entry.sales.get(period) ?? 0) + row.sales);
    byType.set(type, entry);
    periodTotal.set(period, (periodTotal.get(period) ?? 0) + row.sales);
  }
  const series = [...byType]
    .map(([type, e]) => ({
      shop_type: type,
      name: e.name,
      name_en: e.name_en,
      sales: [...e.sales.values()].reduce((x, y) => x + y, 0),
      points: periods.map((p) => ({
        period: p,
        sales: e.sales.get(p) ?? 0,
        share: share(e.sales.get(p) ?? 0, periodTotal.get(p) ?? 0),
      })),
    }))
    .sort((x, y) => y.sales - x.sales || x.shop_type.localeCompare(y.shop_type));
  return {
    platform_id: platformId,
    periods,
    series,
    warnings: warningsOf({ warnings: series.length ? [] : ['analytics.noData'] }, a.locale),
  };
}
