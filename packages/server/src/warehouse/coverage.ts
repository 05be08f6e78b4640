import { classifyCoverage, type DatasetCoverage, type Granularity, type PeriodStats } from '@marketlens/shared';
import type { SqlDialect } from './dialect.js';
import type { Row } from './engine.js';

/**
 * The coverage of a dataset version (docs/data-format.md §11): one grouped statement over the facts,
 * written through the engine's dialect so the DuckDB importer, the ClickHouse importer (over the
 * Distributed table, after the copy) and the catalogue (datasets imported before coverage existed)
 * all count the same way; the rules themselves are shared (classifyCoverage).
 */

/** Rows, sales, distinct SKUs and distinct shops per period of `facts` (a quoted table name). */
export function coverageStatsSql(d: SqlDialect, facts: string): string {
  // Every expression aliased and grouped by its alias (ClickHouse 18.16, docs/clickhouse.md "The portable SQL subset").
  return `SELECT period AS period, ${d.toDouble('count(*)')} AS fact_rows, ${d.sumMoney('sales')} AS sales,
    ${d.toDouble('count(DISTINCT sku_id)')} AS skus, ${d.toDouble('count(DISTINCT shop_id)')} AS shops
    FROM ${facts} GROUP BY period ORDER BY period`;
}

/** The statement's rows (engine-neutral: dates as 'YYYY-MM-DD', numbers as numbers) as period stats. */
export function periodStats(rows: readonly Row[]): PeriodStats[] {
  return rows.map((r) => ({
    period: String(r.period).slice(0, 10),
    rows: Number(r.fact_rows),
    sales: Number(r.sales),
    skus: Number(r.skus),
    shops: Number(r.shops),
  }));
}

/** The coverage from the statement's rows; `loadedAt` (ISO) is the import, whose date ends the last period. */
export function coverageOf(rows: readonly Row[], granularity: Granularity, loadedAt: string): DatasetCoverage {
  return classifyCoverage(periodStats(rows), granularity, importDate(loadedAt));
}

/** The date part of an import's `loadedAt`: an ISO time in UTC, so the import date is UTC too. */
export function importDate(loadedAt: string): string {
  return loadedAt.slice(0, 10);
}
