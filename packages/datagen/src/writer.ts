/**
 * Writes a dataset folder (dataset.json + one Parquet or CSV file per table) through an in-process
 * DuckDB. Dimension rows go through the appender; facts go through data chunks of typed columns
 * (no per-value N-API call) into a staging table that COPY turns into the final column types.
 * Rows are inserted in key order and COPY keeps insertion order, with a fixed thread count, so the
 * same rows always give byte-identical files.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import path from 'node:path';
import {
  DOUBLE,
  type DuckDBAppender,
  type DuckDBConnection,
  DuckDBDataChunk,
  DuckDBDateValue,
  DuckDBDecimalValue,
  type DuckDBDoubleVector,
  DuckDBInstance,
  type DuckDBIntegerVector,
  INTEGER,
} from '@duckdb/node-api';
import {
  type AnyTableName,
  type ColumnType,
  DATASET_TABLE_NAMES,
  type DatasetTableName,
  OPTIONAL_TABLE_NAMES,
  tableDef,
} from '@marketlens/shared';
import { parseDay } from './calendar.js';
import {
  type DimensionRows,
  type DimensionTableName,
  type Market,
  type MarketRows,
  SHOP_TYPE_ORDER,
} from './market.js';

export type FileFormat = 'parquet' | 'csv';
export const FILE_FORMATS: readonly FileFormat[] = ['parquet', 'csv'];

export interface WriteProgress {
  phase: string;
  rows: number;
  total?: number;
}

const SQL_TYPES: Record<ColumnType, string> = {
  integer: 'INTEGER',
  bigint: 'BIGINT',
  double: 'DOUBLE',
  money: 'DECIMAL(18,2)',
  varchar: 'VARCHAR',
  boolean: 'BOOLEAN',
  date: 'DATE',
};

/** DuckDB threads for writing: fixed, so the output never depends on the machine. */
const WRITE_THREADS = '2';
/**
 * DuckDB memory while writing: 30 % of RAM within 1–8 GB. Beyond it the staged facts spill to disk,
 * which is slower but gives the same bytes (checked with a 64 MB limit against an unlimited run).
 */
function writeMemory(): string {
  const mb = Math.round((0.3 * totalmem()) / 2 ** 20);
  return `${Math.min(8192, Math.max(1024, mb))}MB`;
}
const PROGRESS_EVERY = 50_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

function copyOptions(format: FileFormat): string {
  return format === 'parquet' ? '(FORMAT parquet, COMPRESSION zstd)' : '(FORMAT csv, HEADER true)';
}

/**
 * What the writer reads of a dataset: the demo market or the messy fixture (messy.ts). An optional
 * table (the demo's calendar_event) is written when the market's `dims` has it.
 */
export type WritableMarket = Pick<Market, 'manifest' | 'skus' | 'factBatches'> & {
  rows<T extends DimensionTableName>(table: T): Iterable<DimensionRows[T][number]>;
  readonly dims: DimensionRows & Partial<Pick<MarketRows, 'calendar_event'>>;
};

/** Row counts per table written (optional tables only when written). */
export type WrittenRows = Record<DatasetTableName, number> & Partial<Record<AnyTableName, number>>;

/** Writes `market` into `dir`; returns the row count per table. */
export async function writeMarket(
  market: WritableMarket,
  dir: string,
  format: FileFormat,
  onProgress: (p: WriteProgress) => void = () => {},
): Promise<WrittenRows> {
  mkdirSync(dir, { recursive: true });
  // Files of an earlier run (maybe in the other format) must not mix with this one.
  for (const table of [...DATASET_TABLE_NAMES, ...OPTIONAL_TABLE_NAMES]) {
    for (const ext of FILE_FORMATS) rmSync(path.join(dir, `${table}.${ext}`), { force: true });
  }
  writeFileSync(path.join(dir, 'dataset.json'), `${JSON.stringify(market.manifest, null, 2)}\n`);

  // Bounded memory: at bench scale the staged facts spill to disk instead of filling RAM.
  const spill = path.join(dir, '.spill');
  const instance = await DuckDBInstance.create(':memory:', {
    threads: WRITE_THREADS,
    memory_limit: writeMemory(),
    temp_directory: spill,
  });
  const conn = await instance.connect();
  try {
    const rows = {} as WrittenRows;
    for (const table of DATASET_TABLE_NAMES) {
      const file = path.join(dir, `${table}.${format}`);
      rows[table] =
        table === 'fact_sales'
          ? await writeFacts(conn, market, file, format, onProgress)
          : await writeDimension(conn, table, market.rows(table), file, format, onProgress);
    }
    const calendar = market.dims.calendar_event;
    if (calendar) {
      const file = path.join(dir, `calendar_event.${format}`);
      rows.calendar_event = await writeDimension(conn, 'calendar_event', calendar, file, format, onProgress);
    }
    return rows;
  } finally {
    conn.closeSync();
    instance.closeSync();
    rmSync(spill, { recursive: true, force: true });
  }
}

async function createTable(conn: DuckDBConnection, table: AnyTableName): Promise<void> {
  const columns = tableDef(table).columns.map((c) => `${quoteIdent(c.name)} ${SQL_TYPES[c.type]}`);
  await conn.run(`CREATE OR REPLACE TABLE ${quoteIdent(table)} (${columns.join(', ')})`);
}

function appendValue(appender: DuckDBAppender, type: ColumnType, value: unknown): void {
  if (value === null || value === undefined) {
    appender.appendNull();
    return;
  }
  switch (type) {
    case 'integer':
      appender.appendInteger(value as number);
      return;
    case 'bigint':
      appender.appendBigInt(BigInt(value as number));
      return;
    case 'double':
      appender.appendDouble(value as number);
      return;
    case 'money':
      appender.appendDecimal(new DuckDBDecimalValue(BigInt(Math.round((value as number) * 100)), 18, 2));
      return;
    case 'varchar':
      appender.appendVarchar(value as string);
      return;
    case 'boolean':
      appender.appendBoolean(value as boolean);
      return;
    case 'date': {
      const day = parseDay(value as string);
      if (day === undefined) throw new Error(`invalid date ${String(value)}`);
      appender.appendDate(new DuckDBDateValue(day));
      return;
    }
  }
}

async function writeDimension(
  conn: DuckDBConnection,
  table: DimensionTableName | 'calendar_event',
  source: Iterable<unknown>,
  file: string,
  format: FileFormat,
  onProgress: (p: WriteProgress) => void,
): Promise<number> {
  await createTable(conn, table);
  const columns = tableDef(table).columns;
  const appender = await conn.createAppender(table);
  let count = 0;
  for (const row of source) {
    const record = row as unknown as Record<string, unknown>;
    for (const column of columns) appendValue(appender, column.type, record[column.name]);
    appender.endRow();
    if (++count % PROGRESS_EVERY === 0) onProgress({ phase: table, rows: count });
  }
  appender.closeSync();
  onProgress({ phase: table, rows: count });
  await conn.run(`COPY ${quoteIdent(table)} TO ${quoteLiteral(file)} ${copyOptions(format)}`);
  await conn.run(`DROP TABLE ${quoteIdent(table)}`);
  return count;
}

const STAGE_COLUMNS = [
  ['day', INTEGER],
  ['sku', DOUBLE],
  ['platform', INTEGER],
  ['shop_type', INTEGER],
  ['shop', DOUBLE],
  ['brand', INTEGER],
  ['category', INTEGER],
  ['sales', DOUBLE],
  ['discount', DOUBLE],
  ['units', DOUBLE],
] as const;

/** Staging columns → the contract's types; money goes through integer cents so it stays exact. */
function factSelect(): string {
  const cents = (c: string) =>
    `CAST(CAST(CAST(${c} AS BIGINT) AS DECIMAL(18,0)) * 0.01::DECIMAL(3,2) AS DECIMAL(18,2))`;
  const shopTypes = `[${SHOP_TYPE_ORDER.map(quoteLiteral).join(', ')}]`;
  return [
    `DATE '1970-01-01' + day AS period`,
    'CAST(sku AS BIGINT) AS sku_id',
    'platform AS platform_id',
    `${shopTypes}[shop_type + 1] AS shop_type`,
    'CAST(shop AS BIGINT) AS shop_id',
    'brand AS brand_id',
    'category AS category_id',
    `${cents('sales')} AS sales`,
    `${cents('discount')} AS sales_discount`,
    'CAST(units AS BIGINT) AS "count"',
  ].join(', ');
}

async function writeFacts(
  conn: DuckDBConnection,
  market: WritableMarket,
  file: string,
  format: FileFormat,
  onProgress: (p: WriteProgress) => void,
): Promise<number> {
  await conn.run(`CREATE OR REPLACE TABLE stage_fact (${STAGE_COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
  const appender = await conn.createAppender('stage_fact');
  const chunkSize = 2048;
  const chunk = DuckDBDataChunk.create(
    STAGE_COLUMNS.map(([, t]) => t),
    chunkSize,
  );
  const int = (i: number) => chunk.getColumnVector(i) as DuckDBIntegerVector;
  const dbl = (i: number) => chunk.getColumnVector(i) as DuckDBDoubleVector;
  const [day, sku, platform, shopType, shop, brand, category, sales, discount, units] = [
    int(0),
    dbl(1),
    int(2),
    int(3),
    dbl(4),
    int(5),
    int(6),
    dbl(7),
    dbl(8),
    dbl(9),
  ];
  const vectors = [day, sku, platform, shopType, shop, brand, category, sales, discount, units];
  const skus = market.skus;
  let filled = 0;
  let total = 0;
  const flush = () => {
    for (const v of vectors) v.flush();
    if (filled < chunkSize) chunk.rowCount = filled;
    appender.appendDataChunk(chunk);
    filled = 0;
  };
  for (const batch of market.factBatches()) {
    const periodDay = batch.period.start;
    for (let i = 0; i < batch.size; i++) {
      const s = batch.sku[i]!;
      day.setItem(filled, periodDay);
      sku.setItem(filled, skus.skuId[s]!);
      platform.setItem(filled, skus.platformId[s]!);
      shopType.setItem(filled, skus.shopTypeIndex[s]!);
      shop.setItem(filled, skus.shopId[s]!);
      brand.setItem(filled, skus.brandId[s]!);
      category.setItem(filled, skus.categoryId[s]!);
      sales.setItem(filled, batch.salesCents[i]!);
      discount.setItem(filled, batch.discountCents[i]!);
      units.setItem(filled, batch.count[i]!);
      if (++filled === chunkSize) flush();
    }
    total += batch.size;
    onProgress({ phase: 'fact_sales', rows: total });
  }
  // A partial last chunk shrinks the chunk (and drops its vectors), so it must be the last one.
  if (filled > 0) flush();
  appender.closeSync();
  onProgress({ phase: `write ${path.basename(file)}`, rows: total, total });
  await conn.run(`COPY (SELECT ${factSelect()} FROM stage_fact) TO ${quoteLiteral(file)} ${copyOptions(format)}`);
  await conn.run('DROP TABLE stage_fact');
  return total;
}
