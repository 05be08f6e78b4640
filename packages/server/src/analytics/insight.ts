import {
  countPeriods,
  type DateRange,
  MARKET_SHARE_BRANDS_LIMIT,
  type MessageKey,
  PRODUCT_RANKING_LIMIT,
  productLink,
  SHOP_RANKING_LIMIT,
  share,
  shopLink,
  TREND_TOP_CATEGORIES,
  type WireLocale,
} from '@marketlens/shared';
import { badRequest } from '../errors.js';
import { translateFor } from '../i18n.js';
import type { MetadataStore } from '../metadata/index.js';
import { bandsFromCuts } from '../routes/common/projects/bands.js';
import { datasetAttributes } from '../routes/common/warehouse-lookups.js';
import type { WarehouseEngine } from '../warehouse/engine.js';
import type { AnalyticsQuery, Band, Comparison, Dimension, Filter, Measure } from './model.js';
import { type DataScope, scopeQuery } from './request.js';
import type { AnalyticsEngine, AnalyticsResult } from './service.js';
import { type ResultRow, shiftPeriod } from './shape.js';
import type { ValidatedFilter } from './validate.js';

/**
 * Category Insight (/discover): what each panel asks the engine and how the answers combine. Every
 * figure comes from engine.run with the user's grant; only display details of ids the engine
 * returned (shop, product, platform) are read from the dimension tables. Definitions:
 * docs/pages/insight.md.
 */

export type InsightMetric = 'sales' | 'count' | 'avg_price';
export type SortBy = 'sales' | 'count';
export type TopKind = 'brand' | 'shop' | 'product';
export type DistributionDimension = 'category' | 'platform' | 'channel';
export type TrendsListDimension = 'category' | 'brand' | 'platform' | 'channel';

/** What one insight request works with. */
export interface InsightContext {
  engine: AnalyticsEngine;
  warehouse: WarehouseEngine;
  metadata: MetadataStore;
  scope: DataScope;
  validated: ValidatedFilter;
  /** The category ids the user selected (empty in custom SQL mode or without a selection). */
  selected: readonly number[];
  locale: WireLocale;
  signal: AbortSignal;
}

export const TOP_LIMITS: Readonly<Record<TopKind, number>> = {
  brand: MARKET_SHARE_BRANDS_LIMIT,
  shop: SHOP_RANKING_LIMIT,
  product: PRODUCT_RANKING_LIMIT,
};

const ALL_MEASURES: Measure[] = ['sales', 'count', 'avg_price', 'share'];

function run(ctx: InsightContext, q: Partial<AnalyticsQuery> & Pick<AnalyticsQuery, 'dimensions'>) {
  return ctx.engine.run(
    ctx.scope.grant,
    scopeQuery(ctx.scope, {
      measures: ALL_MEASURES,
      filter: ctx.validated.filter,
      range: ctx.validated.range,
      comparison: ctx.validated.comparison,
      ...q,
    }),
    { signal: ctx.signal },
  );
}

export function warningsOf(result: Pick<AnalyticsResult, 'warnings'>, locale: WireLocale) {
  const t = translateFor(locale);
  return [...new Set(result.warnings)].map((code: MessageKey) => ({ code, msg: t(code) }));
}

const metricValue = (m: { sales: number; count: number; avg_price: number | null }, metric: InsightMetric) =>
  metric === 'sales' ? m.sales : metric === 'count' ? m.count : m.avg_price;

/** share − base share (a ratio difference); no value when either is missing. */
function shareChange(row: Pick<ResultRow, 'share' | 'base'>): number | null {
  const now = row.share;
  const before = row.base?.share;
  return typeof now === 'number' && typeof before === 'number' ? now - before : null;
}

/** The figures every distribution and ranking row carries. */
function figures(row: ResultRow, metric: InsightMetric) {
  return {
    sales: row.sales,
    count: row.count,
    avg_price: row.avg_price,
    share: row.share ?? null,
    share_change: shareChange(row),
    growth: row.growth ? { sales: row.growth.sales, count: row.growth.count, avg_price: row.growth.avg_price } : null,
    value: metricValue(row, metric),
  };
}

function totals(result: AnalyticsResult) {
  const t = result.total;
  return { sales: t?.sales ?? 0, count: t?.count ?? 0, avg_price: t?.avg_price ?? null };
}

/** Rows ordered by the chosen measure, biggest first (key for ties, so the order is stable). */
function sortRows<T extends { sales: number; count: number; avg_price: number | null; key?: string }>(
  rows: T[],
  by: InsightMetric,
): T[] {
  return rows.sort(
    (a, b) => (metricValue(b, by) ?? -1) - (metricValue(a, by) ?? -1) || String(a.key).localeCompare(String(b.key)),
  );
}

// ---------------------------------------------------------------------------------------------
// The selection: which sub-categories a page shows.

export interface Selection {
  /** Deepest selected level (0 = no selection). */
  level: number;
  /** The selected categories at that level. */
  deepest: number[];
  /** Sub-categories: children of the deepest selection, level-1 categories without one, the leaves themselves at level 3. */
  children: number[];
  /** The dimension that groups by them. */
  dimension: Dimension;
}

export function selectionOf(scope: DataScope, selected: readonly number[]): Selection {
  const { categories, children } = scope.catalog;
  const known = selected.map(Number).filter((id) => categories.has(id));
  const level = known.reduce((m, id) => Math.max(m, categories.get(id)!.level), 0);
  const deepest = [...new Set(known.filter((id) => categories.get(id)!.level === level))].sort((a, b) => a - b);
  const granted = new Set(scope.grant.categories);
  const hasGrant = (id: number) => scope.catalog.leavesOf([id]).some((l) => granted.has(l));
  const kids =
    level === 0
      ? (children.get(null) ?? []).map((c) => c.category_id)
      : level === 3
        ? deepest
        : deepest.flatMap((id) => (children.get(id) ?? []).map((c) => c.category_id));
  return {
    level,
    deepest,
    children: kids.filter(hasGrant),
    dimension: `category_${Math.min(level + 1, 3)}` as Dimension,
  };
}

// ---------------------------------------------------------------------------------------------
// Summary cards.

export async function summary(ctx: InsightContext) {
  const { scope, validated } = ctx;
  const comparisons: Comparison[] = [{ kind: 'mom' }, { kind: 'yoy' }];
  if (validated.comparison.kind === 'custom') comparisons.push(validated.comparison);
  const sel = selectionOf(scope, ctx.selected);

  // Share of parent: the deepest selected categories within their common parent (spec: "share of
  // parent"); level 1 → within the whole granted market; different parents → no value.
  const parents = new Set(sel.deepest.map((id) => scope.catalog.categories.get(id)!.parent_id));
  const parentId = parents.size === 1 ? [...parents][0]! : undefined;
  const withShare = sel.level > 0 && parentId !== undefined;
  const { categories: _c, ...otherFilters } = validated.filter;
  const deepestLeaves = scope.catalog.leavesOf(sel.deepest);
  const sameAsFilter =
    !validated.filter.categories ||
    (deepestLeaves.length === validated.filter.categories.length &&
      deepestLeaves.every((l, i) => l === validated.filter.categories![i]));
  const totalOnly = (filter: Filter) => run(ctx, { dimensions: [], comparison: { kind: 'none' }, filter });

  const [results, parentResult, ownResult] = await Promise.all([
    Promise.all(comparisons.map((comparison) => run(ctx, { dimensions: [], comparison }))),
    withShare
      ? totalOnly(
          parentId === null ? otherFilters : { ...otherFilters, categories: scope.catalog.leavesOf([parentId]) },
        )
      : Promise.resolve(undefined),
    withShare && !sameAsFilter ? totalOnly({ ...otherFilters, categories: deepestLeaves }) : Promise.resolve(undefined),
  ]);
  const current = totals(results[0]!);
  const comparisonOf = (result: AnalyticsResult) => {
    const base = result.total?.base ?? { sales: 0, count: 0, avg_price: null };
    return {
      base: result.comparison!.base,
      base_sales: base.sales,
      base_count: base.count,
      base_avg_price: base.avg_price,
      growth: {
        sales: growthOf(current.sales, base.sales),
        count: growthOf(current.count, base.count),
        avg_price: growthOf(current.avg_price, base.avg_price),
      },
      unequal_lengths: result.comparison!.unequal_lengths,
    };
  };
  const parentNode = parentId ? scope.catalog.categories.get(parentId) : undefined;
  const parentSales = parentResult ? totals(parentResult).sales : null;
  const ownSales = ownResult ? totals(ownResult).sales : current.sales;
  const warnings = results.flatMap((r) => r.warnings) as MessageKey[];
  return {
    range: validated.range,
    ...current,
    chain: comparisonOf(results[0]!),
    yoy: comparisonOf(results[1]!),
    custom: results[2] ? comparisonOf(results[2]) : null,
    share_of_parent: parentSales === null ? null : share(ownSales, parentSales),
    parent: parentNode
      ? { category_id: parentNode.category_id, name: parentNode.name_zh, name_en: parentNode.name_en }
      : null,
    parent_sales: parentSales,
    warnings: warningsOf({ warnings }, ctx.locale),
  };
}

function growthOf(current: number | null, base: number | null): number | null {
  if (current === null || base === null || base === 0) return null;
  const v = (current - base) / base;
  return Number.isFinite(v) ? v : null;
}

// ---------------------------------------------------------------------------------------------
// Trends.

/** Every period of a range (month starts or Mondays). */
export function periodsOf(range: DateRange, g: 'month' | 'week'): string[] {
  const n = countPeriods(range, g);
  return Array.from({ length: n }, (_, i) => shiftPeriod(range.start, i, g));
}

export async function trends(ctx: InsightContext, metric: InsightMetric) {
  const result = await run(ctx, { dimensions: ['period'], measures: ['sales', 'count', 'avg_price'] });
  const points = result.rows
    .map((r) => {
      const growth = r.growth ? { sales: r.growth.sales, count: r.growth.count, avg_price: r.growth.avg_price } : null;
      return {
        period: String(r.keys.period),
        sales: r.sales,
        count: r.count,
        avg_price: r.avg_price,
        value: metricValue(r, metric),
        value_growth: growth ? growth[metric] : null,
        growth,
      };
    })
    .sort((a, b) => a.period.localeCompare(b.period));
  return {
    metric,
    granularity: ctx.scope.project.dateField,
    points,
    comparison: result.comparison ?? null,
    warnings: warningsOf(result, ctx.locale),
  };
}

/** Dimension of a trends list / distribution and how its rows are named. */
function groupingOf(ctx: InsightContext, dimension: TrendsListDimension | DistributionDimension) {
  if (dimension !== 'category') return { dimension: dimension as Dimension, keep: () => true };
  const sel = selectionOf(ctx.scope, ctx.selected);
  const kids = new Set(sel.children);
  return { dimension: sel.dimension, keep: (key: unknown) => kids.has(Number(key)) };
}

function nameOf(row: ResultRow, dim: Dimension) {
  const label = row.labels[dim];
  const key = String(row.keys[dim]);
  return { key, name: label?.zh || key, name_en: label?.en || label?.zh || key };
}

/** Trend lines of the top 10 (spec §9) sub-categories, brands, platforms or channels by the metric. */
export async function trendsList(ctx: InsightContext, metric: InsightMetric, dimension: TrendsListDimension) {
  const { dimension: dim, keep } = groupingOf(ctx, dimension);
  const [ranking, series] = await Promise.all([
    run(ctx, { dimensions: [dim], measures: ['sales', 'count', 'avg_price'], comparison: { kind: 'none' } }),
    run(ctx, { dimensions: [dim, 'period'], comparison: { kind: 'none' } }),
  ]);
  const top = sortRows(
    ranking.rows.filter((r) => keep(r.keys[dim])).map((r) => ({ ...r, key: String(r.keys[dim]) })),
    metric,
  ).slice(0, TREND_TOP_CATEGORIES);
  const byKey = new Map<string, ResultRow[]>();
  for (const r of series.rows) {
    const k = String(r.keys[dim]);
    byKey.set(k, [...(byKey.get(k) ?? []), r]);
  }
  return {
    metric,
    dimension,
    periods: periodsOf(ctx.validated.range, ctx.scope.project.dateField),
    series: top.map((r) => ({
      ...nameOf(r, dim),
      total: metricValue(r, metric),
      points: (byKey.get(r.key) ?? [])
        .map((p) => ({
          period: String(p.keys.period),
          sales: p.sales,
          count: p.count,
          avg_price: p.avg_price,
          share: p.share ?? null,
          value: metricValue(p, metric),
        }))
        .sort((a, b) => a.period.localeCompare(b.period)),
    })),
    warnings: warningsOf(ranking, ctx.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Distributions.

export async function distribution(ctx: InsightContext, metric: InsightMetric, dimension: DistributionDimension) {
  const { dimension: dim, keep } = groupingOf(ctx, dimension);
  const result = await run(ctx, { dimensions: [dim] });
  const rows = result.rows.filter((r) => keep(r.keys[dim])).map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  return {
    dimension,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, ctx.locale),
  };
}

/** Attribute titles of the dataset. */
async function attributeTitles(ctx: InsightContext) {
  const defs = await datasetAttributes(ctx.warehouse, ctx.scope.project.dataset);
  return new Map(defs.map((d) => [d.attr_name, { title: d.title_zh, title_en: d.title_en }]));
}

/**
 * Every attribute of the dataset with its covered sales (products having any value of it, each
 * counted once) and top 10 values. Two statements per attribute: the attribute dimension is one
 * attribute wide, and the dataset has a handful of attributes (not data-dependent).
 */
export async function attributesOverview(ctx: InsightContext, metric: InsightMetric) {
  const titles = await attributeTitles(ctx);
  const names = ctx.scope.catalog.attributes;
  const scopeTotal = run(ctx, { dimensions: [], measures: ['sales', 'count'], comparison: { kind: 'none' } });
  const items = await Promise.all(
    names.map(async (name) => {
      const dim = `attribute:${name}` as Dimension;
      const values = await run(ctx, {
        dimensions: [dim],
        measures: ['sales', 'count', 'share'],
        comparison: { kind: 'none' },
      });
      const all = values.rows.map((r) => String(r.keys[dim]));
      const own = ctx.validated.filter.attributes?.[name];
      const covered =
        all.length === 0
          ? undefined
          : await run(ctx, {
              dimensions: [],
              measures: ['sales', 'count'],
              comparison: { kind: 'none' },
              filter: {
                ...ctx.validated.filter,
                attributes: { ...ctx.validated.filter.attributes, [name]: own ?? all },
              },
            });
      const sums = covered ? totals(covered) : { sales: 0, count: 0 };
      const whole = totals(await scopeTotal);
      const rows = sortRows(
        values.rows.map((r) => ({
          key: String(r.keys[dim]),
          value: String(r.keys[dim]),
          value_en: r.labels[dim]?.en ?? String(r.keys[dim]),
          sales: r.sales,
          count: r.count,
          avg_price: r.avg_price,
          share: r.share ?? null,
        })),
        metric,
      ).slice(0, 10);
      return {
        name,
        title: titles.get(name)?.title ?? name,
        title_en: titles.get(name)?.title_en ?? name,
        sales: sums.sales,
        count: sums.count,
        coverage: metric === 'count' ? share(sums.count, whole.count) : share(sums.sales, whole.sales),
        value_count: all.length,
        values: rows.map(({ value, value_en, sales, count, share: s }) => ({
          value,
          value_en,
          sales,
          count,
          share: s,
        })),
      };
    }),
  );
  items.sort((a, b) => (metric === 'count' ? b.count - a.count : b.sales - a.sales) || a.name.localeCompare(b.name));
  return { metric, items };
}

/** Values of one attribute: figures, share of the scope (a product counts once per value), growth. */
export async function attributeValues(ctx: InsightContext, metric: InsightMetric, attribute: string) {
  if (!ctx.scope.catalog.attributes.includes(attribute))
    throw badRequest('analytics.unknownAttribute', { name: attribute });
  const dim = `attribute:${attribute}` as Dimension;
  const [titles, result] = await Promise.all([attributeTitles(ctx), run(ctx, { dimensions: [dim] })]);
  const rows = result.rows.map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  const title = titles.get(attribute);
  return {
    attribute: { name: attribute, title: title?.title ?? attribute, title_en: title?.title_en ?? attribute },
    dimension: dim,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, ctx.locale),
  };
}

/** Quintile cut points of the list prices of the given leaf categories' products. */
async function priceCuts(ctx: InsightContext, leaves: readonly number[]): Promise<number[] | undefined> {
  if (leaves.length === 0) return undefined;
  const { warehouse } = ctx;
  const sku = warehouse.tableName(ctx.scope.project.dataset, 'dim_sku');
  const qs = [0.2, 0.4, 0.6, 0.8];
  // One scalar column per quantile (rows carry scalars only).
  const cols = qs.map((_, i) => `quantile_cont(price::DOUBLE, $${i + 2}::DOUBLE) AS q${i}`).join(', ');
  const rows = await warehouse.query(
    `SELECT count(*)::INTEGER AS n, ${cols}
     FROM ${sku} WHERE list_contains($1::INTEGER[], category_id) AND price > 0`,
    [[...leaves], ...qs],
  );
  const row = rows[0];
  if (!row?.n) return undefined;
  return qs.map((_, i) => Number(row[`q${i}`]));
}

/**
 * The project's price bands for the selection: those of the single deepest selected category, or
 * of its nearest ancestor that has bands; otherwise bands proposed from the price quintiles of the
 * products of the selected (or granted) leaves, like the band editor proposes them.
 */
export async function bandsFor(ctx: InsightContext): Promise<{
  bands: Band[];
  source: 'project' | 'computed';
  category_id: number | null;
}> {
  const { scope } = ctx;
  const sel = selectionOf(scope, ctx.selected);
  if (sel.deepest.length === 1) {
    let node = scope.catalog.categories.get(sel.deepest[0]!);
    while (node) {
      const bands = await ctx.metadata.bands.get(scope.project.id, node.category_id, 'price');
      if (bands?.length) return { bands, source: 'project', category_id: node.category_id };
      node = node.parent_id === null ? undefined : scope.catalog.categories.get(node.parent_id);
    }
  }
  const granted = new Set(scope.grant.categories);
  const leaves = (ctx.validated.filter.categories ?? scope.grant.categories).filter((l) => granted.has(l));
  const cuts = await priceCuts(ctx, leaves);
  return { bands: cuts ? bandsFromCuts(cuts) : [[0, null]], source: 'computed', category_id: null };
}

const bandName = ([min, max]: Band) => (max === null ? `${min}+` : `${min}-${max}`);

export async function bandsValues(ctx: InsightContext, metric: InsightMetric) {
  const chosen = await bandsFor(ctx);
  const result = await run(ctx, { dimensions: ['price_band'], bands: chosen.bands });
  const byBand = new Map(result.rows.map((r) => [r.keys.price_band === null ? null : Number(r.keys.price_band), r]));
  const t = { zh: translateFor('zh_cn')('insight.band.other'), en: translateFor('en_us')('insight.band.other') };
  const empty = (key: string, name: string, name_en: string) => ({
    key,
    name,
    name_en,
    sales: 0,
    count: 0,
    avg_price: null,
    share: result.total && result.total.sales > 0 ? 0 : null,
    share_change: null,
    growth: null,
    value: metric === 'avg_price' ? null : 0,
  });
  // Every band in order (with zeros when nothing sold in it), then sales outside them, if any.
  const rows = chosen.bands.map((b, i) => {
    const r = byBand.get(i);
    const name = bandName(b);
    return r ? { key: String(i), name, name_en: name, ...figures(r, metric) } : empty(String(i), name, name);
  });
  const outside = byBand.get(null);
  if (outside) rows.push({ key: 'other', name: t.zh, name_en: t.en, ...figures(outside, metric) });
  return {
    dimension: 'price_band',
    metric,
    total: totals(result),
    rows,
    warnings: warningsOf(result, ctx.locale),
    bands: chosen.bands.map(([a, b]) => [a, b]),
    source: chosen.source,
    category_id: chosen.category_id,
  };
}

/** Platforms with their channels: figures, shares of the scope, channel share within its platform. */
export async function channelsOverview(ctx: InsightContext, metric: InsightMetric) {
  const [platforms, channels, codes] = await Promise.all([
    run(ctx, { dimensions: ['platform'] }),
    run(ctx, { dimensions: ['channel'] }),
    platformInfo(ctx),
  ]);
  const out = platforms.rows.map((p) => {
    const id = Number(p.keys.platform);
    const own = channels.rows
      .filter((c) => String(c.keys.channel).split(',')[0] === String(id))
      .map((c) => {
        const shopType = String(c.keys.channel).split(',').slice(1).join(',');
        const label = c.labels.channel;
        return {
          key: shopType,
          shop_type: shopType,
          name: label?.zh || shopType,
          name_en: label?.en || shopType,
          ...figures(c, metric),
          share_in_platform: share(c.sales, p.sales),
        };
      });
    return {
      key: String(id),
      platform_id: id,
      code: codes.get(id)?.code ?? '',
      name: p.labels.platform?.zh ?? String(id),
      name_en: p.labels.platform?.en ?? String(id),
      ...figures(p, metric),
      channels: sortRows(own, metric).map(({ key: _k, ...c }) => c),
    };
  });
  return {
    metric,
    total: totals(platforms),
    platforms: sortRows(out, metric).map(({ key: _k, ...p }) => p),
    warnings: warningsOf(platforms, ctx.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Rankings.

async function platformInfo(ctx: InsightContext) {
  const t = ctx.warehouse.tableName(ctx.scope.project.dataset, 'dim_platform');
  const rows = await ctx.warehouse.query<{
    platform_id: number;
    code: string;
    region: string;
    name_zh: string;
    name_en: string;
  }>(`SELECT platform_id, code, region, name_zh, name_en FROM ${t}`);
  return new Map(rows.map((r) => [Number(r.platform_id), r]));
}

type ShopInfo = {
  shop_id: number;
  platform_id: number;
  shop_type: string;
  name_zh: string;
  name_en: string;
  channel_zh: string | null;
  channel_en: string | null;
};
type SkuInfo = {
  sku_id: number;
  platform_id: number;
  shop_id: number;
  brand_id: number;
  price: number;
  image_id: string | null;
  shop_zh: string;
  shop_en: string;
  brand_zh: string;
  brand_en: string;
};

/** Display details of the shops the engine ranked (ids from the answer, so within the grant). */
async function shopDetails(ctx: InsightContext, ids: readonly number[]): Promise<Map<number, ShopInfo>> {
  if (ids.length === 0) return new Map();
  const ds = ctx.scope.project.dataset;
  const w = ctx.warehouse;
  const rows = await w.query<ShopInfo>(
    `SELECT s.shop_id, s.platform_id, s.shop_type, s.name_zh, s.name_en, c.name_zh AS channel_zh, c.name_en AS channel_en
     FROM ${w.tableName(ds, 'dim_shop')} s
     LEFT JOIN ${w.tableName(ds, 'dim_channel')} c ON c.platform_id = s.platform_id AND c.shop_type = s.shop_type
     WHERE list_contains($1::BIGINT[], s.shop_id)`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [Number(r.shop_id), r]));
}

async function skuDetails(ctx: InsightContext, ids: readonly number[]): Promise<Map<number, SkuInfo>> {
  if (ids.length === 0) return new Map();
  const ds = ctx.scope.project.dataset;
  const w = ctx.warehouse;
  const rows = await w.query<SkuInfo>(
    `SELECT k.sku_id, k.platform_id, k.shop_id, k.brand_id, k.price::DOUBLE AS price, k.image_id,
            s.name_zh AS shop_zh, s.name_en AS shop_en, b.name_zh AS brand_zh, b.name_en AS brand_en
     FROM ${w.tableName(ds, 'dim_sku')} k
     LEFT JOIN ${w.tableName(ds, 'dim_shop')} s ON s.shop_id = k.shop_id
     LEFT JOIN ${w.tableName(ds, 'dim_brand')} b ON b.brand_id = k.brand_id
     WHERE list_contains($1::BIGINT[], k.sku_id)`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [Number(r.sku_id), r]));
}

/** Top brands (up to 100), shops or products (top 50) by sales or count, with share change and growth. */
export async function top(ctx: InsightContext, kind: TopKind, sortBy: SortBy) {
  const dim: Dimension = kind === 'brand' ? 'brand' : kind === 'shop' ? 'shop' : 'sku';
  const limit = TOP_LIMITS[kind];
  const result = await run(ctx, { dimensions: [dim], sort: { by: sortBy, desc: true }, limit });
  const ids = result.rows.map((r) => Number(r.keys[dim]));
  const [platforms, shops, skus] = await Promise.all([
    kind === 'brand' ? Promise.resolve(new Map()) : platformInfo(ctx),
    kind === 'shop' ? shopDetails(ctx, ids) : Promise.resolve(new Map<number, ShopInfo>()),
    kind === 'product' ? skuDetails(ctx, ids) : Promise.resolve(new Map<number, SkuInfo>()),
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
          name: k.shop_zh,
          name_en: k.shop_en,
          link: shopLink({ platform: platform.code, shopId }),
        },
        brand: { id: Number(k.brand_id), name: k.brand_zh, name_en: k.brand_en },
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
    warnings: warningsOf(result, ctx.locale),
  };
}
