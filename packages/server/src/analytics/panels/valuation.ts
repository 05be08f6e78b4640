import {
  avgPrice,
  comparisonPeriod,
  concentration,
  type DateRange,
  type FigureFlag,
  growth,
  type MessageKey,
  share,
} from '@marketlens/shared';
import { badRequest } from '../../errors.js';
import type { Dimension, Filter } from '../engine/model.js';
import { shiftPeriod } from '../engine/shape.js';
import type { AnalysisRequest } from '../request.js';
import { flagsOf, selectionOf } from './common.js';

/**
 * Category valuation (docs/pages/insight.md): every category of a list gets five factors (market
 * size, growth, concentration, price level, new-brand share), each normalised to 0–100 across the
 * list, and a weighted score. Used by Category Insight (sub-categories of the selection) and by the
 * Brand page (the brand's categories).
 */

export const VALUATION_FACTORS = ['market_size', 'growth', 'concentration', 'avg_price', 'new_brand'] as const;
export type ValuationFactor = (typeof VALUATION_FACTORS)[number];
export type ValuationWeights = Readonly<Record<ValuationFactor, number>>;

/** Default weights (sum 100): size and growth first, openness next, price level least. */
export const DEFAULT_VALUATION_WEIGHTS: ValuationWeights = {
  market_size: 30,
  growth: 25,
  concentration: 20,
  avg_price: 10,
  new_brand: 15,
};

/** Whether a larger raw value scores higher (concentration: a less concentrated market is more open). */
const HIGHER_IS_BETTER: Readonly<Record<ValuationFactor, boolean>> = {
  market_size: true,
  growth: true,
  concentration: false,
  avg_price: true,
  new_brand: true,
};

/** A brand is new in a category when its first sale there falls within this many months (52 weeks). */
export const NEW_BRAND_WINDOW_MONTHS = 12;

export interface ValuationFactorSetting {
  key: ValuationFactor;
  weight: number;
  higher_is_better: boolean;
  name: MessageKey;
  description: MessageKey;
}

/** The factors with their default weights (GET /categories/valuations/settings). */
export function valuationSettings(): ValuationFactorSetting[] {
  return VALUATION_FACTORS.map((key) => ({
    key,
    weight: DEFAULT_VALUATION_WEIGHTS[key],
    higher_is_better: HIGHER_IS_BETTER[key],
    name: `insight.valuation.factor.${key}`,
    description: `insight.valuation.about.${key}`,
  }));
}

/**
 * A user's weights: a missing factor weighs 0; every weight a finite non-negative number and at
 * least one above 0 (400 with the message otherwise).
 */
export function checkWeights(input: Partial<Record<ValuationFactor, number>>): ValuationWeights {
  const out = {} as Record<ValuationFactor, number>;
  for (const key of VALUATION_FACTORS) {
    const w = input[key] ?? 0;
    if (!Number.isFinite(w)) throw badRequest('insight.valuation.weightInvalid');
    if (w < 0) throw badRequest('validation.range.negative');
    out[key] = w;
  }
  if (VALUATION_FACTORS.every((k) => out[k] === 0)) throw badRequest('insight.valuation.weightsZero');
  return out;
}

export interface CategoryValuation {
  category_id: number;
  name: string;
  name_en: string;
  level: number;
  sales: number;
  count: number;
  avg_price: number | null;
  /** Sales growth year on year (null when the category had no sales a year earlier). */
  growth: number | null;
  /** The marks of that growth (docs/metrics.md "Flags"). */
  flags: FigureFlag[];
  cr5: number;
  hhi: number;
  brand_count: number;
  new_brand_share: number | null;
  /** Each factor normalised to 0–100 across the list; null when the raw value is missing. */
  scores: Record<ValuationFactor, number | null>;
  /** Σ weight × score / Σ weight (a missing score counts 0). */
  score: number;
  rank: number;
}

export interface ValuationResult {
  weights: ValuationWeights;
  /** First period of the new-brand window (a brand first selling in the category on or after it is new). */
  new_brand_since: string;
  /** The year-earlier range the growth compares with. */
  growth_base: DateRange;
  items: CategoryValuation[];
}

/**
 * What to value, under the request's validated filter and period (its comparison selector is not
 * used: growth is year on year).
 */
export interface ValuationInput {
  /** Category ids at any level; categories without a granted leaf or without sales are left out. */
  categories: readonly number[];
  weights?: ValuationWeights;
}

/** Min–max normalisation to 0–100 (reversed when lower is better); all equal → 50; missing → null. */
export function normalise(values: readonly (number | null)[], higherIsBetter: boolean): (number | null)[] {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return values.map(() => null);
  const min = Math.min(...present);
  const max = Math.max(...present);
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    if (max === min) return 50;
    const r = (v - min) / (max - min);
    return 100 * (higherIsBetter ? r : 1 - r);
  });
}

/**
 * Scores the given categories for a scope, filter and period. Three grouped queries, run in
 * parallel whatever the number of categories: category × brand in the period (size, price,
 * concentration, new brands), category × brand before the new-brand window (who sold before), and
 * category in the year-earlier range (growth).
 */
export async function valuateCategories(a: AnalysisRequest, input: ValuationInput): Promise<ValuationResult> {
  const { scope, validated } = a;
  const weights = input.weights ?? DEFAULT_VALUATION_WEIGHTS;
  const g = scope.project.dateField;
  const { range } = validated;
  const windowStart = shiftPeriod(range.end, -(g === 'month' ? NEW_BRAND_WINDOW_MONTHS - 1 : 51), g);
  const growthBase = comparisonPeriod(range, 'yoy', g);
  const empty: ValuationResult = { weights, new_brand_since: windowStart, growth_base: growthBase, items: [] };

  // The requested categories that hold granted leaves, and which of them each leaf counts for.
  const granted = new Set(scope.grant.categories);
  const chosen = new Set(validated.filter.categories ?? scope.grant.categories);
  const owners = new Map<number, number[]>();
  const wanted: number[] = [];
  for (const id of new Set(input.categories.map(Number))) {
    const node = scope.catalog.categories.get(id);
    if (!node) continue;
    const leaves = scope.catalog.leavesOf([id]).filter((l) => granted.has(l) && chosen.has(l));
    if (leaves.length === 0) continue;
    wanted.push(id);
    for (const l of leaves) owners.set(l, [...(owners.get(l) ?? []), id]);
  }
  if (wanted.length === 0) return empty;

  // One level for all: group by it directly; mixed levels: by leaf, added up per requested category.
  const levels = new Set(wanted.map((id) => scope.catalog.categories.get(id)!.level));
  const level = levels.size === 1 ? [...levels][0]! : 3;
  const catDim = `category_${level}` as Dimension;
  const ownersOf = (key: unknown): number[] =>
    level === 3 && levels.size > 1 ? (owners.get(Number(key)) ?? []) : [Number(key)];
  const filter: Filter = { ...validated.filter, categories: [...owners.keys()].sort((a, b) => a - b) };
  const sales = (dimensions: Dimension[], r: DateRange) =>
    a.query({ dimensions, measures: ['sales'], filter, range: r });
  const before = shiftPeriod(windowStart, -1, g);
  const [current, earlier, base] = await Promise.all([
    sales([catDim, 'brand'], range),
    before >= scope.fullRange.start
      ? sales([catDim, 'brand'], { start: scope.fullRange.start, end: before })
      : Promise.resolve(undefined),
    sales([catDim], growthBase),
  ]);

  const wantedSet = new Set(wanted);
  interface Acc {
    sales: number;
    count: number;
    base: number;
    brands: Map<number, number>;
  }
  const acc = new Map<number, Acc>();
  const accOf = (id: number) => {
    let entry = acc.get(id);
    if (!entry) {
      entry = { sales: 0, count: 0, base: 0, brands: new Map() };
      acc.set(id, entry);
    }
    return entry;
  };
  for (const row of current.rows) {
    const brand = Number(row.keys.brand);
    for (const id of ownersOf(row.keys[catDim])) {
      if (!wantedSet.has(id)) continue;
      const entry = accOf(id);
      entry.sales += row.sales;
      entry.count += row.count;
      entry.brands.set(brand, (entry.brands.get(brand) ?? 0) + row.sales);
    }
  }
  const soldBefore = new Set<string>();
  for (const row of earlier?.rows ?? []) {
    if (row.sales <= 0) continue;
    for (const id of ownersOf(row.keys[catDim])) soldBefore.add(`${id}:${Number(row.keys.brand)}`);
  }
  for (const row of base.rows) {
    for (const id of ownersOf(row.keys[catDim])) {
      const entry = acc.get(id);
      if (entry) entry.base += row.sales;
    }
  }

  const raw = [...acc.entries()]
    .filter(([, entry]) => entry.sales > 0)
    .map(([id, entry]) => {
      const node = scope.catalog.categories.get(id)!;
      const brandSales = [...entry.brands.entries()].filter(([, s]) => s > 0);
      const c = concentration(brandSales.map(([, s]) => share(s, entry.sales)));
      const fresh = brandSales.filter(([b]) => !soldBefore.has(`${id}:${b}`)).reduce((sum, [, s]) => sum + s, 0);
      return {
        category_id: id,
        name: node.name_zh,
        name_en: node.name_en,
        level: node.level,
        sales: entry.sales,
        count: entry.count,
        avg_price: avgPrice(entry.sales, entry.count),
        growth: growth(entry.sales, entry.base),
        flags: flagsOf(a, growth(entry.sales, entry.base), range, growthBase),
        cr5: c.cr5,
        hhi: c.hhi,
        brand_count: brandSales.length,
        new_brand_share: share(fresh, entry.sales),
      };
    });
  const factorValue = (r: (typeof raw)[number], f: ValuationFactor): number | null =>
    f === 'market_size'
      ? r.sales
      : f === 'growth'
        ? r.growth
        : f === 'concentration'
          ? r.hhi
          : f === 'avg_price'
            ? r.avg_price
            : r.new_brand_share;
  const normalised = Object.fromEntries(
    VALUATION_FACTORS.map((f) => [
      f,
      normalise(
        raw.map((r) => factorValue(r, f)),
        HIGHER_IS_BETTER[f],
      ),
    ]),
  ) as Record<ValuationFactor, (number | null)[]>;
  const totalWeight = VALUATION_FACTORS.reduce((s, f) => s + weights[f], 0);
  const items = raw.map((r, i) => {
    const scores = Object.fromEntries(VALUATION_FACTORS.map((f) => [f, normalised[f][i] ?? null])) as Record<
      ValuationFactor,
      number | null
    >;
    const score =
      totalWeight > 0 ? VALUATION_FACTORS.reduce((s, f) => s + weights[f] * (scores[f] ?? 0), 0) / totalWeight : 0;
    return { ...r, scores, score, rank: 0 };
  });
  items.sort((a, b) => b.score - a.score || b.sales - a.sales || a.category_id - b.category_id);
  items.forEach((it, i) => {
    it.rank = i + 1;
  });
  return { weights, new_brand_since: windowStart, growth_base: growthBase, items };
}

/**
 * The sub-categories of the request's category selection scored under its filter (custom weights
 * when given, docs/product.md §7 valuations): Category Insight's table, and Concept Explore's for the concept's
 * products.
 */
export function categoryValuations(a: AnalysisRequest, weights?: ValuationWeights) {
  const sel = selectionOf(a.scope, a.selected);
  return valuateCategories(a, { categories: sel.children, ...(weights ? { weights } : {}) });
}
