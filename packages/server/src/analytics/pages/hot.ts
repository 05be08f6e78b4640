import {
  type DateRange,
  GROWTH_TOP_LIMIT,
  type Granularity,
  HOT_GOODS_POOL,
  HOT_GOODS_SAMPLE,
  PICTURE_BASE,
  pictureUrl,
  productLink,
  share,
  shopLink,
} from '@marketlens/shared';
import type {
  FreshData,
  FreshItem,
  FreshKind,
  HiddenKeyword,
  HotEntityKind,
  HotGoodsData,
  HotKeywordsData,
  HotProduct,
  RisingData,
  RisingItem,
} from '@marketlens/shared/contracts';
import { badRequest } from '../../errors.js';
import type { MetadataStore } from '../../metadata/index.js';
import type { Dimension } from '../engine/model.js';
import type { AnalyticsResult } from '../engine/service.js';
import { shiftPeriod } from '../engine/shape.js';
import { parentLevel, withinParent } from '../panels/categories.js';
import { warningsOf } from '../panels/common.js';
import { keywordLangOf, normaliseKeyword, topWords } from '../panels/keywords.js';

export { categoryTrends } from '../panels/categories.js';
export { normaliseKeyword } from '../panels/keywords.js';

import type { AnalysisRequest } from '../request.js';

/**
 * Trend Overview (/hot, page 1): what each panel asks the engine and how the answers combine.
 * Every query goes through the request (`a.query`, `a.dims`) with the user's grant; rules and constants are
 * documented in docs/pages/hot.md.
 */

export const HOT_LIMITS = {
  /** docs/product.md §9: growth top 50. */
  rising: GROWTH_TOP_LIMIT,
  fresh: GROWTH_TOP_LIMIT,
  /** Rising products are chosen among this many best sellers of the current range. */
  risingProductPool: HOT_GOODS_POOL,
  /** docs/product.md §9: hot goods random from the top 1000. */
  hotPool: HOT_GOODS_POOL,
  hotSample: HOT_GOODS_SAMPLE,
  keywords: 100,
  /** Hidden keywords per project (bounds the word cloud query). */
  hiddenPerProject: 500,
} as const;

/**
 * Minimum base of a rising entity as a fraction of the scope's base sales: without it a product
 * that went from ¥10 to ¥5 000 would lead the list. Products are many and small, hence lower.
 */
export const MIN_BASE_SHARE: Readonly<Record<HotEntityKind, number>> = {
  category: 0.001,
  brand: 0.001,
  product: 0.0001,
};

/** A first sale in the last this-many periods of the range makes a product or brand "fresh". */
export const FRESH_PERIODS: Readonly<Record<Granularity, number>> = { month: 3, week: 13 };

/** Route id of Trend Overview (docs/product.md §2). */
export const HOT_PAGE_ID = 1;

const labelOf = (r: AnalyticsResult['rows'][number], dim: Dimension) =>
  r.labels[dim] ?? { zh: String(r.keys[dim]), en: String(r.keys[dim]) };

/** A ranked row's id and names in both languages. */
function named(r: AnalyticsResult['rows'][number], dim: Dimension) {
  const label = labelOf(r, dim);
  return { id: Number(r.keys[dim]), name: label.zh, name_en: label.en };
}

/** A fresh item's figures: its sales, units and share of the whole scope's sales. */
const freshFigures = (r: AnalyticsResult['rows'][number], scopeSales: number | undefined) => ({
  sales: r.sales,
  count: r.count,
  share: share(r.sales, scopeSales),
});

// ---------------------------------------------------------------------------------------------
// Rising

export async function rising(
  a: AnalysisRequest,
  kind: HotEntityKind,
  parentId: number | null | undefined,
): Promise<RisingData> {
  const { comparison, range } = a.validated;
  // Growth needs a base: selector custom without dateBefore has none.
  if (comparison.kind === 'none') throw badRequest('hot.baseRequired');
  let dim: Dimension;
  let filter = a.validated.filter;
  let level: 1 | 2 | 3 | undefined;
  if (kind === 'category') {
    const p = parentLevel(a.scope, parentId);
    level = p.level;
    dim = `category_${p.level}`;
    filter = withinParent(filter, p.leaves);
  } else {
    dim = kind === 'brand' ? 'brand' : 'sku';
  }
  const result = await a.query({
    dimensions: [dim],
    measures: ['sales', 'share'],
    filter,
    comparison,
    sort: { by: 'sales', desc: true },
    ...(kind === 'product' ? { limit: HOT_LIMITS.risingProductPool } : {}),
  });
  const minBase = (result.total?.base?.sales ?? 0) * MIN_BASE_SHARE[kind];
  const ranked = result.rows
    .filter((r) => r.base !== undefined && r.base.sales > 0 && r.base.sales >= minBase && r.growth?.sales != null)
    .sort(
      (a, b) => b.growth!.sales! - a.growth!.sales! || b.sales - a.sales || Number(a.keys[dim]) - Number(b.keys[dim]),
    )
    .slice(0, HOT_LIMITS.rising);
  const products =
    kind === 'product'
      ? await details(
          a,
          ranked.map((r) => Number(r.keys[dim])),
        )
      : undefined;
  const items: RisingItem[] = ranked.map((r) => {
    const item = named(r, dim);
    const product = products?.get(item.id);
    return {
      ...item,
      sales: r.sales,
      base_sales: r.base!.sales,
      growth: r.growth!.sales!,
      flags: r.flags ?? [],
      share: r.share ?? null,
      ...(product ? { product } : {}),
    };
  });
  return {
    kind,
    range,
    base: result.comparison?.base ?? range,
    min_base_sales: minBase,
    ...(level ? { level } : {}),
    items,
    warnings: warningsOf(
      items.length === 0
        ? { warnings: ['analytics.noData'] }
        : { ...result, warnings: result.warnings.filter((w) => w !== 'analytics.noData') },
      a.locale,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Fresh

/** The last FRESH_PERIODS periods of the range (the whole range when it is shorter). */
export function freshWindow(range: DateRange, granularity: Granularity): DateRange {
  const start = shiftPeriod(range.end, -(FRESH_PERIODS[granularity] - 1), granularity);
  return { start: start > range.start ? start : range.start, end: range.end };
}

export async function fresh(a: AnalysisRequest, kind: FreshKind): Promise<FreshData> {
  const g = a.scope.project.dateField;
  const window = freshWindow(a.validated.range, g);
  const filter = a.validated.filter;
  // Shares are of the whole filtered market in the window, not of the fresh ones only.
  const totalRun = a.query({ dimensions: [], measures: ['sales'], range: window });
  let items: FreshItem[];
  if (kind === 'product') {
    const [result, total] = await Promise.all([
      a.query({
        dimensions: ['sku'],
        measures: ['sales'],
        range: window,
        filter: { ...filter, firstPeriod: window },
        sort: { by: 'sales', desc: true },
        limit: HOT_LIMITS.fresh,
      }),
      totalRun,
    ]);
    const products = await details(
      a,
      result.rows.map((r) => Number(r.keys.sku)),
    );
    items = result.rows.map((r) => {
      const item = named(r, 'sku');
      const product = products.get(item.id);
      return {
        ...item,
        ...freshFigures(r, total.total?.sales),
        first_period: product?.first_period ?? window.start,
        ...(product ? { product } : {}),
      };
    });
  } else {
    // A brand is fresh when, within the filter and the grant, it sold in the window and never before.
    const before =
      window.start > a.scope.fullRange.start
        ? { start: a.scope.fullRange.start, end: shiftPeriod(window.start, -1, g) }
        : undefined;
    const [inWindow, earlier, total] = await Promise.all([
      a.query({ dimensions: ['brand'], measures: ['sales'], range: window, sort: { by: 'sales', desc: true } }),
      before ? a.query({ dimensions: ['brand'], measures: ['sales'], range: before }) : undefined,
      totalRun,
    ]);
    const old = new Set(earlier?.rows.map((r) => Number(r.keys.brand)) ?? []);
    const top = inWindow.rows.filter((r) => !old.has(Number(r.keys.brand))).slice(0, HOT_LIMITS.fresh);
    const firsts = new Map<number, string>();
    if (top.length) {
      const periods = await a.query({
        dimensions: ['brand', 'period'],
        measures: ['sales'],
        range: window,
        filter: { ...filter, brands: top.map((r) => Number(r.keys.brand)) },
      });
      for (const r of periods.rows) {
        const id = Number(r.keys.brand);
        const period = String(r.keys.period);
        if (r.sales > 0 && (!firsts.has(id) || period < firsts.get(id)!)) firsts.set(id, period);
      }
    }
    items = top.map((r) => {
      const item = named(r, 'brand');
      return { ...item, ...freshFigures(r, total.total?.sales), first_period: firsts.get(item.id) ?? window.start };
    });
  }
  return {
    kind,
    window,
    periods: FRESH_PERIODS[g],
    items,
    warnings: warningsOf({ warnings: items.length === 0 ? ['analytics.noData'] : [] }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Word cloud

/** The word cloud: title words in the request's language, the project's hidden words left out. */
export async function hotKeywords(a: AnalysisRequest, hidden: readonly string[]): Promise<HotKeywordsData> {
  const lang = keywordLangOf(a.locale);
  const items = await topWords(a, lang, {
    exclude: new Set(hidden.map(normaliseKeyword)),
    limit: HOT_LIMITS.keywords,
  });
  return {
    lang,
    hidden_applied: hidden.length > 0,
    items,
    warnings: warningsOf({ warnings: items.length === 0 ? ['analytics.noData'] : [] }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Hot goods

/** mulberry32: a small seeded generator, so a seed gives the same sample on every server. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct indices of 0…size−1 drawn with the seed (partial Fisher–Yates), in ascending order. */
export function sampleIndices(size: number, n: number, seed: number): number[] {
  const random = seeded(seed);
  const idx = Array.from({ length: size }, (_, i) => i);
  const take = Math.min(n, size);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (size - i));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, take).sort((a, b) => a - b);
}

export async function hotGoods(a: AnalysisRequest, seed: number): Promise<HotGoodsData> {
  const result = await a.query({
    dimensions: ['sku'],
    measures: ['sales', 'share'],
    sort: { by: 'sales', desc: true },
    limit: HOT_LIMITS.hotPool,
  });
  const picked = sampleIndices(result.rows.length, HOT_LIMITS.hotSample, seed).map((i) => ({
    row: result.rows[i]!,
    rank: i + 1,
  }));
  const products = await details(
    a,
    picked.map((p) => Number(p.row.keys.sku)),
  );
  const items = picked.flatMap(({ row, rank }) => {
    const product = products.get(Number(row.keys.sku));
    return product ? [{ ...product, sales: row.sales, count: row.count, share: row.share ?? null, rank }] : [];
  });
  return {
    seed,
    pool: result.rows.length,
    items,
    warnings: warningsOf({ warnings: items.length === 0 ? ['analytics.noData'] : [] }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Product details (dimension rows of SKUs the engine already returned under the grant)

async function details(a: AnalysisRequest, skuIds: readonly number[]): Promise<Map<number, HotProduct>> {
  const out = new Map<number, HotProduct>();
  const rows = await a.dims.products(skuIds, a.statementOptions);
  for (const r of rows.values()) {
    const platform = r.code ?? '';
    out.set(Number(r.sku_id), {
      sku_id: Number(r.sku_id),
      title: r.title_zh,
      title_en: r.title_en,
      brand_id: Number(r.brand_id),
      brand: r.brand_zh ?? '',
      brand_en: r.brand_en ?? r.brand_zh ?? '',
      shop_id: Number(r.shop_id),
      shop: r.shop_zh ?? '',
      shop_en: r.shop_en ?? r.shop_zh ?? '',
      platform,
      platform_name: r.platform_zh ?? platform,
      platform_name_en: r.platform_en ?? platform,
      shop_type: r.shop_type ?? '',
      category_id: Number(r.category_id),
      price: Number(r.price),
      first_period: String(r.first_period),
      image_id: r.image_id,
      picture: pictureUrl(PICTURE_BASE, r.image_id),
      link: productLink({ platform, itemId: r.sku_id, shopId: r.shop_id, region: r.region }),
      shop_link: shopLink({ platform, shopId: r.shop_id }),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hidden keywords: stored by the metadata store (metadata.hiddenKeywords); the page's rule is how
// many a project may hide.

export async function hiddenKeywords(metadata: MetadataStore, projectId: number): Promise<HiddenKeyword[]> {
  return (await metadata.hiddenKeywords.list(projectId)).map((h) => ({
    keyword: h.keyword,
    hidden_at: h.hiddenAt,
    hidden_by: h.hiddenBy,
  }));
}

export async function hideKeywords(
  metadata: MetadataStore,
  projectId: number,
  words: readonly string[],
  by: { username: string; at: string },
): Promise<void> {
  const current = new Set((await metadata.hiddenKeywords.list(projectId)).map((h) => h.keyword));
  const fresh = [...new Set(words)].filter((w) => !current.has(w));
  if (current.size + fresh.length > HOT_LIMITS.hiddenPerProject) {
    throw badRequest('hot.tooManyHidden', { count: HOT_LIMITS.hiddenPerProject });
  }
  // Re-hiding a hidden word keeps its original time and author.
  await metadata.hiddenKeywords.hide(projectId, fresh, by);
}

export function unhideKeywords(metadata: MetadataStore, projectId: number, words: readonly string[]) {
  return metadata.hiddenKeywords.unhide(projectId, words);
}
