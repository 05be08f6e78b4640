import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addMonths } from '@marketlens/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster, unavailableReason } from '../../../../scripts/clickhouse-cluster.mjs';
import { WarehouseUnavailableError } from '../../src/warehouse/engine.js';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { onShard } from '../support/clickhouse.js';
import { until, within } from '../support/wait.js';
import { importTiny } from '../support/warehouses.js';

/**
 * A ClickHouse shard that goes down (killed) or hangs (stopped) while the app runs
 * (docs/deployment.md "Warehouse faults"): analysis requests answer 503 naming the warehouse within
 * a bounded time, a query running on both shards is not left running on the surviving one, and
 * requests answer 200 again by themselves once the shard is back.
 *
 * The test starts a 2-shard cluster of its own (never the run's shared one, which other files use)
 * with the tiny demo data imported through the real importer.
 */
const reason = unavailableReason();
if (reason && process.env.CI === 'true')
  throw new Error(`the ClickHouse fault tests need clickhouse-server in CI: ${reason}`);
if (reason) console.warn(`ClickHouse shard fault tests skipped: ${reason}`);

/** Far longer than a failing request takes, far shorter than a hung one would (the query limit is 60 s). */
const PROMPT_MS = 15_000;
/** The app's query time limit here: what bounds a request to a hung shard. */
const QUERY_TIMEOUT_MS = 2_000;
/** Marks the slow statement in system.processes. */
const SLOW_MARK = 'shard_fault_probe';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const EN = {
  ok: false,
  code: 'warehouse_unavailable',
  msg: 'The ClickHouse data warehouse is not reachable right now. Please try again in a moment.',
};
const ZH = { ok: false, code: 'warehouse_unavailable', msg: '数据仓库（ClickHouse）暂时无法连接，请稍后重试' };

describe.skipIf(reason !== null)('a ClickHouse shard stopped', () => {
  let dir: string;
  let cluster: Cluster;
  let t: TestApp;
  let project: number;
  let token: string;
  /**
   * An analysis request (sales trends, read from the sharded tables): each over another range, so
   * no answer comes from the result cache instead of the warehouse.
   */
  let n = 0;
  const analysis = (locale: 'en' | 'zh_cn') =>
    postAs(
      t.app,
      token,
      '/trends',
      { data_scope_id: project, date: [addMonths('2022-01-01', n++), '2025-06-01'] },
      locale,
    );

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'marketlens-fault-ch-'));
    cluster = await startCluster({ shards: 2, dir: path.join(dir, 'cluster') });
    await importTiny(cluster.url, ['cn_monthly']);
    t = await buildTestApp({
      withData: true,
      warehouse: { engine: 'clickhouse', url: cluster.url },
      env: { RATE_LIMIT_PER_IP: '100000', WAREHOUSE_URL: cluster.url, QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS) },
    });
    const root = await makeUser(t.ctx, 'fault_root', { role: 'root' });
    project = (
      await t.ctx.metadata.projects.create({ name: 'tiny', dataset: 'cn_monthly', ownerId: root.id, pages: [4, 5] })
    ).id;
    await t.ctx.metadata.projectCategories.add(project, [1, 4], 'ready');
    token = (await login(t.app, 'fault_root')).access_token;
  }, 120_000);

  // A test that failed before bringing its shard back leaves the next one a whole cluster.
  afterEach(async () => {
    for (const [i, s] of cluster.shards.entries()) {
      if (!alive(s.pid)) await cluster.restartShard(i);
      else process.kill(s.pid, 'SIGCONT');
    }
  });

  afterAll(async () => {
    await t?.close();
    await cluster?.stop(2000);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Shard `i` back (same ports and data), and the app answering 200 by itself. */
  async function restartAndRecover(i: number) {
    await cluster.restartShard(i);
    await until(async () => (await analysis('en')).statusCode === 200, 30_000, 'a 200 after the shard returned');
  }

  /** How many slow statements (or their parts) run on shard `i`, and whether it is their initiator. */
  async function slowOn(i: number): Promise<{ running: number; initial: number }> {
    const [running, initial] = (
      await onShard(
        cluster,
        i,
        `SELECT count(), countIf(is_initial_query) FROM system.processes WHERE query LIKE '%${SLOW_MARK}%' AND query NOT LIKE '%system.processes%' FORMAT TSV`,
      )
    )
      .trim()
      .split('\t')
      .map(Number);
    return { running: running!, initial: initial! };
  }

  it('answers 200 while both shards run', async () => {
    const res = await analysis('en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.points.length).toBeGreaterThan(0);
  });

  it('a shard down: 503 naming the warehouse in both languages, promptly; 200 again once it returns', async () => {
    process.kill(cluster.shards[1]!.pid, 'SIGKILL');
    // Several requests, so each shard's turn as the one a query is sent to comes up (the engine
    // sends them in turn): the dead one refuses, the live one fails to reach its peer.
    for (let i = 0; i < 4; i++) {
      const locale = i % 2 ? 'zh_cn' : 'en';
      const t0 = Date.now();
      const res = await within(analysis(locale), PROMPT_MS, `request ${i} with a shard down`);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual(locale === 'en' ? EN : ZH);
      expect(Date.now() - t0).toBeLessThan(PROMPT_MS);
    }
    await restartAndRecover(1);
  });

  it.each([
    ['the shard it was sent to', true],
    ['the other shard', false],
  ])(
    'a query running on both shards when %s goes down fails as unavailable and stops on the survivor',
    async (_, initiator) => {
      const warehouse = t.ctx.warehouse;
      // ≈ 25 000 rows a shard at 2 ms a row: it would run about 50 s.
      const sql = `SELECT toString(count()) AS s, '${SLOW_MARK}' AS mark FROM ${warehouse.tableName('cn_monthly', 'fact_sales')} WHERE sleepEachRow(0.002) = 0 SETTINGS max_block_size = 1000`;
      const running = warehouse.query(sql, [], { timeoutMs: 120_000 });
      running.catch(() => undefined); // awaited below
      await until(
        async () => (await slowOn(0)).running > 0 && (await slowOn(1)).running > 0,
        PROMPT_MS,
        'the slow query on both shards',
      );
      const first = (await slowOn(0)).initial > 0 ? 0 : 1;
      const victim = initiator ? first : 1 - first;
      const survivor = 1 - victim;
      process.kill(cluster.shards[victim]!.pid, 'SIGKILL');
      await expect(within(running, PROMPT_MS, 'the running query to fail')).rejects.toBeInstanceOf(
        WarehouseUnavailableError,
      );
      await until(async () => (await slowOn(survivor)).running === 0, PROMPT_MS, 'the query to stop on the survivor');
      await restartAndRecover(victim);
    },
  );

  it('a shard hung (SIGSTOP): 503 within the query time limit, 200 again once it resumes', async () => {
    const pid = cluster.shards[1]!.pid;
    process.kill(pid, 'SIGSTOP');
    try {
      const t0 = Date.now();
      const res = await within(analysis('en'), PROMPT_MS, 'a request with a shard hung');
      expect(res.statusCode, res.body).toBe(503);
      // A hung server cannot be told from a slow query: the time limit answers, not a hang.
      expect(['query_timeout', 'warehouse_unavailable']).toContain(res.json().code);
      expect(Date.now() - t0).toBeLessThan(PROMPT_MS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until(async () => (await analysis('en')).statusCode === 200, 30_000, 'a 200 after the shard resumed');
  });
});
