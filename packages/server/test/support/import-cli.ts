import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The import CLI (`npm run import`) of the current sources as a Node program, for tests that run it
 * as a child process and kill it: src/cli/import.ts bundled with its workspace packages (read from
 * their sources, as the tests do; a few hundred ms, no `npm run build` needed), the other
 * dependencies left to node_modules. The bundle lives under node_modules/.cache so those resolve;
 * `remove()` deletes it.
 */
export async function bundleImportCli(): Promise<{ file: string; remove(): void }> {
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'marketlens-import-cli-'));
  const file = path.join(dir, 'import-cli.mjs');
  await build({
    input: path.join(root, 'packages/server/src/cli/import.ts'),
    platform: 'node',
    resolve: { conditionNames: ['source', 'import', 'node', 'default'] },
    external: (id) => !/^[./]/.test(id) && !id.startsWith('@marketlens/'),
    output: { file, format: 'esm' },
    logLevel: 'warn',
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CliRun {
  child: ChildProcess;
  /** Resolves when the child ended: its exit code, or the signal that ended it. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Preloaded into a child to be killed: it stops itself after the line $STOP_AT matches. */
const STOP_AT = fileURLToPath(new URL('./stop-at.mjs', import.meta.url));

/**
 * Runs the bundled CLI with `args` (and `env` over this process's). With `killAt`, the child stops
 * itself after the first output line that matches it and is killed (SIGKILL) here: a crash at a
 * known point of the import.
 */
export function runImportCli(
  file: string,
  args: readonly string[],
  { killAt, env = {} }: { killAt?: RegExp; env?: Record<string, string> } = {},
): CliRun {
  const child = spawn(process.execPath, [...(killAt ? ['--import', STOP_AT] : []), file, ...args], {
    env: { ...process.env, LANG: 'en_US.UTF-8', ...env, ...(killAt ? { STOP_AT: killAt.source } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => {
    stdout += s;
    if (killAt && new RegExp(killAt.source, 'm').test(stdout)) child.kill('SIGKILL');
  });
  child.stderr!.setEncoding('utf8').on('data', (s: string) => {
    stderr += s;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    },
  );
  return { child, exit };
}

/**
 * Phases the import CLI reports as done, each printed the moment the next one starts: where the
 * fault tests kill an import (on ClickHouse, these are its staging in DuckDB).
 */
export const KILL_POINTS: readonly RegExp[] = [
  /^read dim_platform /m, // validating the first table
  /^validate dim_sku /m, // reading the next one
  /^read fact_sales /m, // validating the facts
  /^validate references /m, // the new file attached, its first table being written
  /^write sku_attribute /m, // loading and sorting the facts
  /^load \+ sort fact_sales /m, // building the first rollup
  /^rollup rollup_cat_attribute /m, // building the keyword index
  /^keywords /m, // packing the pictures
  /^pictures /m, // DuckDB: publishing, the file and the pictures finished, the catalogue not yet switched
];

/** The phase a kill point names, for test titles. */
export const killPointName = (p: RegExp) => p.source.replace(/^\^|\s$|\\/g, '');

export interface Figures {
  version: string;
  rows: number;
  sales: number;
}

/** What a user sees of `dataset`: the version that answers and figures read from it. */
export async function datasetFigures(warehouse: WarehouseEngine, dataset: string): Promise<Figures> {
  await warehouse.refresh();
  const version = warehouse.datasets().find((d) => d.manifest.name === dataset)?.version ?? 'none';
  const [row] = await warehouse.query<{ n: number | string; s: number | string }>(
    `SELECT count(*) AS n, sum(sales) AS s FROM ${warehouse.tableName(dataset, 'fact_sales')}`,
  );
  return { version, rows: Number(row!.n), sales: Number(row!.s) };
}
