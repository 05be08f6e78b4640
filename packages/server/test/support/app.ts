import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Mailer } from '../../src/mail/service.js';
import { openMetadata } from '../../src/metadata/index.js';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { StoreTarget, TestDatabase } from '../metadata/stores.js';
import type { WarehouseTarget } from './warehouses.js';

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
  /**
   * With `withData`: the engine holding the tiny demo data, a target of `warehouseTargets()`
   * (DuckDB or the run's ClickHouse cluster), so API suites can run on both; default DuckDB.
   */
  warehouse?: WarehouseTarget;
  /** Time source of the app (tokens, lockouts, clean-up) and of its metadata store. */
  clock?: () => Date;
  /**
   * The app's mailer, made from the store and clock the app gets (e.g. a MailService with a recording
   * log); closed with the app. Default the app's own (SMTP when the env sets SMTP_URL).
   */
  mailer?: (ctx: AppContext) => Mailer;
  /** What the app sees of the warehouse, e.g. one whose queries a fault test holds back (closed as opened). */
  wrapWarehouse?: (warehouse: WarehouseEngine) => WarehouseEngine;
}

/**
 * The real app on a metadata store (default in-memory SQLite) and a warehouse: with `withData`, the
 * tiny demo data imported once per test run (DuckDB by global-setup.ts, ClickHouse by warehouses.ts),
 * else an empty DuckDB warehouse.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'marketlens-test-'));
  const warehouseUrl = opts.withData
    ? (opts.warehouse?.url ?? inject('tinyWarehouseDir'))
    : path.join(scratch, 'warehouse');
  if (!opts.withData) mkdirSync(warehouseUrl, { recursive: true });
  const config = loadConfig(
    { DATA_DIR: scratch, METADATA_URL: ':memory:', WAREHOUSE_URL: warehouseUrl, LOG_LEVEL: 'silent', ...opts.env },
    scratch,
  );
  const database: TestDatabase | undefined = opts.store ? await opts.store.create() : undefined;
  // The store's own expiry checks (sessions, resets) run on the app's clock too.
  const storeOptions = opts.clock ? { clock: opts.clock } : {};
  const metadata = database ? await database.open(storeOptions) : await openMetadata(config.metadataUrl, storeOptions);
  const warehouse = await openWarehouse({ warehouseUrl: config.warehouseUrl, warehouseRefreshMs: 0 });
  const ctx: AppContext = {
    config,
    metadata,
    warehouse: opts.wrapWarehouse ? opts.wrapWarehouse(warehouse) : warehouse,
    version: 'test',
    signingKey: 'k'.repeat(48),
    ...(opts.clock ? { clock: opts.clock } : {}),
  };
  const mailer = opts.mailer?.(ctx);
  if (mailer) ctx.mailer = mailer;
  const app = await buildApp(ctx, { logger: process.env.TEST_LOG ? { level: 'error' } : false });
  opts.routes?.(app);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await mailer?.close();
      await warehouse.close();
      await metadata.close();
      await database?.drop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
