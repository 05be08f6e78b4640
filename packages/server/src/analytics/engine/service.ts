import {
  comparisonPeriod,
  countPeriods,
  type DatasetCoverage,
  type DateRange,
  type EventEdition,
  eventEditions,
  inRange,
  type MessageKey,
  periodLengthsDiffer,
  unequalCoverage,
} from '@marketlens/shared';
import type { DataGrant } from '../../permissions/index.js';
import { readCalendarEvents } from '../../warehouse/calendar.js';
import type { SqlDialect } from '../../warehouse/dialect.js';
import type { LoadedDataset, QueryParams, Row, WarehouseEngine } from '../../warehouse/engine.js';
import { cacheKey, type ResultCache } from './cache.js';
import { type DatasetCatalog, DatasetCatalogs } from './catalog.js';
import { type CustomSqlColumnKind, parseCustomSql, SqlParser } from './custom-sql.js';
import type { ResolvedGrant, SqlScope } from './filters.js';
import type { AnalyticsQuery, Comparison, CustomSqlNode, Dimension, Filter } from './model.js';
import { type KeySet, RowNamer } from './names.js';
import { isMultiValued, type Plan, planQuery } from './plan.js';
import {
  gapsOf,
  type MetricValues,
  type RawRow,
  type ResultRow,
  readRows,
  shapeRows,
  shiftPeriod,
  subsetKey,
  type TotalsLayout,
  totalsLayout,
  totalsOf,
} from './shape.js';
import { SharedStatements } from './shared-statements.js';
import {
  buildFactSql,
  buildKeysSql,
  buildKeywordSql,
  buildRangeTotalsSql,
  type RangeTotalsSqlRequest,
  sumRanges,
} from './sql.js';

export type { CategoryNode, DatasetCatalog } from './catalog.js';

export interface AnalyticsResult {
  rows: ResultRow[];
  /** Scope totals (the whole filtered market) when the query has no period dimension. */
  total?: MetricValues & { base?: MetricValues };
  comparison?: { range: DateRange; base: DateRange; unequal_lengths: boolean };
  /**
   * Message keys of warnings for the page (docs/product.md §8): unequal period lengths, ranges
   * covered unequally, no data.
   */
  warnings: MessageKey[];
  /** What a warning names (the gap periods of 'analytics.unequalCoverage'), by key. */
  warningParams?: WarningParams;
  /** Which table answered (fact_sales or a rollup), for the benchmark and debugging. */
  table: Plan['table'];
  cached: boolean;
}

/** The values a warning's detailed text names, by warning key. */
export type WarningParams = Partial<Record<MessageKey, CoverageWarning>>;

/** The incomplete periods of a comparison covered unequally (docs/metrics.md "Flags"). */
export interface CoverageWarning {
  readonly gaps: readonly { readonly period: string; readonly state: 'missing' | 'sparse' | 'partial' }[];
  readonly granularity: DatasetCoverage['granularity'];
}

/**
 * The unequal-coverage warning of a comparison of `range` with `base`: one of the two has missing,
 * sparse or partial periods and the other has none, so the growth compares unlike with unlike.
 * Names the gap periods of both ranges; undefined when they are covered alike.
 */
export function coverageWarning(
  coverage: DatasetCoverage | undefined,
  range: DateRange,
  base: DateRange,
): CoverageWarning | undefined {
  if (!coverage) return undefined;
  const current = gapsOf(coverage, range);
  const before = gapsOf(coverage, base);
  if (!unequalCoverage(current, before)) return undefined;
  const byPeriod = new Map([...before, ...current].map((g) => [g.period, g] as const));
  const gaps = [...byPeriod.values()].sort((a, b) => a.period.localeCompare(b.period));
  return { gaps, granularity: coverage.granularity };
}

/** Adds the unequal-coverage warning of a comparison to a page's warnings (and what it names). */
export function warnCoverage(
  into: { warnings: MessageKey[]; warningParams?: WarningParams },
  coverage: DatasetCoverage | undefined,
  range: DateRange,
  base: DateRange | null | undefined,
): void {
  const warning = base ? coverageWarning(coverage, range, base) : undefined;
  if (!warning) return;
  if (!into.warnings.includes('analytics.unequalCoverage')) into.warnings.push('analytics.unequalCoverage');
  const previous = into.warningParams?.['analytics.unequalCoverage'];
  const gaps = new Map([...(previous?.gaps ?? []), ...warning.gaps].map((g) => [g.period, g] as const));
  into.warningParams = {
    ...into.warningParams,
    'analytics.unequalCoverage': {
      granularity: warning.granularity,
      gaps: [...gaps.values()].sort((a, b) => a.period.localeCompare(b.period)),
    },
  };
}

/** Grand totals of one filter over several ranges (AnalyticsEngine.rangeTotals). */
export interface RangeTotalsQuery extends RangeTotalsSqlRequest {
  readonly dataset: string;
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Skip the response cache (benchmarks measuring the engine). */
  noCache?: boolean;
}

/**
 * The analytics pipeline: validated query → plan → SQL (via the dialect) → rows → shaped result.
 * Every run takes the user's grant; there is no entry point without one.
 */
export class AnalyticsEngine {
  /** The datasets' catalogues and the resolved grants over them (catalog.ts). */
  readonly catalogs: DatasetCatalogs;
  readonly parser: SqlParser;
  /**
   * Time limit of a run that names none: the app sets config.queryTimeoutMs here, so the limit
   * holds whichever way the warehouse was opened. Unset: the warehouse's own default.
   */
  timeoutMs: number | undefined;

  /** The warehouse's own dialect: every statement is written through it. */
  readonly dialect: SqlDialect;

  /** Names the rows answered: no statement joins a name table (names.ts). */
  private readonly namer: RowNamer<RunOptions>;

  constructor(
    readonly warehouse: WarehouseEngine,
    readonly cache?: ResultCache,
    parser?: SqlParser,
  ) {
    this.dialect = warehouse.dialect;
    this.catalogs = new DatasetCatalogs(warehouse);
    this.parser = parser ?? new SqlParser();
    this.namer = new RowNamer<RunOptions>(warehouse, this.exec.bind(this));
  }

  dataset(name: string): LoadedDataset | undefined {
    return this.catalogs.dataset(name);
  }

  /** The dataset's catalogue, read once per dataset version. */
  catalog(name: string): Promise<DatasetCatalog> {
    return this.catalogs.catalog(name);
  }

  /**
   * The editions of a dataset's calendar (shared event-windows.ts), read once per dataset version:
   * every request with the "same event" comparison resolves its periods against them.
   */
  eventEditions(name: string): Promise<EventEdition[]> {
    const dataset = this.dataset(name);
    if (!dataset) return Promise.reject(new Error(`unknown dataset "${name}"`));
    const key = `${name}@${dataset.version}`;
    let hit = this.editions.get(key);
    if (!hit) {
      for (const k of this.editions.keys()) if (k.startsWith(`${name}@`)) this.editions.delete(k);
      hit = readCalendarEvents(this.warehouse, name).then(eventEditions);
      // A failed read is not kept: the next request tries again.
      hit.catch(() => this.editions.delete(key));
      this.editions.set(key, hit);
    }
    return hit;
  }

  private readonly editions = new Map<string, Promise<EventEdition[]>>();

  /** The permissions module's grant with its categories expanded to leaves (deny by default). */
  resolveGrant(grant: DataGrant): Promise<ResolvedGrant> {
    return this.catalogs.resolveGrant(grant);
  }

  /** Validates a custom SQL where-clause for a dataset (throws the docs/product.md §5 rejection). */
  async parseCustomSql(dataset: string, text: string): Promise<CustomSqlNode> {
    const catalog = await this.catalog(dataset);
    return parseCustomSql(this.parser, text, catalog.customColumns);
  }

  scope(
    dataset: string,
  ): Omit<SqlScope, 'params' | 'alias'> & { customColumns?: ReadonlyMap<string, CustomSqlColumnKind> } {
    return { dialect: this.dialect, tables: (t) => this.warehouse.tableName(dataset, t) };
  }

  /** The scope of sales statements over a catalogued dataset: its custom SQL columns and its leaves. */
  private catalogScope(catalog: DatasetCatalog): Omit<SqlScope, 'params' | 'alias'> {
    const { customColumns, leaves } = catalog;
    return { ...this.scope(catalog.dataset.manifest.name), customColumns, leaves };
  }

  /** Answers a query for a user. The grant is mandatory: an empty one returns no rows. */
  async answer(grant: ResolvedGrant, query: AnalyticsQuery, options: RunOptions = {}): Promise<AnalyticsResult> {
    const answer = await this.cached<AnalyticsResult>(query.dataset, grant, query, options, (ds) =>
      this.compute(grant, query, ds, options),
    );
    return { ...answer.value, cached: answer.cached };
  }

  /**
   * Grand totals of one filter over several period ranges, in one statement (`buildRangeTotalsSql`):
   * what answer() with no dimension answers for each range as its `total`, `undefined` where the range
   * has no sales row (answer() gives no row then). The grant is mandatory as in answer().
   */
  async rangeTotals(
    grant: ResolvedGrant,
    query: RangeTotalsQuery,
    options: RunOptions = {},
  ): Promise<{ totals: (MetricValues | undefined)[]; cached: boolean }> {
    if (query.ranges.length === 0) return { totals: [], cached: false };
    const answer = await this.cached<(MetricValues | null)[]>(
      query.dataset,
      grant,
      { rangeTotals: query },
      options,
      async (dataset) => {
        const catalog = await this.catalog(query.dataset);
        const scope = this.catalogScope(catalog);
        const plan = planQuery({ dimensions: [], filter: query.filter }, grant, dataset.rows, catalog.customColumns);
        const rows = await this.exec(dataset, buildRangeTotalsSql(grant, query, plan, scope), options);
        return sumRanges(rows, query.ranges).map((sums) => (sums ? totalsOf(sums) : null));
      },
    );
    // null in the cached JSON (Redis keeps no undefined).
    return { totals: answer.value.map((t) => t ?? undefined), cached: answer.cached };
  }

  /**
   * The response cache around one computation over dataset `name`: keyed by its version, the grant
   * and the query; `noCache` or no cache computes every time.
   */
  private async cached<T>(
    name: string,
    grant: ResolvedGrant,
    query: unknown,
    options: RunOptions,
    compute: (dataset: LoadedDataset) => Promise<T>,
  ): Promise<{ value: T; cached: boolean }> {
    const dataset = this.dataset(name);
    if (!dataset) throw new Error(`unknown dataset "${name}"`);
    const key =
      this.cache && !options.noCache ? cacheKey({ version: `${name}@${dataset.version}`, grant, query }) : undefined;
    if (key) {
      const hit = (await this.cache!.get(key)) as T | undefined;
      if (hit !== undefined) return { value: hit, cached: true };
    }
    const value = await compute(dataset);
    if (key) await this.cache!.set(key, value);
    return { value, cached: false };
  }

  /**
   * Statements in flight, shared: an identical statement asked meanwhile — by the same request (the
   * summary's chain and yoy runs both read the current period) or by another panel of the same page
   * (the scope totals on ClickHouse) — waits for the running one instead of being sent again.
   * Each caller keeps its own cancellation (SharedStatements).
   */
  private readonly shared = new SharedStatements();

  /** Runs one built statement over `dataset` with the run's signal and time limit. */
  private exec<T extends Row = Row>(
    dataset: LoadedDataset,
    built: { sql: string; params: QueryParams },
    options: RunOptions,
  ): Promise<T[]> {
    // The version too: a statement of an older version's catalogue must not answer a newer one.
    const key = `${dataset.manifest.name}@${dataset.version}\u0000${built.sql}\u0000${JSON.stringify(built.params)}`;
    return this.shared.join<T>(key, options.signal, (stop) => this.send<T>(built, { ...options, signal: stop }));
  }

  private send<T extends Row = Row>(built: { sql: string; params: QueryParams }, options: RunOptions): Promise<T[]> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return this.warehouse.query<T>(built.sql, built.params, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  }

  /**
   * Title words of the products in scope with their sales and one brand's part (no engine
   * dimension holds words); the grant is mandatory as in answer().
   */
  async keywordSegments(
    grant: ResolvedGrant,
    query: { dataset: string; filter: Filter; range: DateRange; discount: boolean; brandId: number; lang: 'zh' | 'en' },
    options: RunOptions = {},
  ): Promise<{ keyword: string; segmentSales: number; brandSales: number }[]> {
    const catalog = await this.catalog(query.dataset);
    const scope = this.catalogScope(catalog);
    const plan = planQuery(
      { dimensions: ['sku', 'brand'], filter: query.filter },
      grant,
      catalog.dataset.rows,
      catalog.customColumns,
    );
    const rows = await this.exec<{ keyword: string; segment_sales: number; brand_sales: number }>(
      catalog.dataset,
      buildKeywordSql(grant, query, plan, scope),
      options,
    );
    return rows.map((r) => ({
      keyword: String(r.keyword),
      segmentSales: Number(r.segment_sales),
      brandSales: Number(r.brand_sales),
    }));
  }

  private async compute(
    grant: ResolvedGrant,
    query: AnalyticsQuery,
    dataset: LoadedDataset,
    options: RunOptions,
  ): Promise<AnalyticsResult> {
    const catalog = await this.catalog(query.dataset);
    const scope = this.catalogScope(catalog);
    const plan = planQuery(query, grant, dataset.rows, catalog.customColumns);
    const layout = totalsLayout(query);
    const comparison = comparisonOf(query);

    const fetch = async (
      range: DateRange | readonly DateRange[],
      limit: number | undefined,
      labels: boolean,
    ): Promise<RawRow[]> => {
      // Totals over a subset come from window sums unless a dropped dimension has several values
      // per sales row (attributes): then the subset is its own grouped query.
      const windowed: number[] = [];
      const separate: number[] = [];
      layout.subsets.forEach((subset, j) => {
        const dropped = query.dimensions.filter((d) => !subset.includes(d));
        (dropped.some(isMultiValued) || !this.dialect.windowSums ? separate : windowed).push(j);
      });
      const req = {
        dimensions: query.dimensions,
        filter: query.filter,
        range,
        discount: query.discount,
        ...(query.bands ? { bands: query.bands } : {}),
        ...(query.sort ? { sort: query.sort } : {}),
        ...(limit !== undefined ? { limit } : {}),
        windows: layout.subsets
          .map((s, j) => (windowed.includes(j) ? s : null))
          .filter((s): s is Dimension[] => s !== null),
        labels,
      };
      const main = buildFactSql(grant, req, plan, scope);
      const run = (sql: { sql: string; params: QueryParams }) => this.exec(dataset, sql, options);
      const subsetQueries = separate.map((j) => {
        const dims = layout.subsets[j]!;
        const subPlan = planQuery(
          { dimensions: dims, filter: query.filter },
          grant,
          dataset.rows,
          catalog.customColumns,
        );
        return run(
          buildFactSql(
            grant,
            { dimensions: dims, filter: query.filter, range, discount: query.discount },
            subPlan,
            scope,
          ),
        ).then((rows) => ({ j, dims, rows: readRows(rows, dims, []) }));
      });
      const [mainRows, ...subs] = await Promise.all([run(main), ...subsetQueries]);
      const rows = readRows(
        mainRows!,
        query.dimensions,
        windowed.map((_, n) => n),
      );
      // Put each subset's totals at its layout index.
      return rows.map((r) => {
        const totals: RawRow['totals'] = [];
        windowed.forEach((j, n) => {
          totals[j] = r.totals[n];
        });
        for (const s of subs) {
          const hit = s.rows.find((x) => subsetKey(x, s.dims, s.dims) === subsetKey(r, query.dimensions, s.dims));
          totals[s.j] = hit?.sums;
        }
        return { ...r, totals };
      });
    };

    const [current, base] = await fetchBoth(query, comparison, fetch);
    // The current rows' keys, for naming an answer too large to list its ids.
    const keys: KeySet = (dimension, params) =>
      buildKeysSql(grant, { dimension, filter: query.filter, range: query.range }, plan, { ...scope, params });
    if (query.names !== false) await this.namer.name(catalog, query.dimensions, current, options, keys);
    const rows = shapeRows({
      query,
      layout,
      current,
      ...(base ? { base } : {}),
      ...(comparison?.periodShift ? { periodShift: comparison.periodShift } : {}),
      coverage: catalog.coverage,
      range: query.range,
      ...(comparison ? { baseRange: comparison.base } : {}),
    });
    const result: AnalyticsResult = { rows, warnings: [], table: plan.table, cached: false };
    if (comparison) result.warnings.push(...comparisonWarnings(query.comparison, comparison.unequal));
    if (comparison) warnCoverage(result, catalog.coverage, query.range, comparison.base);
    if (rows.length === 0) result.warnings.push('analytics.noData');
    if (!query.dimensions.includes('period')) {
      const scopeTotals = (list: readonly RawRow[] | undefined) => scopeOf(list, layout);
      result.total = { ...totalsOf(scopeTotals(current)), ...(base ? { base: totalsOf(scopeTotals(base)) } : {}) };
    }
    if (comparison) {
      result.comparison = { range: query.range, base: comparison.base, unequal_lengths: comparison.unequal };
    }
    return result;
  }
}

/**
 * Rows of one range. `labels`: read the names that are grouped columns (attribute values) — only the
 * current rows show names (RowNamer names them); a base row only lends its sums, and reading names
 * for it doubled the string work of every comparison.
 */
type Fetch = (range: DateRange | readonly DateRange[], limit: number | undefined, labels: boolean) => Promise<RawRow[]>;

/**
 * The current rows and the base rows of a comparison. A trend compared point by point (mom or yoy)
 * is one scan over both, split by period afterwards: every totals subset of a trend includes the
 * period, so each row's window totals are the same as from two scans. Ranges that touch or overlap
 * (mom always; yoy over a year or more) are scanned as one range, others (a yoy trend shorter than
 * a year) as the two: one statement instead of two for the engine to plan and run.
 */
export async function fetchBoth(
  query: Pick<AnalyticsQuery, 'comparison' | 'range' | 'granularity' | 'dimensions' | 'limit'>,
  comparison: ReturnType<typeof comparisonOf>,
  fetch: Fetch,
): Promise<[RawRow[], RawRow[] | undefined]> {
  if (!comparison) return [await fetch(query.range, query.limit, true), undefined];
  const { base } = comparison;
  const p = query.dimensions.indexOf('period');
  const oneScan =
    p >= 0 &&
    comparison.periodShift !== undefined &&
    query.comparison.kind !== 'custom' &&
    query.limit === undefined &&
    base.start <= query.range.start;
  if (!oneScan) return Promise.all([fetch(query.range, query.limit, true), fetch(base, undefined, false)]);
  const touching = base.end >= shiftPeriod(query.range.start, -1, query.granularity);
  const rows = await fetch(
    touching ? { start: base.start, end: query.range.end } : [base, query.range],
    undefined,
    true,
  );
  const within = (r: DateRange) => (row: RawRow) => inRange(String(row.keys[p]), r);
  return [rows.filter(within(query.range)), rows.filter(within(base))];
}

function scopeOf(rows: readonly RawRow[] | undefined, layout: TotalsLayout) {
  return rows?.find((r) => r.totals[layout.scope])?.totals[layout.scope];
}

/**
 * The warnings a comparison's ranges call for: the periods differ in length (custom), the event's
 * windows differ in days, and on monthly data the event's whole months (docs/metrics.md "Same event last year").
 */
export function comparisonWarnings(c: Comparison, unequal: boolean): MessageKey[] {
  if (c.kind !== 'event') return unequal ? ['analytics.unequalPeriods'] : [];
  const out: MessageKey[] = [];
  if (unequal) out.push('analytics.event.unequalWindows');
  if (c.approximate) out.push('analytics.event.approximate');
  return out;
}

/**
 * The base range of a comparison. Without a period dimension: docs/metrics.md (mom = the preceding
 * range of equal length, yoy = a year earlier, custom = the user's range). On a trend every point
 * is compared with its own predecessor: one period earlier (mom) or a year earlier (yoy).
 */
export function comparisonOf(
  query: Pick<AnalyticsQuery, 'comparison' | 'range' | 'granularity' | 'dimensions'>,
): { base: DateRange; periodShift?: number; unequal: boolean } | undefined {
  const c = query.comparison;
  const g = query.granularity;
  if (c.kind === 'none') return undefined;
  const trend = query.dimensions.includes('period');
  if (c.kind === 'custom') {
    const unequal = periodLengthsDiffer(query.range, c.base, g);
    if (!trend) return { base: c.base, unequal };
    // Point by point against the custom range, aligned on its start.
    const shift = countPeriods({ start: c.base.start, end: query.range.start }, g) - 1;
    return { base: c.base, periodShift: shift, unequal };
  }
  if (c.kind === 'event') {
    if (!trend) return { base: c.base, unequal: c.unequal };
    // Point by point, each period against the one holding the same event day a year (or N) earlier.
    const s = c.periodShift;
    return {
      base: { start: shiftPeriod(query.range.start, -s, g), end: shiftPeriod(query.range.end, -s, g) },
      periodShift: s,
      unequal: c.unequal,
    };
  }
  if (!trend) return { base: comparisonPeriod(query.range, c.kind, g), unequal: false };
  const shift = c.kind === 'mom' ? 1 : g === 'month' ? 12 : 52;
  return {
    base: { start: shiftPeriod(query.range.start, -shift, g), end: shiftPeriod(query.range.end, -shift, g) },
    periodShift: shift,
    unequal: false,
  };
}
