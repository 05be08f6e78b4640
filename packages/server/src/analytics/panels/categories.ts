import { share, TREND_TOP_CATEGORIES } from '@marketlens/shared';
import { badRequest } from '../../errors.js';
import type { Dimension, Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import type { AnalysisRequest, DataScope } from '../request.js';
import { periodsOf, warningsOf } from './common.js';

/**
 * Category panels under a parent: the top categories one level below it with their trend lines
 * (Trend Overview, Concept Explore), and how much of each category a narrower filter takes
 * (a concept's penetration of its categories, per period).
 */

/** Leaf categories under a parent ∩ the filter's own category choice (undefined = no restriction). */
export function withinParent(filter: Filter, leaves: readonly number[] | undefined): Filter {
  if (!leaves) return filter;
  const own = filter.categories ? new Set(filter.categories) : undefined;
  return { ...filter, categories: own ? leaves.filter((id) => own.has(id)) : leaves };
}

/** The level below the parent (1 without one; a leaf parent ranks itself) and the parent's leaves. */
export function parentLevel(
  scope: DataScope,
  parentId: number | null | undefined,
): { level: 1 | 2 | 3; leaves?: number[] } {
  if (parentId === null || parentId === undefined) return { level: 1 };
  const parent = scope.catalog.categories.get(parentId);
  if (!parent) throw badRequest('hot.unknownCategory', { id: parentId });
  return { level: Math.min(parent.level + 1, 3) as 1 | 2 | 3, leaves: scope.catalog.leavesOf([parentId]) };
}

const labelOf = (r: ResultRow, dim: Dimension) => r.labels[dim] ?? { zh: String(r.keys[dim]), en: String(r.keys[dim]) };

/**
 * The top 10 (docs/product.md §9) categories under the parent by sales, each with its sales, count and share
 * of the filtered scope per period (every period of the range; 0 where it sold nothing).
 */
export async function categoryTrends(a: AnalysisRequest, parentId: number | null | undefined) {
  const { level, leaves } = parentLevel(a.scope, parentId);
  const dim: Dimension = `category_${level}`;
  const filter = withinParent(a.validated.filter, leaves);
  const once = { measures: ['sales', 'share'], filter, comparison: { kind: 'none' } } as const;
  const [top, trend] = await Promise.all([
    a.query({ ...once, dimensions: [dim], sort: { by: 'sales', desc: true }, limit: TREND_TOP_CATEGORIES }),
    // Every category under the parent, so each point's share is of that period's whole scope.
    a.query({ ...once, dimensions: [dim, 'period'] }),
  ]);
  const periods = periodsOf(a.validated.range, a.scope.project.dateField);
  const points = new Map<string, ResultRow>();
  for (const r of trend.rows) points.set(`${r.keys[dim]}|${r.keys.period}`, r);
  const categories = top.rows.map((r) => {
    const id = Number(r.keys[dim]);
    const label = labelOf(r, dim);
    return {
      category_id: id,
      name: label.zh,
      name_en: label.en,
      level,
      sales: r.sales,
      share: r.share ?? null,
      trend: periods.map((period) => {
        const p = points.get(`${id}|${period}`);
        return { period, sales: p?.sales ?? 0, count: p?.count ?? 0, share: p ? (p.share ?? null) : 0 };
      }),
    };
  });
  return {
    parent_id: parentId ?? null,
    level,
    periods,
    categories,
    warnings: warningsOf({ warnings: categories.length === 0 ? ['analytics.noData'] : [] }, a.locale),
  };
}

/**
 * How much of each of the top 10 categories under the parent the request's filter takes: its sales
 * over the category's sales under `wider` (the same filter without the narrowing part — for a
 * concept, without the concept), over the range and per period.
 */
export async function categoryPenetration(a: AnalysisRequest, parentId: number | null | undefined, wider: Filter) {
  const ranked = await categoryTrends(a, parentId);
  const dim: Dimension = `category_${ranked.level}`;
  const ids = ranked.categories.map((c) => c.category_id);
  const leaves = ids.length > 0 ? a.scope.catalog.leavesOf(ids) : [];
  const whole = withinParent(wider, leaves);
  const once = { measures: ['sales'], filter: whole, comparison: { kind: 'none' } } as const;
  const [totalsOf, byPeriod] =
    ids.length > 0
      ? await Promise.all([a.query({ ...once, dimensions: [dim] }), a.query({ ...once, dimensions: [dim, 'period'] })])
      : [undefined, undefined];
  const total = new Map((totalsOf?.rows ?? []).map((r) => [Number(r.keys[dim]), r.sales]));
  const perPeriod = new Map((byPeriod?.rows ?? []).map((r) => [`${r.keys[dim]}|${r.keys.period}`, r.sales]));
  return {
    parent_id: ranked.parent_id,
    level: ranked.level,
    periods: ranked.periods,
    categories: ranked.categories.map((c) => {
      const categorySales = total.get(c.category_id) ?? 0;
      return {
        category_id: c.category_id,
        name: c.name,
        name_en: c.name_en,
        level: c.level,
        sales: c.sales,
        category_sales: categorySales,
        penetration: share(c.sales, categorySales),
        trend: c.trend.map((p) => {
          const all = perPeriod.get(`${c.category_id}|${p.period}`) ?? 0;
          return { period: p.period, sales: p.sales, category_sales: all, penetration: share(p.sales, all) };
        }),
      };
    }),
    warnings: ranked.warnings,
  };
}
