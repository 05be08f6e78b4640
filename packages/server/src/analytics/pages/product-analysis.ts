import {
  avgPrice,
  type DateRange,
  growth,
  inRange,
  type MessageKey,
  PICTURE_BASE,
  pictureUrl,
  productLink,
  share,
  shopLink,
} from '@marketlens/shared';
import type {
  ProductRow,
  ProductSummary,
  ProductTrendBy,
  ProductTrendLine,
  ProductTrendPoint,
} from '@marketlens/shared/contracts';
import { MAX_TREND_LINES } from '@marketlens/shared/contracts';
import { AppError } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import type { ProductInfo } from '../engine/dimensions.js';
import type { Band, Comparison, CustomSqlNode, Dimension, Filter, ShopPick } from '../engine/model.js';
import { comparisonOf, comparisonWarnings, type WarningParams, warnCoverage } from '../engine/service.js';
import { growthFlags, type ResultRow, shiftPeriod } from '../engine/shape.js';
import { bandsFor } from '../panels/bands.js';
import { flagsOf, periodsOf, warningsOf } from '../panels/common.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Product Analysis (/analysis, page id 6): the filtered market narrowed to a selection of products
 * (SKU ids) and series (names) — their union — and its sales and prices over time. Without a
 * selection every figure is the filtered market's. Every figure comes from `a.query` (the user's
 * grant, the discount switch); product and series names from `a.dims` within the grant.
 * Definitions: docs/pages/product-analysis.md.
 *
 * The shared filter has no product or series field, so the selection is applied with what it has:
 * a series is a custom SQL condition (`series IN (…)`, ANDed to the filter's own), products narrow
 * the filter to their shops and are then picked by id from rows grouped by product. The selection's
 * figures are sums of its products' rows, and growth compares sums of periods read in one run over
 * the base and current periods, so a product that sold only in the base still counts in the base.
 */

export interface Selection {
  readonly products: readonly number[];
  /** The shops of the products on their platforms (their rows are read through a shop filter). */
  readonly shops: readonly ShopPick[];
  readonly series: readonly string[];
}

const NONE: Selection = { products: [], shops: [], series: [] };
const isMarket = (sel: Selection) => sel.products.length === 0 && sel.series.length === 0;
const ZERO = { sales: 0, count: 0 };
type Sums = { sales: number; count: number };

/**
 * The request's selection, its products checked against the grant (categories, and brands / shops
 * where the project limits them): a product the user may not see — or that does not exist, which
 * the answer does not tell apart — is a 403 naming the ids.
 */
export async function selectionOf(
  a: AnalysisRequest,
  body: { products?: readonly number[] | undefined; series?: readonly string[] | undefined },
): Promise<Selection> {
  const products = [...new Set(body.products ?? [])];
  const series = [...new Set(body.series ?? [])];
  if (products.length === 0) return { products, shops: [], series };
  const { grant } = a.scope;
  const details = await a.dims.products(products);
  const visible = (id: number) => {
    const p = details.get(id);
    return (
      !!p &&
      (!grant.brands || grant.brands.includes(Number(p.brand_id))) &&
      (!grant.shops || grant.shops.includes(Number(p.shop_id)))
    );
  };
  const refused = products.filter((id) => !visible(id));
  if (refused.length) throw new AppError(403, 403, 'products.noAccess', { ids: refused.join(', ') });
  const shops = new Map(
    products.map((id) => {
      const p = details.get(id)!;
      const pick = { platformId: Number(p.platform_id), shopId: Number(p.shop_id) };
      return [`${pick.platformId},${pick.shopId}`, pick];
    }),
  );
  return { products, shops: [...shops.values()], series };
}

/** The filter narrowed to products of these series (a custom SQL condition ANDed to the filter's own). */
function withSeries(filter: Filter, series: readonly string[]): Filter {
  const node: CustomSqlNode = { kind: 'in', column: 'series', negated: false, values: [...series] };
  return { ...filter, customSql: filter.customSql ? { kind: 'and', children: [filter.customSql, node] } : node };
}

/** The filter narrowed to these shops (within the filter's own shop selections, if it has any). */
function withShops(filter: Filter, shops: readonly ShopPick[]): Filter {
  const key = (s: ShopPick) => `${s.platformId},${s.shopId}`;
  const inFilter = filter.shops && new Set(filter.shops.map(key));
  return { ...filter, shops: inFilter ? shops.filter((s) => inFilter.has(key(s))) : [...shops] };
}

interface Ask {
  dimensions: Dimension[];
  range: DateRange;
  comparison?: Comparison;
  /** Sales at list (false) or discount (true) price; the scope's switch when absent. */
  discount?: boolean;
  bands?: readonly Band[];
  /** Only the biggest rows by sales (the market's in SQL, a selection's after picking). */
  top?: number;
}

const keyOf = (row: Pick<ResultRow, 'keys'>, dims: readonly Dimension[]) =>
  dims.map((d) => String(row.keys[d])).join('\u0001');

const bySales = (a: ResultRow, b: ResultRow) => b.sales - a.sales || keyOf(a, ['sku']).localeCompare(keyOf(b, ['sku']));

/**
 * The selection's rows grouped by `dimensions` (the filtered market's without a selection). With a
 * selection the rows are read per product, picked, deduplicated (a product both chosen and in a
 * chosen series counts once) and summed by the dimensions asked; growth is kept only on rows by
 * product (`sku` among the dimensions).
 */
async function rowsOf(a: AnalysisRequest, sel: Selection, ask: Ask): Promise<ResultRow[]> {
  const query = {
    measures: ['sales', 'count', 'avg_price'] as const,
    range: ask.range,
    comparison: ask.comparison ?? { kind: 'none' as const },
    ...(ask.discount === undefined ? {} : { discount: ask.discount }),
    ...(ask.bands ? { bands: ask.bands } : {}),
  };
  const filter = a.validated.filter;
  if (isMarket(sel)) {
    const top = ask.top ? { sort: { by: 'sales' as const, desc: true }, limit: ask.top } : {};
    return (await a.query({ ...query, ...top, measures: [...query.measures], dimensions: ask.dimensions, filter }))
      .rows;
  }
  const dims: Dimension[] = ask.dimensions.includes('sku') ? ask.dimensions : ['sku', ...ask.dimensions];
  const chosen = new Set(sel.products);
  const q = { ...query, measures: [...query.measures], dimensions: dims };
  const parts = await Promise.all([
    sel.series.length ? a.query({ ...q, filter: withSeries(filter, sel.series) }).then((r) => r.rows) : [],
    sel.products.length
      ? a
          .query({ ...q, filter: withShops(filter, sel.shops) })
          .then((r) => r.rows.filter((row) => chosen.has(Number(row.keys.sku))))
      : [],
  ]);
  const unique = new Map(parts.flat().map((row) => [keyOf(row, dims), row]));
  const rows = ask.dimensions.includes('sku') ? [...unique.values()] : regroup([...unique.values()], ask.dimensions);
  return ask.top ? rows.sort(bySales).slice(0, ask.top) : rows;
}

/** Rows summed by some of their dimensions (additive sales and count; the average price derived). */
function regroup(rows: readonly ResultRow[], dims: readonly Dimension[]): ResultRow[] {
  const out = new Map<string, ResultRow>();
  for (const row of rows) {
    const k = keyOf(row, dims);
    const prev = out.get(k);
    const keys = Object.fromEntries(dims.map((d) => [d, row.keys[d] ?? null]));
    const labels = Object.fromEntries(dims.flatMap((d) => (row.labels[d] ? [[d, row.labels[d]!]] : [])));
    out.set(k, {
      keys,
      labels,
      sales: (prev?.sales ?? 0) + row.sales,
      count: (prev?.count ?? 0) + row.count,
      avg_price: null,
    });
  }
  return [...out.values()].map((r) => ({ ...r, avg_price: avgPrice(r.sales, r.count) }));
}

/** Sales and count per period. */
function perPeriod(rows: readonly ResultRow[]): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const r of rows) {
    const p = String(r.keys.period);
    const prev = out.get(p) ?? ZERO;
    out.set(p, { sales: prev.sales + r.sales, count: prev.count + r.count });
  }
  return out;
}

function sumOver(sums: ReadonlyMap<string, Sums>, range: DateRange): Sums {
  let sales = 0;
  let count = 0;
  for (const [p, s] of sums) {
    if (inRange(p, range)) {
      sales += s.sales;
      count += s.count;
    }
  }
  return { sales, count };
}

const growthOf = (cur: Sums, base: Sums) => ({
  sales: growth(cur.sales, base.sales),
  count: growth(cur.count, base.count),
  avg_price: growth(avgPrice(cur.sales, cur.count), avgPrice(base.sales, base.count)),
});

const sold = (rows: readonly ResultRow[]) => rows.filter((r) => r.sales > 0).length;

// ---------------------------------------------------------------------------------------------
// Summary

/**
 * POST /analysis/summary: sales, count and average price over the range, against the chain, the
 * year before and (selector custom) the user's base range; products, shops and platforms with sales.
 */
export async function productSummary(a: AnalysisRequest, sel: Selection): Promise<ProductSummary> {
  const { range, comparison } = a.validated;
  const granularity = a.scope.project.dateField;
  const kinds: Comparison[] = [{ kind: 'mom' }, { kind: 'yoy' }];
  if (comparison.kind === 'custom' || comparison.kind === 'event') kinds.push(comparison);
  const bases = kinds.map((c) => comparisonOf({ comparison: c, range, granularity, dimensions: [] })!);
  const from = bases.reduce((m, b) => (b.base.start < m ? b.base.start : m), range.start);
  const [periods, skus, shops, platforms] = await Promise.all([
    rowsOf(a, sel, { dimensions: ['period'], range: { start: from, end: range.end } }),
    ...(['sku', 'shop', 'platform'] as const).map((d) => rowsOf(a, sel, { dimensions: [d], range })),
  ]);
  const sums = perPeriod(periods!);
  const cur = sumOver(sums, range);
  const compared = (b: (typeof bases)[number]) => {
    const base = sumOver(sums, b.base);
    const g = growthOf(cur, base);
    return {
      base: b.base,
      base_sales: base.sales,
      base_count: base.count,
      base_avg_price: avgPrice(base.sales, base.count),
      growth: g,
      flags: flagsOf(a, g.sales, range, b.base),
      unequal_lengths: b.unequal,
    };
  };
  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = { warnings: [] };
  const { warnings } = warned;
  if (cur.sales === 0 && cur.count === 0) warnings.push('analytics.noData');
  if (bases[2]) warnings.push(...comparisonWarnings(kinds[2]!, bases[2].unequal));
  // Unequal coverage of the comparison the filter chose (each card has its own flags).
  const chosen = comparison.kind === 'mom' ? bases[0] : comparison.kind === 'yoy' ? bases[1] : bases[2];
  warnCoverage(warned, a.scope.coverage, range, chosen?.base);
  return {
    range,
    sales: cur.sales,
    count: cur.count,
    avg_price: avgPrice(cur.sales, cur.count),
    discount: a.scope.discount,
    chain: compared(bases[0]!),
    yoy: compared(bases[1]!),
    custom: bases[2] ? compared(bases[2]) : null,
    product_count: sold(skus!),
    shop_count: sold(shops!),
    platform_count: sold(platforms!),
    warnings: warningsOf(warned, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Trends

/**
 * The periods of the range, the range read for a trend (its base points included) and how far back
 * each point's base is: the engine's point-by-point rule (engine/service.ts comparisonOf).
 */
function trendFrame(a: AnalysisRequest) {
  const { range, comparison } = a.validated;
  const granularity = a.scope.project.dateField;
  const c = comparisonOf({ comparison, range, granularity, dimensions: ['period'] });
  const read = c && c.base.start < range.start ? { start: c.base.start, end: range.end } : range;
  const shift = c?.periodShift;
  const periods = periodsOf(range, granularity);
  const points = (sums: ReadonlyMap<string, Sums>): ProductTrendPoint[] =>
    periods.map((period) => {
      const cur = sums.get(period) ?? ZERO;
      const basePeriod = shift === undefined ? null : shiftPeriod(period, -shift, granularity);
      const base = basePeriod === null ? null : (sums.get(basePeriod) ?? ZERO);
      const g = base ? growthOf(cur, base) : { sales: null, count: null, avg_price: null };
      return {
        period,
        sales: cur.sales,
        count: cur.count,
        avg_price: avgPrice(cur.sales, cur.count),
        growth: g,
        flags:
          basePeriod === null
            ? []
            : growthFlags(
                a.scope.coverage,
                g.sales,
                { start: period, end: period },
                { start: basePeriod, end: basePeriod },
              ),
      };
    });
  return { periods, read, points, unequal: c?.unequal ?? false, base: c?.base };
}

/** The selection's trend: one point per period with its growth. */
async function totalPoints(a: AnalysisRequest, sel: Selection, frame = trendFrame(a)) {
  return frame.points(perPeriod(await rowsOf(a, sel, { dimensions: ['period'], range: frame.read })));
}

/** The products of the per-product trend: the chosen ones (the 10 biggest beyond 10), else the selection's 10 biggest. */
async function trendProducts(a: AnalysisRequest, sel: Selection): Promise<Selection> {
  const range = a.validated.range;
  const picked = sel.products.length ? { ...NONE, products: sel.products, shops: sel.shops } : sel;
  const fits = sel.products.length > 0 && sel.products.length <= MAX_TREND_LINES;
  const ids = fits
    ? sel.products
    : (await rowsOf(a, picked, { dimensions: ['sku'], range, top: MAX_TREND_LINES })).map((r) => Number(r.keys.sku));
  return selectionOf(a, { products: ids });
}

/**
 * POST /analysis/trends: per period sales, count, average price and growth — of the whole selection,
 * per product (up to 10) or per chosen series (up to 10).
 */
export async function productTrends(a: AnalysisRequest, sel: Selection, by: ProductTrendBy) {
  const frame = trendFrame(a);
  const t = { zh: translateFor('zh_cn'), en: translateFor('en_us') };
  let lines: ProductTrendLine[];
  if (by === 'product') {
    const products = await trendProducts(a, sel);
    const [rows, details] = await Promise.all([
      products.products.length
        ? rowsOf(a, products, { dimensions: ['sku', 'period'], range: frame.read })
        : Promise.resolve([]),
      a.dims.products(products.products),
    ]);
    lines = products.products.map((id) => {
      const p = details.get(id)!;
      const own = rows.filter((r) => Number(r.keys.sku) === id);
      return { key: String(id), name: p.title_zh, name_en: p.title_en, points: frame.points(perPeriod(own)) };
    });
  } else if (by === 'series') {
    const names = sel.series.slice(0, MAX_TREND_LINES);
    lines = await Promise.all(
      names.map(async (name) => ({
        key: name,
        name,
        name_en: name,
        points: await totalPoints(a, { ...NONE, series: [name] }, frame),
      })),
    );
  } else {
    const name = { name: t.zh('products.line.selection'), name_en: t.en('products.line.selection') };
    lines = [{ key: 'total', ...name, points: await totalPoints(a, sel, frame) }];
  }
  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = { warnings: [] };
  const { warnings } = warned;
  if (lines.every((l) => l.points.every((p) => p.sales === 0 && p.count === 0))) warnings.push('analytics.noData');
  warnings.push(...comparisonWarnings(a.validated.comparison, frame.unequal));
  warnCoverage(warned, a.scope.coverage, a.validated.range, frame.base);
  return {
    by,
    selector: a.validated.comparison.kind,
    periods: frame.periods,
    lines,
    warnings: warningsOf(warned, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Price trends

/**
 * POST /analysis/trends/prices: per period the selection's average transaction price (at list and,
 * where the project has them, discount prices), the category's (the filtered market without the
 * selection) and the selection's sales over the project's price bands (list price).
 */
export async function priceTrends(a: AnalysisRequest, sel: Selection) {
  const range = a.validated.range;
  const hasDiscount = a.scope.project.discountPrice;
  const { bands } = await bandsFor(a);
  const [list, discount, market, banded] = await Promise.all([
    rowsOf(a, sel, { dimensions: ['period'], range, discount: false }),
    hasDiscount ? rowsOf(a, sel, { dimensions: ['period'], range, discount: true }) : Promise.resolve([]),
    rowsOf(a, NONE, { dimensions: ['period'], range }),
    rowsOf(a, sel, { dimensions: ['period', 'price_band'], range, bands }),
  ]);
  const [listSums, discountSums, marketSums] = [list, discount, market].map(perPeriod);
  const bandSums = new Map<string, number[]>();
  for (const r of banded) {
    const band = r.keys.price_band;
    if (band === null || band === undefined) continue;
    const p = String(r.keys.period);
    const row = bandSums.get(p) ?? bands.map(() => 0);
    row[Number(band)]! += r.sales;
    bandSums.set(p, row);
  }
  const avg = (m: ReadonlyMap<string, Sums>, p: string) => {
    const s = m.get(p);
    return s ? avgPrice(s.sales, s.count) : null;
  };
  const chosen = a.scope.discount ? discountSums! : listSums!;
  const points = periodsOf(range, a.scope.project.dateField).map((period) => {
    const sales = chosen.get(period)?.sales ?? 0;
    const bandSales = bandSums.get(period) ?? bands.map(() => 0);
    return {
      period,
      avg_price: avg(chosen, period),
      list_avg_price: avg(listSums!, period),
      discount_avg_price: hasDiscount ? avg(discountSums!, period) : null,
      market_avg_price: avg(marketSums!, period),
      sales,
      band_sales: bandSales,
      band_shares: bandSales.map((s) => share(s, sales)),
    };
  });
  const warnings: MessageKey[] = points.every((p) => p.sales === 0) ? ['analytics.noData'] : [];
  return {
    discount: a.scope.discount,
    has_discount: hasDiscount,
    bands: bands.map(([min, max]) => [min, max]),
    points,
    warnings: warningsOf({ warnings }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Products table

/** The rows of products the table shows, described (picture, links, brand, shop, channel, series). */
async function describe(a: AnalysisRequest, rows: readonly ResultRow[], first: number, selectionSales: number) {
  const ids = rows.map((r) => Number(r.keys.sku));
  const details = await a.dims.products(ids);
  const [shops, platforms] = await Promise.all([
    a.dims.shops([...new Set([...details.values()].map((p) => Number(p.shop_id)))]),
    a.dims.platforms(),
  ]);
  return rows.flatMap((r, i): ProductRow[] => {
    const id = Number(r.keys.sku);
    const p: ProductInfo | undefined = details.get(id);
    if (!p) return [];
    const shopId = Number(p.shop_id);
    const platform = platforms.get(Number(p.platform_id));
    const code = platform?.code ?? '';
    const shop = shops.get(shopId);
    const shopType = shop?.shop_type ?? p.shop_type ?? '';
    return [
      {
        rank: first + i + 1,
        id,
        title: p.title_zh,
        title_en: p.title_en,
        image_id: p.image_id,
        picture: pictureUrl(PICTURE_BASE, p.image_id),
        link: productLink({ platform: code, itemId: id, shopId, region: platform?.region ?? null }),
        brand: { id: Number(p.brand_id), name: p.brand_zh ?? '', name_en: p.brand_en ?? p.brand_zh ?? '' },
        shop: {
          id: shopId,
          name: p.shop_zh ?? '',
          name_en: p.shop_en ?? p.shop_zh ?? '',
          link: shopLink({ platform: code, shopId }),
        },
        platform: {
          id: Number(p.platform_id),
          code,
          name: platform?.name_zh ?? code,
          name_en: platform?.name_en ?? code,
        },
        channel: { shop_type: shopType, name: shop?.channel_zh ?? shopType, name_en: shop?.channel_en ?? shopType },
        series: p.series,
        first_period: String(p.first_period).slice(0, 10),
        price: p.price === null ? null : Number(p.price),
        sales: r.sales,
        count: r.count,
        avg_price: r.avg_price,
        share: share(r.sales, selectionSales),
        growth: r.growth?.sales ?? null,
        flags: r.flags ?? [],
      },
    ];
  });
}

/**
 * POST /analysis/products: the selection's products with sales in the range, by sales or count
 * (biggest first, then by id), one page; each with its share of the selection's sales and its sales
 * growth against the filter's selector.
 */
export async function productsPage(
  a: AnalysisRequest,
  sel: Selection,
  sort: 'sales' | 'count',
  page: number,
  pageSize: number,
) {
  const { range, comparison } = a.validated;
  const rows = await rowsOf(a, sel, { dimensions: ['sku'], range, comparison });
  rows.sort((x, y) => y[sort] - x[sort] || Number(x.keys.sku) - Number(y.keys.sku));
  const selectionSales = rows.reduce((s, r) => s + r.sales, 0);
  const first = (page - 1) * pageSize;
  const items = await describe(a, rows.slice(first, first + pageSize), first, selectionSales);
  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = {
    warnings: rows.length === 0 ? ['analytics.noData'] : [],
  };
  const granularity = a.scope.project.dateField;
  const base = comparisonOf({ comparison, range, granularity, dimensions: ['sku'] })?.base;
  warnCoverage(warned, a.scope.coverage, range, base);
  return {
    sort,
    page,
    page_size: pageSize,
    total: rows.length,
    selection_sales: selectionSales,
    items,
    warnings: warningsOf(warned, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Series

/** The project's name for a series in both languages (docs/product.md §3), the generic word where it has none. */
function seriesLabel(a: AnalysisRequest) {
  const p = a.scope.project;
  return {
    label: p.seriesName || translateFor('zh_cn')('products.seriesLabel'),
    label_en: p.seriesNameEn || translateFor('en_us')('products.seriesLabel'),
  };
}

const SEARCH_LIMIT = 20;

/**
 * POST /series/search: series whose name contains the keyword (projects with series only) and
 * products whose title or brand (either language) contains it or whose id it is — 20 of each,
 * among the products the user may see.
 */
export async function seriesSearch(a: AnalysisRequest, keyword: string) {
  const { project } = a.scope;
  const text = keyword.trim();
  const [series, ids, platforms] = await Promise.all([
    project.hasSeries && text ? a.dims.seriesMatching(text, SEARCH_LIMIT) : Promise.resolve([]),
    text ? a.dims.productsMatching(text, SEARCH_LIMIT) : Promise.resolve([]),
    a.dims.platforms(),
  ]);
  const details = await a.dims.products(ids);
  return {
    has_series: project.hasSeries,
    ...seriesLabel(a),
    series,
    products: ids.flatMap((id) => {
      const p = details.get(id);
      if (!p) return [];
      const pl = platforms.get(Number(p.platform_id));
      return [
        {
          id,
          title: p.title_zh,
          title_en: p.title_en,
          brand: { id: Number(p.brand_id), name: p.brand_zh ?? '', name_en: p.brand_en ?? p.brand_zh ?? '' },
          platform: { id: Number(p.platform_id), name: pl?.name_zh ?? '', name_en: pl?.name_en ?? '' },
          series: project.hasSeries ? p.series : null,
        },
      ];
    }),
  };
}

/**
 * POST /series/info: one series under the filter — the summary's figures, its platforms, the
 * list-price range of its products with sales, and its trend.
 */
export async function seriesInfo(a: AnalysisRequest, name: string) {
  const sel: Selection = { ...NONE, series: [name] };
  const range = a.validated.range;
  const [summary, platforms, skus, points] = await Promise.all([
    productSummary(a, sel),
    rowsOf(a, sel, { dimensions: ['platform'], range }),
    rowsOf(a, sel, { dimensions: ['sku'], range }),
    totalPoints(a, sel),
  ]);
  const withSales = skus.filter((r) => r.sales > 0).map((r) => Number(r.keys.sku));
  const details = await a.dims.products(withSales);
  const prices = [...details.values()].flatMap((p) => (p.price === null ? [] : [Number(p.price)]));
  return {
    name,
    ...seriesLabel(a),
    summary,
    platforms: platforms
      .filter((r) => r.sales > 0)
      .sort((x, y) => y.sales - x.sales)
      .map((r) => {
        const id = Number(r.keys.platform);
        const label = r.labels.platform;
        return {
          id,
          name: label?.zh || String(id),
          name_en: label?.en || label?.zh || String(id),
          sales: r.sales,
          share: share(r.sales, summary.sales),
        };
      }),
    price: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    points,
    warnings: summary.warnings,
  };
}
