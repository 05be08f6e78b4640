import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { startCluster, stopTestClustersUnder, unavailableReason } from '../../../../scripts/clickhouse-cluster.mjs';
import { tempDir } from './fixtures.js';

const script = fileURLToPath(new URL('../../../../scripts/clickhouse-cluster.mjs', import.meta.url));
const reason = unavailableReason();
if (reason && process.env.CI === 'true')
  throw new Error(`the ClickHouse tests need clickhouse-server in CI: ${reason}`);
if (reason) console.warn(`ClickHouse cluster script tests skipped: ${reason}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const gone = async (pids: number[], ms: number) => {
  const deadline = Date.now() + ms;
  while (pids.some(alive)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
};
const statePids = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'cluster.json'), 'utf8')).servers as { pid: number }[]).map((s) => s.pid);

describe.skipIf(reason)('scripts/clickhouse-cluster.mjs', () => {
  const scratch = tempDir('ml-ch-script-');
  afterAll(() => scratch.cleanup());

  test('start prints a WAREHOUSE_URL that answers; stop ends every server', async () => {
    const dir = path.join(scratch.dir, 'cli');
    const start = spawnSync(process.execPath, [script, 'start', '--shards', '2', '--dir', dir], { encoding: 'utf8' });
    expect(start.stderr).toBe('');
    expect(start.status).toBe(0);
    const url = /^WAREHOUSE_URL=(.*)$/m.exec(start.stdout)?.[1];
    expect(url).toMatch(
      /^http:\/\/marketlens_query:[0-9a-f]+@127\.0\.0\.1:\d+,127\.0\.0\.1:\d+\/marketlens\?cluster=marketlens&/,
    );
    const pids = statePids(dir);
    expect(pids.every(alive)).toBe(true);
    const port = /@127\.0\.0\.1:(\d+)/.exec(url!)![1];
    expect(await (await fetch(`http://127.0.0.1:${port}/ping`)).text()).toBe('Ok.\n');
    const stop = spawnSync(process.execPath, [script, 'stop', '--dir', dir], { encoding: 'utf8' });
    expect(stop.status).toBe(0);
    expect(await gone(pids, 1_000)).toBe(true);
  });

  // What npm test (scripts/test.mjs) runs after vitest, in the run's own temp folder.
  test('stopTestClustersUnder stops a cluster a killed test run left, and only test-run clusters', async () => {
    const left = await startCluster({
      shards: 1,
      dir: path.join(scratch.dir, 'marketlens-ch-tests-x', 'cluster'),
      detached: true,
    });
    const other = await startCluster({ shards: 1, dir: path.join(scratch.dir, 'someone-else'), detached: true });
    try {
      expect(await stopTestClustersUnder(scratch.dir)).toEqual(left.pids);
      expect(await gone(left.pids, 1_000)).toBe(true);
      expect(other.pids.every(alive)).toBe(true);
    } finally {
      await left.stop();
      await other.stop();
    }
  });

  test.each(['exit', 'SIGTERM'] as const)('servers started as a module stop when the parent ends (%s)', async (how) => {
    const dir = path.join(scratch.dir, `module-${how}`);
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startCluster } = await import(${JSON.stringify(script)});
         await startCluster({ shards: 1, dir: ${JSON.stringify(dir)} });
         console.log('up');
         ${how === 'exit' ? 'process.exit(0);' : 'setInterval(() => {}, 1000);'}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.on('data', (d) => String(d).includes('up') && resolve()));
    const pids = statePids(dir);
    if (how === 'SIGTERM') {
      expect(pids.every(alive)).toBe(true);
      child.kill('SIGTERM');
    }
    await new Promise((r) => child.once('exit', r));
    // 'exit' can only SIGKILL; on a signal the servers get SIGTERM and 2 s before SIGKILL.
    expect(await gone(pids, 3_000)).toBe(true);
  });
});
