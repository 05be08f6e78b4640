import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CoverageGap,
  createProgressReporter,
  type DatasetCoverage,
  datasetGaps,
  nextPeriod,
} from '@marketlens/shared';
import { loadConfig } from '../config.js';
import { type DatasetIdsInUse, openMetadata } from '../metadata/index.js';
import { openClickHouseWarehouse } from '../warehouse/clickhouse/engine.js';
import { openDuckDBWarehouse } from '../warehouse/duckdb/engine.js';
import { datasetNameOf, importDataset } from '../warehouse/duckdb/importer.js';
import { type ImportOptions, ImportValidationError, type WarehouseEngine } from '../warehouse/engine.js';
import { type ClickHouseLocation, defaultWarehouseDir, parseWarehouseUrl } from '../warehouse/url.js';
import { compareIdsInUse, formatIdReport, namesInUse } from './id-report.js';

/**
 * `npm run import -- [--dataset <name>] [--warehouse <dir>] <folder>`
 *
 * Validates a dataset folder and loads it into the warehouse (DuckDB, or ClickHouse when the
 * location is an http(s) URL), next to a running server (which picks the new version up on its
 * next catalogue refresh). Exit codes: 0 loaded,
 * 1 invalid data or failure, 2 bad arguments, 130 interrupted (nothing changed).
 */

const USAGE = `Usage: npm run import -- [--dataset <name>] [--warehouse <dir>] <folder>

Loads a dataset folder (dataset.json plus one .parquet or .csv file per table, see
docs/data-format.md) into the warehouse. A dataset that is already loaded is replaced
atomically; if anything is wrong, nothing changes. Afterwards it reports the category,
brand and shop ids that projects use (read from METADATA_URL, else $DATA_DIR/metadata.sqlite)
and that the new version drops or names differently.

  <folder>             the dataset folder
  --dataset <name>     load under this name instead of the name in dataset.json
  --warehouse <dir>    warehouse directory or ClickHouse URL (default: $WAREHOUSE_URL, else
                       $DATA_DIR/warehouse, DATA_DIR defaulting to ./data)
  -h, --help           show this help
`;

export interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

interface CliArgs {
  folder: string;
  dataset?: string;
  warehouse: string;
  /** Set when the warehouse is a ClickHouse cluster. */
  clickhouse?: ClickHouseLocation;
}

class UsageError extends Error {}

function parseArgs(argv: readonly string[], io: CliIo): CliArgs | 'help' {
  let dataset: string | undefined;
  let warehouse: string | undefined;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (flag: string) => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (arg === '-h' || arg === '--help') return 'help';
    else if (arg === '--dataset') dataset = value(arg);
    else if (arg.startsWith('--dataset=')) dataset = arg.slice('--dataset='.length);
    else if (arg === '--warehouse') warehouse = value(arg);
    else if (arg.startsWith('--warehouse=')) warehouse = arg.slice('--warehouse='.length);
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) {
    throw new UsageError(positional.length === 0 ? 'the dataset folder is missing' : 'give exactly one dataset folder');
  }
  const folder = path.resolve(io.cwd, positional[0]!);
  let isDir = false;
  try {
    isDir = statSync(folder).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`${folder} is not a folder`);

  let dir: string;
  let clickhouse: ClickHouseLocation | undefined;
  const url = warehouse ?? io.env.WAREHOUSE_URL?.trim();
  if (url) {
    let location: ReturnType<typeof parseWarehouseUrl>;
    try {
      location = parseWarehouseUrl(url, io.cwd);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (location.engine === 'clickhouse') {
      if (!location.clickhouse.importUser) {
        throw new UsageError('the ClickHouse URL has no import account (add import_user and import_password)');
      }
      clickhouse = location.clickhouse;
      // Shown to the user: no passwords.
      dir = `${location.clickhouse.protocol}://${location.clickhouse.hosts.join(',')}/${location.clickhouse.database}`;
    } else dir = location.dir;
  } else {
    dir = defaultWarehouseDir(io.env, io.cwd);
  }
  return {
    folder,
    ...(dataset !== undefined ? { dataset } : {}),
    warehouse: dir,
    ...(clickhouse ? { clickhouse } : {}),
  };
}

/** The dataset a folder loads into, and the ids of it that projects use (none: nothing to report). */
interface Watched {
  name: string;
  used: DatasetIdsInUse;
}

/**
 * The ids that projects on the folder's dataset use, read from the metadata store the server's
 * configuration names (METADATA_URL, else $DATA_DIR/metadata.sqlite). No store yet means no
 * projects; a store that cannot be read is said, and the import goes on without the report.
 */
async function watchedIds(args: CliArgs, io: CliIo, zh: boolean): Promise<Watched | undefined> {
  const name = await datasetNameOf(args.folder, args.dataset);
  if (!name) return undefined;
  try {
    const url = loadConfig(io.env, io.cwd).metadataUrl;
    if (url === ':memory:' || (!/^postgres(ql)?:\/\//i.test(url) && !existsSync(url))) return undefined;
    const store = await openMetadata(url);
    try {
      const used = await store.projects.idsInUse(name);
      return used.categories.size + used.brands.size + used.shops.size > 0 ? { name, used } : undefined;
    } finally {
      await store.close();
    }
  } catch (err) {
    io.stderr.write(cannotReport(err, zh));
    return undefined;
  }
}

function cannotReport(err: unknown, zh: boolean): string {
  const why = err instanceof Error ? err.message : String(err);
  return zh
    ? `! 无法读取项目使用的编号（${why}），本次导入不报告其变化。\n`
    : `! The ids that projects use cannot be read (${why}); this import does not report changes to them.\n`;
}

const GAP_NAMES: Record<CoverageGap['state'], { en: string; zh: string }> = {
  missing: { en: 'missing', zh: '缺失' },
  sparse: { en: 'sparse', zh: '稀疏' },
  partial: { en: 'partial', zh: '不完整' },
};

/**
 * The coverage of the loaded version (docs/data-format.md §11), for whoever loaded it to see at once
 * whether the data has holes: the last complete period, then the periods that are not complete, a
 * run of consecutive periods in one state written once ("2018-10-01 … 2020-03-01 (18 missing)").
 */
export function coverageLines(coverage: DatasetCoverage, zh: boolean): string[] {
  const runs: { first: string; last: string; state: CoverageGap['state']; n: number }[] = [];
  for (const gap of datasetGaps(coverage)) {
    const run = runs.at(-1);
    if (run && run.state === gap.state && nextPeriod(run.last, coverage.granularity) === gap.period) {
      run.last = gap.period;
      run.n += 1;
    } else runs.push({ first: gap.period, last: gap.period, state: gap.state, n: 1 });
  }
  const last = coverage.lastComplete;
  const lines = [zh ? `  最后完整周期 ${last ?? '无'}` : `  last complete period ${last ?? 'none'}`];
  if (runs.length === 0) {
    lines.push(zh ? '  数据覆盖：完整' : '  coverage: complete');
    return lines;
  }
  const parts = runs.map((r) => {
    const name = GAP_NAMES[r.state][zh ? 'zh' : 'en'];
    if (r.n === 1) return zh ? `${r.first}（${name}）` : `${r.first} (${name})`;
    return zh ? `${r.first} … ${r.last}（${r.n} 个周期${name}）` : `${r.first} … ${r.last} (${r.n} ${name})`;
  });
  lines.push(zh ? `  数据覆盖：${parts.join('、')}` : `  coverage: ${parts.join(', ')}`);
  return lines;
}

function prefersChinese(env: NodeJS.ProcessEnv): boolean {
  return /^zh/i.test(env.LC_ALL || env.LC_MESSAGES || env.LANG || '');
}

export async function runImportCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: CliArgs | 'help';
  try {
    args = parseArgs(argv, io);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`error: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }

  const zh = prefersChinese(io.env);
  const progress = createProgressReporter({ write: (s) => io.stdout.write(s), isTTY: Boolean(io.stdout.isTTY) });
  io.stdout.write(`Importing ${args.folder}\n     into ${args.warehouse}\n`);
  const watched = await watchedIds(args, io, zh);
  let engine: WarehouseEngine | undefined;
  try {
    const options: ImportOptions = {
      ...(args.dataset !== undefined ? { name: args.dataset } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (p) => progress.update(p),
    };
    // The engine: always for ClickHouse; for DuckDB only to read the names of the ids in use.
    if (args.clickhouse) engine = await openClickHouseWarehouse({ location: args.clickhouse, refreshIntervalMs: 0 });
    else if (watched) engine = await openDuckDBWarehouse({ dir: args.warehouse, refreshIntervalMs: 0 });
    // The report must never fail the import: a warehouse that cannot answer it is said, and skipped.
    const names = async () => {
      if (!watched || !engine) return undefined;
      try {
        return await namesInUse(engine, watched.name, watched.used);
      } catch (err) {
        io.stderr.write(cannotReport(err, zh));
        return undefined;
      }
    };
    const before = await names();
    const { dataset, elapsedMs } = await (engine
      ? engine.importDataset(args.folder, options)
      : importDataset(args.warehouse, args.folder, options));
    const facts = dataset.rows.fact_sales ?? 0;
    const secs = elapsedMs / 1000;
    progress.done(
      [
        `✓ ${dataset.manifest.name} loaded as version ${dataset.version} in ${secs.toFixed(1)} s` +
          ` (${Math.round(facts / Math.max(secs, 0.001)).toLocaleString('en-US')} fact rows/s)`,
        `  periods ${dataset.farthestDate} … ${dataset.latestDate} (${dataset.manifest.date_field}ly)`,
        ...(dataset.coverage ? coverageLines(dataset.coverage, zh) : []),
        ...Object.entries(dataset.rows).map(
          ([t, n]) => `  ${t.padEnd(26)} ${n.toLocaleString('en-US').padStart(13)} rows`,
        ),
      ].join('\n'),
    );
    const after = await names();
    if (watched && after) io.stderr.write(formatIdReport(compareIdsInUse(watched.used, before, after), zh));
    return 0;
  } catch (err) {
    progress.done();
    if (err instanceof ImportValidationError) {
      io.stderr.write(
        zh
          ? `✗ 未导入：发现 ${err.issues.length} 个问题${err.truncated ? '（仅列出前几个）' : ''}，仓库保持不变。\n`
          : `✗ Not imported: ${err.issues.length} problem(s)${err.truncated ? ' (only the first few are listed)' : ''}; the warehouse is unchanged.\n`,
      );
      for (const issue of err.issues) io.stderr.write(`  ${zh ? issue.message_zh : issue.message}\n`);
      return 1;
    }
    if (io.signal?.aborted) {
      io.stderr.write(zh ? '✗ 导入已取消，仓库保持不变。\n' : '✗ Import cancelled; the warehouse is unchanged.\n');
      return 130;
    }
    io.stderr.write(`✗ Import failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await engine?.close();
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  const controller = new AbortController();
  let interrupted = false;
  process.on('SIGINT', () => {
    // First Ctrl-C: stop cleanly (temporary file removed, catalogue untouched). Second: leave now;
    // the next import or server start removes the leftover file.
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write('\ncancelling… (press Ctrl-C again to quit at once)\n');
    controller.abort();
  });
  runImportCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: controller.signal,
  }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`✗ Import failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
