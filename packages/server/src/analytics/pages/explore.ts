import {
  avgPrice,
  CONCEPT_RELATED_WORDS,
  printSuperQuery,
  share,
  superQueryKeywords,
  validateNewKeyword,
} from '@marketlens/shared';
import type { GoodsKeywords } from '@marketlens/shared/contracts';
import { badRequest } from '../../errors.js';
import type { Filter, KeywordFilter } from '../engine/model.js';
import { keywordFilterOf } from '../engine/validate.js';
import { categoryPenetration, categoryTrends, withinParent } from '../panels/categories.js';
import { type InsightMetric, periodsOf, type SortBy, totals, warningsOf } from '../panels/common.js';
import { keywordLangOf, normaliseKeyword, topWords } from '../panels/keywords.js';
import { top } from '../panels/rankings.js';
import { comparedTotals } from '../panels/summary.js';
import { trends } from '../panels/trends.js';
import { categoryValuations } from '../panels/valuation.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Concept Explore (/explore): a market defined by words in product titles. The concept is the
 * request's goodsKeywords (words with AND/OR, or a super query), matched in both titles whatever
 * the reader's language (a shared link shows every reader the same market) and always bounded by
 * the user's grant and the rest of the filter. Every
 * figure comes from the shared panels run on a request whose filter holds the concept.
 * Definitions: docs/pages/explore.md.
 */

/** The words of a concept, for duplicate checks and for leaving them out of its related words. */
function wordsOf(concept: KeywordFilter): string[] {
  return concept.kind === 'keywords' ? [...concept.words] : superQueryKeywords(concept.ast);
}

/** The concept as the user wrote it: the words joined by their condition, or the super query. */
function labelOf(concept: KeywordFilter): string {
  return concept.kind === 'keywords' ? concept.words.join(` ${concept.condition} `) : printSuperQuery(concept.ast);
}

/** A concept checked: a word given twice is refused (docs/api.md). */
function checked(concept: KeywordFilter): KeywordFilter {
  if (concept.kind === 'keywords') {
    concept.words.forEach((word, i) => {
      const refused = validateNewKeyword(word, concept.words.slice(0, i));
      if (refused) throw badRequest(refused);
    });
  }
  return concept;
}

/**
 * The request narrowed to its concept: the filter's keywords (the engine matches them in both
 * titles). A 400 when the request names none (missing, disabled or empty).
 */
export function conceptRequest(ctx: AnalysisRequest): { a: AnalysisRequest; concept: KeywordFilter } {
  const own = ctx.validated.filter.keywords;
  if (!own) throw badRequest('explore.conceptRequired');
  const concept = checked(own);
  return {
    a: { ...ctx, validated: { ...ctx.validated, filter: { ...ctx.validated.filter, keywords: concept } } },
    concept,
  };
}

/** The request's filter without the concept: the market the concept is a part of. */
function withoutConcept(ctx: AnalysisRequest): Filter {
  const { keywords: _concept, ...rest } = ctx.validated.filter;
  return rest;
}

const once = { comparison: { kind: 'none' }, measures: ['sales', 'count'] } as const;

/** Leaf categories with concept sales in the range (the denominator of its penetration). */
async function soldLeaves(a: AnalysisRequest, filter: Filter = a.validated.filter): Promise<number[]> {
  const leaves = await a.query({ ...once, dimensions: ['category_3'], filter });
  return leaves.rows.filter((r) => r.sales > 0).map((r) => Number(r.keys.category_3));
}

/** Whether the concept matches any sales under the filter (the page shows "no data" instead of charts). */
export async function conceptEmpty(ctx: AnalysisRequest) {
  const { a } = conceptRequest(ctx);
  const result = await a.query({ ...once, dimensions: [] });
  const t = totals(result);
  const empty = result.rows.length === 0 || (t.sales === 0 && t.count === 0);
  const warnings = empty ? ['analytics.noData' as const] : result.warnings;
  return { empty, warnings: warningsOf({ warnings }, ctx.locale) };
}

/**
 * The concept's summary cards: the figures and growth of Category Insight's cards for the concept's
 * products, its penetration (concept sales / sales of the leaf categories it sold in, same filter
 * without the concept) and the number of brands and products with concept sales.
 */
export async function conceptSummary(ctx: AnalysisRequest) {
  const { a } = conceptRequest(ctx);
  const [cards, categories, brands, products] = await Promise.all([
    comparedTotals(a),
    soldLeaves(a),
    a.query({ ...once, dimensions: ['brand'] }),
    a.query({ ...once, dimensions: ['sku'] }),
  ]);
  const sold = (r: typeof brands) => r.rows.filter((row) => row.sales > 0).length;
  let categoriesSales = 0;
  if (categories.length > 0) {
    const filter: Filter = { ...withoutConcept(a), categories };
    categoriesSales = totals(await a.query({ ...once, dimensions: [], filter })).sales;
  }
  const { warningParams, ...figures } = cards;
  return {
    ...figures,
    penetration: categories.length > 0 ? share(cards.sales, categoriesSales) : null,
    categories_sales: categoriesSales,
    category_count: categories.length,
    brand_count: sold(brands),
    product_count: sold(products),
    warnings: warningsOf({ warnings: cards.warnings, warningParams }, ctx.locale),
  };
}

/**
 * The concept's trend (the metric per period with its growth, and its penetration of the leaf
 * categories it sold in over the range), and the same for up to two compared concepts under the
 * same filter — one line each, the page's own first, every period of the range.
 */
export async function conceptTrends(ctx: AnalysisRequest, metric: InsightMetric, compare: readonly GoodsKeywords[]) {
  const { a, concept } = conceptRequest(ctx);
  const others = compare.map((k) => {
    const parsed = keywordFilterOf(k);
    if (!parsed) throw badRequest('explore.conceptRequired');
    return checked(parsed);
  });
  const labels = [concept, ...others].map(labelOf);
  labels.forEach((label, i) => {
    const refused = validateNewKeyword(label, labels.slice(0, i));
    if (refused) throw badRequest(refused);
  });
  const periods = periodsOf(a.validated.range, a.scope.project.dateField);
  const lines = await Promise.all(
    [concept, ...others].map(async (k, i) => {
      const filter: Filter = { ...a.validated.filter, keywords: k };
      const [line, leaves] = await Promise.all([trends(a, metric, filter), soldLeaves(a, filter)]);
      const market =
        leaves.length > 0
          ? await a.query({ ...once, dimensions: ['period'], filter: { ...withoutConcept(a), categories: leaves } })
          : undefined;
      const marketOf = new Map((market?.rows ?? []).map((r) => [String(r.keys.period), r.sales]));
      const byPeriod = new Map(line.points.map((p) => [p.period, p]));
      const points = periods.map((period) => {
        const p = byPeriod.get(period) ?? {
          period,
          sales: 0,
          count: 0,
          avg_price: null,
          value: metric === 'avg_price' ? null : 0,
          value_growth: null,
          growth: null,
          flags: [],
        };
        const categoriesSales = marketOf.get(period) ?? 0;
        return { ...p, categories_sales: categoriesSales, penetration: share(p.sales, categoriesSales) };
      });
      const sales = points.reduce((s, p) => s + p.sales, 0);
      const count = points.reduce((s, p) => s + p.count, 0);
      const total = metric === 'sales' ? sales : metric === 'count' ? count : avgPrice(sales, count);
      return { label: labels[i]!, main: i === 0, total, points, comparison: line.comparison, warnings: line.warnings };
    }),
  );
  return {
    metric,
    granularity: a.scope.project.dateField,
    periods,
    comparison: lines[0]!.comparison,
    concepts: lines.map(({ comparison: _c, warnings: _w, ...line }) => line),
    warnings: lines[0]!.warnings,
  };
}

/**
 * The title words (request's language) most sold together with the concept: concept sales of the
 * products whose title has the word, the concept's own words left out.
 */
export async function conceptWords(ctx: AnalysisRequest) {
  const { a, concept } = conceptRequest(ctx);
  const lang = keywordLangOf(ctx.locale);
  const exclude = new Set(wordsOf(concept).map(normaliseKeyword));
  const [items, total] = await Promise.all([
    topWords(a, lang, { exclude, limit: CONCEPT_RELATED_WORDS }),
    a.query({ ...once, dimensions: [] }),
  ]);
  const sales = totals(total).sales;
  return {
    lang,
    sales,
    items: items.map((w) => ({ ...w, share: share(w.sales, sales) })),
    warnings: warningsOf({ warnings: items.length === 0 ? ['analytics.noData'] : [] }, ctx.locale),
  };
}

/** The concept's top 10 categories under the parent with their trend lines (share of the concept). */
export function conceptCategoryTrends(ctx: AnalysisRequest, parentId: number | null | undefined) {
  return categoryTrends(conceptRequest(ctx).a, parentId);
}

/** The concept's penetration of its top 10 categories under the parent, over the range and per period. */
export function conceptCategoryPenetration(ctx: AnalysisRequest, parentId: number | null | undefined) {
  const { a } = conceptRequest(ctx);
  return categoryPenetration(a, parentId, withoutConcept(a));
}

/** The selection's sub-categories scored on Category Insight's valuation model, concept products only. */
export async function conceptValuations(ctx: AnalysisRequest) {
  return categoryValuations(conceptRequest(ctx).a);
}

/** Brands in the concept (up to 100): sales, share of the concept, share change, growth. */
export function conceptBrands(ctx: AnalysisRequest, sortBy: SortBy) {
  return top(conceptRequest(ctx).a, 'brand', sortBy);
}

/** The concept's top 50 products (docs/product.md §9), with links and pictures. */
export function conceptProducts(ctx: AnalysisRequest, sortBy: SortBy) {
  return top(conceptRequest(ctx).a, 'product', sortBy);
}

/**
 * The drill-down: the concept's top products within one category (any level) of the filter; a
 * category outside the grant contributes nothing, like everywhere else.
 */
export function conceptCategoryProducts(ctx: AnalysisRequest, categoryId: number, sortBy: SortBy) {
  const { a } = conceptRequest(ctx);
  if (!a.scope.catalog.categories.has(categoryId)) throw badRequest('hot.unknownCategory', { id: categoryId });
  return top(a, 'product', sortBy, withinParent(a.validated.filter, a.scope.catalog.leavesOf([categoryId])));
}
