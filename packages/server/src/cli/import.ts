import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProgressReporter } from '@marketlens/shared';
import { openClickHouseWarehouse } from '../warehouse/clickhouse/engine.js';
import { importDataset } from '../warehouse/duckdb/importer.js';
import { type ImportOptions, type ImportResult, ImportValidationError } from '../warehouse/engine.js';
import { type ClickHouseLocation, defaultWarehouseDir, parseWarehouseUrl } from '../warehouse/url.js';

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
atomically; if anything is wrong, nothing changes.

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

async function importIntoClickHouse(
  location: ClickHouseLocation,
  folder: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const engine = await openClickHouseWarehouse({ location, refreshIntervalMs: 0 });
  try {
    return await engine.importDataset(folder, options);
  } finally {
    await engine.close();
  }
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
  try {
    const options: ImportOptions = {
      ...(args.dataset !== undefined ? { name: args.dataset } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (p) => progress.update(p),
    };
    const { dataset, elapsedMs } = await (args.clickhouse
      ? importIntoClickHouse(args.clickhouse, args.folder, options)
      : importDataset(args.warehouse, args.folder, options));
    const facts = dataset.rows.fact_sales ?? 0;
    const secs = elapsedMs / 1000;
    progress.done(
      [
        `✓ ${dataset.manifest.name} loaded as version ${dataset.version} in ${secs.toFixed(1)} s` +
          ` (${Math.round(facts / Math.max(secs, 0.001)).toLocaleString('en-US')} fact rows/s)`,
        `  periods ${dataset.farthestDate} … ${dataset.latestDate} (${dataset.manifest.date_field}ly)`,
        ...Object.entries(dataset.rows).map(
          ([t, n]) => `  ${t.padEnd(26)} ${n.toLocaleString('en-US').padStart(13)} rows`,
        ),
      ].join('\n'),
    );
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
