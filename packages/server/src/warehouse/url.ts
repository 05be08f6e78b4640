import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the warehouse lives, from WAREHOUSE_URL (or --warehouse). */
export type WarehouseLocation = { engine: 'duckdb'; dir: string } | { engine: 'clickhouse'; url: string };

/**
 * Accepts a plain directory (`./data/warehouse`), `duckdb:<dir>` (`duckdb:./data/warehouse`,
 * `duckdb:///srv/warehouse`), `file:///srv/warehouse`, or an `http(s)://` ClickHouse URL.
 * Relative directories resolve against `cwd`.
 */
export function parseWarehouseUrl(url: string, cwd: string = process.cwd()): WarehouseLocation {
  const value = url.trim();
  if (value === '') throw new Error('warehouse location is empty: expected a directory or an http(s):// URL');
  if (/^https?:\/\//i.test(value)) return { engine: 'clickhouse', url: value };
  if (/^file:/i.test(value)) return { engine: 'duckdb', dir: fileURLToPath(value) };
  let dir = value;
  const m = /^duckdb:(.*)$/i.exec(value);
  if (m) {
    dir = m[1] ?? '';
    // duckdb:///abs → /abs; duckdb://rel → rel
    if (dir.startsWith('//')) dir = dir.slice(2);
    if (dir === '') throw new Error(`warehouse location "${url}" has no directory after duckdb:`);
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`warehouse location "${url}" is not supported: expected a directory, duckdb:<dir> or http(s)://`);
  }
  return { engine: 'duckdb', dir: path.resolve(cwd, dir) };
}

/** The default warehouse directory: `$DATA_DIR/warehouse` (DATA_DIR defaults to ./data). */
export function defaultWarehouseDir(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const dataDir = env.DATA_DIR?.trim() || './data';
  return path.resolve(cwd, dataDir, 'warehouse');
}
