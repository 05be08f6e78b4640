import { existsSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { type Cluster, readCluster, startCluster, unavailableReason } from '../../../../scripts/clickhouse-cluster.mjs';
import { withRunLock } from './runLock.js';

export type { Cluster };

/**
 * The run's 2-shard ClickHouse cluster (started on first use, stopped by clickhouse-setup.ts), or
 * why there is none. Under CI=true a missing clickhouse-server is a failure, not a skip.
 */
export async function testCluster(): Promise<
  { cluster: Cluster; skip?: undefined } | { cluster?: undefined; skip: string }
> {
  const reason = unavailableReason();
  if (reason) {
    if (process.env.CI === 'true') throw new Error(`the ClickHouse tests need clickhouse-server in CI: ${reason}`);
    console.warn(`ClickHouse tests skipped: ${reason}`);
    return { skip: reason };
  }
  const stateDir = inject('clickhouseStateDir');
  const clusterDir = path.join(stateDir, 'cluster');
  // Test files run in parallel workers: one starts the cluster, the others wait and reuse it.
  return withRunLock(path.join(stateDir, 'start.lock'), 60_000, async () => {
    if (existsSync(path.join(clusterDir, 'cluster.json'))) return { cluster: readCluster(clusterDir) };
    // Detached: the worker that starts it may end before the run does.
    return { cluster: await startCluster({ shards: 2, dir: clusterDir, detached: true }) };
  });
}

/** A statement on one shard as the admin account (tests look at each server directly). */
export async function onShard(cluster: Cluster, shard: number, sql: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${cluster.shards[shard]!.httpPort}/`, {
    method: 'POST',
    headers: { 'X-ClickHouse-User': cluster.adminUser, 'X-ClickHouse-Key': cluster.adminPassword },
    body: sql,
    // A test's probe never waits unbounded on a busy shard (a reused socket the server dropped).
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(text);
  return text;
}
