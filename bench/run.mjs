#!/usr/bin/env node
/**
 * `npm run bench` — the analytics benchmark, with the warehouse engine as a
 * dimension (DuckDB and ClickHouse answer the same statements).
 *
 * 1. Per scale of BENCH_SCALES (default `demo,bench`): generates the market into
 *    bench/.work/<scale>/source unless it is there, imports cn_monthly into a DuckDB warehouse
 *    (bench/.work/<scale>/warehouse) and, when clickhouse-server is installed, into a 2-shard
 *    ClickHouse cluster on loopback (started by this script, data under bench/.work/clickhouse, one
 *    database per scale, stopped at the end) — each unless already there (BENCH_REIMPORT=1 forces
 *    both imports, to measure them).
 * 2. Runs a fixed workload through the analytics engine (the code the API runs, minus HTTP) on each
 *    engine: category summary, top 100 brands by share, 60-month trend, price bands, attribute
 *    distribution, keyword-filtered summary — each for a level-1 and a level-2 category, with and
 *    without a yoy comparison — and the page modules' own reads where a panel is more than one
 *    query ("What moved it": its SKU-grain reads, the listed SKUs' details, the cohorts). Per query and engine: p50/p95 over BENCH_RUNS (default 20) runs with
 *    the response cache bypassed ("uncached") and served from it ("cached"), the same SQL run directly
 *    on the engine ("raw"), the fact-table time of queries a rollup answers, whether both engines
 *    gave the same answer, and the ClickHouse / DuckDB ratio.
 * 3. Writes bench/results/<date>/analytics.md (bench/lib/results.mjs) with the machine description.
 *
 * Needs a build first (`npm run build:ts`). Env: BENCH_SCALES, BENCH_ENGINES (default
 * `duckdb,clickhouse`, or `duckdb` without clickhouse-server), BENCH_SEED, BENCH_RUNS, BENCH_POOL,
 * BENCH_PANELS (a regular expression: only the panels it matches, e.g. `^concept_`).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_OF, benchCluster, ENGINE_NAMES, pct, prepareScale, recordingWarehouse, root, SEED } from './lib/data.mjs';
import { writeRun } from './lib/results.mjs';

const POOL = Number(process.env.BENCH_POOL ?? 4);

// DuckDB's node binding runs queries on libuv's thread pool: at least pool + 4 threads, so POOL
// concurrent queries never wait for a thread and file I/O keeps libuv's default four.
if (!process.env.UV_THREADPOOL_SIZE) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: String(POOL + 4) },
  });
  process.exit(r.status ?? 1);
}

const { startCluster, unavailableReason } = await import('../scripts/clickhouse-cluster.mjs');

const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 20));
const SCALES = (process.env.BENCH_SCALES ?? 'demo,bench').split(',').map((s) => s.trim());
for (const s of SCALES) if (!['tiny', 'demo', 'bench'].includes(s)) throw new Error(`unknown scale "${s}"`);
const clickhouseMissing = unavailableReason();
const requested = (process.env.BENCH_ENGINES ?? (clickhouseMissing ? 'duckdb' : 'duckdb,clickhouse'))
  .split(',')
  .map((s) => s.trim());
for (const e of requested) if (!['duckdb', 'clickhouse'].includes(e)) throw new Error(`unknown engine "${e}"`);
// DuckDB picks the categories, attribute and keywords, and is the base of the ratio: it runs first.
if (!requested.includes('duckdb')) throw new Error('BENCH_ENGINES must include duckdb');
const ENGINES = ['duckdb', ...requested.filter((e) => e !== 'duckdb')];
if (ENGINES.includes('clickhouse') && clickhouseMissing) throw new Error(clickhouseMissing);
if (clickhouseMissing) console.warn(`ClickHouse not measured: ${clickhouseMissing}`);

const { openWarehouse, KeywordExtractor } = await import(path.join(root, 'packages/server/dist/warehouse/index.js'));
const { AnalyticsEngine } = await import(path.join(root, 'packages/server/dist/analytics/engine/service.js'));
const { MemoryResultCache } = await import(path.join(root, 'packages/server/dist/analytics/engine/cache.js'));
const { planQuery } = await import(path.join(root, 'packages/server/dist/analytics/engine/plan.js'));
const { buildFactSql } = await import(path.join(root, 'packages/server/dist/analytics/engine/sql.js'));
const { dimensionReader } = await import(path.join(root, 'packages/server/dist/analytics/engine/dimensions.js'));
const { queryOf } = await import(path.join(root, 'packages/server/dist/analytics/request.js'));
const { movement } = await import(path.join(root, 'packages/server/dist/analytics/pages/movement.js'));

const cluster = benchCluster(startCluster);
const prepare = (scale) => prepareScale(scale, { engines: ENGINES, cluster, openWarehouse });

/**
 * What the workload queries: the biggest level-1 category and its biggest level-2 child (by fact
 * rows), an attribute and a keyword of each. Chosen on DuckDB, used on every engine.
 */
async function selection(warehouse, engine) {
  const catalog = await engine.catalog('cn_monthly');
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
   * rows there, extracted the same way the importer does from a fixed sample of their titles. Never
   * a word of another category: that would measure an empty scan.
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
  /**
   * Concept Explore's rare word: a Chinese title word of the level-1 category's SKUs that few of them
   * carry (20–60 SKUs), so the concept panels are measured for a narrow concept as well as a broad one.
   */
  async function rareWordOf(category) {
    const [hit] = await warehouse.query(
      `SELECT k.keyword FROM ${warehouse.tableName('cn_monthly', 'sku_keyword')} k
       JOIN ${warehouse.tableName('cn_monthly', 'dim_sku')} s ON s.sku_id = k.sku_id
       WHERE k.lang = 'zh' AND list_contains($1::INTEGER[], s.category_id)
       GROUP BY 1 HAVING count(*) BETWEEN 20 AND 60 ORDER BY count(*), 1 LIMIT 1`,
      [catalog.leavesOf([category])],
    );
    return hit?.keyword ?? null;
  }
  return {
    catalog,
    level1,
    level2,
    attr,
    keywords: { L1: await keywordOf(level1), L2: await keywordOf(level2) },
    concepts: { frequent: (await keywordOf(level1)).word, rare: await rareWordOf(level1) },
  };
}

const addMonths = (d, n) => {
  const [y, m] = d.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
};
const BANDS = [
  [0, 50],
  [50, 100],
  [100, 200],
  [200, 500],
  [500, 1000],
  [1000, null],
];

/** The workload: every panel for both categories, with and without a yoy comparison. */
function workload(ds, sel) {
  const last12 = { start: addMonths(ds.latestDate, -11), end: ds.latestDate };
  const last60 = { start: addMonths(ds.latestDate, -59), end: ds.latestDate };
  const panels = {
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
    attribute: { dimensions: [`attribute:${sel.attr}`], measures: ['sales', 'share'], range: last12 },
    keyword_summary: {
      dimensions: [],
      measures: ['sales', 'count', 'avg_price'],
      range: last12,
      // The words are the tested category's own (keywordOf), filled in per category below.
      filter: { keywords: { kind: 'keywords', condition: 'AND', words: [] } },
    },
  };
  const out = [];
  for (const [level, cat] of [
    ['L1', sel.level1],
    ['L2', sel.level2],
  ]) {
    for (const cmp of ['none', 'yoy']) {
      for (const [name, panel] of Object.entries(panels)) {
        const query = {
          dataset: 'cn_monthly',
          granularity: 'month',
          comparison: { kind: cmp },
          discount: false,
          ...panel,
          filter: {
            ...(panel.filter ?? {}),
            ...(panel.filter?.keywords
              ? { keywords: { ...panel.filter.keywords, words: [sel.keywords[level].word] } }
              : {}),
            categories: sel.catalog.leavesOf([cat]),
          },
        };
        out.push({ panel: name, level, cmp, query });
      }
    }
  }
  // Concept Explore: the concept's queries — summary, top brands, related words and the
  // leaves of its penetration — for a frequent and a rare word, matched in Chinese titles as a zh
  // page asks, inside the level-1 category and across every category.
  const conceptPanels = {
    concept_summary: { dimensions: [], measures: ['sales', 'count', 'avg_price'] },
    concept_brands: {
      dimensions: ['brand'],
      measures: ['sales', 'count', 'share'],
      sort: { by: 'sales', desc: true },
      limit: 100,
    },
    concept_words: { dimensions: ['keyword:zh'], measures: ['sales'], sort: { by: 'sales', desc: true }, limit: 32 },
    concept_leaves: { dimensions: ['category_3'], measures: ['sales', 'count'] },
  };
  for (const [scope, categories] of [
    ['L1', sel.catalog.leavesOf([sel.level1])],
    ['all', undefined],
  ]) {
    for (const [kind, word] of Object.entries(sel.concepts)) {
      if (!word) continue;
      for (const [name, panel] of Object.entries(conceptPanels)) {
        const query = {
          dataset: 'cn_monthly',
          granularity: 'month',
          comparison: { kind: name === 'concept_summary' ? 'yoy' : 'none' },
          discount: false,
          range: last12,
          ...panel,
          filter: {
            keywords: { kind: 'keywords', condition: 'AND', words: [word], titles: 'zh' },
            ...(categories ? { categories } : {}),
          },
        };
        out.push({ panel: `${name} (${kind})`, level: scope, cmp: query.comparison.kind, query });
      }
    }
  }
  // Potential Brand: the search's three statements with the defaults of docs/product.md §9 — every
  // granted category at level 2, the latest complete period against the same period a year earlier
  // (the page sends them together; its time is at most their sum).
  const latest = { start: ds.latestDate, end: ds.latestDate };
  const yearBefore = { start: addMonths(ds.latestDate, -12), end: addMonths(ds.latestDate, -12) };
  const potentialPanels = {
    potential_categories: ['category_2'],
    potential_pairs: ['category_2', 'brand'],
    potential_brands: ['brand'],
  };
  const potentialQuery = (dimensions) => ({
    dataset: 'cn_monthly',
    granularity: 'month',
    comparison: { kind: 'custom', base: yearBefore },
    discount: false,
    range: latest,
    dimensions,
    measures: ['sales', 'count'],
    filter: {},
  });
  for (const [name, dimensions] of Object.entries(potentialPanels)) {
    out.push({ panel: name, level: 'all', cmp: 'custom', query: potentialQuery(dimensions) });
  }
  // The search as the page's request runs it: the three statements at once (potentialBrands'
  // Promise.all), so its time is what a user waits for, not the sum of the three alone.
  out.push({
    panel: 'potential_search',
    level: 'all',
    cmp: 'custom',
    parallel: Object.values(potentialPanels).map(potentialQuery),
  });
  // "What moved it" (POST /movement) as the page module runs it for a category's selection: the
  // comparison's two SKU-grain reads and the listed SKUs' details; with cohorts, one total per
  // launch year too (Category Insight asks for them).
  for (const [level, cat] of [
    ['L1', sel.level1],
    ['L2', sel.level2],
  ]) {
    for (const cmp of ['mom', 'yoy']) {
      for (const cohorts of [false, true]) {
        out.push({
          panel: cohorts ? 'movement_cohorts' : 'movement',
          level,
          cmp,
          page: {
            selected: [cat],
            validated: {
              filter: { categories: sel.catalog.leavesOf([cat]) },
              range: last12,
              comparison: { kind: cmp },
            },
            run: (a) => movement(a, { cohorts }),
          },
        });
      }
    }
  }
  // BENCH_PANELS (a regular expression over the panel names) measures a part of the workload.
  const only = process.env.BENCH_PANELS ? new RegExp(process.env.BENCH_PANELS) : undefined;
  return only ? out.filter((q) => only.test(q.panel)) : out;
}

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

/** An analytics engine over `warehouse` that records the statements a run sends (to time them raw). */
function recordingEngine(warehouse) {
  const { warehouse: recorder, log } = recordingWarehouse(warehouse);
  return { engine: new AnalyticsEngine(recorder, new MemoryResultCache(10_000)), log, recorder };
}

/**
 * An analysis request as the API opens one (analytics/request.ts) for a page module, without HTTP:
 * the benchmark's grant, the list price, the run's options on every fact query. `tables` collects
 * the tables the engine's answers came from.
 */
function pageRequest(engine, warehouse, grant, catalog, page, options) {
  const ds = engine.dataset('cn_monthly');
  const signal = new AbortController().signal;
  const tables = new Set();
  const a = {
    scope: {
      project: { dataset: 'cn_monthly', dateField: 'month' },
      grant,
      catalog,
      discount: false,
      fullRange: { start: ds.farthestDate, end: ds.latestDate },
      coverage: catalog.coverage,
    },
    validated: page.validated,
    wire: undefined,
    selected: page.selected,
    locale: 'zh_cn',
    signal,
    statementOptions: { signal },
    warehouse,
    dims: dimensionReader(warehouse, 'cn_monthly', grant),
    async query(parts) {
      const r = await engine.answer(grant, queryOf(this.scope, this.validated, parts), options);
      tables.add(r.table);
      return r;
    },
  };
  return { a, tables };
}

/** Times every query of the workload on one engine. A query the engine fails is kept as its error. */
async function measure(warehouse, queries, grant) {
  const { engine, log, recorder } = recordingEngine(warehouse);
  const ds = engine.dataset('cn_monthly');
  const catalog = await engine.catalog('cn_monthly');
  const loadBefore = os.loadavg();
  const startedAt = Date.now();
  const rows = [];
  for (const { panel, level, cmp, query, parallel, page } of queries) {
    const key = { panel, level, cmp };
    // An entry is one query, several that a page's request runs at once (one answer of them all), or
    // a page module's whole answer (its warnings aside: they name no figure).
    const run = page
      ? async (options) => {
          // The page's dimension reads through the recorder too, so its raw time has every statement.
          const { a, tables } = pageRequest(engine, recorder, grant, catalog, page, options);
          const { warnings, ...answer } = await page.run(a);
          return { table: [...tables].join(' + '), rows: [answer] };
        }
      : parallel
        ? async (options) => {
            const results = await Promise.all(parallel.map((q) => engine.answer(grant, q, options)));
            return { table: results.map((r) => r.table).join(' + '), rows: results.flatMap((r) => r.rows) };
          }
        : (options) => engine.answer(grant, query, options);
    try {
      // First run: the engine's caches may not hold these columns yet.
      log.statements = [];
      const first = await time(() => run({ noCache: true }));
      const statements = log.statements;
      log.statements = null;
      const uncached = await runsOf(() => run({ noCache: true }));
      // The statements of one run go out together, as the engine sends them.
      const raw = await runsOf(() => Promise.all(statements.map((s) => warehouse.query(s.sql, s.params))));
      await run({});
      const cached = await runsOf(() => run({}));
      const result = await run({ noCache: true });
      let factP50;
      if (query && result.table !== 'fact_sales') {
        // The same main statement over fact_sales, to show what the rollup saves.
        const plan = { ...planQuery(query, grant, ds.rows, catalog.customColumns), table: 'fact_sales' };
        const sql = buildFactSql(
          grant,
          {
            ...query,
            // As the engine writes it: window sums for the totals where the dialect has them (DuckDB).
            windows: engine.dialect.windowSums ? [query.dimensions.filter((d) => d === 'period')] : [],
            labels: true,
          },
          plan,
          { ...engine.scope('cn_monthly'), customColumns: catalog.customColumns },
        );
        factP50 = pct(await runsOf(() => warehouse.query(sql.sql, sql.params)), 50);
      }
      const row = {
        ...key,
        table: result.table,
        rows: result.rows.length,
        answer: result.rows,
        first,
        p50: pct(uncached, 50),
        p95: pct(uncached, 95),
        rawP50: pct(raw, 50),
        rawP95: pct(raw, 95),
        cachedP50: pct(cached, 50),
        cachedP95: pct(cached, 95),
        factP50,
      };
      rows.push(row);
      if (query?.filter.keywords && result.rows.every((r) => !r.count)) {
        console.warn(`${level}: the keyword "${query.filter.keywords.words[0]}" matches nothing in the category`);
      }
      console.log(
        `${warehouse.engine.padEnd(10)} ${level} ${cmp.padEnd(4)} ${panel.padEnd(16)} ${result.table.padEnd(26)} p50 ${row.p50.toFixed(1)} p95 ${row.p95.toFixed(1)} raw ${row.rawP50.toFixed(1)} cached ${row.cachedP95.toFixed(2)}${factP50 ? ` fact ${factP50.toFixed(1)}` : ''}`,
      );
    } catch (err) {
      log.statements = null;
      const error = String(err?.message ?? err).split('\n')[0];
      rows.push({ ...key, error });
      console.log(`${warehouse.engine.padEnd(10)} ${level} ${cmp.padEnd(4)} ${panel.padEnd(16)} failed: ${error}`);
    }
  }
  const elapsed = (Date.now() - startedAt) / 1000;
  const loadAfter = os.loadavg();
  const version = (await warehouse.query('SELECT version() AS v'))[0].v;
  await engine.parser.close();
  return { rows, elapsed, loadBefore, loadAfter, version, ds };
}

/** The same answer on both engines: equal keys and labels, numbers to 1e-9 relative (summation order). */
function sameAnswer(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= Math.abs(b) * 1e-9 + 1e-6;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(b);
    return Object.keys(a).length === keys.length && keys.every((k) => sameAnswer(a[k], b[k]));
  }
  return a === b;
}

// ---------------------------------------------------------------------------------------------
const f = (x) => (x === undefined ? '–' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const loads = (xs) => xs.map((x) => x.toFixed(1)).join(' / ');
const sections = [];
const versions = {};
try {
  for (const scale of SCALES) {
    const targets = await prepare(scale);
    const measured = {};
    let sel;
    let queries;
    let grant;
    for (const name of ENGINES) {
      const warehouse = await openWarehouse({
        warehouseUrl: targets[name].url,
        warehousePoolSize: POOL,
        warehouseRefreshMs: 0,
      });
      try {
        if (!sel) {
          // DuckDB (first in ENGINES) picks what is measured.
          const { engine } = recordingEngine(warehouse);
          sel = await selection(warehouse, engine);
          await engine.parser.close();
          grant = { categories: sel.catalog.leavesOf([...sel.catalog.categories.keys()]), brands: null, shops: null };
          queries = workload(engine.dataset('cn_monthly'), sel);
        }
        measured[name] = await measure(warehouse, queries, grant);
        versions[name] = measured[name].version;
      } finally {
        await warehouse.close();
      }
    }
    sections.push(report(scale, targets, sel, measured));
  }
} finally {
  await cluster.stop();
}

function report(scale, targets, sel, measured) {
  const ds = measured.duckdb.ds;
  const lines = [
    `## \`${scale}\` scale`,
    '',
    `- seed ${SEED}, as of ${AS_OF}: cn_monthly with ${ds.rows.fact_sales.toLocaleString('en')} fact rows, ${ds.rows.dim_sku.toLocaleString('en')} SKUs, ${ds.farthestDate} … ${ds.latestDate}`,
    `- Rollups: ${Object.entries(ds.rows)
      .filter(([k]) => k.startsWith('rollup_'))
      .map(([k, v]) => `${k} ${v.toLocaleString('en')} rows`)
      .join(', ')}`,
    ...ENGINES.map((e) => `- Import into ${ENGINE_NAMES[e]}: ${targets[e].importNote}`),
    `- Level-1 category ${sel.level1} (${sel.catalog.categories.get(sel.level1).name_en}), level-2 ${sel.level2} (${sel.catalog.categories.get(sel.level2).name_en}); attribute \`${sel.attr}\`; keyword "${sel.keywords.L1.word}" (L1, from ${sel.keywords.L1.from}), "${sel.keywords.L2.word}" (L2, from ${sel.keywords.L2.from}); concepts (Chinese titles): frequent "${sel.concepts.frequent}", rare "${sel.concepts.rare ?? 'none found'}", inside L1 and across all categories.`,
    ...ENGINES.map(
      (e) =>
        `- ${ENGINE_NAMES[e]} workload ran in ${measured[e].elapsed.toFixed(0)} s; load average (1/5/15 min) before ${loads(measured[e].loadBefore)}, after ${loads(measured[e].loadAfter)}`,
    ),
    '',
  ];
  if (measured.clickhouse) {
    lines.push(
      '### DuckDB and the 2-shard ClickHouse cluster (ms, uncached)',
      '',
      '*ratio* = ClickHouse p50 / DuckDB p50; *same answer*: both engines returned the same rows (numbers to 1e-9 relative).',
      '',
      '| panel | cat | cmp | table | rows | DuckDB p50 | DuckDB p95 | ClickHouse p50 | ClickHouse p95 | ratio | same answer |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...measured.duckdb.rows.map((d, i) => {
        const c = measured.clickhouse.rows[i];
        const ch = c.error
          ? `failed: ${c.error.slice(0, 80).replace(/\|/g, '\\|')} | – | – | –`
          : `${f(c.p50)} | ${f(c.p95)} | ${d.error ? '–' : (c.p50 / d.p50).toFixed(2)} | ${d.error ? '–' : sameAnswer(c.answer, d.answer) ? 'yes' : '**no**'}`;
        return `| ${d.panel} | ${d.level} | ${d.cmp} | ${d.table ?? '–'} | ${d.rows ?? '–'} | ${d.error ? 'failed' : f(d.p50)} | ${d.error ? '–' : f(d.p95)} | ${ch} |`;
      }),
      '',
    );
  }
  for (const e of ENGINES) {
    lines.push(
      `### ${ENGINE_NAMES[e]} in detail (ms)`,
      '',
      '| panel | cat | cmp | table | rows | first | p50 | p95 | raw p50 | ratio | cached p95 | fact p50 |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...measured[e].rows.map((r) =>
        r.error
          ? `| ${r.panel} | ${r.level} | ${r.cmp} | failed: ${r.error.slice(0, 120).replace(/\|/g, '\\|')} | | | | | | | | |`
          : `| ${r.panel} | ${r.level} | ${r.cmp} | ${r.table} | ${r.rows} | ${f(r.first)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.rawP50)} | ${(r.p50 / r.rawP50).toFixed(2)} | ${f(r.cachedP95)} | ${f(r.factP50)} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

const cpu = os.cpus();
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Analytics benchmark — ${date}`,
  '',
  '## Machine',
  '',
  `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores, shared with other work while this ran: every figure is an upper bound`,
  `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${os.type()} ${os.release()}`,
  `- Node ${process.version}, DuckDB ${versions.duckdb}, pool ${POOL} connections, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE}`,
  ...(ENGINES.includes('clickhouse')
    ? [
        `- ClickHouse ${versions.clickhouse}: 2 shards (one server each, Distributed over MergeTree) on loopback, on the same cores as DuckDB and the benchmark`,
      ]
    : []),
  '',
  `${RUNS} runs each. *uncached*: through the analytics engine with the response cache bypassed (the engine's buffers warm); *first*: the very first run; *raw*: the same SQL statements sent straight to the warehouse engine; *ratio* in the detail tables = uncached p50 / raw p50; *cached*: answered from the response cache; *fact p50*: the main statement forced onto fact_sales when a rollup answered.`,
  '',
  ...sections,
];
// A second run the same day gets its own file: committed results are never overwritten.
const out = writeRun('analytics', lines.join('\n'), { date });
console.log(`wrote ${path.relative(root, out)}`);
