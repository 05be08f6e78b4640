import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { coverageOf, coverageStatsSql } from '../coverage.js';
import { datasetFile, processAlive } from '../duckdb/catalog.js';
import { WAREHOUSE_TABLES } from '../duckdb/engine.js';
import { abortReason, importDataset } from '../duckdb/importer.js';
import { ident, sqlString } from '../duckdb/sql.js';
import type { ImportOptions, ImportProgress, ImportResult, LoadedDataset } from '../engine.js';
import { clickhouseDialect } from './dialect.js';
import type { Account, ClickHouseHttp } from './http.js';
import { clickhouseLiteral } from './literal.js';
import {
  CATALOG_TABLE,
  columnSpecs,
  createCatalogSql,
  createTableSql,
  isSharded,
  quote,
  type TableNames,
  tableNames,
  tableVersionTag,
  versionTag,
} from './schema.js';
import { toRows } from './values.js';

/**
 * Import into the cluster (ADR 0005): the DuckDB importer validates the folder and builds every
 * table (keywords, rollups) into a temporary DuckDB warehouse — the same code and the same checks
 * as a DuckDB import — and its tables are then copied to the shards under a new version's names,
 * verified by row count, and switched on by one catalogue insert. Until that insert the previous
 * version keeps answering; a failure drops what was copied.
 */

export interface ClickHouseImportContext {
  http: ClickHouseHttp;
  admin: Account;
  database: string;
  cluster: string;
  /** Where the temporary DuckDB warehouse is built; default the OS temp folder. */
  stagingDir?: string;
  /** Rows per INSERT request. */
  batchRows?: number;
}

const DEFAULT_BATCH_ROWS = 100_000;
const STAGE_PREFIX = 'marketlens-ch-stage-';

/** Staging folders of imports whose process is gone (kill -9): the pid is in the name. */
async function removeStaleStaging(dir: string): Promise<void> {
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const m = new RegExp(`^${STAGE_PREFIX}(\\d+)-`).exec(entry);
    if (m && !processAlive(Number(m[1]))) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

/**
 * One TabSeparated line per row, built by DuckDB (far cheaper than per-value JS): values as text
 * (exact decimals, YYYY-MM-DD dates, booleans 0/1), backslash, tab, newline and CR escaped, NULL \N.
 */
function tsvLineSql(cols: readonly { name: string; duckType: string }[]): string {
  return cols
    .map((c) => {
      const col = ident(c.name);
      if (c.duckType === 'BOOLEAN') return `COALESCE(CAST(CAST(${col} AS INTEGER) AS VARCHAR), '\\N')`;
      if (c.duckType !== 'VARCHAR') return `COALESCE(CAST(${col} AS VARCHAR), '\\N')`;
      const escaped = `replace(replace(replace(replace(${col}, '\\', '\\\\'), chr(9), '\\t'), chr(10), '\\n'), chr(13), '\\r')`;
      return `COALESCE(${escaped}, '\\N')`;
    })
    .join(' || chr(9) || ');
}

/** TabSeparated escaping of one value; NULL is \N. */
function tsv(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

export async function importToClickHouse(
  ctx: ClickHouseImportContext,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const { signal } = options;
  signal?.throwIfAborted();
  const progress = (p: ImportProgress) => options.onProgress?.(p);
  const stagingDir = ctx.stagingDir ?? tmpdir();
  await removeStaleStaging(stagingDir);
  const stageRoot = await mkdtemp(path.join(stagingDir, `${STAGE_PREFIX}${process.pid}-`));
  let created: { host: string; names: TableNames }[] = [];
  let published = false;
  let instance: DuckDBInstance | undefined;
  let conn: DuckDBConnection | undefined;
  const admin = (host: string, sql: string, data?: string, settings?: Record<string, number>) =>
    ctx.http.request(host, ctx.admin, sql, {
      ...(data !== undefined ? { data } : {}),
      ...(settings ? { settings } : {}),
      ...(signal ? { signal } : {}),
    });
  const hosts = ctx.http.hosts;
  try {
    // 1. Validate and build in DuckDB; its own 'publish' is only the staging file's.
    const staged = await importDataset(stageRoot, folder, {
      ...options,
      onProgress: (p) => {
        if (p.phase !== 'publish') progress(p);
      },
    });
    const { dataset } = staged;
    const name = dataset.manifest.name;
    instance = await DuckDBInstance.create(path.join(stageRoot, datasetFile(name, dataset.version)), {
      access_mode: 'READ_ONLY',
    });
    conn = await instance.connect();
    const tables = (
      await conn.runAndReadAll(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY table_name`,
      )
    )
      .getRowObjectsJS()
      .map((r) => String(r.table_name))
      .filter((t) => t !== '_dataset');
    for (const t of tables) if (!WAREHOUSE_TABLES.has(t)) throw new Error(`unexpected staged table "${t}"`);

    // 2. The new version's tables on every server.
    for (const host of hosts) await admin(host, `CREATE DATABASE IF NOT EXISTS ${quote(ctx.database)}`);
    await admin(hosts[0]!, createCatalogSql(ctx.database));
    const specs = new Map<string, ReturnType<typeof columnSpecs>>();
    for (const t of tables) {
      const described = (
        await conn.runAndReadAll(
          `SELECT column_name AS name, data_type AS type FROM information_schema.columns
           WHERE table_schema = 'main' AND table_name = ${sqlString(t)} ORDER BY ordinal_position`,
        )
      )
        .getRowObjectsJS()
        .map((r) => ({ name: String(r.name), type: String(r.type) }));
      specs.set(t, columnSpecs(t, described));
      const names = tableNames(name, dataset.version, t);
      for (const host of hosts) {
        created.push({ host, names });
        for (const sql of createTableSql(ctx.database, ctx.cluster, names, t, specs.get(t)!)) await admin(host, sql);
      }
    }

    // 3. Copy: the shards' share through the Distributed table (synchronously, so the counts below
    // see every row), the copied tables to each server.
    for (const t of tables) {
      const total = dataset.rows[t] ?? 0;
      const names = tableNames(name, dataset.version, t);
      const cols = specs.get(t)!;
      const insert = (table: string) =>
        `INSERT INTO ${quote(ctx.database)}.${quote(table)} (${cols.map((c) => quote(c.name)).join(', ')}) FORMAT TabSeparated`;
      const send = async (data: string) => {
        if (isSharded(t)) await admin(hosts[0]!, insert(names.read), data, { insert_distributed_sync: 1 });
        else await Promise.all(hosts.map((h) => admin(h, insert(names.local), data)));
      };
      progress({ phase: `copy ${t}`, rows: 0, total });
      const result = await conn.stream(`SELECT ${tsvLineSql(cols)} AS line FROM ${ident(t)}`);
      let lines: string[] = [];
      let copied = 0;
      // One batch is sent while the next is read.
      let sending: Promise<void> = Promise.resolve();
      const flush = async () => {
        const data = `${lines.join('\n')}\n`;
        const n = lines.length;
        lines = [];
        await sending;
        sending = send(data).then(() => {
          copied += n;
          progress({ phase: `copy ${t}`, rows: copied, total });
        });
        sending.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
      };
      for (;;) {
        if (signal?.aborted) throw abortReason(signal);
        const chunk = await result.fetchChunk();
        const rows = chunk && chunk.rowCount > 0 ? chunk.getRows() : [];
        for (const row of rows) lines.push(row[0] as string);
        if (lines.length >= (ctx.batchRows ?? DEFAULT_BATCH_ROWS) || (rows.length === 0 && lines.length > 0)) {
          await flush();
        }
        if (rows.length === 0) break;
      }
      await sending;
    }

    // 4. Verify: every table holds exactly the staged rows (on every server for the copies).
    progress({ phase: 'verify', rows: 0, total: tables.length });
    let verified = 0;
    for (const t of tables) {
      const names = tableNames(name, dataset.version, t);
      for (const host of isSharded(t) ? [hosts[0]!] : hosts) {
        const text = await admin(host, `SELECT count() FROM ${quote(ctx.database)}.${quote(names.read)} FORMAT TSV`);
        if (Number(text.trim()) !== (dataset.rows[t] ?? 0)) {
          throw new Error(`copy of ${t} to ${host} holds ${text.trim()} rows, expected ${dataset.rows[t] ?? 0}`);
        }
      }
      progress({ phase: 'verify', rows: ++verified, total: tables.length });
    }

    // 5. Coverage, counted again on the cluster: what the shards hold is what queries will read.
    const loadedAt = new Date().toISOString();
    const facts = `${quote(ctx.database)}.${quote(tableNames(name, dataset.version, 'fact_sales').read)}`;
    const stats = toRows(await admin(hosts[0]!, `${coverageStatsSql(clickhouseDialect, facts)} FORMAT JSONCompact`));
    const coverage = coverageOf(stats, dataset.manifest.date_field, loadedAt);

    // 6. Switch: one insert; from here on the new version answers.
    progress({ phase: 'publish', rows: 0 });
    signal?.throwIfAborted();
    const loaded: LoadedDataset = { ...dataset, loadedAt, coverage };
    const row = [name, dataset.version, JSON.stringify(loaded), String(Date.now())].map(tsv).join('\t');
    await ctx.http.request(
      hosts[0]!,
      ctx.admin,
      `INSERT INTO ${quote(ctx.database)}.${quote(CATALOG_TABLE)} (dataset, version, info, seq) FORMAT TabSeparated`,
      { data: `${row}\n` },
    );
    // A later import that switched first stays current: this one then gives up its tables.
    const current = await ctx.http.request(
      hosts[0]!,
      ctx.admin,
      `SELECT max(version) FROM ${quote(ctx.database)}.${quote(CATALOG_TABLE)} WHERE dataset = ${clickhouseLiteral(name, 'varchar')} FORMAT TSV`,
    );
    if (current.trim() !== dataset.version) {
      throw new Error(`a later import of ${name} (version ${current.trim()}) replaced this one; nothing changed`);
    }
    published = true;
    created = [];
    // Older versions only: a later import still copying keeps its tables.
    const tag = versionTag(dataset.version);
    await dropVersions(ctx, name, (other) => other < tag);
    progress({ phase: 'publish', rows: 1, total: 1 });
    return { dataset: loaded, elapsedMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (signal?.aborted && !published) throw abortReason(signal);
    throw err;
  } finally {
    conn?.closeSync();
    instance?.closeSync();
    // A failed import leaves nothing behind (not even when it was cancelled: no signal here).
    for (const { host, names } of created.reverse()) {
      for (const table of new Set([names.read, names.local])) {
        await ctx.http
          .request(host, ctx.admin, `DROP TABLE IF EXISTS ${quote(ctx.database)}.${quote(table)}`)
          .catch(() => undefined);
      }
    }
    await rm(stageRoot, { recursive: true, force: true });
  }
}

/** Drops the tables of `dataset` whose version `drop` selects, on every server. */
export async function dropVersions(
  ctx: Pick<ClickHouseImportContext, 'http' | 'admin' | 'database'>,
  dataset: string,
  drop: (tag: string) => boolean,
): Promise<string[]> {
  const dropped: string[] = [];
  for (const host of ctx.http.hosts) {
    const text = await ctx.http.request(
      host,
      ctx.admin,
      `SELECT name FROM system.tables WHERE database = ${clickhouseLiteral(ctx.database, 'varchar')} FORMAT TSV`,
    );
    const names = text.split('\n').filter((n) => {
      const tag = n ? tableVersionTag(dataset, n) : undefined;
      return tag !== undefined && drop(tag);
    });
    // Distributed tables before the locals they read.
    names.sort((a, b) => Number(a.endsWith('_local')) - Number(b.endsWith('_local')));
    for (const n of names) {
      await ctx.http.request(host, ctx.admin, `DROP TABLE IF EXISTS ${quote(ctx.database)}.${quote(n)}`);
      dropped.push(`${host}:${n}`);
    }
  }
  return dropped;
}
