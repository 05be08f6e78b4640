// `npm test`: build, typecheck, lint, then every test project (unit, API, metadata on SQLite and
// PostgreSQL, warehouse and API tests on DuckDB and a 2-shard ClickHouse cluster, e2e in Chromium).
// Stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';
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
step('Handbook links', process.execPath, ['scripts/check-doc-links.mjs']);
step('Handbook references', process.execPath, ['scripts/check-references.mjs']);
// The server tests start their ClickHouse cluster on first use and stop it when the run ends
// (test/clickhouse-setup.ts); a run killed hard cannot. Its temp folder is the run's own, so what
// it left there is stopped afterwards: `npm test` never leaves a server behind.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'marketlens-test-run-'));
const env = { ...process.env, TMPDIR: tmp };
const args = process.argv.slice(2);
let status;
try {
  if (args.length > 0) {
    status = run('Tests (vitest)', bin('vitest'), ['run', ...args], env);
  } else {
    // Vitest runs every project whose files go one at a time (server, e2e) in one queue after the
    // others, so the Chromium suite, which mostly waits on the browser, stood behind the server suite
    // on a small machine. Now: the parallel projects first (the jsdom screen tests want the cores
    // to themselves: beside Chromium they ran into their time limits), then server and e2e side by side.
    process.stdout.write('\n▸ Tests (vitest: shared, datagen, web)\n');
    const first = await runAsync(['run', '--project', 'shared', '--project', 'datagen', '--project', 'web'], env, '');
    process.stdout.write('\n▸ Tests (vitest: server; e2e in Chromium beside it)\n');
    const [server, e2e] = await Promise.all([
      runAsync(['run', '--project', 'server'], env, ''),
      runAsync(['run', '--project', 'e2e'], env, '[e2e] '),
    ]);
    status = first || server || e2e;
    const mark = (code) => (code ? '✗' : '✓');
    process.stdout.write(`\n${mark(first)} shared, datagen, web   ${mark(server)} server   ${mark(e2e)} e2e\n`);
  }
} finally {
  const left = await stopTestClustersUnder(tmp);
  if (left.length > 0)
    process.stderr.write(`stopped ClickHouse servers the tests left running (pids ${left.join(' ')})\n`);
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);

/** Runs vitest with `args`, each output line prefixed (so two runs side by side stay readable). */
function runAsync(vitestArgs, runEnv, prefix) {
  return new Promise((resolve) => {
    const child = spawn(bin('vitest'), vitestArgs, { cwd: root, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const pipe = (from, to) => {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix}${line}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
  });
}
