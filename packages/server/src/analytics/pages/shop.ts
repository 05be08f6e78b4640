import {
  avgPrice,
  comparisonPeriod,
  type DateRange,
  type MessageKey,
  periodLengthsDiffer,
  SHOP_TYPES,
  share,
  shopLink,
  shopSelection,
} from '@marketlens/shared';
import {
  MAX_SHOPS,
  type ShopChannelTrends,
  type ShopComparison,
  type ShopComposition,
  type ShopCompositionBy,
  type ShopOverviewItem,
  type ShopOverviews,
  type ShopTrends,
} from '@marketlens/shared/contracts';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import { platformInfo, type ShopInfo, shopDetails } from '../engine/dimensions.js';
import type { Filter } from '../engine/model.js';
import type { AnalyticsResult } from '../engine/service.js';
import { shopPicksOf } from '../engine/validate.js';
import {
  againstBase,
  type InsightMetric,
  metricValue,
  periodsOf,
  type RangeFigures,
  run,
  type SortBy,
  warningsOf,
} from '../panels/common.js';
import { top } from '../panels/rankings.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Store Analysis (/shop, docs/pages/shop.md). The page's shops are the filter's shop selection
 * ('platform,shop_id', spec §4: platform and shop both constrain); a shop's *market* is the filter
 * without its shop parts (shops, their platforms, channel sources), so shares, ranks and the channel
 * mix describe the shops within the market the rest of the filter defines. Every query goes through
 * `AnalysisRequest.run` (the user's grant always applies).
 */

/** A query over the request's filter and range, without a comparison unless it names one. */
const ask = (a: AnalysisRequest, q: Parameters<typeof run>[1]) => run(a, { comparison: { kind: 'none' }, ...q });

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
  const details = await shopDetails(a.warehouse, a.scope.project.dataset, [...new Set(picked.map((s) => s.shopId))]);
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

type Figures = RangeFigures;

interface Standing {
  /** The selected shops' figures under the whole filter, by 'platform,shop_id'. */
  shops: Map<string, Figures>;
  /** Sales of every shop of the market, biggest first (for ranks). */
  marketShops: number[];
  platforms: Map<number, number>;
  market: { sales: number; count: number };
}

const salesOf = (r: AnalyticsResult, dim: 'shop' | 'platform') =>
  new Map(r.rows.map((row) => [Number(row.keys[dim]), row]));

/** The selected shops and their market in one range: three grouped queries. */
async function standing(a: AnalysisRequest, range: DateRange): Promise<Standing> {
  const market = marketOf(a.validated.filter);
  const q = (filter: Filter, dims: ('shop' | 'platform')[]) =>
    ask(a, { dimensions: dims, measures: ['sales', 'count'], filter, range });
  const [selected, shops, platforms] = await Promise.all([
    q(a.validated.filter, ['platform', 'shop']),
    q(market, ['shop']),
    q(market, ['platform']),
  ]);
  const total = shops.total ?? { sales: 0, count: 0 };
  const figures = new Map(
    selected.rows.map((r) => [
      pairKey(r.keys.platform, r.keys.shop),
      { sales: r.sales, count: r.count, avg_price: avgPrice(r.sales, r.count), share: share(r.sales, total.sales) },
    ]),
  );
  return {
    shops: figures,
    marketShops: shops.rows.map((r) => r.sales).sort((x, y) => y - x),
    platforms: new Map([...salesOf(platforms, 'platform')].map(([id, r]) => [id, r.sales])),
    market: { sales: total.sales, count: total.count },
  };
}

/** A selection's figures ('platform,shop_id'); zero where the filter selects nothing of it. */
function figuresOf(s: Standing, value: string): Figures {
  return s.shops.get(value) ?? { sales: 0, count: 0, avg_price: null, share: share(0, s.market.sales) };
}

function compare(now: Figures, base: Standing, range: DateRange, value: string): ShopComparison {
  const b = figuresOf(base, value);
  return { base_range: range, base: b, ...againstBase(now, b) };
}

/** Brands or products with sales per selection ('platform,shop_id') under the filter. */
async function distinctPerShop(a: AnalysisRequest, dim: 'brand' | 'sku'): Promise<Map<string, number>> {
  const r = await ask(a, { dimensions: ['platform', 'shop', dim], measures: ['sales'] });
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
  const g = a.scope.project.dateField;
  const ranges = {
    mom: comparisonPeriod(v.range, 'mom', g),
    yoy: comparisonPeriod(v.range, 'yoy', g),
    ...(v.comparison.kind === 'custom' ? { custom: v.comparison.base } : {}),
  };
  const [cur, mom, yoy, custom, brands, products, platforms] = await Promise.all([
    standing(a, v.range),
    standing(a, ranges.mom),
    standing(a, ranges.yoy),
    ranges.custom ? standing(a, ranges.custom) : Promise.resolve(undefined),
    distinctPerShop(a, 'brand'),
    distinctPerShop(a, 'sku'),
    platformInfo(a.warehouse, a.scope.project.dataset),
  ]);
  const items = shops.map(({ value, info }): ShopOverviewItem => {
    const id = info.shop_id;
    const now = figuresOf(cur, value);
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
      platform_share: share(now.sales, cur.platforms.get(platformId) ?? 0),
      rank: now.sales > 0 ? 1 + cur.marketShops.filter((s) => s > now.sales).length : null,
      brand_count: brands.get(value) ?? 0,
      product_count: products.get(value) ?? 0,
      mom: compare(now, mom, ranges.mom, value),
      yoy: compare(now, yoy, ranges.yoy, value),
      ...(custom && ranges.custom ? { custom: compare(now, custom, ranges.custom, value) } : {}),
    };
  });
  const warnings: MessageKey[] = [];
  if (ranges.custom && periodLengthsDiffer(v.range, ranges.custom, g)) warnings.push('analytics.unequalPeriods');
  if (items.every((i) => i.sales === 0)) warnings.push('analytics.noData');
  return {
    range: v.range,
    market: {
      sales: cur.market.sales,
      count: cur.market.count,
      avg_price: avgPrice(cur.market.sales, cur.market.count),
      shop_count: cur.marketShops.filter((s) => s > 0).length,
    },
    items,
    warnings: warningsOf({ warnings }, a.locale),
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
  const q = (filter: Filter) => ask(a, { dimensions: [dim], measures: ['sales', 'count', 'avg_price'], filter });
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

/** The shop's top products (top 50, spec §9) with their links and pictures: the ranking panel. */
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
    ask(a, { dimensions: ['platform', 'shop', 'period'], measures: ['sales', 'count'] }),
    ask(a, { dimensions: ['period'], measures: ['sales', 'count'], filter: marketOf(a.validated.filter) }),
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
  const r = await ask(a, {
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
