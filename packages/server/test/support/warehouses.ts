import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { openWarehouse, type Row, type WarehouseEngine } from '../../src/warehouse/index.js';
import { testCluster } from './clickhouse.js';
import { withRunLock } from './runLock.js';

/**
 * The tiny demo warehouse on both engines, for suites that run the same tests on each
 * (`describe.each(await warehouseTargets())`): DuckDB from global-setup.ts, and the run's 2-shard
 * ClickHouse cluster with the same generated datasets imported through the real importer — once
 * per test run, into a database of its own, so the import tests' re-imports never replace them.
 */
export interface WarehouseTarget {
  readonly engine: 'duckdb' | 'clickhouse';
  /** WAREHOUSE_URL of the tiny data on this engine; absent when skipped. */
  readonly url?: string;
  /** Why this engine's half does not run here (no clickhouse-server; a failure under CI=true). */
  readonly skip?: string;
}

const TINY_DATABASE = 'marketlens_tiny';

export async function warehouseTargets(): Promise<WarehouseTarget[]> {
  const ch = await testCluster();
  return [
    { engine: 'duckdb', url: inject('tinyWarehouseDir') },
    ch.cluster
      ? { engine: 'clickhouse', url: await tinyOnCluster(ch.cluster.url) }
      : { engine: 'clickhouse', skip: ch.skip },
  ];
}

/** Opens the tiny warehouse of a target (the caller closes it). */
export function openTarget(target: WarehouseTarget): Promise<WarehouseEngine> {
  if (!target.url) throw new Error(`${target.engine} is skipped: ${target.skip}`);
  return openWarehouse({ warehouseUrl: target.url, warehouseRefreshMs: 0 });
}

/** The cluster URL with the tiny datasets' database, importing them first if this run has not yet. */
async function tinyOnCluster(clusterUrl: string): Promise<string> {
  const url = clusterUrl.replace(/\/[A-Za-z0-9_]+\?/, `/${TINY_DATABASE}?`);
  const stateDir = inject('clickhouseStateDir');
  const done = path.join(stateDir, 'tiny-imported');
  // Test files run in parallel workers: one imports, the others wait for it.
  return withRunLock(path.join(stateDir, 'tiny-import.lock'), 300_000, async () => {
    if (existsSync(done)) return url;
    await importTiny(url);
    writeFileSync(done, url);
    return url;
  });
}

/**
 * Imports the run's generated tiny datasets (or only those named) into the warehouse at `url`
 * (e.g. a fault test's own cluster).
 */
export async function importTiny(url: string, only?: readonly string[]): Promise<void> {
  const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
  try {
    const source = inject('tinySourceDir');
    for (const name of readdirSync(source).sort()) {
      if (!only || only.includes(name)) await warehouse.importDataset(path.join(source, name));
    }
  } finally {
    await warehouse.close();
  }
}

/**
 * `describe` once per engine (`<title> on duckdb`, `… on clickhouse`); an engine without a
 * server here is skipped (testCluster printed why; under CI=true it failed instead).
 */
export function describeOnEach(
  targets: readonly WarehouseTarget[],
  title: string,
  body: (target: WarehouseTarget) => void,
): void {
  for (const target of targets)
    describe.skipIf(target.skip !== undefined)(`${title} on ${target.engine}`, () => body(target));
}

/**
 * The warehouse with its `query` replaced by `query(real, ...args)`; everything else is the real
 * engine's (a Proxy, not Object.create: its methods and getters must see the real instance).
 */
export function withQuery(
  warehouse: WarehouseEngine,
  query: (real: WarehouseEngine['query'], ...args: Parameters<WarehouseEngine['query']>) => Promise<Row[]>,
): WarehouseEngine {
  const real = warehouse.query.bind(warehouse);
  return new Proxy(warehouse, {
    get(target, key) {
      if (key === 'query') return (...args: Parameters<WarehouseEngine['query']>) => query(real, ...args);
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** A warehouse wrapper (buildTestApp's `wrapWarehouse`) that notes each statement with its values in `sent`. */
export const recordingInto =
  (sent: string[]) =>
  (warehouse: WarehouseEngine): WarehouseEngine =>
    withQuery(warehouse, (real, sql, params, options) => {
      sent.push(`${sql} ${JSON.stringify(params ?? [])}`);
      return real(sql, params, options);
    });
