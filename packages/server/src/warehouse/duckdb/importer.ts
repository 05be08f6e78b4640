import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  type AnyTableName,
  CALENDAR_EVENT_KINDS,
  DATASET_NAME_PATTERN,
  DATASET_TABLES,
  type DatasetManifest,
  OPTIONAL_TABLES,
  PLATFORM_CODES,
  SHOP_TYPES,
  type TableDef,
} from '@marketlens/shared';
import { coverageOf, coverageStatsSql } from '../coverage.js';
import {
  type ImportOptions,
  type ImportProgress,
  type ImportResult,
  ImportValidationError,
  type LoadedDataset,
  type Row,
} from '../engine.js';
import { fileIssue, IssueCollector, quote, quoteZh, rowIssue, type SourceFile, type Text } from '../import-issues.js';
import { KeywordExtractor } from '../keywords.js';
import { packPictures, scanPictures } from '../pictures.js';
import { PRODUCT_COLUMNS, ROLLUPS, type RollupDef } from '../rollups.js';
import {
  datasetFile,
  newVersion,
  picturesFile,
  readCatalog,
  removeStaleTmpFiles,
  removeSupersededFiles,
  tmpFile,
  tmpPicturesFile,
  withCatalogLock,
  writeCatalog,
} from './catalog.js';
import { duckdbDialect } from './dialect.js';
import { ident, sqlString } from './sql.js';
import { badValueSql, duckType, presentSql, sourceKind, texts, typedValueSql } from './validation.js';
import { toRows } from './values.js';

/**
 * The importer (`npm run import`, WarehouseEngine.importDataset): validates a dataset folder and
 * builds a new, immutable DuckDB file for it, then swaps the catalogue entry. Everything is
 * set-based SQL: files are staged in an in-memory DuckDB (spilling to disk when large), every rule
 * is an anti-join or a filtered scan with a LIMIT, and the warehouse tables are written with
 * INSERT … SELECT … ORDER BY into the attached new file. Nothing is visible until the final rename
 * and catalogue swap, so a failed or interrupted import leaves the previous dataset as it was.
 */

export interface ImportDatasetOptions extends ImportOptions {
  /** DuckDB worker threads for the build; default: all cores. */
  threads?: number;
  /** DuckDB memory limit for the build, e.g. '8GB'; default: DuckDB's (80% of RAM). */
  memoryLimit?: string;
  /** Called after each SQL statement with its duration, for profiling. */
  onStatement?: (sql: string, ms: number) => void;
}

/** Staged relations: raw_<t> (as read, plus __row) and v_<t> (typed, plus __row). */
const raw = (t: string) => ident(`raw_${t}`);
const typed = (t: string) => ident(`v_${t}`);
/**
 * The table an import writes: in the new dataset file attached as `out`. Queries read the same
 * table under another name (DuckDBEngine.tableName, the dataset's attach alias): reading and
 * writing are named apart, as a distributed engine reads the Distributed table and writes the local one.
 */
const target = (t: string) => `out.main.${ident(t)}`;

interface StagedTable {
  def: TableDef<AnyTableName>;
  file: SourceFile;
  /** DuckDB type of each column as read (all VARCHAR for CSV). */
  sourceTypes: Map<string, string>;
  rows: number;
}

class Cancelled extends Error {}

export async function importDataset(
  warehouseDir: string,
  folder: string,
  options: ImportDatasetOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const { signal } = options;
  signal?.throwIfAborted();
  const progress = (p: ImportProgress) => options.onProgress?.(p);
  const issues = new IssueCollector();
  const fail = (): never => {
    throw new ImportValidationError(issues.issues, issues.truncated);
  };

  const manifest = await readManifest(folder, options.name, issues);
  if (!manifest) fail();
  const name = manifest!.name;

  await fs.mkdir(path.join(warehouseDir, name), { recursive: true });
  await removeStaleTmpFiles(warehouseDir);
  const version = newVersion();
  const tmpPath = path.join(warehouseDir, tmpFile(name, version));
  const tmpPictures = path.join(warehouseDir, tmpPicturesFile(name, version));
  const spillDir = path.join(warehouseDir, `.spill-${process.pid}-${randomBytes(3).toString('hex')}`);

  const instance = await DuckDBInstance.create(':memory:', {
    temp_directory: spillDir,
    ...(options.threads ? { threads: String(options.threads) } : {}),
    ...(options.memoryLimit ? { memory_limit: options.memoryLimit } : {}),
  });
  const conn = await instance.connect();
  const onAbort = () => conn.interrupt();
  signal?.addEventListener('abort', onAbort);
  let published = false;
  try {
    const run = async (sql: string): Promise<void> => {
      if (signal?.aborted) throw new Cancelled();
      try {
        const t0 = performance.now();
        await conn.run(sql);
        options.onStatement?.(sql, performance.now() - t0);
      } catch (err) {
        if (signal?.aborted) throw new Cancelled();
        throw err;
      }
    };
    const all = async (sql: string): Promise<Record<string, unknown>[]> => {
      if (signal?.aborted) throw new Cancelled();
      try {
        const t0 = performance.now();
        const r = (await conn.runAndReadAll(sql)).getRowObjectsJS();
        options.onStatement?.(sql, performance.now() - t0);
        return r;
      } catch (err) {
        if (signal?.aborted) throw new Cancelled();
        throw err;
      }
    };
    /** Rows as the engine gives them to queries (dates as 'YYYY-MM-DD', numbers as numbers). */
    const read = async (sql: string): Promise<Row[]> => {
      if (signal?.aborted) throw new Cancelled();
      try {
        const t0 = performance.now();
        const r = await conn.runAndReadAll(sql);
        const out = toRows(
          r.deduplicatedColumnNames(),
          r.columnTypes().map((t) => t.typeId),
          r.getRows(),
        );
        options.onStatement?.(sql, performance.now() - t0);
        return out;
      } catch (err) {
        if (signal?.aborted) throw new Cancelled();
        throw err;
      }
    };

    // 1. Files and columns: nothing else can be checked while these are wrong.
    const files = await findTableFiles(folder, issues);
    const pictures = await scanPictures(folder, issues);
    if (issues.issues.length > 0) fail();
    const staged = new Map<AnyTableName, StagedTable>();
    for (const def of [...DATASET_TABLES, ...OPTIONAL_TABLES]) {
      const file = files.get(def.name);
      // An optional table without its file is simply not part of the dataset.
      if (!file) continue;
      const sourceTypes = await describeFile(all, file, def, issues);
      if (sourceTypes) staged.set(def.name, { def, file, sourceTypes, rows: 0 });
    }
    if (issues.issues.length > 0) fail();

    // 2. Stage every table and check its own rules.
    for (const t of staged.values()) {
      const total = t.file.format === 'parquet' ? await parquetRowCount(all, t.file) : undefined;
      progress({ phase: `read ${t.def.name}`, rows: 0, ...(total !== undefined ? { total } : {}) });
      const ok = await stageTable(run, t, issues);
      if (!ok) continue;
      t.rows = num((await all(`SELECT count(*) AS n FROM ${raw(t.def.name)}`))[0]?.n);
      progress({ phase: `read ${t.def.name}`, rows: t.rows, total: t.rows });
      progress({ phase: `validate ${t.def.name}`, rows: 0, total: t.rows });
      await checkTable(all, t, manifest!, issues);
      progress({ phase: `validate ${t.def.name}`, rows: t.rows, total: t.rows });
      if (issues.full) break;
    }
    if (issues.issues.length > 0) fail();

    // 3. Rules across tables.
    const factRows = staged.get('fact_sales')!.rows;
    progress({ phase: 'validate references', rows: 0 });
    await checkAcrossTables(all, staged, issues);
    progress({ phase: 'validate references', rows: factRows });
    if (issues.issues.length > 0) fail();

    // 4. Build the new file.
    await run(`ATTACH ${sqlString(tmpPath)} AS out`);
    const rows: Record<string, number> = {};
    for (const t of staged.values()) {
      if (t.def.name === 'fact_sales') continue;
      progress({ phase: `write ${t.def.name}`, rows: 0, total: t.rows });
      await writeTable(run, t.def, 'ORDER BY __row');
      rows[t.def.name] = t.rows;
      progress({ phase: `write ${t.def.name}`, rows: t.rows, total: t.rows });
    }
    progress({ phase: 'load + sort fact_sales', rows: 0, total: factRows });
    // Category-first order: category-filtered panels read a few contiguous row groups instead of scanning them all.
    await writeTable(run, staged.get('fact_sales')!.def, 'ORDER BY category_id, period');
    rows.fact_sales = factRows;
    progress({ phase: 'load + sort fact_sales', rows: factRows, total: factRows });
    await dropStaged(run, staged.get('fact_sales')!);

    // Widest first, so narrower rollups can be summed from a built one instead of the facts.
    const built: { name: string; dims: readonly string[]; rows: number }[] = [];
    for (const r of [...ROLLUPS].sort((x, y) => y.dims.length - x.dims.length)) {
      progress({ phase: `rollup ${r.name}`, rows: 0, total: factRows });
      // A multi-valued (attribute) rollup counts rows once per value: never a source for another.
      const source = built
        .filter((b) => !b.dims.includes('attribute') && r.dims.every((d) => b.dims.includes(d)))
        .sort((x, y) => x.rows - y.rows)[0];
      await run(rollupSql(r, source?.name));
      rows[r.name] = num((await all(`SELECT count(*) AS n FROM ${target(r.name)}`))[0]?.n);
      built.push({ name: r.name, dims: r.dims, rows: rows[r.name]! });
      progress({ phase: `rollup ${r.name}`, rows: factRows, total: factRows });
    }

    const skuRows = staged.get('dim_sku')!.rows;
    progress({ phase: 'keywords', rows: 0, total: skuRows });
    rows.sku_keyword = await buildKeywords(conn, signal, (n) =>
      progress({ phase: 'keywords', rows: n, total: skuRows }),
    );
    progress({ phase: 'keywords', rows: skuRows, total: skuRows });

    if (pictures.length > 0) {
      progress({ phase: 'pictures', rows: 0, total: pictures.length });
      await packPictures(pictures, tmpPictures, signal, (n) =>
        progress({ phase: 'pictures', rows: n, total: pictures.length }),
      );
    }

    const dates = (
      await all(
        `SELECT CAST(min(period) AS VARCHAR) AS lo, CAST(max(period) AS VARCHAR) AS hi FROM ${target('fact_sales')}`,
      )
    )[0];
    progress({ phase: 'coverage', rows: 0, total: factRows });
    const loadedAt = new Date().toISOString();
    const coverage = coverageOf(
      await read(coverageStatsSql(duckdbDialect, target('fact_sales'))),
      manifest!.date_field,
      loadedAt,
    );
    progress({ phase: 'coverage', rows: factRows, total: factRows });
    const dataset: LoadedDataset = {
      manifest: manifest!,
      version,
      loadedAt,
      rows,
      pictures: pictures.length,
      farthestDate: String(dates?.lo),
      latestDate: String(dates?.hi),
      coverage,
    };
    // The file describes itself too, so a lost catalogue can be rebuilt from the files.
    await run(`CREATE TABLE ${target('_dataset')} (key VARCHAR, value VARCHAR)`);
    await run(`INSERT INTO ${target('_dataset')} VALUES ('dataset', ${sqlString(JSON.stringify(dataset))})`);

    // 5. Publish: finish the file, then swap it in under the catalogue lock.
    progress({ phase: 'publish', rows: 0 });
    await run('DETACH out');
    signal?.throwIfAborted();
    signal?.removeEventListener('abort', onAbort);
    conn.closeSync();
    instance.closeSync();
    await fsyncFile(tmpPath);
    const file = datasetFile(name, version);
    await withCatalogLock(warehouseDir, async () => {
      const { catalog } = await readCatalog(warehouseDir);
      const picturesPath = path.join(warehouseDir, picturesFile(file));
      if (pictures.length > 0) await fs.rename(tmpPictures, picturesPath);
      await fs.rename(tmpPath, path.join(warehouseDir, file));
      catalog.datasets[name] = { ...dataset, file };
      try {
        await writeCatalog(warehouseDir, catalog);
      } catch (err) {
        // The old catalogue still stands (e.g. disk full); the new version must not linger.
        await fs.rm(path.join(warehouseDir, file), { force: true });
        await fs.rm(picturesPath, { force: true });
        throw err;
      }
      published = true;
      await removeSupersededFiles(warehouseDir, name, catalog);
    });
    progress({ phase: 'publish', rows: 1, total: 1 });
    return { dataset, elapsedMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (err instanceof Cancelled || (signal?.aborted && !published)) throw abortReason(signal);
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!published) {
      try {
        conn.closeSync();
        instance.closeSync();
      } catch {
        // already closed
      }
      await fs.rm(tmpPath, { force: true });
      await fs.rm(`${tmpPath}.wal`, { force: true });
      await fs.rm(tmpPictures, { force: true });
    }
    await fs.rm(spillDir, { recursive: true, force: true });
  }
}

/**
 * CREATE TABLE … AS the grouped sums of one rollup, sorted by its dims (category first, then
 * period). From fact_sales, product columns are joined in: `price` from dim_sku, `attribute` as
 * (attr_name, value_zh) from sku_attribute with the English value kept as min(value_en), which is
 * what the fact-table query takes per value. From a wider built rollup (`source`), sums of sums.
 */
function rollupSql(r: RollupDef, source: string | undefined): string {
  if (r.dims.includes('attribute') && !source) return attributeRollupSql(r);
  const keys: string[] = [];
  const joins: string[] = [];
  const extra: string[] = [];
  for (const d of r.dims) {
    if (d === 'price' && !source) {
      keys.push('s.price');
      joins.push(`JOIN ${target('dim_sku')} s ON s.sku_id = f.sku_id`);
    } else if (d === 'attribute') {
      keys.push('a.attr_name', 'a.value_zh');
      joins.push(`JOIN ${target('sku_attribute')} a ON a.sku_id = f.sku_id`);
      extra.push('min(a.value_en) AS value_en');
    } else {
      keys.push(`f.${ident(d)}`);
    }
  }
  const positions = keys.map((_, i) => String(i + 1)).join(', ');
  return `CREATE TABLE ${target(r.name)} AS SELECT ${keys.join(', ')},
           ${extra.map((e) => `${e},`).join(' ')}
           CAST(sum(f.sales) AS DECIMAL(18,2)) AS sales,
           CAST(sum(f.sales_discount) AS DECIMAL(18,2)) AS sales_discount,
           CAST(sum(f.count) AS BIGINT) AS count,
           CAST(${source ? 'sum(f.fact_rows)' : 'count(*)'} AS BIGINT) AS fact_rows
         FROM ${target(source ?? 'fact_sales')} f ${joins.join(' ')}
         GROUP BY ${positions} ORDER BY ${positions}`;
}

/**
 * The attribute rollup without fanning every fact out to every attribute value of their SKU (the
 * plain join is slow at bench scale): SKUs with the same attribute values form one "attribute set";
 * facts are first summed per set (one row per category, period and set — far fewer than facts), and
 * only those sums are fanned out to the set's values. Same sums as the plain join, because a SKU's
 * (attr_name, value_zh) pairs are unique (the sku_attribute key) and the set holds each pair once.
 */
function attributeRollupSql(r: RollupDef): string {
  const plain = r.dims.filter((d) => d !== 'attribute');
  if (plain.some((d) => (PRODUCT_COLUMNS as readonly string[]).includes(d))) {
    throw new Error(`rollup ${r.name}: attribute sets combine only with fact columns`);
  }
  const outer = r.dims.flatMap((d) => (d === 'attribute' ? ['v.attr_name', 'v.value_zh'] : [`b.${ident(d)}`]));
  const positions = outer.map((_, i) => String(i + 1)).join(', ');
  const inner = plain.map((d) => `f.${ident(d)}`).join(', ');
  return `CREATE TABLE ${target(r.name)} AS
    WITH per_sku AS (
      -- Length-prefixed parts, so two different value lists can never give the same key; list()
      -- then list_sort() (an ordered string_agg was 3x slower at bench scale).
      SELECT sku_id, list_sort(list(
               length(attr_name) || ':' || attr_name || length(value_zh) || ':' || value_zh
               || length(value_en) || ':' || value_en)) AS attrs
      FROM ${target('sku_attribute')} GROUP BY sku_id
    ), set_ids AS (
      SELECT attrs, row_number() OVER () AS set_id FROM (SELECT DISTINCT attrs FROM per_sku)
    ), sets AS (
      SELECT p.sku_id, i.set_id FROM per_sku p JOIN set_ids i ON i.attrs = p.attrs
    ), set_values AS (
      SELECT DISTINCT s.set_id, a.attr_name, a.value_zh, a.value_en
      FROM sets s JOIN ${target('sku_attribute')} a ON a.sku_id = s.sku_id
    ), by_set AS (
      SELECT ${inner}, s.set_id, sum(f.sales) AS sales, sum(f.sales_discount) AS sales_discount,
             sum(f.count) AS count, count(*) AS fact_rows
      FROM ${target('fact_sales')} f JOIN sets s ON s.sku_id = f.sku_id
      GROUP BY ALL
    )
    SELECT ${outer.join(', ')}, min(v.value_en) AS value_en,
           CAST(sum(b.sales) AS DECIMAL(18,2)) AS sales,
           CAST(sum(b.sales_discount) AS DECIMAL(18,2)) AS sales_discount,
           CAST(sum(b.count) AS BIGINT) AS count,
           CAST(sum(b.fact_rows) AS BIGINT) AS fact_rows
    FROM by_set b JOIN set_values v ON v.set_id = b.set_id
    GROUP BY ${positions} ORDER BY ${positions}`;
}

/** What a cancelled import rejects with (also the ClickHouse import's). */
export function abortReason(signal: AbortSignal | undefined): unknown {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('import cancelled; the warehouse is unchanged');
  err.name = 'AbortError';
  return err;
}

function num(v: unknown): number {
  return typeof v === 'bigint' ? Number(v) : Number(v ?? 0);
}

function str(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

type All = (sql: string) => Promise<Record<string, unknown>[]>;
type Run = (sql: string) => Promise<void>;

// ---------------------------------------------------------------------------------------------
// Manifest and files

const MANIFEST = 'dataset.json';

/**
 * The name a folder loads under (`override`, else its dataset.json's), before importing it: undefined
 * when the manifest is missing or wrong, which the import itself then reports.
 */
export async function datasetNameOf(folder: string, override?: string): Promise<string | undefined> {
  return (await readManifest(folder, override, new IssueCollector()))?.name;
}

async function readManifest(folder: string, override: string | undefined, issues: IssueCollector) {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    issues.add(
      code === 'ENOENT'
        ? fileIssue(MANIFEST, 'manifest_missing', {
            en: `not found in ${folder}; every dataset folder needs a dataset.json`,
            zh: `在 ${folder} 中不存在；每个数据集文件夹都需要 dataset.json`,
          })
        : fileIssue(MANIFEST, 'manifest_unreadable', { en: `cannot be read: ${code}`, zh: `无法读取：${code}` }),
    );
    return undefined;
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    issues.add(
      fileIssue(MANIFEST, 'manifest_invalid', {
        en: `is not valid JSON: ${(err as Error).message}`,
        zh: `不是有效的 JSON：${(err as Error).message}`,
      }),
    );
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    issues.add(fileIssue(MANIFEST, 'manifest_invalid', { en: 'must be a JSON object', zh: '必须是 JSON 对象' }));
    return undefined;
  }
  const m = data as Record<string, unknown>;
  const bad = (field: string, en: string, zh: string) =>
    issues.add(
      fileIssue(
        MANIFEST,
        'manifest_invalid',
        {
          en: `expected ${en}, found ${JSON.stringify(m[field]) ?? 'nothing'}`,
          zh: `应为${zh}，实际为 ${JSON.stringify(m[field]) ?? '空'}`,
        },
        field,
      ),
    );
  const text_ = (field: string) => typeof m[field] === 'string' && (m[field] as string).trim() !== '';
  if (override !== undefined) {
    if (!DATASET_NAME_PATTERN.test(override)) {
      issues.add(
        fileIssue('--dataset', 'manifest_invalid', {
          en: `expected a dataset name of lower-case letters, digits and _ starting with a letter (at most 48), found ${JSON.stringify(override)}`,
          zh: `数据集名称应由小写字母、数字和下划线组成且以字母开头（最多 48 个字符），实际为 ${JSON.stringify(override)}`,
        }),
      );
    }
  } else if (typeof m.name !== 'string' || !DATASET_NAME_PATTERN.test(m.name)) {
    bad(
      'name',
      'lower-case letters, digits and _ starting with a letter (at most 48)',
      '由小写字母、数字和下划线组成且以字母开头的名称（最多 48 个字符）',
    );
  }
  if (!text_('title_zh')) bad('title_zh', 'a non-empty Chinese title', '非空的中文标题');
  if (!text_('title_en')) bad('title_en', 'a non-empty English title', '非空的英文标题');
  if (m.date_field !== 'month' && m.date_field !== 'week') bad('date_field', '"month" or "week"', '"month" 或 "week"');
  if (typeof m.currency_unit !== 'string' || !/^[A-Z]{3}$/.test(m.currency_unit)) {
    bad('currency_unit', 'a three-letter ISO 4217 code such as "CNY"', '三个大写字母的 ISO 4217 货币代码，例如 "CNY"');
  }
  if (!text_('cur_symbol') || (m.cur_symbol as string).length > 8) {
    bad('cur_symbol', 'a currency symbol such as "¥" (1-8 characters)', '货币符号，例如 "¥"（1-8 个字符）');
  }
  if (typeof m.has_series !== 'boolean') bad('has_series', 'true or false', 'true 或 false');
  if (typeof m.discount_price !== 'boolean') bad('discount_price', 'true or false', 'true 或 false');
  for (const f of ['series_name', 'series_name_en'] as const) {
    if (m[f] !== undefined && typeof m[f] !== 'string') bad(f, 'text', '文本');
  }
  if (issues.issues.length > 0) return undefined;
  // Copy the known fields only: the manifest ends up in the catalogue and the API.
  const manifest: DatasetManifest = {
    name: override ?? (m.name as string),
    title_zh: (m.title_zh as string).trim(),
    title_en: (m.title_en as string).trim(),
    date_field: m.date_field as DatasetManifest['date_field'],
    currency_unit: m.currency_unit as string,
    cur_symbol: m.cur_symbol as string,
    has_series: m.has_series as boolean,
    ...(typeof m.series_name === 'string' ? { series_name: m.series_name } : {}),
    ...(typeof m.series_name_en === 'string' ? { series_name_en: m.series_name_en } : {}),
    discount_price: m.discount_price as boolean,
  };
  return manifest;
}

async function findTableFiles(folder: string, issues: IssueCollector): Promise<Map<AnyTableName, SourceFile>> {
  const present = new Set(await fs.readdir(folder));
  const files = new Map<AnyTableName, SourceFile>();
  const optional = new Set<string>(OPTIONAL_TABLES.map((t) => t.name));
  for (const def of [...DATASET_TABLES, ...OPTIONAL_TABLES]) {
    const candidates = (['parquet', 'csv'] as const).filter((ext) => present.has(`${def.name}.${ext}`));
    if (candidates.length === 0) {
      if (optional.has(def.name)) continue;
      issues.add(
        fileIssue(`${def.name}.parquet`, 'table_file_missing', {
          en: `missing: the folder needs ${def.name}.parquet or ${def.name}.csv`,
          zh: `缺失：文件夹中需要 ${def.name}.parquet 或 ${def.name}.csv`,
        }),
      );
    } else if (candidates.length > 1) {
      issues.add(
        fileIssue(`${def.name}.csv`, 'table_file_ambiguous', {
          en: `both ${def.name}.parquet and ${def.name}.csv exist; keep one of them`,
          zh: `${def.name}.parquet 与 ${def.name}.csv 同时存在；请只保留一个`,
        }),
      );
    } else {
      const format = candidates[0]!;
      files.set(def.name, { name: `${def.name}.${format}`, path: path.join(folder, `${def.name}.${format}`), format });
    }
  }
  return files;
}

function readFunction(file: SourceFile, withRowNumber = false): string {
  if (file.format === 'parquet') {
    return `read_parquet(${sqlString(file.path)}${withRowNumber ? ', file_row_number = true' : ''})`;
  }
  // No sniffing: the format is fixed (comma, double quotes, header row), so a malformed line is
  // an error instead of a different guess. Everything is text; we cast ourselves to report bad
  // values with their row.
  const columns = (file.header ?? []).map((c) => `${sqlString(c)}: 'VARCHAR'`).join(', ');
  return `read_csv(${sqlString(file.path)}, auto_detect = false, header = true, delim = ',', quote = '"', escape = '"',
    encoding = 'utf-8', strict_mode = true, null_padding = false, columns = {${columns}})`;
}

/** The header line of a CSV file, split like a CSV row (fields may be quoted). */
async function readCsvHeader(file: string): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  let text = '';
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    text = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') break;
    else field += ch;
  }
  fields.push(field);
  return fields.length === 1 && fields[0] === '' ? [] : fields;
}

function firstLine(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.split('\n')[0] ?? msg;
}

async function describeFile(
  all: All,
  file: SourceFile,
  def: TableDef<AnyTableName>,
  issues: IssueCollector,
): Promise<Map<string, string> | undefined> {
  const types = new Map<string, string>();
  try {
    if (file.format === 'csv') {
      file.header = await readCsvHeader(file.path);
      for (const c of file.header) types.set(c, 'VARCHAR');
    } else {
      for (const r of await all(`DESCRIBE SELECT * FROM ${readFunction(file)}`)) {
        types.set(String(r.column_name), String(r.column_type));
      }
    }
  } catch (err) {
    if (err instanceof Cancelled) throw err;
    issues.add(
      fileIssue(file.name, 'file_unreadable', {
        en: `cannot be read as ${file.format === 'csv' ? 'UTF-8 CSV with a header row' : 'Parquet'}: ${firstLine(err)}`,
        zh: `无法按${file.format === 'csv' ? '带表头的 UTF-8 CSV' : ' Parquet '}读取：${firstLine(err)}`,
      }),
    );
    return undefined;
  }
  if (file.format === 'csv' && new Set(file.header).size !== file.header?.length) {
    issues.add(
      fileIssue(file.name, 'column_duplicate', {
        en: 'the header row names a column twice',
        zh: '表头中有重复的列名',
      }),
    );
    return undefined;
  }
  const expected = def.columns.map((c) => c.name);
  for (const c of expected) {
    if (!types.has(c)) {
      issues.add(
        fileIssue(
          file.name,
          'column_missing',
          {
            en: `is missing; ${def.name} needs the columns ${expected.join(', ')}`,
            zh: `缺失；${def.name} 需要以下列：${expected.join(', ')}`,
          },
          c,
        ),
      );
    }
  }
  for (const c of types.keys()) {
    if (!expected.includes(c)) {
      issues.add(
        fileIssue(
          file.name,
          'column_unknown',
          {
            en: `is not a column of ${def.name}; expected only ${expected.join(', ')}`,
            zh: `不是 ${def.name} 的列；只允许 ${expected.join(', ')}`,
          },
          c,
        ),
      );
    }
  }
  return types;
}

async function parquetRowCount(all: All, file: SourceFile): Promise<number | undefined> {
  try {
    const r = await all(`SELECT sum(num_rows) AS n FROM parquet_file_metadata(${sqlString(file.path)})`);
    return num(r[0]?.n);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Staging and per-table rules

async function stageTable(run: Run, t: StagedTable, issues: IssueCollector): Promise<boolean> {
  const name = t.def.name;
  const cols = t.def.columns.map((c) => ident(c.name)).join(', ');
  try {
    if (t.file.format === 'parquet') {
      await run(
        `CREATE TABLE ${raw(name)} AS SELECT file_row_number + 1 AS __row, ${cols} FROM ${readFunction(t.file, true)}`,
      );
    } else {
      // Insertion order is preserved, so rowid + 1 is the data row (line = row + 1).
      await run(`CREATE TABLE ${ident(`csv_${name}`)} AS SELECT ${cols} FROM ${readFunction(t.file)}`);
      await run(`CREATE VIEW ${raw(name)} AS SELECT rowid + 1 AS __row, * FROM ${ident(`csv_${name}`)}`);
    }
  } catch (err) {
    if (err instanceof Cancelled) throw err;
    issues.add(
      fileIssue(t.file.name, 'file_unreadable', {
        en: `cannot be read: ${firstLine(err)}`,
        zh: `无法读取：${firstLine(err)}`,
      }),
    );
    return false;
  }
  const typedCols = t.def.columns
    .map((c) => `${typedValueSql(ident(c.name), c.type, t.sourceTypes.get(c.name)!)} AS ${ident(c.name)}`)
    .join(', ');
  await run(`CREATE VIEW ${typed(name)} AS SELECT __row, ${typedCols} FROM ${raw(name)}`);
  return true;
}

/** Frees the staged copy of a table once it is written (the fact table is most of the memory). */
async function dropStaged(run: Run, t: StagedTable) {
  await run(`DROP VIEW ${typed(t.def.name)}`);
  if (t.file.format === 'parquet') {
    await run(`DROP TABLE ${raw(t.def.name)}`);
  } else {
    await run(`DROP VIEW ${raw(t.def.name)}`);
    await run(`DROP TABLE ${ident(`csv_${t.def.name}`)}`);
  }
}

/** One rule over one relation: rows where `where` holds are reported. */
interface RowRule {
  code: string;
  column?: string;
  /** SQL boolean: the row breaks the rule. */
  where: string;
  /** SQL for the offending value, shown in the message. */
  found: string;
  /** SQL for extra detail the message needs (joined with '|'). */
  detail?: string;
  /** Aggregate counting the broken rows, when cheaper than count(*) FILTER (WHERE …). */
  count?: string;
  text: (found: string | null, detail: string | null) => Text;
}

/**
 * Runs rules that share one FROM clause: one counting pass finds which rules are broken, then one
 * small top-N query per broken rule fetches the first offending rows. `a.__row` is the row.
 */
async function runRules(all: All, from: string, file: SourceFile, rules: RowRule[], issues: IssueCollector) {
  if (rules.length === 0 || issues.full) return;
  let broken = rules;
  if (rules.length > 1) {
    const counts =
      (
        await all(
          `SELECT ${rules.map((r, i) => `${r.count ?? `count(*) FILTER (WHERE ${r.where})`} AS c${i}`).join(', ')} FROM ${from}`,
        )
      )[0] ?? {};
    broken = rules.filter((_, i) => num(counts[`c${i}`]) > 0);
  }
  for (const r of broken) {
    const limit = issues.room(r.code, file.name, r.column);
    if (limit === 0) {
      issues.truncated = true;
      continue;
    }
    const rows = await all(
      `SELECT a.__row AS row, CAST(${r.found} AS VARCHAR) AS found, ${r.detail ? `CAST(${r.detail} AS VARCHAR)` : 'NULL'} AS detail
       FROM ${from} WHERE ${r.where} ORDER BY a.__row LIMIT ${limit + 1}`,
    );
    if (rows.length > limit) issues.truncated = true;
    for (const row of rows.slice(0, limit)) {
      issues.add(rowIssue(file, num(row.row), r.column, r.code, r.text(str(row.found), str(row.detail))));
    }
  }
}

async function checkTable(all: All, t: StagedTable, manifest: DatasetManifest, issues: IssueCollector) {
  const name = t.def.name;
  const a = (c: string) => `a.${ident(c)}`;

  // Raw values: type and presence.
  const rawRules: RowRule[] = [];
  for (const c of t.def.columns) {
    const src = t.sourceTypes.get(c.name)!;
    const kind = sourceKind(src);
    const present = presentSql(a(c.name), kind);
    if (!c.nullable) {
      rawRules.push({
        code: 'required',
        column: c.name,
        where: `NOT ${present}`,
        // count() skips NULLs using the validity mask: far cheaper than a filter per row.
        count: `count(*) - count(${kind === 'string' ? `NULLIF(${a(c.name)}, '')` : a(c.name)})`,
        found: 'NULL',
        text: texts.required,
      });
    }
    const bad = badValueSql(a(c.name), c.type, src);
    if (bad) {
      rawRules.push({
        code: 'bad_type',
        column: c.name,
        where: `${present} AND ${bad}`,
        found: a(c.name),
        text: (found) => texts.badType(c.type, found),
      });
    }
  }
  await runRules(all, `${raw(name)} a`, t.file, rawRules, issues);

  // Typed values: ranges, codes, periods.
  const rules: RowRule[] = [];
  for (const c of t.def.columns) {
    if (c.nonNegative) {
      rules.push({
        code: 'negative',
        column: c.name,
        where: `${a(c.name)} < 0`,
        found: a(c.name),
        text: texts.negative,
      });
    }
  }
  for (const c of t.def.columns) {
    // Results reach the API as JS numbers: ids beyond 2^53 would silently change.
    if (c.type === 'bigint') {
      rules.push({
        code: 'out_of_range',
        column: c.name,
        where: `abs(${a(c.name)}) > ${Number.MAX_SAFE_INTEGER}`,
        found: a(c.name),
        text: texts.outOfRange,
      });
    }
  }
  const oneOf = (column: string, allowed: readonly string[], code: string) =>
    rules.push({
      code,
      column,
      where: `${a(column)} NOT IN (${allowed.map(sqlString).join(', ')})`,
      found: a(column),
      text: (found) => texts.oneOf(allowed, found),
    });
  if (name === 'dim_platform') oneOf('code', PLATFORM_CODES, 'unknown_platform_code');
  if (name === 'dim_channel') oneOf('shop_type', SHOP_TYPES, 'unknown_shop_type');
  if (name === 'dim_category') {
    rules.push({
      code: 'category_level',
      column: 'level',
      where: 'a.level NOT IN (1, 2, 3)',
      found: 'a.level',
      text: (found) => ({ en: `expected 1, 2 or 3, found ${found}`, zh: `应为 1、2 或 3，实际为 ${found}` }),
    });
    rules.push({
      code: 'category_root_parent',
      column: 'parent_id',
      where: 'a.level = 1 AND a.parent_id IS NOT NULL',
      found: 'a.parent_id',
      text: texts.categoryRootParent,
    });
    rules.push({
      code: 'category_parent_missing',
      column: 'parent_id',
      where: 'a.level IN (2, 3) AND a.parent_id IS NULL',
      found: 'a.level',
      text: texts.categoryParentMissing,
    });
  }
  if (name === 'calendar_event') rules.push(...calendarRules());
  if (name === 'fact_sales') {
    if (manifest.date_field === 'month') {
      rules.push({
        code: 'period_not_month_start',
        column: 'period',
        where: 'dayofmonth(a.period) <> 1',
        found: 'a.period',
        text: texts.periodMonth,
      });
    } else {
      rules.push({
        code: 'period_not_monday',
        column: 'period',
        where: 'isodow(a.period) <> 1',
        found: 'a.period',
        detail: 'dayname(a.period)',
        text: texts.periodWeek,
      });
    }
  }
  await runRules(all, `${typed(name)} a`, t.file, rules, issues);

  if (name === 'fact_sales' && t.rows === 0) {
    issues.add(
      fileIssue(t.file.name, 'empty_table', {
        en: 'has no rows; a dataset needs at least one sales row',
        zh: '没有数据行；数据集至少需要一行销售数据',
      }),
    );
  }
  await checkDuplicateKeys(all, t, manifest.date_field, issues);
}

/**
 * The calendar's own rules (docs/data-format.md, calendar_event): a known kind, platform codes from
 * the list, a phase that does not end before it starts and a peak inside it. Types, dates and the
 * key are checked like any table's.
 */
function calendarRules(): RowRule[] {
  // Each comma-separated code of platforms; an empty list item (",,", a trailing comma) is unknown too.
  const unknownPlatform = `list_filter(string_split(a.platforms, ','), lambda x: x NOT IN (${PLATFORM_CODES.map(sqlString).join(', ')}))`;
  return [
    {
      code: 'unknown_calendar_kind',
      column: 'kind',
      where: `a.kind NOT IN (${CALENDAR_EVENT_KINDS.map(sqlString).join(', ')})`,
      found: 'a.kind',
      text: (found) => texts.oneOf(CALENDAR_EVENT_KINDS, found),
    },
    {
      code: 'unknown_platform_code',
      column: 'platforms',
      where: `a.platforms IS NOT NULL AND a.platforms <> '' AND len(${unknownPlatform}) > 0`,
      found: `${unknownPlatform}[1]`,
      text: (found) => ({
        en: `${quote(found)} is not a platform code; expected comma-separated codes from ${PLATFORM_CODES.join(', ')}, or empty for all platforms`,
        zh: `${quoteZh(found)} 不是平台代码；应为以英文逗号分隔的平台代码（${PLATFORM_CODES.join('、')}），留空表示全部平台`,
      }),
    },
    {
      code: 'calendar_end_before_start',
      column: 'end_date',
      where: 'a.end_date < a.start_date',
      found: 'a.end_date',
      detail: 'a.start_date',
      text: (found, detail) => ({
        en: `the phase ends on ${found}, before it starts (start_date ${detail}); end_date is the last day, on or after start_date`,
        zh: `阶段结束于 ${found}，早于开始日期（start_date ${detail}）；end_date 为最后一天，不得早于 start_date`,
      }),
    },
    {
      code: 'calendar_peak_outside',
      column: 'peak_date',
      where: 'a.end_date >= a.start_date AND (a.peak_date < a.start_date OR a.peak_date > a.end_date)',
      found: 'a.peak_date',
      detail: `CAST(a.start_date AS VARCHAR) || ' … ' || CAST(a.end_date AS VARCHAR)`,
      text: (found, detail) => ({
        en: `the peak ${found} is outside the phase (${detail}); leave peak_date empty in phases without the peak`,
        zh: `高峰日 ${found} 不在该阶段内（${detail}）；不含高峰日的阶段请将 peak_date 留空`,
      }),
    },
  ];
}

/**
 * A cheap existence test before the exact (and, for tens of millions of facts, slow) GROUP BY over
 * the whole key. For fact_sales, (period, sku_id) is grouped per SKU and block of 62 periods
 * instead: within a group each period sets one bit, and sum(bits) <> bit_or(bits) exactly when a
 * bit was set twice. About one group per SKU instead of one per fact row, so far less to group. Periods
 * that are not aligned can collide, which only costs the exact query below.
 */
async function mayHaveDuplicates(
  all: All,
  t: StagedTable,
  from: string,
  k: string,
  dateField: string,
): Promise<boolean> {
  if (t.def.name !== 'fact_sales') {
    return (await all(`SELECT 1 FROM ${from} GROUP BY ${k} HAVING count(*) > 1 LIMIT 1`)).length > 0;
  }
  // 1900-01-01 was a Monday, so weeks count from it too.
  const index =
    dateField === 'month'
      ? `datediff('month', DATE '1900-01-01', period)`
      : `datediff('day', DATE '1900-01-01', period) // 7`;
  const rows = await all(
    `SELECT 1 FROM (
       SELECT sku_id, idx // 62 AS block, sum(1::BIGINT << (idx % 62)::INTEGER) AS s, bit_or(1::BIGINT << (idx % 62)::INTEGER) AS b
       FROM (SELECT sku_id, ${index} AS idx FROM ${from}) GROUP BY sku_id, block
     ) WHERE s <> b LIMIT 1`,
  );
  return rows.length > 0;
}

async function checkDuplicateKeys(
  all: All,
  t: StagedTable,
  dateField: DatasetManifest['date_field'],
  issues: IssueCollector,
) {
  const keys = t.def.key;
  const column = keys.join(', ');
  const limit = issues.room('duplicate_key', t.file.name, column);
  if (limit === 0) return;
  const k = keys.map(ident).join(', ');
  const from = `${typed(t.def.name)} WHERE ${keys.map((c) => `${ident(c)} IS NOT NULL`).join(' AND ')}`;
  if (!(await mayHaveDuplicates(all, t, from, k, dateField))) return;
  const rows = await all(
    `SELECT max(__row) AS row, min(__row) AS first, ${keys.map((c) => `CAST(${ident(c)} AS VARCHAR) AS ${ident(`k_${c}`)}`).join(', ')}
     FROM ${from} GROUP BY ${k} HAVING count(*) > 1 ORDER BY row LIMIT ${limit + 1}`,
  );
  if (rows.length > limit) issues.truncated = true;
  for (const r of rows.slice(0, limit)) {
    const key = keys.map((c) => `${c}=${str(r[`k_${c}`])}`).join(', ');
    issues.add(rowIssue(t.file, num(r.row), column, 'duplicate_key', texts.duplicateKey(key, str(r.first))));
  }
}

// ---------------------------------------------------------------------------------------------
// Rules across tables

/**
 * One pass per table: LEFT JOIN every referenced table (keys are unique by now: duplicate keys
 * stop the import before this step) and count all reference and consistency rules at once.
 * Join aliases are r_<column>, so r_sku_id is the fact's dim_sku row.
 */
async function checkAcrossTables(all: All, staged: Map<AnyTableName, StagedTable>, issues: IssueCollector) {
  const a = (c: string) => `a.${ident(c)}`;
  for (const t of staged.values()) {
    if (issues.full) return;
    const joins: string[] = [];
    const rules: RowRule[] = [];
    for (const c of t.def.columns) {
      if (!c.references) continue;
      const [refTable, refColumn] = c.references.split('.') as [AnyTableName, string];
      const r = ident(`r_${c.name}`);
      joins.push(`LEFT JOIN ${typed(refTable)} ${r} ON ${r}.${ident(refColumn)} = ${a(c.name)}`);
      rules.push({
        code: 'unknown_reference',
        column: c.name,
        where: `${a(c.name)} IS NOT NULL AND ${r}.${ident(refColumn)} IS NULL`,
        found: a(c.name),
        text: (found) => texts.unknownReference(found, `${staged.get(refTable)!.file.name} (${refColumn})`),
      });
    }
    switch (t.def.name) {
      case 'dim_category':
        rules.push({
          code: 'category_parent_level',
          column: 'parent_id',
          where: 'a.level IN (2, 3) AND r_parent_id.level <> a.level - 1',
          found: 'a.parent_id',
          detail: `a.level || '|' || r_parent_id.level`,
          text: texts.categoryParentLevel,
        });
        break;
      case 'dim_shop':
        joins.push(
          `LEFT JOIN ${typed('dim_channel')} ch ON ch.platform_id = a.platform_id AND ch.shop_type = a.shop_type`,
        );
        rules.push({
          code: 'unknown_channel',
          column: 'shop_type',
          where: 'a.platform_id IS NOT NULL AND a.shop_type IS NOT NULL AND ch.platform_id IS NULL',
          found: 'a.shop_type',
          detail: 'a.platform_id',
          text: texts.unknownChannel,
        });
        break;
      case 'dim_sku':
        rules.push(leafRule());
        rules.push({
          code: 'sku_shop_mismatch',
          column: 'platform_id',
          where: 'a.platform_id <> r_shop_id.platform_id',
          found: 'a.platform_id',
          detail: `a.shop_id || '|' || r_shop_id.platform_id`,
          text: texts.skuShopMismatch,
        });
        break;
      case 'fact_sales':
        rules.push(leafRule());
        // The fact repeats its SKU's dimensions (and the channel of the SKU's shop); they must agree.
        joins.push(`LEFT JOIN ${typed('dim_shop')} ssh ON ssh.shop_id = r_sku_id.shop_id`);
        for (const c of ['platform_id', 'shop_id', 'brand_id', 'category_id'] as const) {
          rules.push({
            code: 'fact_sku_mismatch',
            column: c,
            where: `${a(c)} <> r_sku_id.${ident(c)}`,
            found: a(c),
            detail: `a.sku_id || '|' || r_sku_id.${ident(c)}`,
            text: (found, detail) => texts.factMismatch(c, found, detail),
          });
        }
        rules.push({
          code: 'fact_sku_mismatch',
          column: 'shop_type',
          where: 'a.shop_type <> ssh.shop_type',
          found: 'a.shop_type',
          detail: `a.sku_id || '|' || ssh.shop_type || '|' || ssh.shop_id`,
          text: (found, detail) => texts.factMismatch('shop_type', found, detail),
        });
        break;
    }
    if (t.def.name === 'fact_sales' && (await factAgreesWithSkus(all))) continue;
    await runRules(all, `${typed(t.def.name)} a ${joins.join(' ')}`, t.file, rules, issues);
  }
}

/**
 * Fast path for the facts: when every row's SKU exists and its dimensions equal the SKU's (whose
 * own references were checked on dim_sku), all fact references hold too. One join against a
 * small SKU → dimensions table instead of seven; the full pass runs only to explain a failure.
 */
async function factAgreesWithSkus(all: All): Promise<boolean> {
  const rows = await all(
    `WITH k AS (
       SELECT s.sku_id, s.platform_id, s.shop_id, s.brand_id, s.category_id, sh.shop_type, c.level
       FROM ${typed('dim_sku')} s
       LEFT JOIN ${typed('dim_shop')} sh ON sh.shop_id = s.shop_id
       LEFT JOIN ${typed('dim_category')} c ON c.category_id = s.category_id)
     SELECT count(*) AS n FROM ${typed('fact_sales')} a LEFT JOIN k ON k.sku_id = a.sku_id
     WHERE k.sku_id IS NULL OR k.shop_type IS NULL OR k.level IS DISTINCT FROM 3
        OR a.platform_id IS DISTINCT FROM k.platform_id OR a.shop_id IS DISTINCT FROM k.shop_id
        OR a.brand_id IS DISTINCT FROM k.brand_id OR a.category_id IS DISTINCT FROM k.category_id
        OR a.shop_type IS DISTINCT FROM k.shop_type`,
  );
  return num(rows[0]?.n) === 0;
}

/** SKUs and facts point at leaf categories (r_category_id is their dim_category row). */
function leafRule(): RowRule {
  return {
    code: 'category_not_leaf',
    column: 'category_id',
    where: 'r_category_id.level <> 3',
    found: 'a.category_id',
    detail: 'r_category_id.level',
    text: texts.categoryNotLeaf,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing the warehouse file

async function writeTable(run: Run, def: TableDef<AnyTableName>, orderBy: string) {
  const cols = def.columns.map((c) => `${ident(c.name)} ${duckType(c.type)}${c.nullable ? '' : ' NOT NULL'}`);
  await run(`CREATE TABLE ${target(def.name)} (${cols.join(', ')})`);
  const names = def.columns.map((c) => ident(c.name)).join(', ');
  await run(`INSERT INTO ${target(def.name)} SELECT ${names} FROM ${typed(def.name)} ${orderBy}`);
}

/** SKUs per page when reading titles for keywords. */
const KEYWORD_PAGE = 50_000;

async function buildKeywords(
  conn: DuckDBConnection,
  signal: AbortSignal | undefined,
  onRows: (n: number) => void,
): Promise<number> {
  await conn.run(
    `CREATE TABLE ${target('sku_keyword')} (sku_id BIGINT NOT NULL, lang VARCHAR NOT NULL, keyword VARCHAR NOT NULL)`,
  );
  const extractor = new KeywordExtractor();
  const appender = await conn.createAppender('sku_keyword', 'main', 'out');
  let written = 0;
  let skus = 0;
  try {
    // Titles are read in materialised pages (keyset on sku_id), never as an open stream: the
    // appender flushes on this same connection, and a flush ends a streaming result early (only
    // the first 16 384 SKUs used to get keywords).
    let after: bigint | null = null;
    for (;;) {
      if (signal?.aborted) throw new Cancelled();
      const page = await conn.runAndReadAll(
        `SELECT sku_id, title_zh, title_en FROM ${typed('dim_sku')}
         WHERE $1::BIGINT IS NULL OR sku_id > $1::BIGINT ORDER BY sku_id LIMIT ${KEYWORD_PAGE}`,
        [after],
      );
      const rows = page.getRows();
      if (rows.length === 0) break;
      for (const [sku, zh, en] of rows) {
        const id = typeof sku === 'bigint' ? sku : BigInt(Number(sku));
        for (const [lang, words] of [
          ['zh', extractor.zh(String(zh ?? ''))],
          ['en', extractor.en(String(en ?? ''))],
        ] as const) {
          for (const w of words) {
            appender.appendBigInt(id);
            appender.appendVarchar(lang);
            appender.appendVarchar(w);
            appender.endRow();
            written++;
          }
        }
        after = id;
      }
      skus += rows.length;
      onRows(skus);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return written;
}
