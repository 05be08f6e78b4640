import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the warehouse lives, from WAREHOUSE_URL (or --warehouse). */
export type WarehouseLocation =
  | { engine: 'duckdb'; dir: string }
  | { engine: 'clickhouse'; url: string; clickhouse: ClickHouseLocation };

/**
 * A ClickHouse cluster, from `http(s)://user:password@host1:port1,host2:port2/database?cluster=NAME
 * &import_user=U&import_password=P`: the user is the read-only query account; every shard is listed
 * (DDL, replicated dimension tables and KILL QUERY go to each, without ZooKeeper); the import account
 * (DDL and inserts) is optional for a server that only queries.
 */
export interface ClickHouseLocation {
  protocol: 'http' | 'https';
  /** host:port of every shard, in the cluster's shard order; the first also keeps the catalogue. */
  hosts: string[];
  user: string;
  password: string;
  database: string;
  cluster: string;
  importUser?: string;
  importPassword?: string;
}

const CH_IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseClickHouseUrl(url: string): ClickHouseLocation {
  // Several hosts in one authority is not a WHATWG URL: split it by hand.
  const m = /^(https?):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#@]+)(?:\/([^?#]*))?(?:\?([^#]*))?$/i.exec(url.trim());
  if (!m)
    throw new Error('ClickHouse URL must look like http://user:password@host:port[,host:port…]/database?cluster=NAME');
  const decode = (v: string | undefined) => (v === undefined ? undefined : decodeURIComponent(v));
  const hosts = m[4]!.split(',').map((h) => h.trim());
  for (const h of hosts) {
    if (!/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$/.test(h)) {
      throw new Error(`ClickHouse URL: host "${h}" must be host:port`);
    }
  }
  const q = new URLSearchParams(m[6] ?? '');
  for (const key of q.keys()) {
    if (!['cluster', 'import_user', 'import_password'].includes(key)) {
      throw new Error(`ClickHouse URL: unknown parameter "${key}" (expected cluster, import_user, import_password)`);
    }
  }
  const database = decode(m[5]) || 'marketlens';
  const cluster = q.get('cluster') || 'marketlens';
  // Both end up in SQL as identifiers.
  if (!CH_IDENT.test(database)) throw new Error(`ClickHouse URL: database "${database}" is not a plain identifier`);
  if (!CH_IDENT.test(cluster)) throw new Error(`ClickHouse URL: cluster "${cluster}" is not a plain identifier`);
  const importUser = q.get('import_user') ?? undefined;
  return {
    protocol: m[1]!.toLowerCase() as 'http' | 'https',
    hosts,
    user: decode(m[2]) || 'default',
    password: decode(m[3]) ?? '',
    database,
    cluster,
    ...(importUser ? { importUser, importPassword: q.get('import_password') ?? '' } : {}),
  };
}

/**
 * Accepts a plain directory (`./data/warehouse`), `duckdb:<dir>` (`duckdb:./data/warehouse`,
 * `duckdb:///srv/warehouse`), `file:///srv/warehouse`, or an `http(s)://` ClickHouse URL.
 * Relative directories resolve against `cwd`.
 */
export function parseWarehouseUrl(url: string, cwd: string = process.cwd()): WarehouseLocation {
  const value = url.trim();
  if (value === '') throw new Error('warehouse location is empty: expected a directory or an http(s):// URL');
  if (/^https?:\/\//i.test(value)) return { engine: 'clickhouse', url: value, clickhouse: parseClickHouseUrl(value) };
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
