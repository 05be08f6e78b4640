import { TREND_TOP_CATEGORIES } from '@marketlens/shared';
import type { Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import type { AnalysisRequest } from '../request.js';
import {
  groupingOf,
  type InsightMetric,
  metricValue,
  nameOf,
  periodsOf,
  sortRows,
  type TrendsListDimension,
  warningsOf,
} from './common.js';

/** Trend panels: one measure over the periods, and the lines of the top entities. */

/** The metric per period with its growth, under the request's filter or the one given (a compared concept). */
export async function trends(a: AnalysisRequest, metric: InsightMetric, filter: Filter = a.validated.filter) {
  const result = await a.query({
    comparison: a.validated.comparison,
    dimensions: ['period'],
    measures: ['sales', 'count', 'avg_price'],
    filter,
  });
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
        flags: r.flags ?? [],
      };
    })
    .sort((a, b) => a.period.localeCompare(b.period));
  return {
    metric,
    granularity: a.scope.project.dateField,
    points,
    comparison: result.comparison ?? null,
    warnings: warningsOf(result, a.locale),
  };
}

/** Trend lines of the top 10 (docs/product.md §9) sub-categories, brands, platforms or channels by the metric. */
export async function trendsList(a: AnalysisRequest, metric: InsightMetric, dimension: TrendsListDimension) {
  const { dimension: dim, keep } = groupingOf(a, dimension);
  const [ranking, series] = await Promise.all([
    a.query({ dimensions: [dim], measures: ['sales', 'count', 'avg_price'], comparison: { kind: 'none' } }),
    a.query({ dimensions: [dim, 'period'], comparison: { kind: 'none' } }),
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
    periods: periodsOf(a.validated.range, a.scope.project.dateField),
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
    warnings: warningsOf(ranking, a.locale),
  };
}
