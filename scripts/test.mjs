// `npm test`: build, typecheck, lint, then every test project (unit, API, metadata on SQLite and
// PostgreSQL, warehouse and API tests on DuckDB and a 2-shard ClickHouse cluster, e2e in Chromium).
// Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-if-needed.mjs';
import { stopTestClustersUnder } from './clickhouse-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, cmd, args, env = process.env) {
  process.stdout.write(`\n▸ ${label}\n`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) process.stderr.write(`✗ ${label} failed\n`);
  return res.status ?? 1;
}

function step(label, cmd, args) {
  const status = run(label, cmd, args);
  if (status !== 0) process.exit(status);
}

ensureBuilt();
step('Typecheck web', bin('tsc'), ['-p', 'packages/web', '--noEmit']);
step('Typecheck e2e', bin('tsc'), ['-p', 'e2e', '--noEmit']);
step('Typecheck tests', bin('tsc'), ['-p', 'tsconfig.tests.json']);
step('Lint and format check (biome)', bin('biome'), ['check', '.']);
// The server tests start their ClickHouse cluster on first use and stop it when the run ends
// (test/clickhouse-setup.ts); a run killed hard cannot. Its temp folder is the run's own, so what
// it left there is stopped afterwards: `npm test` never leaves a server behind.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'marketlens-test-run-'));
let status;
try {
  status = run('Tests (vitest: shared, datagen, server, web, e2e)', bin('vitest'), ['run', ...process.argv.slice(2)], {
    ...process.env,
    TMPDIR: tmp,
  });
} finally {
  const left = await stopTestClustersUnder(tmp);
  if (left.length > 0)
    process.stderr.write(`stopped ClickHouse servers the tests left running (pids ${left.join(' ')})\n`);
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);
