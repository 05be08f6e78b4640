#!/usr/bin/env node
/**
 * `npm run bench:fuzz` — the bad-input fuzz at full size: at least 100 000
 * generated inputs across the targets of packages/server/test/fuzz/suite.ts (the very arbitraries and
 * checks of the seeded test slice, loaded through Vite's module runner, which compiles TypeScript):
 * - the super-query and custom-SQL parsers, in process;
 * - every endpoint of the shared endpoint tables, through app.inject against the BUILT server
 *   (packages/server/dist) on the tiny demo data in DuckDB.
 * Reports per target the runs, the failures (first inputs), the outcomes and the slowest input, and
 * writes bench/results/<date>/fuzz.md (bench/lib/results.mjs). Exits 1 when any input failed.
 *
 * Needs a build first (`npm run build:ts`). Env: FUZZ_SEED (default 20251125), FUZZ_SUPER (60000),
 * FUZZ_SQL (20000), FUZZ_ENDPOINT (300 per endpoint).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';
import { writeRun } from './lib/results.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_125);
const RUNS = {
  'super query': Number(process.env.FUZZ_SUPER ?? 60_000),
  'custom SQL': Number(process.env.FUZZ_SQL ?? 20_000),
  endpoint: Number(process.env.FUZZ_ENDPOINT ?? 300),
};

const dist = (p) => import(pathToFileURL(path.join(root, p)).href);
if (!existsSync(path.join(root, 'packages/server/dist/app.js'))) throw new Error('run `npm run build:ts` first');
const { buildApp } = await dist('packages/server/dist/app.js');
const { loadConfig } = await dist('packages/server/dist/config.js');
const { openMetadata } = await dist('packages/server/dist/metadata/index.js');
const { openWarehouse } = await dist('packages/server/dist/warehouse/index.js');
const { generate } = await dist('packages/datagen/dist/index.js');

// One module graph for the fuzz code (a second runnerImport would load its classes twice).
const { module: suite } = await runnerImport(path.join(root, 'packages/server/test/fuzz/suite.ts'), {
  root,
  configFile: false,
  logLevel: 'error',
});

/** The tiny demo market, generated and imported like the test run's global setup does. */
async function tinyWarehouse(scratch) {
  const source = path.join(scratch, 'source');
  const warehouseDir = path.join(scratch, 'warehouse');
  await generate({ scale: 'tiny', seed: 7, asOf: '2026-11-01', out: source });
  const warehouse = await openWarehouse({ warehouseUrl: warehouseDir, warehouseRefreshMs: 0 });
  try {
    for (const name of readdirSync(source).sort()) await warehouse.importDataset(path.join(source, name));
  } finally {
    await warehouse.close();
  }
  return warehouseDir;
}

const reports = [];
function log(report) {
  reports.push(report);
  const bad = report.failed ? ` FAILED ${report.failed}` : '';
  console.log(
    `${report.target}: ${report.runs} runs${bad}, slowest ${report.slowest.ms.toFixed(1)} ms, ${JSON.stringify(report.outcomes)}`,
  );
}

const started = Date.now();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'marketlens-fuzz-'));
try {
  const parser = new suite.SqlParser();
  try {
    for (const t of suite.parserTargets(parser)) {
      log(await suite.runTarget(t.target, t.arb, t.check, { runs: RUNS[t.target], seed: SEED, limitMs: t.limitMs }));
    }
  } finally {
    await parser.close();
  }

  const warehouseUrl = await tinyWarehouse(scratch);
  const config = loadConfig(
    {
      DATA_DIR: scratch,
      METADATA_URL: ':memory:',
      WAREHOUSE_URL: warehouseUrl,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_IP: '100000',
    },
    scratch,
  );
  const metadata = await openMetadata(config.metadataUrl);
  const warehouse = await openWarehouse({ warehouseUrl: config.warehouseUrl, warehouseRefreshMs: 0 });
  const ctx = { config, metadata, warehouse, version: 'fuzz', signingKey: 'k'.repeat(48) };
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  try {
    const { project, token } = await suite.fuzzProject(ctx, app);
    for (const t of suite.endpointTargets(app, token, project)) {
      log(await suite.runTarget(t.target, t.arb, t.check, { runs: RUNS.endpoint, seed: SEED, limitMs: t.limitMs }));
    }
  } finally {
    await app.close();
    await warehouse.close();
    await metadata.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Report

const total = reports.reduce((n, r) => n + r.runs, 0);
const failed = reports.reduce((n, r) => n + r.failed, 0);
const cpu = os.cpus();
const date = new Date().toISOString().slice(0, 10);
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const lines = [
  `# Bad-input fuzz — ${date}`,
  '',
  `**${total.toLocaleString('en')} inputs, ${failed} failed** (seed ${SEED}, ${((Date.now() - started) / 60_000).toFixed(1)} min).`,
  '',
  'Targets and checks: packages/server/test/fuzz (the seeded `npm test` slice runs the same ones on fewer inputs).',
  'Parsers in process; endpoints through app.inject against the built server (packages/server/dist) on the tiny',
  'demo data in DuckDB, as a root user of a project with every page. An input fails when a check throws',
  '(a 500, a crash, a message outside the catalogue, a non-allow-listed column) or takes longer than the limit.',
  `Machine: ${cpu[0]?.model ?? 'CPU'} × ${cpu.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version};`,
  `load average (1 min) at the end: ${os.loadavg()[0].toFixed(1)} (the cores are shared with other work).`,
  '',
  '| target | runs | failed | outcomes | mean (ms) | slowest (ms) | slowest input |',
  '|---|---:|---:|---|---:|---:|---|',
  ...reports.map(
    (r) =>
      `| ${r.target} | ${r.runs} | ${r.failed} | ${cell(
        Object.entries(r.outcomes)
          .map(([k, n]) => `${k}: ${n}`)
          .join(', '),
      )} | ${(r.totalMs / r.runs).toFixed(2)} | ${r.slowest.ms.toFixed(1)} | \`${cell(suite.preview(r.slowest.input, 120))}\` |`,
  ),
  '',
];
const failing = reports.filter((r) => r.failed > 0);
if (failing.length > 0) {
  lines.push('## Failures', '');
  for (const r of failing) {
    for (const f of r.failures)
      lines.push(`- ${r.target}: ${cell(f.error)} — input \`${cell(suite.preview(f.input, 1200))}\``);
  }
  lines.push('');
}
const out = writeRun('fuzz', lines.join('\n'), { date });
console.log(`${total} inputs, ${failed} failed; written to ${path.relative(root, out)}`);
process.exit(failed > 0 ? 1 : 0);
