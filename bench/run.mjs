#!/usr/bin/env node
/**
 * `npm run bench` — the analytics benchmark of issue 4 (item 11).
 *
 * 1. Generates the `bench` scale market (cn_monthly, ≥ 50M fact rows) into bench/.work/source
 *    unless it is there, and imports it into bench/.work/warehouse unless that is there
 *    (BENCH_REIMPORT=1 forces the import, to measure it).
 * 2. Runs a fixed workload through the analytics engine (the code the API runs, minus HTTP):
 *    category summary, top 100 brands by share, 60-month trend, price bands, attribute
 *    distribution, keyword-filtered summary — each for a level-1 and a level-2 category, with and
 *    without a yoy comparison. Per query: p50/p95 over BENCH_RUNS (default 20) runs with the
 *    response cache bypassed ("uncached") and served from it ("cached"), the same SQL run directly
 *    on DuckDB ("raw") and the ratio, and the fact-table time of queries a rollup answers.
 * 3. Writes bench/results/<date>.md with the machine description.
 *
 * Needs a build first (`npm run build:ts`). Env: BENCH_SEED, BENCH_RUNS, BENCH_POOL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const POOL = Number(process.env.BENCH_POOL ?? 4);

// DuckDB's node binding runs queries on libuv's thread pool: at least pool + 4 threads (issue 4).
if (!process.env.UV_THREADPOOL_SIZE) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: String(POOL + 4) },
  });
  process.exit(r.status ?? 1);
}

const work = path.join(here, '.work');
const source = path.join(work, 'source');
const warehouseDir = path.join(work, 'warehouse');
const SEED = process.env.BENCH_SEED ?? '20170101';
const AS_OF = '2026-11-01';
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 20));

/** Runs a command; with `logFile`, its output is also kept there (the import log is parsed below). */
function step(cmd, args, logFile) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, {
    stdio: logFile ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    cwd: root,
    maxBuffer: 64 * 2 ** 20,
  });
  if (logFile) {
    process.stdout.write(r.stdout);
    writeFileSync(logFile, r.stdout);
  }
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  return (performance.now() - t0) / 1000;
}

mkdirSync(work, { recursive: true });
let importNote = 'reused an existing import';
if (!existsSync(path.join(source, 'cn_monthly', 'dataset.json'))) {
  const s = step(process.execPath, [
    'packages/datagen/dist/cli.js',
    '--scale',
    'bench',
    '--seed',
    SEED,
    '--as-of',
    AS_OF,
    '--out',
    source,
  ]);
  console.log(`generated in ${s.toFixed(0)} s`);
}
if (process.env.BENCH_REIMPORT || !existsSync(path.join(warehouseDir, 'catalog.json'))) {
  const s = step(
    process.execPath,
    ['packages/server/dist/cli/import.js', '--warehouse', warehouseDir, path.join(source, 'cn_monthly')],
    path.join(work, 'import.log'),
  );
  importNote = `imported in ${s.toFixed(1)} s`;
}

const { openWarehouse, KeywordExtractor } = await import(path.join(root, 'packages/server/dist/warehouse/index.js'));
const { AnalyticsEngine } = await import(path.join(root, 'packages/server/dist/analytics/engine/service.js'));
const { MemoryResultCache } = await import(path.join(root, 'packages/server/dist/analytics/engine/cache.js'));
const { planQuery } = await import(path.join(root, 'packages/server/dist/analytics/engine/plan.js'));
const { buildFactSql } = await import(path.join(root, 'packages/server/dist/analytics/engine/sql.js'));

const warehouse = await openWarehouse({ warehouseUrl: warehouseDir, warehousePoolSize: POOL, warehouseRefreshMs: 0 });
// Record the statements a run sends, to time the same SQL directly on the engine.
let recording = null;
const recorder = Object.create(warehouse);
recorder.query = (sql, params, options) => {
  recording?.push({ sql, params });
  return warehouse.query(sql, params, options);
};
const engine = new AnalyticsEngine(recorder, new MemoryResultCache(10_000));
const ds = engine.dataset('cn_monthly');
const catalog = await engine.catalog('cn_monthly');
const factRows = ds.rows.fact_sales;

// The biggest level-1 category and its biggest level-2 child, by fact rows.
const bySize = await warehouse.query(
  `SELECT c2.parent_id AS l1, c2.category_id AS l2, count(*)::DOUBLE AS n
   FROM ${warehouse.tableName('cn_monthly', 'rollup_cat_channel')} f
   JOIN ${warehouse.tableName('cn_monthly', 'dim_category')} c3 ON c3.category_id = f.category_id
   JOIN ${warehouse.tableName('cn_monthly', 'dim_category')} c2 ON c2.category_id = c3.parent_id
   GROUP BY 1, 2 ORDER BY 3 DESC`,
);
const l1Sizes = new Map();
for (const r of bySize) l1Sizes.set(r.l1, (l1Sizes.get(r.l1) ?? 0) + r.n);
const level1 = [...l1Sizes.entries()].sort((a, b) => b[1] - a[1])[0][0];
const level2 = bySize.find((r) => r.l1 === level1).l2;
const attr = (
  await warehouse.query(
    `SELECT attr_name, count(DISTINCT value_zh)::INTEGER AS n FROM ${warehouse.tableName('cn_monthly', 'sku_attribute')} a
     JOIN ${warehouse.tableName('cn_monthly', 'dim_sku')} s ON s.sku_id = a.sku_id
     WHERE list_contains($1::INTEGER[], s.category_id) GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    [catalog.leavesOf([level2])],
  )
)[0].attr_name;
/**
 * The keyword of a category's keyword panel: the most frequent (zh) word of the category's own
 * SKUs, so the panel measures a filter that hits. From sku_keyword; if the category's SKUs have no
 * rows there, extracted the same way the importer does from a fixed sample of their titles. Never a
 * word of another category: that would measure an empty scan.
 */
async function keywordOf(category) {
  const leaves = catalog.leavesOf([category]);
  const [hit] = await warehouse.query(
    `SELECT k.keyword FROM ${warehouse.tableName('cn_monthly', 'sku_keyword')} k
     JOIN ${warehouse.tableName('cn_monthly', 'dim_sku')} s ON s.sku_id = k.sku_id
     WHERE k.lang = 'zh' AND list_contains($1::INTEGER[], s.category_id) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [leaves],
  );
  if (hit) return { word: hit.keyword, from: 'sku_keyword' };
  const titles = await warehouse.query(
    `SELECT title_zh FROM ${warehouse.tableName('cn_monthly', 'dim_sku')}
     WHERE list_contains($1::INTEGER[], category_id) ORDER BY hash(sku_id), sku_id LIMIT 20000`,
    [leaves],
  );
  const extractor = new KeywordExtractor();
  const counts = new Map();
  for (const t of titles)
    for (const w of extractor.zh(String(t.title_zh ?? ''))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  if (!best) throw new Error(`category ${category} has no SKU title with a keyword`);
  return { word: best[0], from: `${titles.length} sampled titles (no sku_keyword rows for the category)` };
}
const keywords = { L1: await keywordOf(level1), L2: await keywordOf(level2) };

const grant = { categories: catalog.leavesOf([...catalog.categories.keys()]), brands: null, shops: null };
const latest = ds.latestDate;
const addMonths = (d, n) => {
  const [y, m] = d.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
};
const last12 = { start: addMonths(latest, -11), end: latest };
const last60 = { start: addMonths(latest, -59), end: latest };
const BANDS = [
  [0, 50],
  [50, 100],
  [100, 200],
  [200, 500],
  [500, 1000],
  [1000, null],
];

const PANELS = {
  summary: { dimensions: [], measures: ['sales', 'count', 'avg_price'], range: last12 },
  top100_brands: {
    dimensions: ['brand'],
    measures: ['sales', 'count', 'share'],
    range: last12,
    sort: { by: 'sales', desc: true },
    limit: 100,
  },
  trend_60m: { dimensions: ['period'], measures: ['sales', 'count', 'avg_price', 'share'], range: last60 },
  price_bands: { dimensions: ['price_band'], measures: ['sales', 'count', 'share'], range: last12, bands: BANDS },
  attribute: { dimensions: [`attribute:${attr}`], measures: ['sales', 'share'], range: last12 },
  keyword_summary: {
    dimensions: [],
    measures: ['sales', 'count', 'avg_price'],
    range: last12,
    // The words are the tested category's own (keywordOf), filled in per category below.
    filter: { keywords: { kind: 'keywords', condition: 'AND', words: [] } },
  },
};

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const time = async (fn) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
const runsOf = async (fn) => {
  const out = [];
  for (let i = 0; i < RUNS; i++) out.push(await time(fn));
  return out;
};

const results = [];
const startedAt = Date.now();
// Other work on the machine skews every figure: record the load around the workload.
const loadBefore = os.loadavg();
for (const [level, cat] of [
  ['L1', level1],
  ['L2', level2],
]) {
  for (const cmp of ['none', 'yoy']) {
    for (const [name, panel] of Object.entries(PANELS)) {
      const query = {
        dataset: 'cn_monthly',
        granularity: 'month',
        comparison: { kind: cmp },
        discount: false,
        ...panel,
        filter: {
          ...(panel.filter ?? {}),
          ...(panel.filter?.keywords ? { keywords: { ...panel.filter.keywords, words: [keywords[level].word] } } : {}),
          categories: catalog.leavesOf([cat]),
        },
      };
      // First run: DuckDB's buffers may not hold these columns yet.
      recording = [];
      const first = await time(() => engine.run(grant, query, { noCache: true }));
      const statements = recording;
      recording = null;
      const uncached = await runsOf(() => engine.run(grant, query, { noCache: true }));
      // The statements of one run go out together, as the engine sends them.
      const raw = await runsOf(() => Promise.all(statements.map((s) => warehouse.query(s.sql, s.params))));
      await engine.run(grant, query);
      const cached = await runsOf(() => engine.run(grant, query));
      const result = await engine.run(grant, query, { noCache: true });
      let factP50;
      if (result.table !== 'fact_sales') {
        // The same main statement over fact_sales, to show what the rollup saves.
        const plan = { ...planQuery(query, grant, ds.rows, catalog.customColumns), table: 'fact_sales' };
        const sql = buildFactSql(
          grant,
          { ...query, windows: [query.dimensions.filter((d) => d === 'period')], labels: true },
          plan,
          {
            ...engine.scope('cn_monthly'),
            customColumns: catalog.customColumns,
          },
        );
        factP50 = pct(await runsOf(() => warehouse.query(sql.sql, sql.params)), 50);
      }
      const row = {
        panel: name,
        level,
        cmp,
        table: result.table,
        rows: result.rows.length,
        first,
        p50: pct(uncached, 50),
        p95: pct(uncached, 95),
        rawP50: pct(raw, 50),
        rawP95: pct(raw, 95),
        cachedP50: pct(cached, 50),
        cachedP95: pct(cached, 95),
        factP50,
      };
      results.push(row);
      if (panel.filter?.keywords && result.rows.every((r) => !r.count)) {
        console.warn(`${level}: the keyword "${keywords[level].word}" matches nothing in the category`);
      }
      console.log(
        `${level} ${cmp.padEnd(4)} ${name.padEnd(16)} ${result.table.padEnd(26)} p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} raw ${row.rawP50.toFixed(1)} cached ${row.cachedP95.toFixed(2)}${factP50 ? ` fact ${factP50.toFixed(1)}` : ''}`,
      );
    }
  }
}
const elapsed = (Date.now() - startedAt) / 1000;
const loadAfter = os.loadavg();
const version = (await warehouse.query('SELECT version() AS v'))[0].v;
await engine.parser.close();
await warehouse.close();

// ---------------------------------------------------------------------------------------------
const f = (x) => (x === undefined ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const importLog = existsSync(path.join(work, 'import.log')) ? readFileSync(path.join(work, 'import.log'), 'utf8') : '';
const loaded = /loaded as version \S+ in ([\d.]+) s \(([\d,]+) fact rows\/s\)/.exec(importLog);
const rollupSecs = [...importLog.matchAll(/^rollup \S+\s+[\d,]+ rows 100%\s+[\d,]+ rows\/s\s+(\d+):(\d+)/gm)].reduce(
  (a, m) => a + Number(m[1]) * 60 + Number(m[2]),
  0,
);
const cpu = os.cpus();
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Analytics benchmark — ${date}`,
  '',
  '## Machine',
  '',
  `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores (shared with other work while this ran)`,
  `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${os.type()} ${os.release()}`,
  `- Node ${process.version}, DuckDB ${version}, pool ${POOL} connections, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE}`,
  `- Load average (1/5/15 min) before the workload ${loadBefore.map((x) => x.toFixed(1)).join(' / ')}, after ${loadAfter.map((x) => x.toFixed(1)).join(' / ')}`,
  '',
  '## Data',
  '',
  `- \`bench\` scale, seed ${SEED}, as of ${AS_OF}: cn_monthly with ${factRows.toLocaleString('en')} fact rows, ${ds.rows.dim_sku.toLocaleString('en')} SKUs, ${ds.farthestDate} … ${ds.latestDate}`,
  `- Rollups: ${Object.entries(ds.rows)
    .filter(([k]) => k.startsWith('rollup_'))
    .map(([k, v]) => `${k} ${v.toLocaleString('en')} rows`)
    .join(', ')}`,
  `- Import: ${loaded ? `${loaded[1]} s for everything, ${loaded[2]} fact rows/s overall (validation, sorted load, rollups, keywords)` : importNote}; rollups built in ${rollupSecs} s.`,
  `- Level-1 category ${level1} (${catalog.categories.get(level1).name_en}), level-2 ${level2} (${catalog.categories.get(level2).name_en}); attribute \`${attr}\`; keyword "${keywords.L1.word}" (L1, from ${keywords.L1.from}), "${keywords.L2.word}" (L2, from ${keywords.L2.from}).`,
  '',
  '## Results (ms)',
  '',
  `${RUNS} runs each. *uncached*: through the analytics engine with the response cache bypassed (DuckDB's buffers warm); *first*: the very first run; *raw*: the same SQL statements sent straight to the warehouse engine; *ratio* = uncached p50 / raw p50; *cached*: answered from the response cache; *fact p50*: the main statement forced onto fact_sales when a rollup answered.`,
  '',
  '| panel | cat | cmp | table | rows | first | p50 | p95 | raw p50 | ratio | cached p95 | fact p50 |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.panel} | ${r.level} | ${r.cmp} | ${r.table} | ${r.rows} | ${f(r.first)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.rawP50)} | ${(r.p50 / r.rawP50).toFixed(2)} | ${f(r.cachedP95)} | ${f(r.factP50)} |`,
  ),
  '',
  `Workload ran in ${elapsed.toFixed(0)} s.`,
  '',
];
// A second run the same day gets its own file: committed results are never overwritten.
let out = path.join(here, 'results', `${date}.md`);
for (let n = 2; existsSync(out); n++) out = path.join(here, 'results', `${date}-${n}.md`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n'));
console.log(`wrote ${path.relative(root, out)}`);
