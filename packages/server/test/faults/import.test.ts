import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openWarehouse, type WarehouseEngine } from '../../src/warehouse/index.js';
import {
  bundleImportCli,
  datasetFigures,
  type Figures,
  KILL_POINTS,
  killPointName,
  runImportCli,
} from '../support/import-cli.js';

/**
 * An import that dies (SIGKILL at each phase of the import CLI) or runs out of disk (a size-limited
 * tmpfs of the test's own) on the embedded DuckDB warehouse (docs/deployment.md "Warehouse faults",
 * docs/data-format.md): the previous version of the dataset keeps answering with the same figures,
 * no partial version becomes visible, what the failed import left is cleaned up (or never read),
 * and the next import succeeds.
 *
 * Version 1 is the tiny cn_monthly dataset; the imports that fail (and the one after them) load
 * the tiny global_monthly dataset under the same name, so its figures differ from version 1's.
 */
const DATASET = 'cn_monthly';

/** What a user sees of the dataset. */
const figures = (warehouse: WarehouseEngine) => datasetFigures(warehouse, DATASET);

/** Every file and folder under `dir` (relative paths). */
/** The warehouse holding exactly one version of DATASET: its file and its pictures, and the catalogue. */
const only = (version: string) => [
  'catalog.json',
  DATASET,
  `${DATASET}/${version}.duckdb`,
  `${DATASET}/${version}.pictures`,
];

function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('an import killed at each phase, on DuckDB', () => {
  let root: string;
  let dir: string;
  let cli: Awaited<ReturnType<typeof bundleImportCli>>;
  /** A running server's view: opened before the faults, only refreshed. */
  let server: WarehouseEngine;
  let before: Figures;
  const source = (name: string) => path.join(inject('tinySourceDir'), name);

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'marketlens-fault-import-'));
    dir = path.join(root, 'warehouse');
    mkdirSync(dir);
    cli = await bundleImportCli();
    const first = await runImportCli(cli.file, ['--warehouse', dir, source(DATASET)]).exit;
    expect(first.code, first.stderr).toBe(0);
    server = await openWarehouse({ warehouseUrl: dir, warehouseRefreshMs: 0 });
    before = await figures(server);
    expect(before.rows).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await server?.close();
    cli?.remove();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it.each(KILL_POINTS.map((p) => [killPointName(p), p] as const))(
    'killed after "%s": the previous version answers, nothing partial is visible',
    async (_, killAt) => {
      const run = await runImportCli(cli.file, ['--warehouse', dir, '--dataset', DATASET, source('global_monthly')], {
        killAt,
      }).exit;
      // Killed where asked, not finished (nor failed) before.
      expect(run.signal, run.stdout + run.stderr).toBe('SIGKILL');
      expect(run.stdout).toMatch(killAt);
      expect(await figures(server)).toEqual(before);
      // A server started now reads the same.
      const fresh = await openWarehouse({ warehouseUrl: dir, warehouseRefreshMs: 0 });
      try {
        expect(await figures(fresh)).toEqual(before);
      } finally {
        await fresh.close();
      }
    },
  );

  it('the next import succeeds, and what the killed ones left is gone', async () => {
    const run = await runImportCli(cli.file, ['--warehouse', dir, '--dataset', DATASET, source('global_monthly')]).exit;
    expect(run.code, run.stderr).toBe(0);
    const after = await figures(server);
    expect(after.version).not.toBe(before.version);
    expect(after.rows).not.toBe(before.rows);
    // Only the catalogue and the current version's file and pictures: no temporary file, spill folder or lock.
    expect(listing(dir)).toEqual(only(after.version));
  });
});

/** Why a size-limited tmpfs cannot be mounted here (not root, no mount), or null. */
function mountTmpfs(dir: string, size: string): string | null {
  const res = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (res.error) return `mount: ${res.error.message}`;
  return res.status === 0 ? null : `mount -t tmpfs failed: ${res.stderr.trim()}`;
}

function remount(dir: string, size: string): void {
  const res = spawnSync('mount', ['-o', `remount,size=${size}`, dir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`remount of ${dir} failed: ${res.stderr}`);
}

/** Bytes used on the file system of `dir` (tmpfs: what its files hold). */
function usedBytes(dir: string): number {
  const res = spawnSync('df', ['-B1', '--output=used', dir], { encoding: 'utf8' });
  return Number(res.stdout.trim().split('\n').pop());
}

/** Whether this process may mount a tmpfs (root, mount present): tried on a probe folder. */
function tmpfsUnavailable(): string | null {
  const probe = mkdtempSync(path.join(tmpdir(), 'marketlens-tmpfs-probe-'));
  try {
    const why = mountTmpfs(probe, '1m');
    if (!why) spawnSync('umount', [probe]);
    return why;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const noTmpfs = tmpfsUnavailable();
if (noTmpfs && process.env.CI === 'true') throw new Error(`the disk-full import test needs a tmpfs in CI: ${noTmpfs}`);
if (noTmpfs) console.warn(`disk-full import test skipped: ${noTmpfs}`);

describe.skipIf(noTmpfs !== null)('an import with the disk full, on DuckDB', () => {
  let root: string;
  let dir: string;
  let mounted = false;
  let cli: Awaited<ReturnType<typeof bundleImportCli>>;
  let server: WarehouseEngine;
  let before: Figures;
  const source = (name: string) => path.join(inject('tinySourceDir'), name);

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'marketlens-fault-disk-'));
    dir = path.join(root, 'warehouse');
    mkdirSync(dir);
    const why = mountTmpfs(dir, '64m');
    if (why) throw new Error(why);
    mounted = true;
    cli = await bundleImportCli();
    const first = await runImportCli(cli.file, ['--warehouse', dir, source(DATASET)]).exit;
    expect(first.code, first.stderr).toBe(0);
    server = await openWarehouse({ warehouseUrl: dir, warehouseRefreshMs: 0 });
    before = await figures(server);
  });

  afterAll(async () => {
    await server?.close();
    cli?.remove();
    if (mounted) spawnSync('umount', [dir]);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('fails cleanly: the previous version answers, no file is left; with space again the next import succeeds', async () => {
    // Room for about a fifth of the new version's file.
    const free = Math.round(statSync(path.join(dir, DATASET, `${before.version}.duckdb`)).size / 5);
    remount(dir, String(usedBytes(dir) + free));
    const full = await runImportCli(cli.file, ['--warehouse', dir, '--dataset', DATASET, source('global_monthly')])
      .exit;
    expect(full.code, full.stdout + full.stderr).toBe(1);
    expect(full.stderr).toMatch(/No space left on device|ENOSPC|disk is full|Could not write/i);
    expect(await figures(server)).toEqual(before);
    // The failed import removed its own temporary file and spill folder at once.
    expect(listing(dir)).toEqual(only(before.version));

    remount(dir, '64m');
    const next = await runImportCli(cli.file, ['--warehouse', dir, '--dataset', DATASET, source('global_monthly')])
      .exit;
    expect(next.code, next.stderr).toBe(0);
    const after = await figures(server);
    expect(after.version).not.toBe(before.version);
    expect(after.rows).not.toBe(before.rows);
    expect(listing(dir)).toEqual(only(after.version));
  });
});
