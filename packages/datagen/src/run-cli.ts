/** The CLI without process globals, so tests can run it with their own argv and output. */
import { createProgressReporter, DEMO_DATASETS, type DemoDatasetName } from '@marketlens/shared';
import {
  defaultDatasets,
  type GenerateOptions,
  generate,
  resolveOptions,
  SHAPES,
  type Shape,
  todayUtc,
} from './generate.js';
import { buildMarket } from './market.js';
import { formatRealismReport, formatWeeklyPeaks, realismReport, weeklyPeaks } from './report.js';
import { SCALES, type Scale } from './scales.js';
import { FILE_FORMATS, type FileFormat } from './writer.js';

export const USAGE = `Usage: marketlens-datagen --out <folder> [options]

Generates the synthetic demo market in the import format: <folder>/<dataset>/dataset.json plus
one file per table.

Options:
  --out <folder>        output folder (required)
  --shape <shape>       ${SHAPES.join(' | ')} (default: demo); messy writes one brand's export with a
                        thin first month, a long gap and a sparse latest month (messy_monthly;
                        --scale and --datasets do not apply)
  --scale <scale>       ${SCALES.join(' | ')} (default: demo)
  --seed <n>            integer 0–4294967295 (default: 20170101); same seed → identical files
  --datasets <a,b>      comma-separated subset of ${DEMO_DATASETS.join(', ')}
                        (default: all; bench: cn_monthly)
  --format <format>     ${FILE_FORMATS.join(' | ')} (default: parquet)
  --as-of <YYYY-MM-DD>  data ends with the last complete month/week before this date
                        (default: today, UTC)
  --report              print the realism report of the market (cn_monthly, or the one dataset
                        named by --datasets) instead of writing files; --out is not needed
  -h, --help            show this help

Example: npm run datagen -- --scale tiny --seed 7 --out /tmp/market`;

export const DEFAULT_SEED = 20170101;

export type ParsedArgs =
  | { kind: 'help' }
  | { kind: 'run'; options: GenerateOptions }
  | { kind: 'report'; options: GenerateOptions }
  | { kind: 'error'; message: string };

const FLAGS = ['out', 'shape', 'scale', 'seed', 'datasets', 'format', 'as-of'] as const;
type Flag = (typeof FLAGS)[number];

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const values = new Map<Flag, string>();
  let report = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--report') {
      report = true;
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !FLAGS.includes(m[1] as Flag)) return { kind: 'error', message: `unknown argument "${arg}"` };
    const flag = m[1] as Flag;
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === '') return { kind: 'error', message: `--${flag} needs a value` };
    if (values.has(flag)) return { kind: 'error', message: `--${flag} given twice` };
    values.set(flag, value);
  }
  const out = values.get('out') ?? (report ? '-' : undefined);
  if (!out) return { kind: 'error', message: '--out <folder> is required' };
  const seedText = values.get('seed') ?? String(DEFAULT_SEED);
  if (!/^\d+$/.test(seedText))
    return { kind: 'error', message: `--seed must be a non-negative integer, got "${seedText}"` };
  const shape = (values.get('shape') ?? 'demo') as Shape;
  if (report && shape === 'messy') return { kind: 'error', message: '--report does not apply to --shape messy' };
  if (shape === 'messy') {
    for (const flag of ['scale', 'datasets'] as const) {
      if (values.has(flag)) return { kind: 'error', message: `--${flag} does not apply to --shape messy` };
    }
  }
  const options: GenerateOptions = {
    ...(shape === 'demo' ? {} : { shape }),
    out,
    scale: (values.get('scale') ?? 'demo') as Scale,
    seed: Number(seedText),
    format: (values.get('format') ?? 'parquet') as FileFormat,
    asOf: values.get('as-of') ?? todayUtc(),
  };
  const datasets = values.get('datasets');
  if (datasets !== undefined) options.datasets = datasets.split(',').map((d) => d.trim()) as DemoDatasetName[];
  try {
    resolveOptions(options);
  } catch (e) {
    return { kind: 'error', message: (e as Error).message };
  }
  if (report && (options.datasets?.length ?? 1) !== 1) return { kind: 'error', message: '--report takes one dataset' };
  return { kind: report ? 'report' : 'run', options };
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (progress rewrites one line) or a log (a line per phase). */
  isTTY: boolean;
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 failure, 2 bad arguments). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.stderr(`error: ${parsed.message}\n\n${USAGE}\n`);
    return 2;
  }
  const { options } = parsed;
  if (parsed.kind === 'report') {
    try {
      const of = (dataset: DemoDatasetName) =>
        buildMarket({ scale: options.scale, seed: options.seed, asOf: options.asOf ?? todayUtc(), dataset });
      const dataset = options.datasets?.[0] ?? 'cn_monthly';
      // The yearly figures need months; the weekly view of the Chinese market shows whether its
      // peaks sit on the calendar, so the report of cn_monthly ends with cn_weekly's peaks.
      const market = dataset === 'cn_weekly' ? undefined : of(dataset);
      if (market) io.stdout(formatRealismReport(realismReport(market), market));
      const weekly = dataset === 'global_monthly' ? undefined : of('cn_weekly');
      if (weekly) io.stdout(`${market ? '\n' : ''}${formatWeeklyPeaks(weeklyPeaks(weekly), weekly)}`);
      return 0;
    } catch (e) {
      io.stderr(`error: ${(e as Error).message}\n`);
      return 1;
    }
  }
  const progress = createProgressReporter({ write: io.stderr, isTTY: io.isTTY });
  const started = Date.now();
  try {
    const summaries = await generate({
      ...options,
      onProgress: (p) => progress.update({ phase: `${p.dataset}: ${p.phase}`, rows: p.rows, total: p.total }),
    });
    progress.done();
    const what =
      options.shape === 'messy'
        ? 'the messy fixture'
        : `${(options.datasets ?? defaultDatasets(options.scale)).length} dataset(s), scale ${options.scale}`;
    io.stdout(`Generated ${what}, seed ${options.seed}, as of ${options.asOf}:\n`);
    for (const s of summaries) {
      io.stdout(
        `  ${s.name.padEnd(15)} ${s.rows.fact_sales.toLocaleString('en-US').padStart(12)} fact rows  ${s.rows.dim_sku.toLocaleString('en-US').padStart(9)} SKUs  ${(s.elapsedMs / 1000).toFixed(1).padStart(6)} s  → ${s.dir}\n`,
      );
    }
    io.stdout(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  } catch (e) {
    progress.done();
    io.stderr(`error: ${(e as Error).message}\n`);
    return 1;
  }
}
