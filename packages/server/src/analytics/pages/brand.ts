import {
  avgPrice,
  comparisonPeriod,
  contribution,
  type DateRange,
  distinctionIndex,
  growth,
  type MessageKey,
  periodLengthsDiffer,
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
import type { MetadataStore } from '../../metadata/index.js';
import { type AttributeDef, type BrandName, brandNames, chooseBands, datasetAttributes } from '../engine/dimensions.js';
import type { Band, Filter } from '../engine/model.js';
import type { AnalyticsEngine, AnalyticsResult } from '../engine/service.js';
import { shiftPeriod } from '../engine/shape.js';
import type { ValidatedFilter } from '../engine/validate.js';
import { againstBase, warningsOf } from '../panels/common.js';
import { valuateCategories } from '../panels/valuation.js';
import type { AnalysisRequest, DataScope, QueryParts } from '../request.js';

/**
 * Brand Detail (/brand, docs/pages/brand.md): what the page asks about one brand, composed from
 * engine queries that always carry the user's grant. Handlers in routes/common/analysis/brand.ts
 * stay thin; every figure is computed here.
 */

/** The brand page works with the one analysis request (request.ts). */
export type BrandRun = AnalysisRequest;

const run = (c: BrandRun, q: QueryParts): Promise<AnalyticsResult> => c.run(q);

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
export async function requireBrands(
  engine: AnalyticsEngine,
  scope: DataScope,
  ids: readonly number[],
): Promise<Map<number, BrandName>> {
  const granted = scope.grant.brands;
  if (granted !== null && ids.some((id) => !granted.includes(id))) throw forbidden('brand.noAccess');
  const names = await brandNames(engine.warehouse, scope.project.dataset, ids);
  if (ids.some((id) => !names.has(id))) throw notFound('brand.notFound');
  return names;
}

// ---------------------------------------------------------------------------------------------
// Brand info

/** The brand's header: names, periods, SKUs, shops, platforms and categories within the grant. */
export async function brandInfo(c: BrandRun, brandId: number, name: BrandName, followed: boolean): Promise<BrandInfo> {
  const filter: Filter = { brands: [brandId] };
  const q = (dimensions: QueryParts['dimensions']) =>
    run(c, { dimensions, measures: ['sales'], filter, sort: { by: 'sales', desc: true } });
  const [periods, platforms, categories, shops, skus] = await Promise.all([
    run(c, { dimensions: ['period'], measures: ['sales'], filter }),
    q(['platform']),
    q(['category_3']),
    q(['shop']),
    q(['sku']),
  ]);
  const cats = c.scope.catalog.categories;
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
    limited: c.scope.grant.brands !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// Overview: sales, share, rank, growth (mom and yoy), share change, contribution

interface BrandFigures {
  sales: number;
  count: number;
  avg_price: number | null;
  share: number | null;
  rank: number | null;
}

interface Ranking {
  brands: Map<number, BrandFigures>;
  market: { sales: number; count: number };
  brandCount: number;
}

/** Every brand of the filtered market in one grouped query: figures, shares and ranks by sales. */
async function ranking(c: BrandRun, filter: Filter, range: DateRange): Promise<Ranking> {
  const result = await run(c, {
    dimensions: ['brand'],
    measures: ['sales', 'count', 'avg_price', 'share'],
    filter,
    range,
    sort: { by: 'sales', desc: true },
  });
  const brands = new Map<number, BrandFigures>();
  // Ties share a rank (1 + the number of brands that sold strictly more); rows come biggest first.
  let rank = 0;
  let previous = Number.NaN;
  result.rows.forEach((r, i) => {
    if (r.sales !== previous) rank = i + 1;
    previous = r.sales;
    brands.set(Number(r.keys.brand), {
      sales: r.sales,
      count: r.count,
      avg_price: r.avg_price,
      share: r.share ?? null,
      rank: r.sales > 0 ? rank : null,
    });
  });
  const total = result.total ?? { sales: 0, count: 0 };
  return {
    brands,
    market: { sales: total.sales, count: total.count },
    brandCount: result.rows.filter((r) => r.sales > 0).length,
  };
}

function figuresOf(r: Ranking, brandId: number): BrandFigures {
  return r.brands.get(brandId) ?? { sales: 0, count: 0, avg_price: null, share: share(0, r.market.sales), rank: null };
}

function compare(now: BrandFigures, cur: Ranking, base: Ranking, range: DateRange, brandId: number): BrandComparison {
  const b = figuresOf(base, brandId);
  return {
    base_range: range,
    base: b,
    ...againstBase(now, b),
    contribution: contribution(now.sales, b.sales, cur.market.sales, base.market.sales),
    market_growth: growth(cur.market.sales, base.market.sales),
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
  c: BrandRun,
  v: ValidatedFilter,
  brands: ReadonlyMap<number, BrandName>,
): Promise<OverviewsResult> {
  const g = c.scope.project.dateField;
  const ranges = {
    mom: comparisonPeriod(v.range, 'mom', g),
    yoy: comparisonPeriod(v.range, 'yoy', g),
    ...(v.comparison.kind === 'custom' ? { custom: v.comparison.base } : {}),
  };
  const [cur, mom, yoy, custom] = await Promise.all([
    ranking(c, v.filter, v.range),
    ranking(c, v.filter, ranges.mom),
    ranking(c, v.filter, ranges.yoy),
    ranges.custom ? ranking(c, v.filter, ranges.custom) : Promise.resolve(undefined),
  ]);
  const items = [...brands].map(([id, name]): BrandOverviewItem => {
    const now = figuresOf(cur, id);
    return {
      brand_id: id,
      name: name.name_zh,
      name_en: name.name_en,
      ...now,
      mom: compare(now, cur, mom, ranges.mom, id),
      yoy: compare(now, cur, yoy, ranges.yoy, id),
      ...(custom && ranges.custom ? { custom: compare(now, cur, custom, ranges.custom, id) } : {}),
    };
  });
  const warnings: MessageKey[] = [];
  if (ranges.custom && periodLengthsDiffer(v.range, ranges.custom, g)) warnings.push('analytics.unequalPeriods');
  if (cur.market.sales === 0) warnings.push('analytics.noData');
  return {
    range: v.range,
    market: {
      sales: cur.market.sales,
      count: cur.market.count,
      avg_price: avgPrice(cur.market.sales, cur.market.count),
      brand_count: cur.brandCount,
    },
    items,
    warnings: warningsOf({ warnings }, c.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// The brand by category

export type CategoryLevel = 1 | 2 | 3;

/** The brand in every category (of a level) it sells in: its sales, its share of each, growth. */
export async function brandCategories(
  c: BrandRun,
  v: ValidatedFilter,
  brandId: number,
  level: CategoryLevel,
): Promise<BrandCategories> {
  const dim = `category_${level}` as const;
  const q = (filter: Filter) =>
    run(c, {
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
      const node = c.scope.catalog.categories.get(id);
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
    warnings: warningsOf(
      { warnings: [...market.warnings, ...(items.length ? [] : (['analytics.noData'] as const))] },
      c.locale,
    ),
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
  c: BrandRun,
  v: ValidatedFilter,
  brandId: number,
  selector: 'mom' | 'yoy',
  metric: BrandTrendMetric,
): Promise<BrandTrendPoint[]> {
  const g = c.scope.project.dateField;
  const shift = selector === 'mom' ? 1 : g === 'month' ? 12 : 52;
  const range = { start: shiftPeriod(v.range.start, -shift, g), end: v.range.end };
  const q = (filter: Filter) => run(c, { dimensions: ['period'], measures: ['sales', 'count'], filter, range });
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
    const base = pointAt(shiftPeriod(p, -shift, g));
    points.push({
      period: p,
      value: now[metric],
      growth: growth(now[metric], base[metric]),
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
export async function characterBands(
  metadata: MetadataStore,
  engine: AnalyticsEngine,
  scope: DataScope,
  selected: readonly number[],
  leaves: readonly number[],
): Promise<Band[]> {
  const chosen = await chooseBands({
    warehouse: engine.warehouse,
    dataset: scope.project.dataset,
    catalog: scope.catalog,
    grant: scope.grant,
    configured: await metadata.bands.list(scope.project.id, 'price'),
    selected,
    leaves,
  });
  return chosen.bands;
}

interface SegmentQuery {
  dims: QueryParts['dimensions'];
  bands?: readonly Band[];
}

/** Segment sales of the market and of the brand for one grouping, plus both totals. */
async function segmentPair(c: BrandRun, v: ValidatedFilter, brandId: number, s: SegmentQuery) {
  const q = (filter: Filter) =>
    run(c, {
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
async function keywordSegments(
  c: BrandRun,
  v: ValidatedFilter,
  brandId: number,
  lang: 'zh' | 'en',
): Promise<Segment[]> {
  const { engine, scope } = c;
  const rows = await engine.keywordSegments(
    scope.grant,
    { dataset: scope.project.dataset, filter: v.filter, range: v.range, discount: scope.discount, brandId, lang },
    c.signal ? { signal: c.signal } : {},
  );
  return rows.map((r) => ({ key: r.keyword, brandSales: r.brandSales, segmentSales: r.segmentSales }));
}

/**
 * The brand's characters: attribute values, price bands and title keywords where its share is
 * above its share of the whole filtered market (TGI > 100), ranked by distinction index
 * (log10(brand sales in the segment) × √TGI), top 20 per kind.
 */
export async function brandCharacters(
  c: BrandRun,
  v: ValidatedFilter,
  brandId: number,
  opts: { attributes: readonly AttributeDef[]; bands: readonly Band[]; lang: 'zh' | 'en' },
): Promise<BrandCharacters> {
  const [bands, keywords, ...attrs] = await Promise.all([
    segmentPair(c, v, brandId, { dims: ['price_band'], bands: opts.bands }),
    keywordSegments(c, v, brandId, opts.lang),
    ...opts.attributes.map((a) => segmentPair(c, v, brandId, { dims: [`attribute:${a.attr_name}`] })),
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
    warnings: warningsOf({ warnings }, c.locale),
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
  c: BrandRun,
  v: ValidatedFilter,
  brandId: number,
  level: CategoryLevel,
): Promise<BrandCategoryValuations> {
  const dim = `category_${level}` as const;
  const mine = await run(c, {
    dimensions: [dim],
    measures: ['sales'],
    filter: withBrand(v.filter, brandId),
    range: v.range,
  });
  const sold = mine.rows.filter((r) => r.sales > 0);
  const brandSales = new Map(sold.map((r) => [Number(r.keys[dim]), r.sales]));
  const result = await valuateCategories({
    engine: c.engine,
    scope: c.scope,
    validated: v,
    categories: [...brandSales.keys()],
    ...(c.signal ? { signal: c.signal } : {}),
  });
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
  const [attributes, bands] = await Promise.all([
    datasetAttributes(a.warehouse, a.scope.project.dataset) as Promise<AttributeDef[]>,
    characterBands(a.metadata, a.engine, a.scope, a.selected, leaves),
  ]);
  return brandCharacters(a, a.validated, brandId, { attributes, bands, lang: a.locale === 'en_us' ? 'en' : 'zh' });
}
