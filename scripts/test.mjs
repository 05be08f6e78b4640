// `npm test`: build, typecheck, lint, then every test project (unit, API, metadata on SQLite and
// PostgreSQL, e2e in Chromium). Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function step(label, cmd, args) {
  process.stdout.write(`\n▸ ${label}\n`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    process.stderr.write(`✗ ${label} failed\n`);
    process.exit(res.status ?? 1);
  }
}

ensureBuilt();
step('Typecheck web', bin('tsc'), ['-p', 'packages/web', '--noEmit']);
step('Typecheck e2e', bin('tsc'), ['-p', 'e2e', '--noEmit']);
step('Typecheck tests', bin('tsc'), ['-p', 'tsconfig.tests.json']);
step('Lint and format check (biome)', bin('biome'), ['check', '.']);
step('Tests (vitest: shared, datagen, server, web, e2e)', bin('vitest'), ['run', ...process.argv.slice(2)]);
