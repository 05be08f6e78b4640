import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DATASETS, type DemoDatasetName } from '@marketlens/shared';
import { formatDay, parseDay } from './calendar.js';
import { horizonFor, marketFromUniverse } from './market.js';
import { buildMessyMarket, MESSY_DATASET, type MessyDatasetName } from './messy.js';
import { writePictures } from './pictures.js';
import { datasetPlan, SCALES, type Scale } from './scales.js';
import { buildUniverse, type Universe } from './universe.js';
import { FILE_FORMATS, type FileFormat, type WrittenRows, writeMarket } from './writer.js';

/** The manifest of the unusual moves planted in a dataset (events.ts), next to its tables. */
export const PLANTED_EVENTS_FILE = 'planted_events.json';

/** What is generated: the demo market, or the messy fixture of one brand's export (messy.ts). */
export const SHAPES = ['demo', 'messy'] as const;
export type Shape = (typeof SHAPES)[number];

export interface GenerateProgress {
  dataset: DemoDatasetName | MessyDatasetName;
  phase: string;
  rows: number;
  total?: number;
}

export interface GenerateOptions {
  /** Default 'demo'. 'messy' writes the one dataset `messy_monthly`; scale and datasets do not apply. */
  shape?: Shape;
  scale: Scale;
  /** Integer in [0, 2^32). The same seed, scale and as-of date give byte-identical files. */
  seed: number;
  /** Output folder; one subfolder per dataset is written into it. */
  out: string;
  /** Default: all three demo datasets (bench: cn_monthly only). */
  datasets?: readonly DemoDatasetName[];
  format?: FileFormat;
  /** 'YYYY-MM-DD'; the data ends with the last complete month/week before it. Default: today (UTC). */
  asOf?: string;
  onProgress?: (p: GenerateProgress) => void;
}

export interface DatasetSummary<Name extends string = DemoDatasetName> {
  name: Name;
  dir: string;
  /** Rows per table; optional tables (calendar_event) when written. */
  rows: WrittenRows;
  /** Picture files written into `<dir>/pictures/`, one per image id. */
  pictures: number;
  elapsedMs: number;
}

/** Datasets generated when none are named: bench exists to load-test cn_monthly only. */
export function defaultDatasets(scale: Scale): readonly DemoDatasetName[] {
  return scale === 'bench' ? ['cn_monthly'] : DEMO_DATASETS;
}

export function todayUtc(): string {
  return formatDay(Math.floor(Date.now() / 86_400_000));
}

/** Checks options and fills defaults; throws an Error with a readable message when invalid. */
export function resolveOptions(opts: GenerateOptions): Required<Omit<GenerateOptions, 'onProgress'>> {
  const shape = opts.shape ?? 'demo';
  if (!SHAPES.includes(shape)) throw new Error(`unknown shape "${shape}" (expected ${SHAPES.join(', ')})`);
  if (shape === 'messy' && opts.datasets !== undefined)
    throw new Error(`--datasets does not apply to the messy shape (it writes ${MESSY_DATASET} only)`);
  if (!SCALES.includes(opts.scale)) throw new Error(`unknown scale "${opts.scale}" (expected ${SCALES.join(', ')})`);
  if (!Number.isInteger(opts.seed) || opts.seed < 0 || opts.seed > 0xffffffff) {
    throw new Error(`seed must be an integer from 0 to ${0xffffffff}, got ${opts.seed}`);
  }
  if (!opts.out) throw new Error('an output folder is required');
  const datasets = opts.datasets ?? defaultDatasets(opts.scale);
  for (const d of datasets) {
    if (!DEMO_DATASETS.includes(d)) throw new Error(`unknown dataset "${d}" (expected ${DEMO_DATASETS.join(', ')})`);
  }
  if (datasets.length === 0) throw new Error('no dataset to generate');
  const format = opts.format ?? 'parquet';
  if (!FILE_FORMATS.includes(format))
    throw new Error(`unknown format "${format}" (expected ${FILE_FORMATS.join(', ')})`);
  const asOf = opts.asOf ?? todayUtc();
  const day = parseDay(asOf);
  if (day === undefined) throw new Error(`invalid as-of date "${asOf}" (expected YYYY-MM-DD)`);
  if (asOf < '2018-01-01') throw new Error(`as-of date ${asOf} is before 2018-01-01; the data starts in 2017`);
  return {
    shape,
    scale: opts.scale,
    seed: opts.seed,
    out: opts.out,
    datasets: [...new Set(datasets)],
    format,
    asOf,
  };
}

/**
 * Generates the demo datasets into `<out>/<dataset>/` (dataset.json, one file per table and a
 * picture per product in `pictures/`) and returns what was written. The cn datasets share one market (brands, shops, SKU ids).
 */
export function generate(opts: GenerateOptions & { shape: 'messy' }): Promise<DatasetSummary<MessyDatasetName>[]>;
export function generate(opts: GenerateOptions): Promise<DatasetSummary[]>;
export async function generate(opts: GenerateOptions): Promise<DatasetSummary<DemoDatasetName | MessyDatasetName>[]> {
  const o = resolveOptions(opts);
  if (o.shape === 'messy') {
    const started = Date.now();
    const market = buildMessyMarket({ seed: o.seed, asOf: o.asOf });
    const dir = path.join(o.out, MESSY_DATASET);
    const rows = await writeMarket(market, dir, o.format, (p) =>
      opts.onProgress?.({
        dataset: MESSY_DATASET,
        phase: p.phase,
        rows: p.rows,
        ...(p.total === undefined ? {} : { total: p.total }),
      }),
    );
    // A brand's own export brings no pictures (image_id is empty): nothing for pictures/.
    return [{ name: MESSY_DATASET, dir, rows, pictures: 0, elapsedMs: Date.now() - started }];
  }
  const horizon = horizonFor(parseDay(o.asOf)!);
  const universes = new Map<string, Universe>();
  const summaries: DatasetSummary[] = [];
  for (const name of o.datasets) {
    const started = Date.now();
    const report = (phase: string, rows: number, total?: number) =>
      opts.onProgress?.({ dataset: name, phase, rows, ...(total === undefined ? {} : { total }) });
    const region = datasetPlan(name, o.scale).region;
    let universe = universes.get(region);
    if (!universe) {
      report('building market', 0);
      universe = buildUniverse(region, o.scale, o.seed, horizon);
      universes.set(region, universe);
    }
    const market = marketFromUniverse(universe, name, o.asOf);
    const dir = path.join(o.out, name);
    const rows = await writeMarket(market, dir, o.format, (p) => report(p.phase, p.rows, p.total));
    report('pictures', 0);
    const pictures = writePictures(market, dir);
    report('pictures', pictures, pictures);
    // Not a table of the import format: the importer reads only the files it knows and ignores this.
    writeFileSync(path.join(dir, PLANTED_EVENTS_FILE), `${JSON.stringify(market.plantedEvents, null, 2)}\n`);
    summaries.push({ name, dir, rows, pictures, elapsedMs: Date.now() - started });
  }
  return summaries;
}
