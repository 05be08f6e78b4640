import { share } from '@marketlens/shared';
import { translateFor } from '../../i18n.js';
import { categoryGranted } from '../engine/dimensions.js';
import type { Filter } from '../engine/model.js';
import { selectionOf, totals, warningsOf } from '../panels/common.js';
import { comparedTotals } from '../panels/summary.js';
import { valuationSettings } from '../panels/valuation.js';
import type { AnalysisRequest } from '../request.js';

/**
 * Category Insight (/discover): the summary cards, and the panels the page composes. Every figure
 * comes from the request (`a.query`) with the user's grant; only display details of ids the engine returned
 * (shop, product, platform) are read from the dimension tables. Definitions: docs/pages/insight.md.
 */

export { bandsFor, bandsValues } from '../panels/bands.js';
export { channelsOverview } from '../panels/channels.js';
export type { InsightMetric, Selection, SortBy, TopKind } from '../panels/common.js';
export { periodsOf, selectionOf, warningsOf } from '../panels/common.js';
export { attributesOverview, attributeValues, customAttributeValues, distribution } from '../panels/distributions.js';
export { TOP_LIMITS, top } from '../panels/rankings.js';
export { trends, trendsList } from '../panels/trends.js';
export { categoryValuations } from '../panels/valuation.js';

/** What one insight request works with. */
export type InsightContext = AnalysisRequest;

// ---------------------------------------------------------------------------------------------
// Summary cards.

export async function summary(a: AnalysisRequest) {
  const { scope, validated } = a;
  const sel = selectionOf(scope, a.selected);

  // Share of parent: the deepest selected categories within their common parent (docs/pages/insight.md: "share of
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
  const totalOnly = (filter: Filter) => a.query({ dimensions: [], comparison: { kind: 'none' }, filter });

  const [cards, parentResult, ownResult] = await Promise.all([
    comparedTotals(a),
    withShare
      ? totalOnly(
          parentId === null ? otherFilters : { ...otherFilters, categories: scope.catalog.leavesOf([parentId]) },
        )
      : Promise.resolve(undefined),
    withShare && !sameAsFilter ? totalOnly({ ...otherFilters, categories: deepestLeaves }) : Promise.resolve(undefined),
  ]);
  // Named only when the grant covers it: a user granted one leaf is not granted its parent.
  const parentNode =
    parentId != null && categoryGranted(scope.catalog, scope.grant, parentId)
      ? scope.catalog.categories.get(parentId)
      : undefined;
  const parentSales = parentResult ? totals(parentResult).sales : null;
  const ownSales = ownResult ? totals(ownResult).sales : cards.sales;
  const { warningParams, ...figures } = cards;
  return {
    ...figures,
    share_of_parent: parentSales === null ? null : share(ownSales, parentSales),
    parent: parentNode
      ? { category_id: parentNode.category_id, name: parentNode.name_zh, name_en: parentNode.name_en }
      : null,
    parent_sales: parentSales,
    warnings: warningsOf({ warnings: cards.warnings, warningParams }, a.locale),
  };
}

// ---------------------------------------------------------------------------------------------
// Category valuation: the sub-categories of the selection, scored.

/** The valuation factors with their default weights, named in both languages. */
export function valuationFactors() {
  const zh = translateFor('zh_cn');
  const en = translateFor('en_us');
  return {
    factors: valuationSettings().map((f) => ({
      key: f.key,
      weight: f.weight,
      higher_is_better: f.higher_is_better,
      name: zh(f.name),
      name_en: en(f.name),
      description: zh(f.description),
      description_en: en(f.description),
    })),
  };
}
