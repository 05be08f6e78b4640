import { TREND_TOP_CATEGORIES } from '@marketlens/shared';
import type { Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import {
  groupingOf,
  type InsightMetric,
  metricValue,
  nameOf,
  type PanelContext,
  periodsOf,
  run,
  sortRows,
  type TrendsListDimension,
  warningsOf,
} from './common.js';

/** Trend panels: one measure over the periods, and the lines of the top entities. */

/** The metric per period with its growth, under the request's filter or the one given (a compared concept). */
export async function trends(ctx: PanelContext, metric: InsightMetric, filter: Filter = ctx.validated.filter) {
  const result = await run(ctx, { dimensions: ['period'], measures: ['sales', 'count', 'avg_price'], filter });
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

/** Trend lines of the top 10 (spec §9) sub-categories, brands, platforms or channels by the metric. */
export async function trendsList(ctx: PanelContext, metric: InsightMetric, dimension: TrendsListDimension) {
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
