import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBTypeId,
  type DuckDBValue,
  StatementType,
} from '@duckdb/node-api';
import { DATASET_TABLE_NAMES, OPTIONAL_TABLE_NAMES } from '@marketlens/shared';
import { LruMap } from '../../lru.js';
import {
  type ImportOptions,
  type ImportResult,
  type LoadedDataset,
  type QueryOptions,
  type QueryParams,
  type Row,
  WarehouseCancelledError,
  type WarehouseEngine,
  WarehouseQueryError,
  type WarehouseTable,
  WarehouseTimeoutError,
} from '../engine.js';
import { ROLLUPS } from '../rollups.js';
import { Slots } from '../slots.js';
import {
  CATALOG_FILE,
  type CatalogEntry,
  type CatalogSnapshot,
  picturesFile,
  readCatalog,
  removeStaleTmpFiles,
} from './catalog.js';
import { duckdbDialect } from './dialect.js';
import { type ImportDatasetOptions, importDataset } from './importer.js';
import { ident, sqlString } from './sql.js';
import { bindParams, toRows } from './values.js';

/**
 * A statement's failure as the warehouse's own error: DuckDB names its kind first ("Binder Error:
 * …", "Out of Memory Error: …"), which is the code; running out of memory is a limit the request
 * ran into, anything else an error in the statement. The text is kept for the log.
 */
function queryError(err: unknown): Error {
  if (!(err instanceof Error) || err instanceof WarehouseQueryError) return err as Error;
  const kind = /^([A-Za-z ]+?) Error:/.exec(err.message)?.[1];
  return new WarehouseQueryError('duckdb', err.message, kind, kind === 'Out of Memory', { cause: err });
}

export interface DuckDBWarehouseOptions {
  /** The warehouse directory (catalog.json and one folder per dataset). */
  dir: string;
  /** Query connections; queries beyond this wait in a FIFO queue. Default 4. */
  poolSize?: number;
  /** Time limit of a query without its own timeoutMs; 0 = none. Default 60 s. */
  defaultTimeoutMs?: number;
  /** DuckDB worker threads of the query instance; default: all cores. */
  threads?: number;
  /** DuckDB memory limit of the query instance (and of imports run through it), e.g. '4GB'. */
  memoryLimit?: string;
  /**
   * How often to look at catalog.json for imports made by another process (`npm run import`);
   * a stat call when nothing changed. 0 = only on refresh(). Default 2000 ms.
   */
  refreshIntervalMs?: number;
  /** A dataset file that cannot be attached, or a failed background refresh, is reported here. */
  onWarning?: (message: string) => void;
}

/**
 * Tables a dataset exposes to queries: the allow-list behind tableName(). An optional table exists
 * only in versions whose folder brought it (LoadedDataset.rows names it).
 */
export const WAREHOUSE_TABLES: ReadonlySet<string> = new Set<string>([
  ...DATASET_TABLE_NAMES,
  ...OPTIONAL_TABLE_NAMES,
  'sku_keyword',
  ...ROLLUPS.map((r) => r.name),
]);

/** The attach alias of a dataset: ds_<name> (names match DATASET_NAME_PATTERN, see the catalogue). */
export function datasetAlias(name: string): string {
  return `ds_${name}`;
}

/** Statements kept compiled per connection (the least recently used goes first). */
const STATEMENTS_PER_CONNECTION = 64;
const compiledOn = new WeakMap<DuckDBConnection, LruMap<string, DuckDBPreparedStatement>>();

/**
 * The statement for `sql` on a connection, compiled once. The panels send the same few statements
 * with new values, and compiling each anew was a large part of a statement's main-thread CPU
 * (bench/results/2026-11-27/load-6.md). Statements belong to their connection, which a
 * dataset version's pool closes with it, so a swapped catalogue never meets an old statement.
 */
async function compiledSelect(conn: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
  let cache = compiledOn.get(conn);
  if (!cache) {
    cache = new LruMap(STATEMENTS_PER_CONNECTION, (dropped) => dropped.destroySync());
    compiledOn.set(conn, cache);
  }
  const known = cache.get(sql);
  if (known) return known;
  const prepared = await conn.prepare(sql);
  // Defence in depth: the connection is locked down, and only reads run at all.
  if (prepared.statementType !== StatementType.SELECT) {
    prepared.destroySync();
    throw new Error('only SELECT statements may run on the warehouse');
  }
  cache.set(sql, prepared);
  return prepared;
}

/**
 * The rows of a materialized result, read chunk by chunk on this thread. The reader's
 * `fetchChunk` sends each chunk (and a last, empty one) through libuv's thread pool: two more hops
 * per statement, and on 2 busy cores each wakes a thread that may preempt the main thread
 * (under load a visible part of the main thread sat in fetchChunk).
 */
function materializedRows(result: DuckDBMaterializedResult): DuckDBValue[][] {
  const rows: DuckDBValue[][] = [];
  for (let i = 0, n = result.chunkCount; i < n; i++) result.getChunk(i).appendToRows(rows);
  return rows;
}

function columnTypeIds(result: DuckDBMaterializedResult): DuckDBTypeId[] {
  return result.columnTypes().map((t) => t.typeId);
}

function forgetCompiled(conn: DuckDBConnection, sql: string): void {
  const cache = compiledOn.get(conn);
  const prepared = cache?.get(sql);
  if (!prepared) return;
  cache!.delete(sql);
  prepared.destroySync();
}

/** A FIFO pool of connections of one instance: one connection for each of its slots. */
class ConnectionPool {
  private readonly idle: DuckDBConnection[];
  private readonly slots: Slots;
  readonly busy = new Set<DuckDBConnection>();

  constructor(readonly all: readonly DuckDBConnection[]) {
    this.idle = [...all];
    this.slots = new Slots(all.length);
  }

  async acquire(signal: AbortSignal): Promise<DuckDBConnection> {
    await this.slots.acquire(signal);
    // A slot held is a connection idle: release() returns it before it gives up its slot.
    const conn = this.idle.pop()!;
    this.busy.add(conn);
    return conn;
  }

  /** Fails every query still waiting for a connection (the warehouse is closing). */
  rejectWaiters(reason: Error): void {
    this.slots.abandonAll(reason);
  }

  release(conn: DuckDBConnection): void {
    this.busy.delete(conn);
    this.idle.push(conn);
    this.slots.release();
  }
}

/**
 * One locked-down in-memory DuckDB instance with every catalogue file attached read-only. A
 * catalogue change builds a new generation; the old one closes when its last query finishes.
 */
class Generation {
  private inFlight = 0;
  private retired = false;
  private closed = false;
  private readonly closedWaiters: (() => void)[] = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly pool: ConnectionPool,
    readonly datasets: ReadonlyMap<string, CatalogEntry>,
    readonly catalogText: string | null,
    public statKey: string,
  ) {}

  static async open(
    dir: string,
    snapshot: CatalogSnapshot,
    statKey: string,
    options: DuckDBWarehouseOptions,
  ): Promise<{ generation: Generation; missing: string[] }> {
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      allow_community_extensions: 'false',
      ...(options.threads ? { threads: String(options.threads) } : {}),
      ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
    });
    const datasets = new Map<string, CatalogEntry>();
    const missing: string[] = [];
    const connections: DuckDBConnection[] = [];
    try {
      const setup = await instance.connect();
      try {
        for (const [name, entry] of Object.entries(snapshot.catalog.datasets).sort(([a], [b]) => a.localeCompare(b))) {
          const file = path.join(dir, entry.file);
          try {
            await setup.run(`ATTACH ${sqlString(file)} AS ${ident(datasetAlias(name))} (READ_ONLY)`);
            datasets.set(name, entry);
          } catch (err) {
            missing.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
          }
        }
        // From here on no statement can touch files, the network, extensions or settings.
        await setup.run('SET enable_external_access = false');
        await setup.run('SET lock_configuration = true');
      } finally {
        setup.closeSync();
      }
      for (let i = 0; i < Math.max(1, options.poolSize ?? 4); i++) connections.push(await instance.connect());
    } catch (err) {
      for (const c of connections) c.closeSync();
      instance.closeSync();
      throw err;
    }
    const generation = new Generation(instance, new ConnectionPool(connections), datasets, snapshot.text, statKey);
    return { generation, missing };
  }

  enter(): void {
    this.inFlight++;
  }

  leave(): void {
    this.inFlight--;
    if (this.retired && this.inFlight === 0) this.close();
  }

  /** No new queries; closes once in-flight ones are done (or at once, interrupting them, when `now`). */
  retire(now = false): Promise<void> {
    this.retired = true;
    if (now) {
      this.pool.rejectWaiters(new Error('the warehouse is closed'));
      for (const c of this.pool.busy) c.interrupt();
    }
    if (this.inFlight === 0) this.close();
    return this.closed ? Promise.resolve() : new Promise((resolve) => this.closedWaiters.push(resolve));
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.pool.all) c.closeSync();
    this.instance.closeSync();
    for (const w of this.closedWaiters.splice(0)) w();
  }
}

function toLoaded(entry: CatalogEntry): LoadedDataset {
  const { file: _file, ...dataset } = entry;
  return dataset;
}

async function statKey(file: string): Promise<string> {
  try {
    const st = await fs.stat(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return 'none';
  }
}

export class DuckDBEngine implements WarehouseEngine {
  readonly engine = 'duckdb' as const;
  readonly dialect = duckdbDialect;
  private closed = false;
  private refreshing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly dir: string,
    private current: Generation,
    private readonly options: DuckDBWarehouseOptions,
  ) {
    const every = options.refreshIntervalMs ?? 2000;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.refresh().catch((err: unknown) =>
          options.onWarning?.(`warehouse catalogue refresh failed: ${(err as Error).message}`),
        );
      }, every);
      this.timer.unref();
    }
  }

  static async open(options: DuckDBWarehouseOptions): Promise<DuckDBEngine> {
    const dir = path.resolve(options.dir);
    await fs.mkdir(dir, { recursive: true });
    await removeStaleTmpFiles(dir);
    const generation = await DuckDBEngine.load(dir, options);
    return new DuckDBEngine(dir, generation, options);
  }

  /** Reads the catalogue and attaches it; retries when an import swapped files underneath. */
  private static async load(dir: string, options: DuckDBWarehouseOptions, previous?: Generation): Promise<Generation> {
    const catalogPath = path.join(dir, CATALOG_FILE);
    for (let attempt = 0; ; attempt++) {
      const key = await statKey(catalogPath);
      if (previous && key === previous.statKey) return previous;
      const snapshot = await readCatalog(dir);
      if (previous && snapshot.text === previous.catalogText) {
        previous.statKey = key;
        return previous;
      }
      const { generation, missing } = await Generation.open(dir, snapshot, key, options);
      if (missing.length === 0) return generation;
      // A file vanished between reading the catalogue and attaching it: a newer catalogue exists.
      if (attempt < 2 && (await statKey(catalogPath)) !== key) {
        await generation.retire();
        continue;
      }
      for (const m of missing) options.onWarning?.(`warehouse dataset skipped, its file cannot be attached: ${m}`);
      return generation;
    }
  }

  datasets(): LoadedDataset[] {
    return [...this.current.datasets.values()].map(toLoaded);
  }

  picturesFile(dataset: string): string | undefined {
    const entry = this.current.datasets.get(dataset);
    return entry?.pictures ? path.join(this.dir, picturesFile(entry.file)) : undefined;
  }

  tableName(dataset: string, table: WarehouseTable): string {
    if (!this.current.datasets.has(dataset)) throw new Error(`unknown dataset "${dataset}"`);
    if (!WAREHOUSE_TABLES.has(table)) throw new Error(`unknown warehouse table "${table}"`);
    return `${ident(datasetAlias(dataset))}.${ident('main')}.${ident(table)}`;
  }

  async query<T extends Row = Row>(sql: string, params: QueryParams = [], options: QueryOptions = {}): Promise<T[]> {
    if (this.closed) throw new Error('the warehouse is closed');
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs ?? 60_000;
    const { signal } = options;
    if (signal?.aborted) throw new WarehouseCancelledError();

    // One controller for both ways a query is stopped; `cause` says which came first.
    const stop = new AbortController();
    let cause: 'abort' | 'timeout' | undefined;
    const halt = (why: 'abort' | 'timeout') => {
      if (cause) return;
      cause = why;
      stop.abort();
    };
    const onAbort = () => halt('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs > 0 ? setTimeout(() => halt('timeout'), timeoutMs) : undefined;
    const stopped = () => (cause === 'timeout' ? new WarehouseTimeoutError(timeoutMs) : new WarehouseCancelledError());

    const gen = this.current;
    gen.enter();
    try {
      let conn: DuckDBConnection;
      try {
        conn = await gen.pool.acquire(stop.signal);
      } catch (err) {
        throw cause ? stopped() : err;
      }
      // An interrupt that lands before DuckDB has started executing is lost, so once stopped it is
      // repeated until the run settles (a lost one let a timed-out query run on to the end).
      let repeat: ReturnType<typeof setInterval> | undefined;
      const interrupt = () => {
        conn.interrupt();
        repeat = setInterval(() => conn.interrupt(), 50);
      };
      stop.signal.addEventListener('abort', interrupt);
      try {
        if (cause) throw stopped();
        const prepared = await compiledSelect(conn, sql);
        try {
          prepared.clearBindings();
          bindParams(prepared, params);
          if (cause) throw stopped();
          const result = await prepared.run();
          if (cause) throw stopped();
          return toRows(result.deduplicatedColumnNames(), columnTypeIds(result), materializedRows(result)) as T[];
        } catch (err) {
          // A statement that failed or was interrupted is not used again.
          forgetCompiled(conn, sql);
          throw err;
        }
      } catch (err) {
        throw cause ? stopped() : queryError(err);
      } finally {
        clearInterval(repeat);
        stop.signal.removeEventListener('abort', interrupt);
        gen.pool.release(conn);
      }
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      gen.leave();
    }
  }

  async importDataset(folder: string, options: ImportOptions = {}): Promise<ImportResult> {
    if (this.closed) throw new Error('the warehouse is closed');
    const importOptions: ImportDatasetOptions = {
      ...options,
      ...(this.options.memoryLimit ? { memoryLimit: this.options.memoryLimit } : {}),
    };
    const result = await importDataset(this.dir, folder, importOptions);
    await this.refresh();
    return result;
  }

  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    // Concurrent callers share one refresh.
    this.refreshing ??= (async () => {
      try {
        const next = await DuckDBEngine.load(this.dir, this.options, this.current);
        if (next !== this.current) {
          const old = this.current;
          this.current = next;
          void old.retire();
        }
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1 AS ok', [], { timeoutMs: 5_000 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.refreshing?.catch(() => undefined);
    await this.current.retire(true);
  }
}

export function openDuckDBWarehouse(options: DuckDBWarehouseOptions): Promise<DuckDBEngine> {
  return DuckDBEngine.open(options);
}
