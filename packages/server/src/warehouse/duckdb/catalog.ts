import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DATASET_NAME_PATTERN } from '@marketlens/shared';
import type { LoadedDataset } from '../engine.js';

/**
 * The warehouse directory (ADR 0001):
 *
 *   <dir>/catalog.json                    dataset name → current file + metadata (replaced atomically)
 *   <dir>/catalog.lock                    held for the few milliseconds of a catalogue update
 *   <dir>/<dataset>/<version>.duckdb      one immutable DuckDB file per successful import
 *   <dir>/<dataset>/<version>.pictures    its product pictures in one pack (warehouse/pictures.ts), when it has any
 *   <dir>/<dataset>/<version>.<pid>.tmp   an import in progress (removed when its process is gone)
 *   <dir>/<dataset>/<version>.pictures.<pid>.tmp   its pictures in progress
 *   <dir>/.spill-<pid>-<random>/          DuckDB spill space of an import in progress
 */

export const CATALOG_FILE = 'catalog.json';
const LOCK_FILE = 'catalog.lock';
const CATALOG_FORMAT = 1;

export interface CatalogEntry extends LoadedDataset {
  /** DuckDB file, relative to the warehouse directory. */
  file: string;
}

export interface Catalog {
  format: typeof CATALOG_FORMAT;
  datasets: Record<string, CatalogEntry>;
}

export function emptyCatalog(): Catalog {
  return { format: CATALOG_FORMAT, datasets: {} };
}

/** Sortable and unique: UTC time to the millisecond plus randomness (two imports in one ms). */
export function newVersion(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

export function datasetFile(name: string, version: string): string {
  return `${name}/${version}.duckdb`;
}

/** The pictures pack of a version, beside its file (relative, like the file). */
export function picturesFile(file: string): string {
  return file.replace(/\.duckdb$/, '.pictures');
}

/** Where an import packs the pictures before publishing them under {@link picturesFile}. */
export function tmpPicturesFile(name: string, version: string, pid: number = process.pid): string {
  return `${name}/${version}.pictures.${pid}.tmp`;
}

/** The temporary name an import builds under; the pid lets others tell a live import from debris. */
export function tmpFile(name: string, version: string, pid: number = process.pid): string {
  return `${name}/${version}.${pid}.tmp`;
}

const TMP_NAME = /^.+\.(\d+)\.tmp(?:\.wal)?$/;

export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface CatalogSnapshot {
  catalog: Catalog;
  /** The file's text, to tell whether it changed; null when there is no catalogue yet. */
  text: string | null;
}

export async function readCatalog(dir: string): Promise<CatalogSnapshot> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, CATALOG_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { catalog: emptyCatalog(), text: null };
    throw err;
  }
  return { catalog: parseCatalog(text, path.join(dir, CATALOG_FILE)), text };
}

export function parseCatalog(text: string, where: string): Catalog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${where} is not valid JSON: ${(err as Error).message}`);
  }
  const obj = data as Partial<Catalog> | null;
  if (!obj || obj.format !== CATALOG_FORMAT || typeof obj.datasets !== 'object' || obj.datasets === null) {
    throw new Error(`${where} is not a MarketLens warehouse catalogue (format ${CATALOG_FORMAT})`);
  }
  for (const [name, entry] of Object.entries(obj.datasets)) {
    // Names become SQL identifiers (ds_<name>) and paths; accept nothing unexpected.
    if (!DATASET_NAME_PATTERN.test(name) || entry?.manifest?.name !== name) {
      throw new Error(`${where}: dataset entry "${name}" has an invalid name`);
    }
    if (typeof entry.file !== 'string' || !new RegExp(`^${name}/[A-Za-z0-9_-]+\\.duckdb$`).test(entry.file)) {
      throw new Error(`${where}: dataset "${name}" has an invalid file "${String(entry.file)}"`);
    }
  }
  return obj as Catalog;
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces catalog.json atomically: a reader sees the old or the new file, never a partial one. */
export async function writeCatalog(dir: string, catalog: Catalog): Promise<void> {
  const target = path.join(dir, CATALOG_FILE);
  const tmp = `${target}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(catalog, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, target);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
}

/**
 * Runs `fn` holding the catalogue lock, so that two imports (possibly in two processes) never lose
 * each other's catalogue update. A lock left by a dead process is taken over.
 */
export async function withCatalogLock<T>(dir: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const lock = path.join(dir, LOCK_FILE);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await fs.open(lock, 'wx');
      try {
        await handle.writeFile(String(process.pid));
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(await fs.readFile(lock, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder > 0 && !processAlive(holder)) {
        await fs.rm(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`the warehouse catalogue is locked by process ${holder} (${lock})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

/** Removes `*.tmp` debris of imports whose process is gone (a crash or kill -9). */
export async function removeStaleTmpFiles(dir: string): Promise<string[]> {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch {
    return removed;
  }
  for (const sub of entries) {
    if (!DATASET_NAME_PATTERN.test(sub)) continue;
    const subdir = path.join(dir, sub);
    let files: string[];
    try {
      files = await fs.readdir(subdir);
    } catch {
      continue;
    }
    for (const f of files) {
      const m = TMP_NAME.exec(f);
      if (m && !processAlive(Number(m[1]))) {
        await fs.rm(path.join(subdir, f), { force: true });
        removed.push(`${sub}/${f}`);
      }
    }
  }
  // Catalogue temp files of a writer that died between write and rename, and import spill folders.
  for (const f of entries) {
    const m = /^catalog\.json\.(\d+)\.[0-9a-f]+\.tmp$/.exec(f) ?? /^\.spill-(\d+)-[0-9a-f]+$/.exec(f);
    if (m && !processAlive(Number(m[1]))) {
      await fs.rm(path.join(dir, f), { recursive: true, force: true });
      removed.push(f);
    }
  }
  return removed;
}

/**
 * Deletes version files (and pictures packs) of `name` that the catalogue no longer points at.
 * Call it holding the lock. A server that still has an old file attached keeps reading it (the
 * inode lives on until it detaches), so this never disturbs running queries.
 */
export async function removeSupersededFiles(dir: string, name: string, catalog: Catalog): Promise<void> {
  const current = catalog.datasets[name]?.file;
  const subdir = path.join(dir, name);
  let files: string[];
  try {
    files = await fs.readdir(subdir);
  } catch {
    return;
  }
  for (const f of files) {
    if (TMP_NAME.test(f)) continue;
    if (!/\.(?:duckdb(?:\.wal)?|pictures)$/.test(f)) continue;
    const rel = `${name}/${f}`;
    if (current && (rel === current || rel === `${current}.wal` || rel === picturesFile(current))) continue;
    await fs.rm(path.join(subdir, f), { force: true });
  }
}
