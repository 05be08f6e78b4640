import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { openMetadata } from '../../src/metadata/index.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { StoreTarget, TestDatabase } from '../metadata/stores.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface TestAppOptions {
  withData?: boolean;
  env?: Record<string, string>;
  routes?: (app: FastifyInstance) => void;
  /**
   * The metadata database: a target of `stores()` (SQLite file or a fresh PostgreSQL schema,
   * dropped on close), so API suites can run on both; default in-memory SQLite.
   */
  store?: StoreTarget;
  /** Time source of the app (tokens, lockouts, clean-up). */
  clock?: () => Date;
}

/**
 * The real app on a metadata store (default in-memory SQLite) and a DuckDB warehouse: the tiny
 * demo data imported once per test run by global-setup.ts (`withData: true`), or an empty warehouse.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'marketlens-test-'));
  const warehouseDir = opts.withData ? inject('tinyWarehouseDir') : path.join(scratch, 'warehouse');
  mkdirSync(warehouseDir, { recursive: true });
  const config = loadConfig(
    { DATA_DIR: scratch, METADATA_URL: ':memory:', WAREHOUSE_URL: warehouseDir, LOG_LEVEL: 'silent', ...opts.env },
    scratch,
  );
  const database: TestDatabase | undefined = opts.store ? await opts.store.create() : undefined;
  const metadata = database ? await database.open() : await openMetadata(config.metadataUrl);
  const warehouse = await openWarehouse({ warehouseUrl: config.warehouseUrl, warehouseRefreshMs: 0 });
  const ctx: AppContext = {
    config,
    metadata,
    warehouse,
    version: 'test',
    signingKey: 'k'.repeat(48),
    ...(opts.clock ? { clock: opts.clock } : {}),
  };
  const app = await buildApp(ctx, { logger: process.env.TEST_LOG ? { level: 'error' } : false });
  opts.routes?.(app);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await warehouse.close();
      await metadata.close();
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
