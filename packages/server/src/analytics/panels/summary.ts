import type { MessageKey } from '@marketlens/shared';
import type { Comparison, Filter } from '../engine/model.js';
import { comparisonOf, comparisonWarnings, type WarningParams, warnCoverage } from '../engine/service.js';
import type { MetricValues } from '../engine/shape.js';
import type { AnalysisRequest } from '../request.js';
import { flagsOf } from './common.js';

/**
 * The summary cards' figures of a filtered market: sales, count and average price over the range,
 * and each against its chain (mom), year-on-year and — when the filter's selector is custom — the
 * user's base range. Category Insight and Concept Explore show these cards. The range and its bases
 * are totalled in one statement (AnalyticsEngine.rangeTotals).
 */
export async function comparedTotals(a: AnalysisRequest, filter: Filter = a.validated.filter) {
  const { validated } = a;
  const comparisons: Comparison[] = [{ kind: 'mom' }, { kind: 'yoy' }];
  // The user's own base, and "same event last year", take the third card.
  if (validated.comparison.kind === 'custom' || validated.comparison.kind === 'event') {
    comparisons.push(validated.comparison);
  }
  const granularity = a.scope.project.dateField;
  const bases = comparisons.map(
    (comparison) => comparisonOf({ comparison, range: validated.range, granularity, dimensions: [] })!,
  );
  const { totals } = await a.rangeTotals(filter, [validated.range, ...bases.map((b) => b.base)]);
  const [now, ...baseTotals] = totals;
  const zero: MetricValues = { sales: 0, count: 0, avg_price: null };
  const current = { sales: now?.sales ?? 0, count: now?.count ?? 0, avg_price: now?.avg_price ?? null };
  const against = (i: number) => {
    const base = baseTotals[i] ?? zero;
    const salesGrowth = growthOf(current.sales, base.sales);
    return {
      base: bases[i]!.base,
      base_sales: base.sales,
      base_count: base.count,
      base_avg_price: base.avg_price,
      growth: {
        sales: salesGrowth,
        count: growthOf(current.count, base.count),
        avg_price: growthOf(current.avg_price, base.avg_price),
      },
      flags: flagsOf(a, salesGrowth, validated.range, bases[i]!.base),
      unequal_lengths: bases[i]!.unequal,
    };
  };
  // The warnings a run per comparison gave: no data in the range; unequal lengths (custom only).
  const warned: { warnings: MessageKey[]; warningParams?: WarningParams } = { warnings: [] };
  const { warnings } = warned;
  if (!now) warnings.push('analytics.noData');
  for (const [i, b] of bases.entries()) warnings.push(...comparisonWarnings(comparisons[i]!, b.unequal));
  // Unequal coverage only for the comparison the filter chose: every card carries its own flags, and
  // a year-earlier base outside a young dataset is no news on every page.
  const chosen = validated.comparison.kind;
  const chosenBase = chosen === 'mom' ? bases[0] : chosen === 'yoy' ? bases[1] : bases[2];
  warnCoverage(warned, a.scope.coverage, validated.range, chosenBase?.base);
  return {
    range: validated.range,
    ...current,
    chain: against(0),
    yoy: against(1),
    custom: bases[2] ? against(2) : null,
    /** The engine's warning keys (deduplicated by warningsOf) and what they name. */
    warnings,
    ...(warned.warningParams ? { warningParams: warned.warningParams } : {}),
  };
}

function growthOf(current: number | null, base: number | null): number | null {
  if (current === null || base === null || base === 0) return null;
  const v = (current - base) / base;
  return Number.isFinite(v) ? v : null;
}
