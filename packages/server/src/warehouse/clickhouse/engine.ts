import { randomUUID } from 'node:crypto';
import type { SqlDialect } from '../dialect.js';
import {
  type ImportOptions,
  type ImportResult,
  type LoadedDataset,
  type QueryOptions,
  type QueryParams,
  type Row,
  WarehouseCancelledError,
  type WarehouseEngine,
  type WarehouseTable,
  WarehouseTimeoutError,
} from '../engine.js';
import { Slots } from '../slots.js';
import type { ClickHouseLocation } from '../url.js';
import { clickhouseDialect } from './dialect.js';
import { type Account, ClickHouseError, ClickHouseHttp, QUERY_WAS_CANCELLED, TIMEOUT_EXCEEDED } from './http.js';
import { importToClickHouse } from './importer.js';
import { clickhouseLiteral } from './literal.js';
import { parseCatalogInfo, quote, readCatalogSql, tableNames } from './schema.js';
import { toRows } from './values.js';

/** How long reading the table catalogue (on open and after an import) may take. */
const CATALOG_READ_TIMEOUT_MS = 30_000;

export interface ClickHouseWarehouseOptions {
  location: ClickHouseLocation;
  /** Time limit of a query without its own timeoutMs; 0 = the server profile's. Default 60 s. */
  defaultTimeoutMs?: number;
  /** How often to re-read the catalogue for imports made by other processes; 0 = only on refresh(). Default 2000 ms. */
  refreshIntervalMs?: number;
  onWarning?: (message: string) => void;
  /** Folder for the temporary DuckDB warehouse of an import; default the OS temp folder. */
  stagingDir?: string;
  /**
   * Statements this process sends at once (WAREHOUSE_POOL_SIZE); the others wait here, first come
   * first served. Default: no limit.
   */
  maxInFlight?: number;
}

/** Pauses before repeating a KILL that found nothing (the statement not yet listed, or already done). */
const KILL_REPEAT_MS = [50, 250, 1000];

/** ClickHouse "doesn't exist" codes: a cluster nobody imported into yet has no catalogue. */
const UNKNOWN_TABLE = 60;
const UNKNOWN_DATABASE = 81;

/**
 * The warehouse on a ClickHouse cluster over its HTTP interface (ADR 0005). Queries run as the
 * read-only account on the shards in turn, each with a query_id; a stopped query is killed by that
 * id on every shard. SQL arrives with literals inlined by the dialect (clickhouseLiteral).
 */

export class ClickHouseEngine implements WarehouseEngine {
  readonly engine = 'clickhouse' as const;
  readonly dialect: SqlDialect = clickhouseDialect;
  private readonly http: ClickHouseHttp;
  private readonly reader: Account;
  private readonly admin: Account | undefined;
  private current = new Map<string, LoadedDataset>();
  private catalogText: string | undefined;
  private next = 0;
  private closed = false;
  private refreshing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Stops of the queries in flight, so close() can kill them. */
  private readonly inFlight = new Set<(why: 'abort') => void>();
  /**
   * Without a bound, a burst of panels sent more statements than the shards run at once: they ran
   * all together, each slowed by all the others, and past `max_concurrent_queries` waited inside
   * ClickHouse in no order, so under load a few pages took many times longer than the rest
   * (bench/results/2026-11-28/load-11.md). Waiting here keeps the order.
   */
  private readonly slots: Slots | undefined;

  private constructor(private readonly options: ClickHouseWarehouseOptions) {
    const { location } = options;
    this.slots = options.maxInFlight ? new Slots(options.maxInFlight) : undefined;
    this.http = new ClickHouseHttp(location);
    this.reader = { user: location.user, password: location.password };
    this.admin = location.importUser
      ? { user: location.importUser, password: location.importPassword ?? '' }
      : undefined;
  }

  static async open(options: ClickHouseWarehouseOptions): Promise<ClickHouseEngine> {
    const engine = new ClickHouseEngine(options);
    await engine.refresh();
    const every = options.refreshIntervalMs ?? 2000;
    if (every > 0) {
      engine.timer = setInterval(() => {
        engine
          .refresh()
          .catch((err: unknown) =>
            options.onWarning?.(`warehouse catalogue refresh failed: ${(err as Error).message}`),
          );
      }, every);
      engine.timer.unref();
    }
    return engine;
  }

  get location(): ClickHouseLocation {
    return this.options.location;
  }

  datasets(): LoadedDataset[] {
    return [...this.current.values()];
  }

  /** The cluster keeps no local files: pictures come from PICTURE_BASE_URL (docs/deployment.md). */
  picturesFile(): undefined {
    return undefined;
  }

  private version(dataset: string): string {
    const entry = this.current.get(dataset);
    if (!entry) throw new Error(`unknown dataset "${dataset}"`);
    return entry.version;
  }

  /** The table queries read: the Distributed table for facts and rollups, else the full copy on each shard. */
  tableName(dataset: string, table: WarehouseTable): string {
    const names = tableNames(dataset, this.version(dataset), table);
    return `${quote(this.location.database)}.${quote(names.read)}`;
  }

  /** The table rows are stored in on each shard (the MergeTree under a Distributed table). */
  localTableName(dataset: string, table: WarehouseTable): string {
    const names = tableNames(dataset, this.version(dataset), table);
    return `${quote(this.location.database)}.${quote(names.local)}`;
  }

  async query<T extends Row = Row>(sql: string, params: QueryParams = [], options: QueryOptions = {}): Promise<T[]> {
    if (this.closed) throw new Error('the warehouse is closed');
    if (params.length > 0) {
      throw new Error('the ClickHouse warehouse takes no bound parameters: inline values with clickhouseLiteral');
    }
    // Defence in depth: the account is read-only (readonly=2) anyway.
    const statement = sql.trim().replace(/;+\s*$/, '');
    if (!/^(SELECT|\()/i.test(statement)) throw new Error('only SELECT statements may run on the warehouse');
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs ?? 60_000;
    const { signal } = options;
    if (signal?.aborted) throw new WarehouseCancelledError();

    const stop = new AbortController();
    let cause: 'abort' | 'timeout' | undefined;
    const queryId = randomUUID();
    const host = this.http.hosts[this.next++ % this.http.hosts.length]!;
    let killed: Promise<void> | undefined;
    /** Sent to the shard (not only waiting for a slot): only then is there anything to kill. */
    let sent = false;
    const halt = (why: 'abort' | 'timeout') => {
      if (cause) return;
      cause = why;
      stop.abort();
      // Closing the request does not stop the query on 18.16: kill it by id everywhere.
      if (sent) killed = this.kill(queryId, host);
    };
    const onAbort = () => halt('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    this.inFlight.add(halt);
    const timer = timeoutMs > 0 ? setTimeout(() => halt('timeout'), timeoutMs) : undefined;
    const stopped = () => (cause === 'timeout' ? new WarehouseTimeoutError(timeoutMs) : new WarehouseCancelledError());
    let holding = false;
    try {
      // The time limit counts the wait for a slot: it is the time the caller waits.
      await this.slots?.acquire(stop.signal);
      holding = !!this.slots;
      sent = true;
      const text = await this.http.request(host, this.reader, `${statement}\nFORMAT JSONCompact`, {
        queryId,
        signal: stop.signal,
        settings: {
          // The server's own limit backs up the timer here (whole seconds, at least 1).
          ...(timeoutMs > 0 ? { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) } : {}),
          wait_end_of_query: 1,
          // A LEFT JOIN without a match gives NULL, as in DuckDB (not the column type's default).
          join_use_nulls: 1,
        },
      });
      if (cause) throw stopped();
      return toRows(text) as T[];
    } catch (err) {
      if (cause) {
        await killed;
        throw stopped();
      }
      if (err instanceof ClickHouseError && err.code === TIMEOUT_EXCEEDED) throw new WarehouseTimeoutError(timeoutMs);
      if (err instanceof ClickHouseError && err.code === QUERY_WAS_CANCELLED) throw new WarehouseCancelledError();
      // Another process switched a dataset and dropped the old tables: read the catalogue again.
      if (err instanceof ClickHouseError && err.code === UNKNOWN_TABLE) void this.refresh().catch(() => undefined);
      // The connection failed (not the statement): the query may still run there.
      if (!(err instanceof ClickHouseError)) void this.kill(queryId, host);
      throw err;
    } finally {
      if (holding) this.slots!.release();
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      this.inFlight.delete(halt);
    }
  }

  /**
   * KILL QUERY on every shard by initial_query_id: the shards run the query under derived ids with
   * initial_query_id = ours. The query account may kill its own query (on the shard it sent it
   * to); the parts on the other shards run as the cluster's user, which only the import account
   * may kill — without one, killing the initial query still cancels them.
   *
   * A shard lists a statement only once it has read it, so a KILL right behind it can find nothing
   * and the statement runs on to its time limit (a panel stopped just as its second
   * statement was sent). When no shard reported it, the KILL is repeated a few times in the
   * background; the caller waits for the first round only.
   */
  private async kill(queryId: string, initiator: string): Promise<void> {
    const round = () => this.killRound(queryId, initiator);
    if (await round()) return;
    void (async () => {
      for (const ms of KILL_REPEAT_MS) {
        await new Promise((r) => setTimeout(r, ms));
        if (await round()) return;
      }
    })();
  }

  /** One KILL on every shard it must go to; true when one of them found the statement. */
  private async killRound(queryId: string, initiator: string): Promise<boolean> {
    const sql = `KILL QUERY WHERE initial_query_id = ${clickhouseLiteral(queryId, 'varchar')} ASYNC`;
    const found = await Promise.all(
      (this.admin ? this.http.hosts : [initiator]).map((host) =>
        this.http
          .request(host, host === initiator ? this.reader : this.admin!, sql, {
            signal: AbortSignal.timeout(5_000),
          })
          // A row per statement killed ("waiting\t<id>\t…"); nothing when none matched.
          .then((text) => text.trim() !== '')
          .catch((err: unknown) => {
            this.options.onWarning?.(`KILL QUERY on ${host} failed: ${(err as Error).message}`);
            return false;
          }),
      ),
    );
    return found.includes(true);
  }

  async importDataset(folder: string, options: ImportOptions = {}): Promise<ImportResult> {
    if (this.closed) throw new Error('the warehouse is closed');
    if (!this.admin)
      throw new Error(
        'importing needs the import account: add import_user (and import_password) to the ClickHouse URL',
      );
    const result = await importToClickHouse(
      {
        http: this.http,
        admin: this.admin,
        database: this.location.database,
        cluster: this.location.cluster,
        ...(this.options.stagingDir ? { stagingDir: this.options.stagingDir } : {}),
      },
      folder,
      options,
    );
    await this.refresh();
    return result;
  }

  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.refreshing ??= (async () => {
      try {
        let text: string;
        try {
          // Bounded, but long enough for a busy cluster: opening fails rather than waits forever.
          text = await this.http.request(this.http.hosts[0]!, this.reader, readCatalogSql(this.location.database), {
            signal: AbortSignal.timeout(CATALOG_READ_TIMEOUT_MS),
          });
        } catch (err) {
          if (err instanceof ClickHouseError && (err.code === UNKNOWN_TABLE || err.code === UNKNOWN_DATABASE)) {
            text = '';
          } else throw err;
        }
        if (text === this.catalogText) return;
        const next = new Map<string, LoadedDataset>();
        for (const row of text ? toRows(text) : []) {
          try {
            next.set(String(row.dataset), parseCatalogInfo(String(row.dataset), String(row.info)));
          } catch (err) {
            this.options.onWarning?.(`warehouse dataset skipped: ${(err as Error).message}`);
          }
        }
        this.current = next;
        this.catalogText = text;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  async ping(): Promise<void> {
    await Promise.all(
      this.http.hosts.map((h) => this.http.request(h, this.reader, 'SELECT 1', { signal: AbortSignal.timeout(5_000) })),
    );
  }

  /** Queries still running are killed (they reject with WarehouseCancelledError). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const halt of this.inFlight) halt('abort');
    await this.refreshing?.catch(() => undefined);
    this.http.closeIdle();
  }
}

export function openClickHouseWarehouse(options: ClickHouseWarehouseOptions): Promise<ClickHouseEngine> {
  return ClickHouseEngine.open(options);
}
