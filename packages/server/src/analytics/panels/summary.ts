import type { MessageKey } from '@marketlens/shared';
import type { Comparison, Filter } from '../engine/model.js';
import type { AnalyticsResult } from '../engine/service.js';
import { type PanelContext, run, totals } from './common.js';

/**
 * The summary cards' figures of a filtered market: sales, count and average price over the range,
 * and each against its chain (mom), year-on-year and — when the filter's selector is custom — the
 * user's base range. Category Insight and Concept Explore show these cards.
 */
export async function comparedTotals(ctx: PanelContext, filter: Filter = ctx.validated.filter) {
  const { validated } = ctx;
  const comparisons: Comparison[] = [{ kind: 'mom' }, { kind: 'yoy' }];
  if (validated.comparison.kind === 'custom') comparisons.push(validated.comparison);
  const results = await Promise.all(comparisons.map((comparison) => run(ctx, { dimensions: [], comparison, filter })));
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
  return {
    range: validated.range,
    ...current,
    chain: comparisonOf(results[0]!),
    yoy: comparisonOf(results[1]!),
    custom: results[2] ? comparisonOf(results[2]) : null,
    /** The engine's warning keys of every run (deduplicated by warningsOf). */
    warnings: results.flatMap((r) => r.warnings) as MessageKey[],
  };
}

function growthOf(current: number | null, base: number | null): number | null {
  if (current === null || base === null || base === 0) return null;
  const v = (current - base) / base;
  return Number.isFinite(v) ? v : null;
}
