#!/usr/bin/env node
/**
 * `npm run bench:load` — the load harness: many analysts on Category Insight at once.
 *
 * 1. Prepares the BENCH_SCALE (default `demo`) data as bench/run.mjs does (bench/lib/data.mjs) and,
 *    per engine of BENCH_ENGINES (default `duckdb`; add `clickhouse` for the 2-shard cluster),
 *    starts the BUILT server (`npm run build` first) on it in a fresh data folder, signs in as root
 *    and uses the demo project the server creates for the dataset.
 * 2. Simulated analysts (BENCH_CONCURRENCY, default `50,200`) each open the four Category Insight
 *    panels of a filter at once (summary, top brands, sales trend, platform distribution), think
 *    0–BENCH_THINK_MS ms (default 100), change the filter and repeat for BENCH_DURATION seconds
 *    (default 15). Two mixes: `miss` — every filter is new (the response cache never answers); `mixed`
 *    — BENCH_HIT_RATE (default 0.3) of the filter changes go back to one of a few popular filters
 *    (answered from the cache once asked). A health probe runs once a second throughout.
 * 3. The same statements sent straight to the engine at the same concurrency ("engine"): after the
 *    API runs the server is stopped, the statements of a sample of the `miss` filters' panel
 *    requests are captured in-process (the same app over a recording warehouse) and replayed by the
 *    same number of analysts, each panel's statements together as the server sends them.
 *    API/engine ratio = API p50 / engine p50 and engine req/s / API req/s (`miss` mix only: the
 *    engine has no response cache). Then the same statements behind a bare Node HTTP server
 *    ("engine over HTTP", bench/lib/engine-http.mjs), asked by the same analysts' client: what the
 *    HTTP transport alone costs on these cores, so the API's overhead splits into the transport's
 *    and the application's own.
 * 4. Writes bench/results/<date>/load.md (a second run the same day gets -2, -3 …; bench/lib/results.mjs).
 *
 * BENCH_RATE=250: latency at a given throughput instead of at saturation. With think time the
 * analysts ask as fast as answers come, so the latency is mostly queueing (Little's law: the wait is the panels
 * in flight over the throughput, however fast each statement is). With a rate the analysts
 * (API and engine runs alike) keep a timetable of RATE panel requests a second in total, and the
 * latency is what a panel takes at that load, lateness included (see `analysts`).
 *
 * Env besides the above: BENCH_SHARED=0 (say in the results that nothing else of ours ran), BENCH_MIXES (default `miss,mixed`), BENCH_POOL (WAREHOUSE_POOL_SIZE of the server and the engine runs; default
 * the server's), BENCH_PROFILE=1 (the server runs with --cpu-prof; profiles under
 * bench/.work/profiles), BENCH_LOG_LEVEL (server LOG_LEVEL, default info), BENCH_SERVER_LOG=1 (the
 * server's log in bench/.work/server-<engine>.log), BENCH_NODE_FLAGS (Node's flags for the server and
 * the engine-over-HTTP process; default package.json's config.server_node_flags, as `npm start`), BENCH_NOTE (a line for the results file),
 * CPU_SCHEDULING (the server's and this process's, default batch: docs/adr/0011-cpu-scheduling-batch.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchCluster,
  ENGINE_NAMES,
  here,
  pct,
  prepareScale,
  recordingWarehouse,
  root,
  SERVER_NODE_FLAGS,
  work,
} from './lib/data.mjs';
import { writeRun } from './lib/results.mjs';

// DuckDB's node binding runs queries on libuv's thread pool (bench/run.mjs): at least pool + 4
// threads. The server inherits the same environment, so both sides of the ratio run alike.
if (!process.env.UV_THREADPOOL_SIZE) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: String(Number(process.env.BENCH_POOL ?? 4) + 4) },
  });
  process.exit(r.status ?? 1);
}

const { startCluster, unavailableReason } = await import('../scripts/clickhouse-cluster.mjs');
const { openWarehouse } = await import(path.join(root, 'packages/server/dist/warehouse/index.js'));
// The engine replay runs in this process: under the same CPU scheduling as the server, which applies
// CPU_SCHEDULING (default batch) to itself at start (docs/adr/0011-cpu-scheduling-batch.md).
const { applyCpuScheduling } = await import(path.join(root, 'packages/server/dist/scheduling.js'));
const SCHEDULING = process.env.CPU_SCHEDULING ?? 'batch';
const scheduled = applyCpuScheduling(SCHEDULING);

const SCALE = process.env.BENCH_SCALE ?? 'demo';
const ENGINES = (process.env.BENCH_ENGINES ?? 'duckdb').split(',').map((s) => s.trim());
for (const e of ENGINES) if (!['duckdb', 'clickhouse'].includes(e)) throw new Error(`unknown engine "${e}"`);
if (ENGINES.includes('clickhouse') && unavailableReason()) throw new Error(unavailableReason());
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '50,200').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
/** Panel requests a second offered by all analysts together (a timetable instead of think time). */
const RATE = Number(process.env.BENCH_RATE ?? 0);
const HIT_RATE = Number(process.env.BENCH_HIT_RATE ?? 0.3);
// Statements run at once by each side (the server, the engine-over-HTTP process, the replay here):
// BENCH_POOL, or the server's own default, so that all three sides run with the same bound.
const { loadConfig } = await import(path.join(root, 'packages/server/dist/config.js'));
const POOL = process.env.BENCH_POOL ?? String(loadConfig({}, root).warehousePoolSize);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The server's log (one line per request, with its own response time) in bench/.work/server-<engine>.log. */
const SERVER_LOG = process.env.BENCH_SERVER_LOG === '1';
const MIXES = (process.env.BENCH_MIXES ?? 'miss,mixed').split(',').map((s) => s.trim());
/** Node's flags for the server (and the engine-over-HTTP process): what `npm start` gives it unless BENCH_NODE_FLAGS says otherwise. */
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : SERVER_NODE_FLAGS;
const ROOT_PASSWORD = 'Bench-root-Passw0rd';
/** Filters whose statements are captured for the engine runs (4 panel requests each). */
const CAPTURED_FILTERS = 48;

/** The four Category Insight panels a page opens at once: endpoint and its own fields. */
const PANELS = [
  { name: 'summary', url: '/summary', extra: {} },
  { name: 'top brands', url: '/top', extra: { kind: 'brand', sort_by: 'sales' } },
  { name: 'trends', url: '/trends', extra: { metric: 'sales' } },
  { name: 'platforms', url: '/distributions', extra: { dimension: 'platform', metric: 'sales' } },
];

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// HTTP: keep-alive sockets, as a browser keeps its connections (node:http: the client must stay cheap,
// it shares the cores with the server).

function client(base, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * PANELS.length + 8 });
  const { hostname, port } = new URL(base);
  return {
    request(method, url, { token, body } = {}) {
      const payload = body ? JSON.stringify(body) : undefined;
      return new Promise((resolve) => {
        const req = http.request(
          {
            agent,
            hostname,
            port,
            method,
            path: url,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
            );
            res.on('error', (err) => resolve({ status: `error ${err.code ?? err.message}`, text: '' }));
          },
        );
        req.on('error', (err) => resolve({ status: `error ${err.code ?? err.message}`, text: '' }));
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------
// The server.

async function startServer(engine, warehouseUrl) {
  const port = await freePort();
  mkdirSync(work, { recursive: true });
  const dataDir = mkdtempSync(path.join(work, `load-${engine}-`));
  const profileDir = path.join(work, 'profiles');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WAREHOUSE_URL: warehouseUrl,
    DEMO_SCALE: 'none',
    ROOT_PASSWORD,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    WAREHOUSE_POOL_SIZE: POOL,
  };
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'packages/server/dist/main.js'],
    {
      cwd: root,
      env,
      stdio: ['ignore', SERVER_LOG ? openSync(path.join(work, `server-${engine}.log`), 'w') : 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} at start`);
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 4 minutes');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return {
    url,
    env,
    dataDir,
    /** CPU time (user + system, ms) the server process used so far: its JS thread and DuckDB's. */
    cpuMs: () => procCpuMs(child.pid),
    /** CPU time of its main thread alone (JavaScript, and the engine calls made from it). */
    mainCpuMs: () => procCpuMs(child.pid, child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU time of a process, or of one of its threads (`tid`), from /proc (Linux), in ms; NaN elsewhere. */
function procCpuMs(pid, tid) {
  try {
    const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function signIn(api) {
  const login = await api.request('POST', '/api/auth/login', { body: { username: 'root', password: ROOT_PASSWORD } });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
  const token = JSON.parse(login.text).data.access_token;
  const scopes = await api.request('GET', '/api/common/data_scopes', { token });
  if (scopes.status !== 200) throw new Error(`data_scopes failed: ${scopes.status} ${scopes.text}`);
  const items = JSON.parse(scopes.text).data;
  const project = (Array.isArray(items) ? items : items.items).find((p) => p.table === 'cn_monthly') ?? null;
  if (!project) throw new Error(`no demo project for cn_monthly in ${scopes.text.slice(0, 300)}`);
  return { token, projectId: project.id };
}

// ---------------------------------------------------------------------------------------------
// Filters: every `next()` is a filter no earlier one equals (category × period × comparison), so
// its panels miss the response cache; `popular` are a few the analysts keep coming back to.

async function filterSpace(warehouseUrl) {
  const warehouse = await openWarehouse({ warehouseUrl, warehouseRefreshMs: 0 });
  try {
    const ds = warehouse.datasets().find((d) => d.manifest.name === 'cn_monthly');
    const cats = await warehouse.query(
      `SELECT category_id FROM ${warehouse.tableName('cn_monthly', 'dim_category')} WHERE level IN (1, 2) ORDER BY category_id`,
    );
    return { categories: cats.map((c) => Number(c.category_id)), latest: ds.latestDate };
  } finally {
    await warehouse.close();
  }
}

const addMonths = (d, n) => {
  const [y, m] = d.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
};

function filters(space, projectId) {
  let i = 0;
  const make = (cat, endBack, months, selector) => ({
    data_scope_id: projectId,
    category: { enable: true, value: [cat] },
    date: [addMonths(space.latest, -endBack - months + 1), addMonths(space.latest, -endBack)],
    ...(selector ? { selector } : {}),
  });
  const n = space.categories.length;
  return {
    /** A filter never asked before in this run (the index walks category, end month, length, comparison). */
    next() {
      const k = i++;
      const j = Math.floor(k / n);
      return make(space.categories[k % n], j % 36, 1 + (Math.floor(j / 36) % 24), ['yoy', 'mom', undefined][j % 3]);
    },
    popular: space.categories.slice(0, 8).map((c) => make(c, 0, 12, 'yoy')),
  };
}

// ---------------------------------------------------------------------------------------------
// Analysts.

/**
 * Runs `concurrency` analysts for DURATION_S: each opens the panels of `nextFilter()` at once
 * (`open(filter, analyst)` resolves to one sample per panel), thinks, and repeats. Returns the
 * samples and the wall time from the first request to the last answer.
 *
 * With BENCH_RATE the analysts keep to a timetable instead of thinking: together they open RATE
 * panels a second, each analyst a page every `panels × analysts / RATE` seconds from a random
 * offset. A page opened late (its analyst still waited for the previous one) counts its lateness in
 * its latency — the time a user would have waited since they meant to open it — so a server that
 * falls behind cannot hide it by slowing the analysts down (coordinated omission).
 */
async function analysts(concurrency, nextFilter, open) {
  const samples = [];
  const t0 = performance.now();
  const until = t0 + DURATION_S * 1000;
  const period = RATE ? (PANELS.length * concurrency * 1000) / RATE : 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, a) => {
      if (period) {
        for (let due = t0 + Math.random() * period; due < until; due += period) {
          await sleep(due - performance.now());
          const late = Math.max(0, performance.now() - due);
          const answers = await open(nextFilter(a), a);
          samples.push(...answers.map((x) => ({ ...x, ms: x.ms + late })));
        }
        return;
      }
      // Staggered starts: analysts do not all press the button in the same millisecond.
      await sleep(Math.random() * Math.min(THINK_MS, 500));
      while (performance.now() < until) {
        const answers = await open(nextFilter(a), a);
        samples.push(...answers);
        // Turned away (503 overloaded): a well-behaved client waits as long as Retry-After says.
        const retryAfter = Math.max(0, ...answers.map((x) => x.retryAfter ?? 0));
        await sleep(retryAfter > 0 ? retryAfter * 1000 : Math.random() * THINK_MS);
      }
    }),
  );
  return { samples, seconds: (performance.now() - t0) / 1000 };
}

function summarise({ samples, seconds }) {
  const ms = samples.map((s) => s.ms);
  const errors = {};
  for (const s of samples) if (s.status !== 200) errors[s.status] = (errors[s.status] ?? 0) + 1;
  return {
    requests: samples.length,
    rps: samples.length / seconds,
    okRps: samples.filter((s) => s.status === 200).length / seconds,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    p99: pct(ms, 99),
    errors,
    seconds,
  };
}

/** Times one HTTP request; a non-200 keeps its status (and the first error body for the report). */
async function timed(api, method, url, opts) {
  const t = performance.now();
  const res = await api.request(method, url, opts);
  return { ms: performance.now() - t, status: res.status, res };
}

/** GET /api/health once a second while `running()`: latency and status of each probe. */
async function healthProbe(api, running) {
  const out = [];
  while (running()) {
    out.push(await timed(api, 'GET', '/api/health'));
    await sleep(1000);
  }
  return out;
}

const firstErrors = new Map();

async function apiRun(server, session, gen, concurrency, hitRate) {
  const api = client(server.url, concurrency);
  let running = true;
  const health = healthProbe(client(server.url, 1), () => running);
  const cpu0 = server.cpuMs();
  const main0 = server.mainCpuMs();
  const client0 = process.cpuUsage();
  const result = await analysts(
    concurrency,
    () => (Math.random() < hitRate ? gen.popular[Math.floor(Math.random() * gen.popular.length)] : gen.next()),
    (filter) =>
      Promise.all(
        PANELS.map(async (p) => {
          const s = await timed(api, 'POST', `/api/common${p.url}`, {
            token: session.token,
            body: { ...filter, ...p.extra },
          });
          if (s.status !== 200 && !firstErrors.has(s.status)) firstErrors.set(s.status, s.res.text.slice(0, 300));
          const retryAfter = s.status === 503 ? Number(s.res.headers?.['retry-after'] ?? 0) : 0;
          return { ms: s.ms, status: s.status, panel: p.name, retryAfter };
        }),
      ),
  );
  const cpuMs = server.cpuMs() - cpu0;
  const mainMs = server.mainCpuMs() - main0;
  const clientMs = cpuMsOf(process.cpuUsage(client0));
  running = false;
  const probes = await health;
  api.close();
  const h = probes.map((p) => p.ms);
  return {
    ...summarise(result),
    cpuPerRequest: cpuMs / result.samples.length,
    mainCpuPerRequest: mainMs / result.samples.length,
    clientCpuPerRequest: clientMs / result.samples.length,
    health: {
      probes: probes.length,
      failed: probes.filter((p) => p.status !== 200).length,
      p50: pct(h, 50),
      max: Math.max(...h),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The engine itself: the panel statements, captured in-process and replayed.

/** The statements of each panel request of `filterList`, from the same app over a recording warehouse. */
async function captureStatements(server, token, filterList) {
  const dist = (p) => path.join(root, 'packages/server/dist', p);
  const { openMetadata } = await import(dist('metadata/index.js'));
  const { loadOrCreateSigningKey } = await import(dist('bootstrap/data-dir.js'));
  const { buildApp } = await import(dist('app.js'));
  const { APP_VERSION } = await import(dist('version.js'));
  const config = { ...loadConfig(server.env, root), logLevel: 'silent' };
  const metadata = await openMetadata(config.metadataUrl);
  const real = await openWarehouse(config);
  const { warehouse, log } = recordingWarehouse(real);
  const signingKey = loadOrCreateSigningKey(config.dataDir, config.tokenSigningKey);
  const app = await buildApp({ config, metadata, warehouse, version: APP_VERSION, signingKey });
  const groups = [];
  const ask = (p, filter) =>
    app.inject({
      method: 'POST',
      url: `/api/common${p.url}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...filter, ...p.extra },
    });
  try {
    // The server answers in its steady state: its catalogue read, its statements compiled, the names
    // of the brands and platforms it shows kept (AnalyticsEngine.nameRows). The same categories a month
    // earlier — other filters, so the response cache answers none of the recorded ones — bring the
    // capture there first; otherwise the replay would send a name read with every panel.
    for (const filter of filterList) {
      const earlier = { ...filter, date: filter.date.map((d) => addMonths(d, -1)) };
      for (const p of PANELS) {
        const res = await ask(p, earlier);
        if (res.statusCode !== 200)
          throw new Error(`capture warm-up ${p.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
    for (const filter of filterList) {
      const one = [];
      for (const p of PANELS) {
        log.statements = [];
        const res = await ask(p, filter);
        if (res.statusCode !== 200) throw new Error(`capture ${p.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        one.push({ panel: p.name, statements: log.statements });
        log.statements = null;
      }
      groups.push(one);
    }
  } finally {
    await app.close();
    await real.close();
    await metadata.close();
  }
  return groups;
}

async function engineRun(warehouseUrl, groups, concurrency) {
  const warehouse = await openWarehouse({
    warehouseUrl,
    warehouseRefreshMs: 0,
    warehousePoolSize: Number(POOL),
  });
  try {
    let k = 0;
    const cpu0 = process.cpuUsage();
    const main0 = procCpuMs(process.pid, process.pid);
    const result = await analysts(
      concurrency,
      () => groups[k++ % groups.length],
      (group) =>
        Promise.all(
          group.map(async ({ panel, statements }) => {
            const t = performance.now();
            try {
              await Promise.all(statements.map((s) => warehouse.query(s.sql, s.params)));
              return { ms: performance.now() - t, status: 200, panel };
            } catch (err) {
              return {
                ms: performance.now() - t,
                status: `engine ${err.name}: ${String(err.message).split('\n')[0].slice(0, 60)}`,
                panel,
              };
            }
          }),
        ),
    );
    const cpu = process.cpuUsage(cpu0);
    const mainMs = procCpuMs(process.pid, process.pid) - main0;
    // This process: DuckDB's threads and the analysts' loop (a small part).
    return {
      ...summarise(result),
      cpuPerRequest: cpuMsOf(cpu) / result.samples.length,
      mainCpuPerRequest: mainMs / result.samples.length,
    };
  } finally {
    await warehouse.close();
  }
}

// ---------------------------------------------------------------------------------------------

const cpuMsOf = (usage) => (usage.user + usage.system) / 1000;

/**
 * The statements behind the least any Node HTTP API could do (bench/lib/engine-http.mjs): the same
 * groups as the engine run, asked over HTTP by the same analysts' client at the same concurrency.
 */
async function engineOverHttpRun(engine, warehouseUrl, groups, concurrency) {
  const groupsFile = path.join(work, `statements-all-${engine}.json`);
  writeFileSync(groupsFile, JSON.stringify(groups));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, path.join(here, 'lib/engine-http.mjs'), warehouseUrl, groupsFile, String(port)],
    {
      cwd: root,
      env: { ...process.env, WAREHOUSE_POOL_SIZE: POOL },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`engine-http exited with ${code}`)));
    });
    const api = client(`http://127.0.0.1:${port}`, concurrency);
    let k = 0;
    const cpu0 = procCpuMs(child.pid);
    const main0 = procCpuMs(child.pid, child.pid);
    const client0 = process.cpuUsage();
    const result = await analysts(
      concurrency,
      () => k++ % groups.length,
      (g) =>
        Promise.all(
          groups[g].map(async ({ panel }, p) => {
            const s = await timed(api, 'POST', '/panel', { body: { g, p } });
            return { ms: s.ms, status: s.status === 200 ? 200 : `HTTP ${s.status}`, panel };
          }),
        ),
    );
    const n = result.samples.length;
    const out = {
      ...summarise(result),
      cpuPerRequest: (procCpuMs(child.pid) - cpu0) / n,
      mainCpuPerRequest: (procCpuMs(child.pid, child.pid) - main0) / n,
      clientCpuPerRequest: cpuMsOf(process.cpuUsage(client0)) / n,
    };
    api.close();
    return out;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(groupsFile, { force: true });
  }
}

async function measureEngine(engine, warehouseUrl) {
  const space = await filterSpace(warehouseUrl);
  const server = await startServer(engine, warehouseUrl);
  const runs = [];
  let session;
  let gen;
  try {
    session = await signIn(client(server.url, 1));
    gen = filters(space, session.projectId);
    // Warm-up (not reported): the engine's buffers and the server's JIT.
    const warm = client(server.url, 8);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 10; i++) {
          const f = gen.next();
          await Promise.all(
            PANELS.map((p) =>
              warm.request('POST', `/api/common${p.url}`, { token: session.token, body: { ...f, ...p.extra } }),
            ),
          );
        }
      }),
    );
    warm.close();
    for (const [mix, hitRate] of [
      ['miss', 0],
      ['mixed', HIT_RATE],
    ].filter(([m]) => MIXES.includes(m))) {
      for (const c of CONCURRENCY) {
        const r = await apiRun(server, session, gen, c, hitRate);
        runs.push({ side: 'API', mix, concurrency: c, ...r });
        log(engine, 'API', mix, c, r);
      }
    }
  } finally {
    await server.stop();
  }
  // The first miss filters of a fresh generator: what the API runs asked first.
  const sample = filters(space, session.projectId);
  const groups = await captureStatements(
    server,
    session.token,
    Array.from({ length: CAPTURED_FILTERS }, () => sample.next()),
  );
  // Kept for reading (what each panel sends), next to the data.
  writeFileSync(path.join(work, `statements-${engine}.json`), JSON.stringify(groups.slice(0, 4), null, 1));
  for (const c of CONCURRENCY) {
    const r = await engineRun(warehouseUrl, groups, c);
    runs.push({ side: 'engine', mix: 'miss', concurrency: c, ...r });
    log(engine, 'engine', 'miss', c, r);
    const h = await engineOverHttpRun(engine, warehouseUrl, groups, c);
    runs.push({ side: 'engine over HTTP', mix: 'miss', concurrency: c, ...h });
    log(engine, 'e+HTTP', 'miss', c, h);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
  const perPanel = PANELS.map((p) => {
    const counts = groups.map((g) => g.find((x) => x.panel === p.name).statements.length);
    return `${p.name} ${Math.min(...counts)}–${Math.max(...counts)}`;
  }).join(', ');
  return { runs, statementsPerPanel: perPanel, categories: space.categories.length };
}

const f1 = (x) => (x === undefined ? '–' : x < 10 ? x.toFixed(1) : x.toFixed(0));
const errs = (e) =>
  Object.keys(e).length === 0
    ? '0'
    : Object.entries(e)
        .map(([k, v]) => `${v} × ${k}`)
        .join(', ');

function log(engine, side, mix, c, r) {
  console.log(
    `${engine.padEnd(10)} ${side.padEnd(6)} ${mix.padEnd(5)} c=${String(c).padEnd(3)} ${r.requests} req in ${r.seconds.toFixed(1)} s = ${r.rps.toFixed(1)} req/s (ok ${r.okRps.toFixed(1)})  cpu ${r.cpuPerRequest.toFixed(1)} ms/req (main thread ${r.mainCpuPerRequest.toFixed(2)}${r.clientCpuPerRequest !== undefined ? `, analysts ${r.clientCpuPerRequest.toFixed(2)}` : ''})  p50 ${f1(r.p50)} p95 ${f1(r.p95)} p99 ${f1(r.p99)} ms  errors ${errs(r.errors)}${r.health ? `  health p50 ${f1(r.health.p50)} max ${f1(r.health.max)} ms, ${r.health.failed}/${r.health.probes} failed` : ''}`,
  );
}

const loadBefore = os.loadavg();
const cluster = benchCluster(startCluster);
const results = {};
let targets;
try {
  targets = await prepareScale(SCALE, { engines: ENGINES, cluster, openWarehouse });
  for (const e of ENGINES) results[e] = await measureEngine(e, targets[e].url);
} finally {
  await cluster.stop();
}
const loadAfter = os.loadavg();

const cpu = os.cpus();
const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Load benchmark — ${date}`,
  '',
  `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores; server, analysts and engine runs all on these cores. ${process.env.BENCH_SHARED === '0' ? 'Nothing else of ours ran meanwhile (the host may still run other tenants: compare A/B pairs, not runs hours apart)' : '**Shared with other work while this ran** (a CI run, other builds): every figure is an upper bound on latency and a lower bound on throughput'} — the load average below tells`,
  `- Load average (1/5/15 min) before ${loadBefore.map((x) => x.toFixed(1)).join(' / ')}, after ${loadAfter.map((x) => x.toFixed(1)).join(' / ')}`,
  `- Node ${process.version}, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE}; \`${SCALE}\` data; server LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}, CPU scheduling ${scheduled.applied ? 'batch (server and this process)' : `normal (${scheduled.reason})`}, WAREHOUSE_POOL_SIZE ${POOL}${process.env.BENCH_POOL ? '' : ' (the server default)'} on every side${PROFILE ? ', with --cpu-prof' : ''}`,
  `- ${DURATION_S} s per run; ${RATE ? `**a timetable of ${RATE} panel requests/s offered in total** (no think time; latency counted from when each page was due, lateness included)` : `think time 0–${THINK_MS} ms`}; analysts open ${PANELS.map((p) => p.name).join(', ')} at once per filter; \`miss\`: every filter new (${Object.values(results)[0]?.categories} level-1/2 categories × periods × comparison), \`mixed\`: ${HIT_RATE * 100}% of filter changes go back to one of 8 popular filters`,
  "- *CPU ms / req*: CPU time (user + system) of the server process per answered request (its JS thread and DuckDB's threads; the analysts run in another process), and of the bench process per request on the engine side — unlike wall times, hardly changed by other work on the cores; 2,000 / it is the request rate 2 dedicated cores could sustain. *main thread*: the part of it spent on the process's main thread (the server's JavaScript and the engine calls made from it; on the engine side the replay loop and the same calls) — one core's worth, 1,000 / it, is the most that thread can answer. *ratio CPU* = API / engine. *analysts' CPU*: this process's CPU per request while the analysts' HTTP client ran (it takes the same 2 cores from the server)",
  `- *engine*: the statements of the first ${CAPTURED_FILTERS} \`miss\` filters' panel requests, captured from the same app and sent straight to the engine by the same number of analysts (each panel's statements together); *ratio* = API p50 / engine p50, and engine req/s / API req/s; *engine over HTTP*: the same statements behind a bare Node HTTP server (bench/lib/engine-http.mjs: no auth, validation, SQL building, log or cache), asked by the same client — the least any HTTP API in Node could cost, so engine over HTTP / API is the application's own overhead and engine / engine over HTTP the transport's${RATE ? ' (on a timetable both sides are offered the same rate: 1.00 says both kept it, capacity is measured without BENCH_RATE)' : ''}`,
  ...(process.env.BENCH_NOTE ? [`- ${process.env.BENCH_NOTE}`] : []),
  '',
];
for (const e of ENGINES) {
  const r = results[e];
  lines.push(
    `## ${ENGINE_NAMES[e]}`,
    '',
    `- Import: ${targets[e].importNote}; statements per panel request: ${r.statementsPerPanel}`,
    '',
    "| side | mix | analysts | requests | req/s | ok req/s | CPU ms / req | main thread CPU ms / req | analysts' CPU ms / req | p50 ms | p95 ms | p99 ms | errors | health p50 / max ms (failed) | ratio p50 | ratio req/s | ratio CPU | req/s: engine over HTTP / API |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const clean = (x) => x && !Object.keys(x.errors).length;
  for (const x of r.runs) {
    const eng = r.runs.find((y) => y.side === 'engine' && y.concurrency === x.concurrency);
    const overHttp = r.runs.find((y) => y.side === 'engine over HTTP' && y.concurrency === x.concurrency);
    // Only where both sides answered everything: a quick 503 is no latency to compare.
    const ratio = x.side !== 'engine' && x.mix === 'miss' && clean(x) && clean(eng);
    const vsHttp = x.side === 'API' && x.mix === 'miss' && clean(x) && clean(overHttp);
    lines.push(
      `| ${x.side} | ${x.mix} | ${x.concurrency} | ${x.requests} | ${x.rps.toFixed(1)} | ${x.okRps.toFixed(1)} | ${x.cpuPerRequest.toFixed(1)} | ${x.mainCpuPerRequest.toFixed(2)} | ${x.clientCpuPerRequest === undefined ? '–' : x.clientCpuPerRequest.toFixed(2)} | ${f1(x.p50)} | ${f1(x.p95)} | ${f1(x.p99)} | ${errs(x.errors)} | ${x.health ? `${f1(x.health.p50)} / ${f1(x.health.max)} (${x.health.failed}/${x.health.probes})` : '–'} | ${ratio ? (x.p50 / eng.p50).toFixed(2) : '–'} | ${ratio ? (eng.rps / x.rps).toFixed(2) : '–'} | ${ratio ? (x.cpuPerRequest / eng.cpuPerRequest).toFixed(2) : '–'} | ${vsHttp ? (overHttp.rps / x.rps).toFixed(2) : '–'} |`,
    );
  }
  lines.push('');
}
if (firstErrors.size > 0) {
  lines.push('First answer of each error status:', '');
  for (const [s, t] of firstErrors) lines.push(`- ${s}: \`${t.replace(/`/g, "'")}\``);
  lines.push('');
}
const out = writeRun('load', lines.join('\n'), { date });
console.log(`wrote ${path.relative(root, out)}`);
