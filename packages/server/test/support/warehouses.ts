import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { unavailableReason } from '../../../../scripts/clickhouse-cluster.mjs';
import { openWarehouse } from '../../src/warehouse/index.js';
import { testCluster } from './clickhouse.js';

/**
 * One parametrised entry per warehouse engine, so the API tests that prove figures run the same
 * assertions on both (as `stores()` does for the metadata databases):
 *
 *   describe.each(warehouses())('insight API on $name', (warehouse) => {
 *     beforeAll(async () => { t = await buildTestApp({ withData: true, warehouse }); });
 *   });
 *
 * DuckDB always runs. ClickHouse runs when clickhouse-server is installed (the run's 2-shard cluster,
 * support/clickhouse.ts); without it the suite says why it skips, and under CI=true it fails.
 */
export interface WarehouseTarget {
  name: 'duckdb' | 'clickhouse';
  /** WAREHOUSE_URL of a warehouse holding the tiny demo datasets (imported once per test run). */
  tinyUrl(): Promise<string>;
}

/**
 * The API tests' copy lives in its own database, so clickhouse-import.test.ts (which re-imports the
 * tiny datasets into the default one, replacing versions) never drops tables under a running query.
 */
const TINY_DATABASE = 'tiny';

let skipNoticeShown = false;

export function warehouses(): WarehouseTarget[] {
  const targets: WarehouseTarget[] = [{ name: 'duckdb', tinyUrl: async () => inject('tinyWarehouseDir') }];
  const reason = unavailableReason();
  if (!reason) targets.push({ name: 'clickhouse', tinyUrl: clickhouseTinyUrl });
  else if (process.env.CI === 'true') throw new Error(`the API tests need clickhouse-server in CI: ${reason}`);
  else if (!skipNoticeShown) {
    skipNoticeShown = true;
    console.info(`[API tests] ClickHouse skipped: ${reason}`);
  }
  return targets;
}

let tinyUrl: Promise<string> | undefined;

/** The cluster's URL for the tiny data; the first test file (of any worker) to ask imports it. */
function clickhouseTinyUrl(): Promise<string> {
  tinyUrl ??= (async () => {
    const ch = await testCluster();
    if (!ch.cluster) throw new Error(`no ClickHouse cluster: ${ch.skip}`);
    const url = ch.cluster.url.replace(/\/marketlens\?/, `/${TINY_DATABASE}?`);
    const stateDir = inject('clickhouseStateDir');
    const done = path.join(stateDir, 'tiny-imported');
    const lock = path.join(stateDir, 'tiny.lock');
    // Test files run in parallel workers: one imports, the others wait for its marker.
    const deadline = Date.now() + 300_000;
    for (;;) {
      try {
        await (await open(lock, 'wx')).close();
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    try {
      if (existsSync(done)) return url;
      const source = inject('tinySourceDir');
      const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
      try {
        for (const name of readdirSync(source).sort()) await warehouse.importDataset(path.join(source, name));
      } finally {
        await warehouse.close();
      }
      writeFileSync(done, new Date().toISOString());
      return url;
    } finally {
      await rm(lock, { force: true });
    }
  })();
  // A failed import is retried by the next file rather than cached as a failure.
  tinyUrl.catch(() => {
    tinyUrl = undefined;
  });
  return tinyUrl;
}
