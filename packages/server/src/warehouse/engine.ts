import type { DatasetCoverage, DatasetManifest, DatasetTableName, OptionalTableName } from '@marketlens/shared';
import type { ParamValue, SqlDialect } from './dialect.js';

/**
 * The warehouse seen by the rest of the server. DuckDB implements it now (duckdb/), ClickHouse
 * later; everything engine-specific stays behind this interface and the SQL dialect objects.
 */

/** A result row: numbers as JS numbers (never bigint), dates as 'YYYY-MM-DD' strings. */
export type Row = Record<string, string | number | boolean | null>;

/** Bound parameters: positional ($1, $2 …) as an array. Values are never pasted into SQL. */
export type QueryParams = readonly ParamValue[];

export interface QueryOptions {
  /** Aborting it interrupts the running query (a closed HTTP request aborts it). */
  signal?: AbortSignal;
  /** Time limit; the query is interrupted and fails with WarehouseTimeoutError when reached. */
  timeoutMs?: number;
}

export interface ImportProgress {
  phase: string;
  rows: number;
  total?: number;
}

export interface ImportOptions {
  /** Overrides the name in dataset.json. */
  name?: string;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
}

export interface LoadedDataset {
  manifest: DatasetManifest;
  /** Changes on every successful import; part of every cache key. */
  version: string;
  loadedAt: string;
  /** Row counts per table (including rollups and sku_keyword). */
  rows: Record<string, number>;
  /** Product pictures imported from the folder's pictures/ (absent: imported before pictures existed). */
  pictures?: number;
  /** farthest and latest period in fact_sales ('YYYY-MM-DD'). */
  farthestDate: string;
  latestDate: string;
  /**
   * Coverage per period, computed at import (docs/data-format.md §11). Absent on a dataset imported
   * before coverage existed: the catalogue then derives it from the facts once at start.
   */
  coverage?: DatasetCoverage;
}

export interface ImportResult {
  dataset: LoadedDataset;
  elapsedMs: number;
}

/**
 * Tables of a loaded dataset: the import tables plus what the importer derives. The optional import
 * tables (calendar_event) exist only when the dataset brought them: `rows` of LoadedDataset names them.
 */
export type WarehouseTable = DatasetTableName | OptionalTableName | 'sku_keyword' | `rollup_${string}`;

export interface WarehouseEngine {
  readonly engine: 'duckdb' | 'clickhouse';
  /** How SQL for this engine is written: the analytics builder writes every statement through it. */
  readonly dialect: SqlDialect;
  /** Runs one read-only statement with bound parameters. */
  query<T extends Row = Row>(sql: string, params?: QueryParams, options?: QueryOptions): Promise<T[]>;
  /**
   * Fully qualified, quoted name of a table of a loaded dataset that queries read, for SQL built
   * from catalogues. Imports write under their own names (a distributed engine reads the
   * Distributed table and writes the local one).
   */
  tableName(dataset: string, table: WarehouseTable): string;
  /** The datasets currently visible to queries. */
  datasets(): LoadedDataset[];
  /**
   * The local pack of the current version's product pictures (docs/data-format.md §10, read with
   * warehouse/pictures.ts), or undefined when the dataset has none here (unknown, imported without
   * pictures, or an engine that keeps no local files: ClickHouse serves pictures from PICTURE_BASE_URL only).
   */
  picturesFile(dataset: string): string | undefined;
  /** Validates and loads a dataset folder; on success it replaces the dataset atomically, on failure nothing changes. */
  importDataset(folder: string, options?: ImportOptions): Promise<ImportResult>;
  /** Re-reads the catalogue (another process may have imported); cheap when nothing changed. */
  refresh(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WarehouseTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`query exceeded its time limit of ${timeoutMs} ms`);
    this.name = 'WarehouseTimeoutError';
  }
}

export class WarehouseCancelledError extends Error {
  constructor() {
    super('query cancelled');
    this.name = 'WarehouseCancelledError';
  }
}

/**
 * The warehouse (a server of the cluster) cannot be reached or dropped the connection: a fault of
 * the installation, not of the query, so the API answers 503 naming the warehouse and the next
 * request tries again. `detail` (host, cause) is for the log only.
 */
export class WarehouseUnavailableError extends Error {
  constructor(
    readonly engine: WarehouseEngine['engine'],
    readonly detail: string,
  ) {
    super(`the ${engine} warehouse is unavailable: ${detail}`);
    this.name = 'WarehouseUnavailableError';
  }
}

/**
 * The warehouse refused or failed a statement it was sent (a ClickHouse server error, a DuckDB
 * error): not the installation's fault, as WarehouseUnavailableError is, but the statement's — or,
 * with `limit`, one of the engine's limits (memory, statement or result size) that a narrower
 * filter may keep under. The API answers it with a code and a message in the user's language,
 * never a bare 500; the engine's own text (`message`, `code`) is for the log.
 */
export class WarehouseQueryError extends Error {
  constructor(
    readonly engine: WarehouseEngine['engine'],
    message: string,
    readonly code: number | string | undefined,
    readonly limit: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'WarehouseQueryError';
  }
}

/** A problem in an imported file: which file, row and column, and what was expected. */
export interface ImportIssue {
  file: string;
  /** 1-based data row (the header is not counted); absent for whole-file problems. */
  row?: number;
  column?: string;
  /** Stable code, e.g. 'negative', 'unknown_reference', 'period_not_month_start'. */
  code: string;
  /** English message naming file, row, column and what was expected. */
  message: string;
  /** Chinese message with the same content. */
  message_zh: string;
}

export class ImportValidationError extends Error {
  /** `truncated`: more problems exist than the report lists (the first few of each rule are shown). */
  constructor(
    readonly issues: ImportIssue[],
    readonly truncated = false,
  ) {
    super(issues.map((i) => i.message).join('\n'));
    this.name = 'ImportValidationError';
  }
}
