import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { clusterHealth, readCluster } from '../../../scripts/clickhouse-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's ClickHouse cluster lives once a test asked for it (support/clickhouse.ts). */
    clickhouseStateDir: string;
  }
}

/**
 * One ClickHouse cluster per test run, started by the first test that needs it (so runs without
 * ClickHouse tests start no server) and stopped here when the run ends.
 */
export default function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'marketlens-ch-tests-'));
  project.provide('clickhouseStateDir', stateDir);
  const clusterDir = path.join(stateDir, 'cluster');
  const statePath = path.join(clusterDir, 'cluster.json');
  // An interrupted run skips the teardown: kill what is left when this process exits.
  const onExit = () => {
    if (!existsSync(statePath)) return;
    for (const s of JSON.parse(readFileSync(statePath, 'utf8')).servers as { pid: number }[]) {
      try {
        process.kill(s.pid, 'SIGKILL');
      } catch {}
    }
  };
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    if (existsSync(statePath)) {
      // A shard that hung or crashed fails every ClickHouse file after it: say why, from its logs.
      for (const s of await clusterHealth(clusterDir)) {
        console.error(`ClickHouse test server ${s.dir} (pid ${s.pid}): ${s.problems.join('; ')}\n${s.errLogTail}`);
      }
      await readCluster(clusterDir).stop();
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
}
