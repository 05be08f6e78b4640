import {
  avgPrice,
  contribution,
  type DateRange,
  distinctionIndex,
  growth,
  type MessageKey,
  share,
  tgi,
} from '@marketlens/shared';
import type {
  BrandCategories,
  BrandCategoryValuations,
  BrandCharacter,
  BrandCharacters,
  BrandComparison,
  BrandInfo,
  BrandOverviewItem,
  BrandTrendMetric,
  BrandTrendPoint,
  Warning,
} from '@marketlens/shared/contracts';
import { forbidden, notFound } from '../../errors.js';
import type { AttributeDef, BrandName } from '../engine/dimensions.js';
import type { Band, Filter } from '../engine/model.js';
import type { AnalyticsResult } from '../engine/service.js';
import { growthFlags, shiftPeriod } from '../engine/shape.js';
import { mergeWarnings, type RangeFigures, warningsOf } from '../panels/common.js';
import {
  compareWith,
  entityCount,
  figuresOf,
  rankOf,
  type Standing,
  type StandingQuestion,
  type Standings,
  standings,
} from '../panels/standing.js';
import { valuateCategories } from '../panels/valuation.js';
import type { AnalysisRequest, QueryParts } from '../request.js';

/**
 * Brand Detail (/brand, docs/pages/brand.md): what the page asks about one brand, composed from
 * the request's queries (`a.query`, `a.dims`: always under the user's grant); the overviews are
 * the standing panel's (panels/standing.ts). Handlers in routes/common/analysis/brand.ts
 * stay thin; every figure is computed here.
 */

/**
 * The filter narrowed to one brand. A brand list already in the filter is kept as a condition: a
 * brand outside it has nothing (the intersection), never "the brand anyway".
 */
export function withBrand(filter: Filter, brandId: number): Filter {
  return { ...filter, brands: filter.brands ? filter.brands.filter((b) => b === brandId) : [brandId] };
}

/**
 * The brands a request names, checked: a project that limits brands answers 403 (no access) for an
 * ungranted brand — before anything else, so it reveals nothing — and an id that is not in the
 * dataset is 404.
 */
export async function requireBrands(a: AnalysisRequest, ids: readonly number[]): Promise<Map<number, BrandName>> {
  const granted = a.scope.grant.brands;
  if (granted !== null && ids.some((id) => !granted.includes(id))) throw forbidden('brand.noAccess');
  const names = await a.dims.brandNames(ids);
  if (ids.some((id) => !names.has(id))) throw notFound('brand.notFound');
  return names;
}

// ---------------------------------------------------------------------------------------------
// Brand info

/** The brand's header: names, periods, SKUs, shops, platforms and categories within the grant. */
export async function brandInfo(
  a: AnalysisRequest,
  brandId: number,
  name: BrandName,
  followed: boolean,
): Promise<BrandInfo> {
  // The header describes the brand over the whole data range, whatever the request's filter.
  const filter: Filter = { brands: [brandId] };
  const range = a.scope.fullRange;
  const q = (dimensions: QueryParts['dimensions']) =>
    a.query({ dimensions, measures: ['sales'], filter, range, sort: { by: 'sales', desc: true } });
  const [periods, platforms, categories, shops, skus] = await Promise.all([
    a.query({ dimensions: ['period'], measures: ['sales'], filter, range }),
    q(['platform']),
    q(['category_3']),
    q(['shop']),
    q(['sku']),
  ]);
  const cats = a.scope.catalog.categories;
  const pathOf = (id: number, lang: 'name_zh' | 'name_en') => {
    const names: string[] = [];
    for (let n = cats.get(id); n; n = n.parent_id === null ? undefined : cats.get(n.parent_id)) names.unshift(n[lang]);
    return names.join(' / ');
  };
  // Periods come sorted by key.
  const withSales = periods.rows.filter((r) => r.sales > 0);
  return {
    brand_id: brandId,
    name: name.name_zh,
    name_en: name.name_en,
    first_period: withSales.length ? String(withSales[0]!.keys.period) : null,
    last_period: withSales.length ? String(withSales.at(-1)!.keys.period) : null,
    sku_count: skus.rows.length,
    shop_count: shops.rows.length,
    platforms: platforms.rows.map((r) => ({
      platform_id: Number(r.keys.platform),
      name: r.labels.platform?.zh ?? String(r.keys.platform),
      name_en: r.labels.platform?.en ?? String(r.keys.platform),
    })),
    categories: categories.rows.map((r) => {
      const id = Number(r.keys.category_3);
      return {
        category_id: id,
        name: r.labels.category_3?.zh ?? String(id),
        name_en: r.labels.category_3?.en ?? String(id),
        path: pathOf(id, 'name_zh'),
        path_en: pathOf(id, 'name_en'),
      };
    }),
    followed,
    limited: a.scope.grant.brands !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// Overview: sales, share, rank, growth (mom and yoy), share change, contribution

/** Every brand of the filtered market is ranked; the selected brands are among its rows. */
const BRAND_STANDING = (filter: Filter): StandingQuestion => ({ entity: 'brand', market: filter });

/** A brand against a base: the standing's comparison with the base's rank, contribution and market growth. */
function compare(s: Standings, base: Standing, now: RangeFigures, brandId: number): BrandComparison {
  const cmp = compareWith(now, base, String(brandId), s);
  return {
    ...cmp,
    base: { ...cmp.base, rank: rankOf(base, cmp.base.sales) },
    contribution: contribution(now.sales, cmp.base.sales, s.now.market.sales, base.market.sales),
    market_growth: growth(s.now.market.sales, base.market.sales),
  };
}

export interface OverviewsResult {
  range: DateRange;
  market: { sales: number; count: number; avg_price: number | null; brand_count: number };
  items: BrandOverviewItem[];
  warnings: Warning[];
}

/**
 * Overviews of brands in the filtered market: the current range, the preceding range (mom), the
 * same range a year earlier (yoy) and, with a custom selector, the user's base range. Each range
 * is one grouped query over every brand, so ranks and a brand that sold only in the base count.
 */
export async function brandOverviews(
  a: AnalysisRequest,
  brands: ReadonlyMap<number, BrandName>,
): Promise<OverviewsResult> {
  const v = a.validated;
  const s = await standings(a, BRAND_STANDING(v.filter));
  const items = [...brands].map(([id, name]): BrandOverviewItem => {
    const now = figuresOf(s.now, String(id));
    return {
      brand_id: id,
      name: name.name_zh,
      name_en: name.name_en,
      ...now,
      rank: rankOf(s.now, now.sales),
      mom: compare(s, s.mom, now, id),
      yoy: compare(s, s.yoy, now, id),
      ...(s.custom ? { custom: compare(s, s.custom, now, id) } : {}),
    };
  });
  const warnings = [...s.warnings];
  if (s.now.market.sales === 0) warnings.push('analytics.noData');
  const { warningParams } = s;
  return {
    range: v.range,
    market: {
      sales: s.now.market.sales,
      count: s.now.market.count,
      avg_price: avgPrice(s.now.market.sales, s.now.market.count),
      brand_count: entityCount(s.now),
    },
    items,
    warnings: warningsOf({ warnings, warningParams }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// The brand by category

export type CategoryLevel = 1 | 2 | 3;

/** The brand in every category (of a level) it sells in: its sales, its share of each, growth. */
export async function brandCategories(
  a: AnalysisRequest,
  brandId: number,
  level: CategoryLevel,
): Promise<BrandCategories> {
  const v = a.validated;
  const dim = `category_${level}` as const;
  const q = (filter: Filter) =>
    a.query({
      dimensions: [dim],
      measures: ['sales', 'count', 'avg_price'],
      filter,
      range: v.range,
      comparison: v.comparison,
    });
  const [market, brand] = await Promise.all([q(v.filter), q(withBrand(v.filter, brandId))]);
  const byCategory = new Map(market.rows.map((r) => [Number(r.keys[dim]), r]));
  const brandSales = brand.total?.sales ?? 0;
  const compared = v.comparison.kind !== 'none';
  const items = brand.rows
    .filter((r) => r.sales > 0)
    .map((r) => {
      const id = Number(r.keys[dim]);
      const m = byCategory.get(id);
      const node = a.scope.catalog.categories.get(id);
      const s = share(r.sales, m?.sales);
      const baseShare = compared ? share(r.base?.sales, m?.base?.sales) : null;
      return {
        category_id: id,
        name: node?.name_zh ?? String(id),
        name_en: node?.name_en ?? String(id),
        level,
        parent_id: node?.parent_id ?? null,
        sales: r.sales,
        count: r.count,
        avg_price: r.avg_price,
        category_sales: m?.sales ?? 0,
        share: s,
        brand_part: share(r.sales, brandSales),
        growth: {
          sales: r.growth?.sales ?? null,
          share: compared ? growth(s, baseShare) : null,
          category_sales: m?.growth?.sales ?? null,
        },
        flags: r.flags ?? [],
        share_change: s !== null && baseShare !== null ? s - baseShare : null,
      };
    })
    .sort((a, b) => b.sales - a.sales || a.category_id - b.category_id);
  return {
    level,
    brand_sales: brandSales,
    items,
    comparison: brand.comparison
      ? { base: brand.comparison.base, unequal_lengths: brand.comparison.unequal_lengths }
      : market.comparison
        ? { base: market.comparison.base, unequal_lengths: market.comparison.unequal_lengths }
        : null,
    warnings: warningsOf(mergeWarnings(market, { warnings: items.length ? [] : ['analytics.noData'] }), a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Trend

/**
 * The brand per period of the range, with the chosen metric's growth against the point one period
 * earlier (mom) or a year earlier (yoy). The range is read from its base start in one query per
 * series, so every point has its base even when the brand had no sales then.
 */
export async function brandTrend(
  a: AnalysisRequest,
  brandId: number,
  selector: 'mom' | 'yoy',
  metric: BrandTrendMetric,
): Promise<BrandTrendPoint[]> {
  const v = a.validated;
  const g = a.scope.project.dateField;
  const shift = selector === 'mom' ? 1 : g === 'month' ? 12 : 52;
  const range = { start: shiftPeriod(v.range.start, -shift, g), end: v.range.end };
  const q = (filter: Filter) => a.query({ dimensions: ['period'], measures: ['sales', 'count'], filter, range });
  const [market, brand] = await Promise.all([q(v.filter), q(withBrand(v.filter, brandId))]);
  const byPeriod = (r: AnalyticsResult) => new Map(r.rows.map((row) => [String(row.keys.period), row]));
  const m = byPeriod(market);
  const b = byPeriod(brand);
  const pointAt = (period: string) => {
    const sales = b.get(period)?.sales ?? 0;
    const count = b.get(period)?.count ?? 0;
    const marketSales = m.get(period)?.sales ?? 0;
    return { sales, count, avg_price: avgPrice(sales, count), share: share(sales, marketSales), marketSales };
  };
  const points: BrandTrendPoint[] = [];
  for (let p = v.range.start; p <= v.range.end; p = shiftPeriod(p, 1, g)) {
    const now = pointAt(p);
    const basePeriod = shiftPeriod(p, -shift, g);
    const base = pointAt(basePeriod);
    const salesGrowth = growth(now.sales, base.sales);
    points.push({
      period: p,
      value: now[metric],
      growth: growth(now[metric], base[metric]),
      // Low base by the sales growth whatever the metric, as every flag (docs/metrics.md "Flags").
      flags: growthFlags(a.scope.coverage, salesGrowth, { start: p, end: p }, { start: basePeriod, end: basePeriod }),
      sales: now.sales,
      count: now.count,
      avg_price: now.avg_price,
      share: now.share,
      market_sales: now.marketSales,
    });
  }
  return points;
}

// ---------------------------------------------------------------------------------------------
// Characters: where the brand over-indexes its market (TGI > 100), ranked by distinction index

/** How many segments of each kind the page shows. */
export const CHARACTERS_PER_KIND = 20;

export type { AttributeDef };

interface Segment {
  key: string;
  brandSales: number;
  segmentSales: number;
}

/**
 * Best distinction first. Segments that hold exactly the same products (common for title words)
 * tie up to floating-point noise, so a relative difference below 1e-9 counts as a tie.
 */
function byDistinction(a: { distinction: number | null }, b: { distinction: number | null }): number {
  if (a.distinction === null || b.distinction === null)
    return (a.distinction === null ? 1 : 0) - (b.distinction === null ? 1 : 0);
  const d = b.distinction - a.distinction;
  return Math.abs(d) <= 1e-9 * Math.max(1, Math.abs(a.distinction)) ? 0 : d;
}

/** TGI and distinction index of each segment; keeps over-indexed ones, best distinction first. */
export function rankCharacters<T extends Segment>(
  segments: readonly T[],
  brandShare: number | null,
  limit = CHARACTERS_PER_KIND,
): (T & { share_in_segment: number | null; tgi: number | null; distinction: number | null })[] {
  return segments
    .filter((s) => s.brandSales > 0)
    .map((s) => {
      const inSegment = share(s.brandSales, s.segmentSales);
      const t = tgi(inSegment, brandShare);
      return { ...s, share_in_segment: inSegment, tgi: t, distinction: distinctionIndex(s.brandSales, t) };
    })
    .filter((s) => s.tgi !== null && s.tgi > 100)
    .sort((a, b) => byDistinction(a, b) || b.brandSales - a.brandSales || a.key.localeCompare(b.key))
    .slice(0, limit);
}

/** A band's label: "100-200", or "400+" for the open-ended last one. */
export function bandLabel([min, max]: Band): string {
  return max === null ? `${min}+` : `${min}-${max}`;
}

/** The price bands of the characters (the one rule: engine/dimensions.ts). */
export async function characterBands(a: AnalysisRequest, leaves: readonly number[]): Promise<Band[]> {
  const chosen = await a.dims.bands({
    catalog: a.scope.catalog,
    configured: await a.metadata.bands.list(a.scope.project.id, 'price'),
    selected: a.selected,
    leaves,
  });
  return chosen.bands;
}

interface SegmentQuery {
  dims: QueryParts['dimensions'];
  bands?: readonly Band[];
}

/** Segment sales of the market and of the brand for one grouping, plus both totals. */
async function segmentPair(a: AnalysisRequest, brandId: number, s: SegmentQuery) {
  const v = a.validated;
  const q = (filter: Filter) =>
    a.query({
      dimensions: s.dims,
      measures: ['sales'],
      filter,
      range: v.range,
      ...(s.bands ? { bands: s.bands } : {}),
    });
  const [market, brand] = await Promise.all([q(v.filter), q(withBrand(v.filter, brandId))]);
  return { market, brand };
}

/**
 * Title keywords of the brand's products with the brand's and the market's sales per keyword: a
 * grouped query of its own (no engine dimension holds words), written over the same conditions
 * compiler, grant first, every value bound.
 */
async function keywordSegments(a: AnalysisRequest, brandId: number, lang: 'zh' | 'en'): Promise<Segment[]> {
  const rows = await a.keywordSegments(brandId, lang);
  return rows.map((r) => ({ key: r.keyword, brandSales: r.brandSales, segmentSales: r.segmentSales }));
}

/**
 * The brand's characters: attribute values, price bands and title keywords where its share is
 * above its share of the whole filtered market (TGI > 100), ranked by distinction index
 * (log10(brand sales in the segment) × √TGI), top 20 per kind.
 */
export async function brandCharacters(
  a: AnalysisRequest,
  brandId: number,
  opts: { attributes: readonly AttributeDef[]; bands: readonly Band[]; lang: 'zh' | 'en' },
): Promise<BrandCharacters> {
  const [bands, keywords, ...attrs] = await Promise.all([
    segmentPair(a, brandId, { dims: ['price_band'], bands: opts.bands }),
    keywordSegments(a, brandId, opts.lang),
    ...opts.attributes.map((def) => segmentPair(a, brandId, { dims: [`attribute:${def.attr_name}`] })),
  ]);
  // The whole filtered market and the brand in it: each sale counted once (price bands are single-valued).
  const marketSales = bands.market.total?.sales ?? 0;
  const brandSales = bands.brand.total?.sales ?? 0;
  const brandShare = share(brandSales, marketSales);

  const character = (
    s: Segment & Pick<BrandCharacter, 'share_in_segment' | 'tgi' | 'distinction'>,
    {
      band,
      ...fields
    }: Pick<BrandCharacter, 'kind' | 'group' | 'group_name' | 'group_name_en' | 'value' | 'value_en'> & {
      band?: Band;
    },
  ): BrandCharacter => ({
    ...fields,
    ...(band ? { band: [...band] } : {}),
    brand_sales: s.brandSales,
    segment_sales: s.segmentSales,
    share_in_segment: s.share_in_segment,
    tgi: s.tgi,
    distinction: s.distinction,
  });

  const attributeSegments = attrs.flatMap(({ market, brand }, i) => {
    const def = opts.attributes[i]!;
    const dim = `attribute:${def.attr_name}`;
    const seg = new Map(market.rows.map((r) => [String(r.keys[dim]), r.sales]));
    return brand.rows.map((r) => ({
      key: `${def.attr_name}\u0001${String(r.keys[dim])}`,
      def,
      value: String(r.keys[dim]),
      value_en: r.labels[dim]?.en ?? String(r.keys[dim]),
      brandSales: r.sales,
      segmentSales: seg.get(String(r.keys[dim])) ?? 0,
    }));
  });
  const bandSeg = new Map(bands.market.rows.map((r) => [String(r.keys.price_band), r.sales]));
  const bandSegments = bands.brand.rows
    .filter((r) => r.keys.price_band !== null)
    .map((r) => ({
      key: String(r.keys.price_band).padStart(4, '0'),
      band: opts.bands[Number(r.keys.price_band)]!,
      brandSales: r.sales,
      segmentSales: bandSeg.get(String(r.keys.price_band)) ?? 0,
    }));

  const warnings: MessageKey[] = [];
  if (marketSales === 0) warnings.push('analytics.noData');
  return {
    brand_share: brandShare,
    brand_sales: brandSales,
    market_sales: marketSales,
    attributes: rankCharacters(attributeSegments, brandShare).map((s) =>
      character(s, {
        kind: 'attribute',
        group: s.def.attr_name,
        group_name: s.def.title_zh,
        group_name_en: s.def.title_en,
        value: s.value,
        value_en: s.value_en,
      }),
    ),
    price_bands: rankCharacters(bandSegments, brandShare).map((s) =>
      character(s, {
        kind: 'price_band',
        group: null,
        group_name: null,
        group_name_en: null,
        value: bandLabel(s.band),
        value_en: bandLabel(s.band),
        band: s.band,
      }),
    ),
    keywords: rankCharacters(keywords, brandShare).map((s) =>
      character(s, {
        kind: 'keyword',
        group: null,
        group_name: null,
        group_name_en: null,
        value: s.key,
        value_en: s.key,
      }),
    ),
    bands: opts.bands.map((b) => [...b]),
    warnings: warningsOf({ warnings }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Category valuations of the brand's categories

/**
 * The categories (of a level) the brand sells in under the filter, valued by the category
 * valuation (valuation.ts: the categories' whole markets, default weights), each with the brand's
 * sales and share there.
 */
export async function brandCategoryValuations(
  a: AnalysisRequest,
  brandId: number,
  level: CategoryLevel,
): Promise<BrandCategoryValuations> {
  const v = a.validated;
  const dim = `category_${level}` as const;
  const mine = await a.query({
    dimensions: [dim],
    measures: ['sales'],
    filter: withBrand(v.filter, brandId),
    range: v.range,
  });
  const sold = mine.rows.filter((r) => r.sales > 0);
  const brandSales = new Map(sold.map((r) => [Number(r.keys[dim]), r.sales]));
  const result = await valuateCategories(a, { categories: [...brandSales.keys()] });
  return {
    level,
    weights: { ...result.weights },
    new_brand_since: result.new_brand_since,
    growth_base: result.growth_base,
    items: result.items.map((it) => ({
      ...it,
      scores: { ...it.scores },
      brand_sales: brandSales.get(it.category_id) ?? 0,
      brand_share: share(brandSales.get(it.category_id), it.sales),
    })),
  };
}

/** The brand's characters over the request's filter: attributes, price bands and title words. */
export async function characters(a: AnalysisRequest, brandId: number): Promise<BrandCharacters> {
  const leaves = a.validated.filter.categories ?? a.scope.grant.categories;
  const [attributes, bands] = await Promise.all([a.dims.attributes(), characterBands(a, leaves)]);
  return brandCharacters(a, brandId, { attributes, bands, lang: a.locale === 'en_us' ? 'en' : 'zh' });
}
