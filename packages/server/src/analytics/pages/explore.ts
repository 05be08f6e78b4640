import { share, validateNewKeyword } from '@marketlens/shared';
import { badRequest } from '../../errors.js';
import type { Filter, KeywordFilter } from '../engine/model.js';
import { type PanelContext, run, totals, warningsOf } from '../panels/common.js';
import { comparedTotals } from '../panels/summary.js';

/**
 * Concept Explore (/explore): a market defined by words in product titles. The concept is the
 * request's goodsKeywords (validated into the filter's `keywords`: words with AND/OR, or a super
 * query), always bounded by the user's grant and the rest of the filter. Every figure comes from
 * engine.run. Definitions: docs/pages/explore.md.
 */

/**
 * The request's concept; a 400 when the request names none (missing, disabled or empty), or names a
 * word twice (spec: 'This keyword already exists!', compared case-insensitively like the matching).
 */
export function conceptOf(ctx: PanelContext): KeywordFilter {
  const concept = ctx.validated.filter.keywords;
  if (!concept) throw badRequest('explore.conceptRequired');
  if (concept.kind === 'keywords') {
    concept.words.forEach((word, i) => {
      const refused = validateNewKeyword(word, concept.words.slice(0, i));
      if (refused) throw badRequest(refused);
    });
  }
  return concept;
}

/** Whether the concept matches any sales under the filter (the page shows "no data" instead of charts). */
export async function conceptEmpty(ctx: PanelContext) {
  conceptOf(ctx);
  const result = await run(ctx, { dimensions: [], measures: ['sales', 'count'], comparison: { kind: 'none' } });
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
export async function conceptSummary(ctx: PanelContext) {
  conceptOf(ctx);
  const once = { comparison: { kind: 'none' }, measures: ['sales', 'count'] } as const;
  const [cards, leaves, brands, products] = await Promise.all([
    comparedTotals(ctx),
    run(ctx, { ...once, dimensions: ['category_3'] }),
    run(ctx, { ...once, dimensions: ['brand'] }),
    run(ctx, { ...once, dimensions: ['sku'] }),
  ]);
  const sold = (r: typeof leaves) => r.rows.filter((row) => row.sales > 0);
  const categories = sold(leaves).map((row) => Number(row.keys.category_3));
  let categoriesSales = 0;
  if (categories.length > 0) {
    const { keywords: _concept, ...withoutConcept } = ctx.validated.filter;
    const filter: Filter = { ...withoutConcept, categories };
    categoriesSales = totals(await run(ctx, { ...once, dimensions: [], filter })).sales;
  }
  return {
    ...cards,
    penetration: categories.length > 0 ? share(cards.sales, categoriesSales) : null,
    categories_sales: categoriesSales,
    category_count: categories.length,
    brand_count: sold(brands).length,
    product_count: sold(products).length,
    warnings: warningsOf({ warnings: cards.warnings }, ctx.locale),
  };
}
