/**
 * Bench data shared by the benchmarks (bench/run.mjs, bench/load.mjs): the generated market under
 * bench/.work/<scale>/source, its DuckDB warehouse under bench/.work/<scale>/warehouse and, when
 * asked, its import into a ClickHouse cluster (one database per scale) — each made only when it is
 * not there yet (BENCH_REIMPORT=1 forces both imports, to measure them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(here, '..');
export const work = path.join(here, '.work');
export const SEED = process.env.BENCH_SEED ?? '20170101';
export const AS_OF = '2026-11-01';
export const ENGINE_NAMES = { duckdb: 'DuckDB', clickhouse: 'ClickHouse' };
/** Node's flags for the server process: the ones `npm start` gives it (package.json config, docs/adr/0012). */
export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .config.server_node_flags.split(' ')
  .filter(Boolean);

/** Runs a command; with `logFile`, its output is also kept there (the import log is parsed below). */
export function step(cmd, args, logFile) {
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

/** What the import log says about the whole import: time and fact rows per second. */
export function importSummary(logFile, fallback) {
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  const loaded = /loaded as version \S+ in ([\d.]+) s \(([\d,]+) fact rows\/s\)/.exec(log);
  const rollupSecs = [...log.matchAll(/^rollup \S+\s+[\d,]+ rows 100%\s+[\d,]+ rows\/s\s+(\d+):(\d+)/gm)].reduce(
    (a, m) => a + Number(m[1]) * 60 + Number(m[2]),
    0,
  );
  return loaded
    ? `${loaded[1]} s for everything, ${loaded[2]} fact rows/s overall (rollups built in ${rollupSecs} s)`
    : fallback;
}

/**
 * One ClickHouse cluster per benchmark run, started on first use. Its data folder is kept between
 * runs, so an import is reused. `url(scale)` is the scale's database; `stop()` ends it (if started).
 */
export function benchCluster(startCluster) {
  let cluster;
  return {
    async url(scale) {
      cluster ??= await startCluster({ shards: 2, dir: path.join(work, 'clickhouse') });
      return cluster.url.replace(/\/marketlens\?/, `/bench_${scale}?`);
    },
    stop: () => cluster?.stop(),
  };
}

/**
 * Generates and imports one scale where needed; returns each engine's WAREHOUSE_URL and import note.
 * `engines` lists 'duckdb' and optionally 'clickhouse' (then `cluster` is a {@link benchCluster}).
 */
export async function prepareScale(scale, { engines, cluster, openWarehouse }) {
  const dir = path.join(work, scale);
  const source = path.join(dir, 'source');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(source, 'cn_monthly', 'dataset.json'))) {
    const s = step(process.execPath, [
      'packages/datagen/dist/cli.js',
      '--scale',
      scale,
      '--seed',
      SEED,
      '--as-of',
      AS_OF,
      '--out',
      source,
    ]);
    console.log(`${scale}: generated in ${s.toFixed(0)} s`);
  }
  const targets = {};
  const duckDir = path.join(dir, 'warehouse');
  const duckLog = path.join(dir, 'import-duckdb.log');
  if (process.env.BENCH_REIMPORT || !existsSync(path.join(duckDir, 'catalog.json'))) {
    step(
      process.execPath,
      ['packages/server/dist/cli/import.js', '--warehouse', duckDir, path.join(source, 'cn_monthly')],
      duckLog,
    );
  }
  targets.duckdb = { url: duckDir, importNote: importSummary(duckLog, 'reused an existing import') };
  if (engines.includes('clickhouse')) {
    const url = await cluster.url(scale);
    const probe = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
    const loaded = probe.datasets().some((d) => d.manifest.name === 'cn_monthly');
    await probe.close();
    const chLog = path.join(dir, 'import-clickhouse.log');
    if (process.env.BENCH_REIMPORT || !loaded) {
      step(
        process.execPath,
        ['packages/server/dist/cli/import.js', '--warehouse', url, path.join(source, 'cn_monthly')],
        chLog,
      );
    }
    targets.clickhouse = { url, importNote: importSummary(chLog, 'reused an existing import') };
  }
  return targets;
}

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** A warehouse that hands every statement it runs to `log.statements` while that is an array. */
export function recordingWarehouse(warehouse) {
  const log = { statements: null };
  // A proxy, not Object.create: an engine's methods and getters must see the real instance.
  const recorder = new Proxy(warehouse, {
    get(target, key) {
      if (key === 'query')
        return (sql, params, options) => {
          log.statements?.push({ sql, params });
          return target.query(sql, params, options);
        };
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { warehouse: recorder, log };
}
