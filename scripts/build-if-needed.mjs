// Builds only what is stale, so a second `npm start` serves within seconds.
// TypeScript packages: compared with a stamp written after the last build; the web app: with dist/index.html.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Newest modification time among files below the given paths (folders are walked). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) visit(path.join(root, p));
  return max;
}

const mtime = (p) => (existsSync(path.join(root, p)) ? statSync(path.join(root, p)).mtimeMs : 0);

function run(label, cmd, args, cwd = root) {
  process.stdout.write(`▸ ${label}…\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (res.status !== 0) {
    process.stderr.write(`✗ ${label} failed (exit code ${res.status ?? res.signal}).\n`);
    process.exit(res.status ?? 1);
  }
  process.stdout.write(`✓ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

const TS_PACKAGES = ['shared', 'datagen', 'server'];

export function ensureBuilt({ force = false } = {}) {
  // Our own stamp, written only after a successful emit: tsbuildinfo files are also rewritten by
  // `tsc --noEmit` type checks, so they cannot tell whether dist/ holds the current code.
  const stamp = 'packages/server/dist/.build-stamp';
  const built = mtime(stamp);
  const sources = newest([
    'tsconfig.base.json',
    'package.json',
    ...TS_PACKAGES.flatMap((p) => [`packages/${p}/src`, `packages/${p}/tsconfig.json`, `packages/${p}/package.json`]),
  ]);
  if (force || built === 0 || sources > built) {
    run('Building server packages (tsc)', bin('tsc'), ['-b', '--force', ...TS_PACKAGES.map((p) => `packages/${p}`)]);
    writeFileSync(path.join(root, stamp), `${new Date().toISOString()}\n`);
  }

  const webBuilt = mtime('packages/web/dist/index.html');
  const webSources = newest([
    'packages/web/src',
    'packages/web/public',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/web/package.json',
    'packages/shared/src',
  ]);
  if (force || webBuilt === 0 || webSources > webBuilt)
    run('Building web app (vite)', bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, 'packages/web'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt({ force: process.argv.includes('--force') });
