import {
  addDays,
  isIsoDate,
  type MessageKey,
  type RangeBound,
  share,
  splitCategories,
  validateRange,
} from '@marketlens/shared';
import {
  MAX_POTENTIAL_ROWS,
  type PotentialBody,
  type PotentialBrands,
  type PotentialExclusion,
  type PotentialLimit,
  type PotentialRow,
} from '@marketlens/shared/contracts';
import { badRequest } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import type { Dimension, Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import { categoryPath, warningsOf } from '../panels/common.js';
import type { AnalysisRequest, PageFilter } from '../request.js';

/**
 * Potential Brand (/potential, docs/pages/potential.md): brands that grow fast in categories that
 * grow fast. Three engine queries over the target period against the benchmark (the user's grant
 * always applies): the candidate categories, every brand in each of them, and every brand's total.
 * Each brand × category pair with sales in the target period is a candidate; it passes when its
 * category passes the category limits and the brand passes the brand limits.
 */

/** A limit: which figure, and its bounds as sent. */
interface LimitInput {
  limit: PotentialLimit;
  bounds: readonly [RangeBound, RangeBound];
  /** Growth limits are percent on the wire; figures are fractions. */
  percent: boolean;
}

function limitsOf(b: PotentialBody): LimitInput[] {
  const c = b.categories_filter;
  const r = b.brands_filter;
  return [
    { limit: 'category_sales', bounds: [c.sales_range_min, c.sales_range_max], percent: false },
    { limit: 'category_growth', bounds: [c.sales_ratio_range_min, c.sales_ratio_range_max], percent: true },
    {
      limit: 'brand_category_sales',
      bounds: [r.category_sales_range_min, r.category_sales_range_max],
      percent: false,
    },
    {
      limit: 'brand_category_growth',
      bounds: [r.category_sales_ratio_range_min, r.category_sales_ratio_range_max],
      percent: true,
    },
    { limit: 'brand_sales', bounds: [r.sales_range_min, r.sales_range_max], percent: false },
    { limit: 'brand_growth', bounds: [r.sales_ratio_range_min, r.sales_ratio_range_max], percent: true },
  ];
}

const isEmpty = (b: RangeBound) => b === null || b === undefined || (typeof b === 'string' && b.trim() === '');
const numberOf = (b: RangeBound, percent: boolean) => (isEmpty(b) ? null : Number(b) / (percent ? 100 : 1));

/** A checked limit: min and max as fractions or money, null = open. */
export interface Limit {
  limit: PotentialLimit;
  min: number | null;
  max: number | null;
}

/**
 * The limits of a search, checked with the range rules of docs/product.md §5 (the message names the limit); at
 * least one sales or growth limit must be set (docs/product.md §5). Unset limits are left out.
 */
export function checkLimits(a: Pick<AnalysisRequest, 'locale'>, b: PotentialBody): Limit[] {
  const t = translateFor(a.locale);
  const set: Limit[] = [];
  for (const l of limitsOf(b)) {
    if (isEmpty(l.bounds[0]) && isEmpty(l.bounds[1])) continue;
    const problem = validateRange(l.bounds);
    if (problem)
      throw badRequest('potential.limitInvalid', { limit: t(`potential.limit.${l.limit}`), problem: t(problem) });
    set.push({ limit: l.limit, min: numberOf(l.bounds[0], l.percent), max: numberOf(l.bounds[1], l.percent) });
  }
  if (set.length === 0) throw badRequest('potential.limitRequired');
  return set;
}

/** Whether a figure lies within a limit; a figure without a value (growth without a base) never does. */
const within = (value: number | null, l: Limit) =>
  value !== null && (l.min === null || value >= l.min) && (l.max === null || value <= l.max);

/** The last day of a half-open range ending at `end` (its period is the last one searched); an empty range ends before it starts. */
const lastDay = (end: string) => (isIsoDate(end) ? addDays(end, -1) : end);

/**
 * The filter (docs/product.md §3) of a search, checked by the one filter validation (period order, benchmark
 * earlier than the target, category ids): the half-open ranges as their periods, the benchmark as a
 * custom comparison, the chosen categories.
 */
export function potentialFilter(b: PotentialBody): PageFilter {
  const { date_range: d, benchmark_date_range: base } = b;
  const categories = splitCategories(b.categories_filter.categories).map(Number);
  return {
    date: [d.start, lastDay(d.end)],
    selector: 'custom',
    dateBefore: [base.start, lastDay(base.end)],
    ...(categories.length ? { category: { enable: true, value: categories } } : {}),
  };
}

/**
 * The leaves of the categories searched at `level`: each chosen category, or its ancestor at the
 * level when it is deeper; every category without a choice (the grant still applies).
 */
function searchedLeaves(a: AnalysisRequest, level: number): readonly number[] | undefined {
  if (a.selected.length === 0) return undefined;
  const { categories, leavesOf } = a.scope.catalog;
  const atLevel = a.selected.map((id) => {
    let node = categories.get(id);
    while (node && node.level > level && node.parent_id !== null) node = categories.get(node.parent_id);
    return node?.category_id ?? id;
  });
  return leavesOf([...new Set(atLevel)]);
}

interface Candidate {
  brandId: number;
  categoryId: number;
  row: ResultRow;
  category: ResultRow;
  total: ResultRow | undefined;
  rank: number;
  brandCount: number;
}

/** The figure a limit looks at, for one candidate. */
function figureOf(c: Candidate, limit: PotentialLimit): number | null {
  switch (limit) {
    case 'category_sales':
      return c.category.sales;
    case 'category_growth':
      return c.category.growth?.sales ?? null;
    case 'brand_category_sales':
      return c.row.sales;
    case 'brand_category_growth':
      return c.row.growth?.sales ?? null;
    case 'brand_sales':
      return c.total?.sales ?? 0;
    case 'brand_growth':
      return c.total?.growth?.sales ?? null;
  }
}

/** POST /potential/brands: the brand × category pairs that pass every limit, and what excluded the rest. */
export async function potentialBrands(a: AnalysisRequest, b: PotentialBody): Promise<PotentialBrands> {
  const limits = checkLimits(a, b);
  const level = b.categories_filter.category_level;
  const dim = `category_${level}` as Dimension;
  const leaves = searchedLeaves(a, level);
  const searched: Filter = leaves ? { categories: leaves } : {};
  const { range, comparison } = a.validated;
  const q = (dimensions: Dimension[], filter: Filter) =>
    a.query({ dimensions, measures: ['sales', 'count'], filter, range, comparison });
  const [categories, pairs, totals, followed] = await Promise.all([
    q([dim], searched),
    q([dim, 'brand'], searched),
    q(['brand'], {}),
    a.metadata.favoriteBrands.ids(a.scope.project.id, a.user.id),
  ]);

  const categoryById = new Map(categories.rows.map((r) => [Number(r.keys[dim]), r]));
  const totalByBrand = new Map(totals.rows.map((r) => [Number(r.keys.brand), r]));
  // Each category's brands by sales (ties by id), for the rank.
  const byCategory = new Map<number, ResultRow[]>();
  for (const r of pairs.rows) {
    if (!(r.sales > 0)) continue;
    const id = Number(r.keys[dim]);
    byCategory.set(id, [...(byCategory.get(id) ?? []), r]);
  }
  const candidates: Candidate[] = [];
  for (const [categoryId, rows] of byCategory) {
    const category = categoryById.get(categoryId);
    if (!category) continue;
    rows.sort((x, y) => y.sales - x.sales || Number(x.keys.brand) - Number(y.keys.brand));
    rows.forEach((row, i) => {
      const brandId = Number(row.keys.brand);
      candidates.push({
        brandId,
        categoryId,
        row,
        category,
        total: totalByBrand.get(brandId),
        rank: i + 1,
        brandCount: rows.length,
      });
    });
  }

  const passes = (c: Candidate, l: Limit) => within(figureOf(c, l.limit), l);
  const exclusions: PotentialExclusion[] = limits
    .map((l) => ({ limit: l.limit, excluded: candidates.filter((c) => !passes(c, l)).length }))
    .sort((x, y) => y.excluded - x.excluded);
  const categoryLimits = limits.filter((l) => l.limit.startsWith('category_'));
  const passedCategories = [...categoryById.values()].filter((row) =>
    categoryLimits.every((l) => within(l.limit === 'category_sales' ? row.sales : (row.growth?.sales ?? null), l)),
  );
  const followedSet = new Set(followed);
  const passed = candidates
    .filter((c) => limits.every((l) => passes(c, l)))
    .map((c) => rowOf(a, c, level, followedSet.has(c.brandId)))
    .sort(
      (x, y) =>
        (y.growth ?? -Infinity) - (x.growth ?? -Infinity) ||
        y.sales - x.sales ||
        x.brand_id - y.brand_id ||
        x.category_id - y.category_id,
    );
  const warnings: MessageKey[] = categories.warnings.filter((w) => w !== 'analytics.noData');
  if (candidates.length === 0) warnings.push('analytics.noData');
  return {
    range: { start: range.start, end: range.end },
    benchmark: comparison.kind === 'custom' ? { ...comparison.base } : { start: range.start, end: range.end },
    level,
    items: passed.slice(0, MAX_POTENTIAL_ROWS),
    total: passed.length,
    categories: categoryById.size,
    categories_passed: passedCategories.length,
    candidates: candidates.length,
    exclusions,
    warnings: warningsOf({ warnings, warningParams: categories.warningParams }, a.locale),
  };
}

function rowOf(a: AnalysisRequest, c: Candidate, level: number, followed: boolean): PotentialRow {
  const { row, category, total } = c;
  const nowShare = share(row.sales, category.sales);
  const baseShare = share(row.base?.sales ?? 0, category.base?.sales);
  const brandLabel = row.labels.brand;
  const categoryLabel = row.labels[`category_${level}`];
  const path = categoryPath(a.scope.catalog, c.categoryId);
  return {
    brand_id: c.brandId,
    brand: {
      name: brandLabel?.zh || String(c.brandId),
      name_en: brandLabel?.en || brandLabel?.zh || String(c.brandId),
    },
    category_id: c.categoryId,
    category: {
      name: categoryLabel?.zh || String(c.categoryId),
      name_en: categoryLabel?.en || categoryLabel?.zh || String(c.categoryId),
      ...path,
    },
    sales: row.sales,
    base_sales: row.base?.sales ?? 0,
    growth: row.growth?.sales ?? null,
    flags: row.flags ?? [],
    category_sales: category.sales,
    category_base_sales: category.base?.sales ?? 0,
    category_growth: category.growth?.sales ?? null,
    category_flags: category.flags ?? [],
    share: nowShare,
    share_change: nowShare !== null && baseShare !== null ? nowShare - baseShare : null,
    rank: c.rank,
    brand_count: c.brandCount,
    total_sales: total?.sales ?? 0,
    total_growth: total?.growth?.sales ?? null,
    total_flags: total?.flags ?? [],
    followed,
  };
}
