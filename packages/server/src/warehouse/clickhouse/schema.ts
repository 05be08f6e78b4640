import {
  type AnyTableName,
  DATASET_NAME_PATTERN,
  DATASET_TABLES,
  OPTIONAL_TABLES,
  type TableDef,
} from '@marketlens/shared';
import { WAREHOUSE_TABLES } from '../duckdb/engine.js';
import type { LoadedDataset, WarehouseTable } from '../engine.js';
import { ROLLUPS } from '../rollups.js';

/**
 * Tables of a dataset version on the cluster (ADR 0005). Every server holds, per version:
 * - the facts and rollups as a local MergeTree (`…_local`), sorted category first, plus a
 *   Distributed table over all shards' locals (the name queries read);
 * - the dimension tables and sku_keyword as a full MergeTree copy, so joins with them stay on the
 *   shard (no GLOBAL JOIN).
 * Names: `<dataset>__v<version tag>__<table>`; identifiers only from the catalogue and ROLLUPS.
 */

/** The import format's definition of a table, required or optional (undefined: a derived table). */
function importTable(table: string): TableDef<AnyTableName> | undefined {
  return [...DATASET_TABLES, ...OPTIONAL_TABLES].find((t) => t.name === table);
}

/** Tables split over the shards; everything else is copied to each. */
export function isSharded(table: string): boolean {
  return table === 'fact_sales' || table.startsWith('rollup_');
}

/** Sharding key: facts by SKU, so every shard holds part of every category (all shards work on each panel). */
export function shardingKey(table: string): string {
  // Rollups have no SKU: the whole group key spreads each category over the shards just as well.
  return table === 'fact_sales' ? 'cityHash64(sku_id)' : `cityHash64(${orderKey(table).join(', ')})`;
}

/** The MergeTree sort key: category first, then period, like the DuckDB files. */
export function orderKey(table: string): string[] {
  if (table === 'fact_sales') return ['category_id', 'period', 'sku_id'];
  if (table === 'sku_keyword') return ['sku_id', 'lang', 'keyword'];
  const rollup = ROLLUPS.find((r) => r.name === table);
  if (rollup) return rollup.dims.flatMap((d) => (d === 'attribute' ? ['attr_name', 'value_zh'] : [d]));
  const def = importTable(table);
  if (def) return [...def.key];
  throw new Error(`no sort key for table "${table}"`);
}

const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

/** The lower-case, identifier-safe form of a version (newVersion() of the DuckDB catalogue). */
export function versionTag(version: string): string {
  if (!VERSION.test(version)) throw new Error(`invalid dataset version "${version}"`);
  return `v${version.toLowerCase().replace('-', '_')}`;
}

/** `<dataset>__v<tag>__` — what every table of one dataset version starts with. */
export function versionPrefix(dataset: string, version: string): string {
  if (!DATASET_NAME_PATTERN.test(dataset)) throw new Error(`invalid dataset name "${dataset}"`);
  return `${dataset}__${versionTag(version)}__`;
}

/** Which dataset version a table name belongs to (undefined: not a table of `dataset`). */
export function tableVersionTag(dataset: string, name: string): string | undefined {
  const m = /^(v\d{8}t\d{9}z_[0-9a-f]{6})__[a-z_]+$/.exec(
    name.startsWith(`${dataset}__`) ? name.slice(dataset.length + 2) : '',
  );
  return m?.[1];
}

export function quote(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain identifier`);
  return `\`${name}\``;
}

export interface TableNames {
  /** What queries read: the Distributed table, or the full copy. */
  read: string;
  /** Where rows are stored on each server. */
  local: string;
}

export function tableNames(dataset: string, version: string, table: WarehouseTable | string): TableNames {
  if (!WAREHOUSE_TABLES.has(table)) throw new Error(`unknown warehouse table "${table}"`);
  const base = `${versionPrefix(dataset, version)}${table}`;
  return { read: base, local: isSharded(table) ? `${base}_local` : base };
}

/** DuckDB column type → ClickHouse type. Money is Float64: 18.16 cannot compare Decimal with Float64. */
export function clickhouseType(duckType: string): string {
  const t = duckType.toUpperCase();
  if (t === 'INTEGER') return 'Int32';
  if (t === 'BIGINT') return 'Int64';
  if (t === 'DOUBLE' || t.startsWith('DECIMAL')) return 'Float64';
  if (t === 'VARCHAR') return 'String';
  if (t === 'BOOLEAN') return 'UInt8';
  if (t === 'DATE') return 'Date';
  throw new Error(`no ClickHouse type for DuckDB type ${duckType}`);
}

export interface ColumnSpec {
  name: string;
  duckType: string;
  nullable: boolean;
}

/** Nullable only where the import format allows empty values (never in a sort key). */
export function columnSpecs(table: string, described: { name: string; type: string }[]): ColumnSpec[] {
  const def = importTable(table);
  return described.map((c) => ({
    name: c.name,
    duckType: c.type,
    nullable: def?.columns.find((d) => d.name === c.name)?.nullable === true,
  }));
}

/** CREATE statements of one table on one server: the local table, then the Distributed one. */
export function createTableSql(
  database: string,
  cluster: string,
  names: TableNames,
  table: string,
  cols: ColumnSpec[],
) {
  const columns = cols
    .map((c) => {
      const type = clickhouseType(c.duckType);
      return `${quote(c.name)} ${c.nullable ? `Nullable(${type})` : type}`;
    })
    .join(', ');
  const out = [
    `CREATE TABLE ${quote(database)}.${quote(names.local)} (${columns}) ENGINE = MergeTree ORDER BY (${orderKey(table).map(quote).join(', ')})`,
  ];
  if (names.read !== names.local) {
    out.push(
      `CREATE TABLE ${quote(database)}.${quote(names.read)} AS ${quote(database)}.${quote(names.local)} ` +
        `ENGINE = Distributed(${quote(cluster)}, ${quote(database)}, ${quote(names.local)}, ${shardingKey(table)})`,
    );
  }
  return out;
}

export const CATALOG_TABLE = '_catalog';

/**
 * The catalogue on the first server: one row per switch. The newest version per dataset is
 * current (versions sort by time), so an older import that finishes late never takes over.
 */
export function createCatalogSql(database: string): string {
  return `CREATE TABLE IF NOT EXISTS ${quote(database)}.${quote(CATALOG_TABLE)} (dataset String, version String, info String, seq UInt64) ENGINE = MergeTree ORDER BY (dataset, seq)`;
}

export function readCatalogSql(database: string): string {
  return `SELECT dataset, argMax(info, version) AS info FROM ${quote(database)}.${quote(CATALOG_TABLE)} GROUP BY dataset ORDER BY dataset FORMAT JSONCompact`;
}

/** A catalogue row checked before any of it becomes an identifier. */
export function parseCatalogInfo(dataset: string, info: string): LoadedDataset {
  const entry = JSON.parse(info) as LoadedDataset;
  if (!DATASET_NAME_PATTERN.test(dataset) || entry?.manifest?.name !== dataset) {
    throw new Error(`catalogue entry "${dataset}" has an invalid name`);
  }
  versionTag(entry.version);
  return entry;
}
