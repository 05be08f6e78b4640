#!/usr/bin/env node
/**
 * Web load benchmark: against the BUILT server with tiny demo data, in headless Chromium.
 *
 * - what a user waits for: navigation → first chart drawn with data on /discover (the `chart-drawn`
 *   performance mark of EChartView), on a full reload with an empty and with a warm HTTP cache
 *   (targets ≤ 1.0 s) and on in-app navigation from another analysis page (≤ 300 ms); median and p95
 *   of BENCH_RUNS (default 9) each, and the request waterfall of one cold load;
 * - sizes (ADR 0004): the gzipped JavaScript of the shell and of every page at first view against its
 *   class's budget (bench/web-budget.json, measured by bench/lib/web-first-view.mjs, as the guard test
 *   e2e/web-budget.e2e.test.ts does);
 * - first contentful paint (≤ 1.0 s) and largest contentful paint (≤ 2.0 s) for the sign-in page
 *   and the layout after sign-in; median of BENCH_RUNS loads;
 * - a filter change shows a pending state within 100 ms (Apply click → first pending panel).
 *
 * Writes bench/results/<date>/web.md (bench/lib/results.mjs). Usage: node bench/web-load.mjs [chart|sizes] (builds what is
 * stale first; `chart` or `sizes` runs that part only, for a quick look, and writes nothing).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';
import { writeRun } from './lib/results.mjs';
import {
  addTokens,
  brKb,
  budgetTable,
  CONTEXT,
  measureBudget,
  shellFiles,
  signInTokens,
  sumKb,
} from './lib/web-first-view.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ROOT_PASSWORD = 'Bench-root-Passw0rd';
const LIMITS = { fcpMs: 1000, lcpMs: 2000, pendingMs: 100, chartReloadMs: 1000, chartInAppMs: 300 };
const ONLY = process.argv[2];

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketlens-webbench-'));
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SCALE: 'tiny',
      ROOT_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USERNAME: '100000',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 960; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The nearest-rank 95th percentile (with 9 runs: the largest). */
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const load1 = () => os.loadavg()[0].toFixed(1);

/**
 * Filter change → pending state (target ≤ 100 ms): on a freshly loaded /discover (its own browser
 * context, so the new query is not in the client cache), the time from the Apply click of a new
 * comparison (yoy) to the first panel showing its pending state or skeleton, both taken in the page
 * (capture-phase click listener, MutationObserver).
 */
async function pendingDelays(browser, url, tokens, runs) {
  const delays = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(CONTEXT);
    await addTokens(context, tokens);
    const page = await context.newPage();
    await page.goto(`${url}/discover`, { waitUntil: 'load' });
    await page.locator('[data-testid="summary-cards"]').waitFor({ timeout: 60_000 });
    // The panels below the fold render after the first chart (<Later>) and fetch then: wait for them
    // too, or their first skeleton would be taken for the filter change's pending state.
    await page.waitForLoadState('networkidle');
    await page
      .locator('[data-testid="panel-pending"], [data-testid="panel-skeleton"]')
      .first()
      .waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      window.__clickAt = null;
      window.__pendingAt = null;
      document.addEventListener(
        'click',
        (e) => {
          if (e.target instanceof Element && e.target.closest('[data-testid="filter-apply"]'))
            window.__clickAt = performance.now();
        },
        { capture: true },
      );
      const observer = new MutationObserver(() => {
        // The Apply button turns busy at once; a panel keeping its previous content shows "pending",
        // one without any its skeleton.
        if (
          window.__pendingAt === null &&
          document.querySelector(
            '[data-testid="filter-apply"].ant-btn-loading, [data-testid="panel-pending"], [data-testid="panel-skeleton"]',
          )
        ) {
          window.__pendingAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // The compare selector is the filter panel's first Segmented: mom, yoy, custom.
    await page.locator('[data-testid="filter-panel"] .ant-segmented-item').nth(1).click();
    await page.locator('[data-testid="filter-apply"]').click();
    await page.waitForFunction(() => window.__pendingAt !== null, null, { timeout: 30_000 });
    delays.push(await page.evaluate(() => window.__pendingAt - window.__clickAt));
    await context.close();
  }
  return delays;
}

/** Loads a page in a fresh context; returns its paint timings. */
async function paintTimings(browser, url, { tokens, ready }) {
  const context = await browser.newContext(CONTEXT);
  if (tokens) await addTokens(context, tokens);
  const page = await context.newPage();
  await page.addInitScript((selector) => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = Math.max(window.__lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // When the screen itself (not the splash) is in the page: FCP is the splash, this is the screen.
    window.__readyAt = null;
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) {
        window.__readyAt = performance.now();
        observer.disconnect();
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, attributes: true }),
    );
  }, ready);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  // LCP is final on the first input; a click on an empty area ends it as a user would.
  await page.mouse.click(1, 1);
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    lcp: window.__lcp,
    ready: window.__readyAt ?? Number.NaN,
  }));
  await context.close();
  return timing;
}

const CHART_DRAWN = 'chart-drawn';

/** Time of the first `chart-drawn` mark after `since` (ms on the page's clock), waiting up to 60 s. */
async function chartDrawnAfter(page, since = 0) {
  const handle = await page.waitForFunction(
    ([name, after]) => performance.getEntriesByName(name).find((e) => e.startTime > after)?.startTime,
    [CHART_DRAWN, since],
    { timeout: 60_000, polling: 20 },
  );
  return handle.jsonValue();
}

/**
 * The requests of a page load up to its first chart, from Resource Timing: each API call (start, server
 * wait = request sent → first byte, end) and the JavaScript files (count, first start, last end), in ms
 * from the navigation.
 */
async function waterfall(page, until) {
  return page.evaluate((end) => {
    const entries = performance.getEntriesByType('resource').filter((e) => e.startTime <= end);
    const api = entries
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => ({
        path: new URL(e.name).pathname,
        start: e.startTime,
        wait: e.responseStart - e.requestStart,
        end: e.responseEnd,
      }));
    const js = entries.filter((e) => new URL(e.name).pathname.endsWith('.js'));
    return {
      api,
      js: {
        files: js.length,
        start: Math.min(...js.map((e) => e.startTime)),
        end: Math.max(...js.map((e) => e.responseEnd)),
      },
    };
  }, until);
}

/**
 * Navigation → first chart drawn with data on /discover:
 * - reload, empty cache: a fresh browser context (no HTTP cache, no client state) opens the address;
 * - reload, warm HTTP cache: the same context opens it again (scripts cached, client state gone);
 * - in-app: /hot (another analysis page) is open with its charts drawn, the side menu's Category Insight
 *   is clicked; from the click (capture-phase listener) to the first chart of /discover.
 * Every run has its own context, so no run finds another's client cache.
 */
async function firstChartTimes(browser, url, tokens, runs) {
  const cold = [];
  const warm = [];
  const inApp = [];
  let coldWaterfall = null;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(CONTEXT);
    await addTokens(context, tokens);
    const page = await context.newPage();
    await page.goto(`${url}/discover`);
    const first = await chartDrawnAfter(page);
    cold.push(first);
    if (i === Math.floor(runs / 2)) coldWaterfall = { at: first, ...(await waterfall(page, first)) };
    await page.waitForLoadState('networkidle');
    await page.goto(`${url}/discover`);
    warm.push(await chartDrawnAfter(page));
    await context.close();
  }
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(CONTEXT);
    await addTokens(context, tokens);
    const page = await context.newPage();
    await page.goto(`${url}/hot`);
    await chartDrawnAfter(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      window.__clickAt = null;
      document.addEventListener(
        'click',
        () => {
          window.__clickAt ??= performance.now();
        },
        { capture: true },
      );
    });
    await page.locator('[data-testid="side-menu"] [data-menu-id$="/discover"]').click();
    const clickAt = await page.waitForFunction(() => window.__clickAt).then((h) => h.jsonValue());
    inApp.push((await chartDrawnAfter(page, clickAt)) - clickAt);
    await context.close();
  }
  return { cold, warm, inApp, coldWaterfall };
}

/** The first-chart section of the results. */
function chartLines({ cold, warm, inApp, coldWaterfall }, loads) {
  const ok = (v, limit) => (v <= limit ? '✓' : '✗');
  const row = (name, xs, limit) =>
    `| ${name} | ${xs.length} | **${median(xs).toFixed(0)}** | ${p95(xs).toFixed(0)} | ${Math.min(...xs).toFixed(0)} | ≤ ${limit} ${ok(median(xs), limit)} |`;
  const w = coldWaterfall;
  return [
    '## Navigation → first chart drawn on /discover',
    '',
    `The \`${CHART_DRAWN}\` mark: EChartView's first frame painted with data. Load average (1 min) ${loads}.`,
    '',
    '| navigation | runs | median (ms) | p95 (ms) | min (ms) | target |',
    '|---|---:|---:|---:|---:|:-:|',
    row('full reload, empty cache', cold, LIMITS.chartReloadMs),
    row('full reload, warm HTTP cache', warm, LIMITS.chartReloadMs),
    row('in-app, from /hot by the side menu', inApp, LIMITS.chartInAppMs),
    '',
    `Waterfall of cold run ${Math.floor(cold.length / 2) + 1} of ${cold.length} (first chart at ${w.at.toFixed(0)} ms): ${w.js.files} JavaScript files`,
    `between ${w.js.start.toFixed(0)} and ${w.js.end.toFixed(0)} ms; API calls (ms from the navigation; wait = request sent → first byte):`,
    '',
    '| call | start | wait | end |',
    '|---|---:|---:|---:|',
    ...w.api.map((a) => `| ${a.path} | ${a.start.toFixed(0)} | ${a.wait.toFixed(0)} | ${a.end.toFixed(0)} |`),
    '',
  ];
}

async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

async function main() {
  ensureBuilt();
  const server = await startServer();
  const browser = await startBrowser();
  try {
    const tokens = await signInTokens(server.url, 'root', ROOT_PASSWORD);
    if (ONLY === 'chart') {
      const at = load1();
      const times = await firstChartTimes(browser, server.url, tokens, RUNS);
      process.stdout.write(`${chartLines(times, `${at} → ${load1()}`).join('\n')}\n`);
      return;
    }
    const sizeLoad = load1();
    const sizes = await measureBudget(browser, server.url, tokens);
    // Which files each page loaded, for bench/web-composition.mjs (what the kilobytes are made of).
    mkdirSync(path.join(root, 'bench/.work'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench/.work/web-files.json'),
      JSON.stringify({ shell: shellFiles(), pages: sizes.map((r) => ({ name: r.name, files: r.scripts })) }, null, 1),
    );
    if (ONLY === 'sizes') {
      process.stdout.write(`${budgetTable(sizes).join('\n')}\n`);
      return;
    }
    const chartLoad = load1();
    const chart = await firstChartTimes(browser, server.url, tokens, RUNS);
    const chartSection = chartLines(chart, `${chartLoad} → ${load1()}`);
    const paintLoad = load1();
    const paintPages = [
      { name: 'Sign-in (/login)', path: '/login', ready: '[data-testid="login-form"]' },
      { name: 'Layout after sign-in (/hot)', path: '/hot', ready: '[data-testid="side-menu"]', tokens },
    ];
    const paints = [];
    for (const p of paintPages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await paintTimings(browser, `${server.url}${p.path}`, p));
      paints.push({
        ...p,
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        ready: median(runs.map((r) => r.ready)),
      });
    }
    const pendingLoad = load1();
    const pending = await pendingDelays(browser, server.url, tokens, RUNS);
    const ok = (v, limit) => (v <= limit ? '✓' : '✗');
    const date = new Date().toISOString().slice(0, 10);
    const cpu = os.cpus();
    const shell = sizes[0];
    const lines = [
      `# Web load benchmark — ${date}`,
      '',
      `Built server + web app on localhost, tiny demo data, headless Chromium (${browser.version()}).`,
      `Machine: ${cpu[0]?.model ?? 'CPU'} × ${cpu.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}.`,
      // Timings mean little on a machine busy with other work: say how busy it was, per section.
      `Load average (1 min) at the end of the run: ${load1()} on ${cpu.length} CPUs; each section gives its own.`,
      'Timings on a shared machine are upper bounds.',
      '',
      ...chartSection,
      '## Sizes at first view (ADR 0004)',
      '',
      'The JavaScript a browser fetches for the route in a fresh context until the network is quiet for 500 ms, each',
      'file gzipped at level 9 (bench/lib/web-first-view.mjs; budgets: bench/web-budget.json, guarded by',
      `e2e/web-budget.e2e.test.ts). Shell: entry script + modulepreloads, sent as brotli ${sumKb(shell.scripts, brKb).toFixed(1)} KB. Load average ${sizeLoad} (sizes do not depend on it).`,
      '',
      ...budgetTable(sizes),
      '',
      '## Paint (sign-in, layout)',
      '',
      `Median of ${RUNS} loads, a fresh context each; load average ${paintLoad}.`,
      '',
      '| page | FCP (ms) | LCP (ms) | screen in the page (ms) |',
      '|---|---:|---:|---:|',
      ...paints.map(
        (r) =>
          `| ${r.name} | ${r.fcp.toFixed(0)} ${ok(r.fcp, LIMITS.fcpMs)} | ${r.lcp.toFixed(0)} ${ok(r.lcp, LIMITS.lcpMs)} | ${r.ready.toFixed(0)} |`,
      ),
      '',
      `Targets: FCP ≤ ${LIMITS.fcpMs} ms and LCP ≤ ${LIMITS.lcpMs} ms. FCP is the splash of index.html (logo, name, a moving`,
      `bar) that paints with the HTML; "screen in the page" is when the screen's own element (the sign-in form, the side`,
      'menu) is in the document.',
      '',
      '## Filter change → pending state',
      '',
      `On /discover, Apply of a new comparison until a pending state shows (the busy Apply button or a pending panel), ${pending.length} changes, load average ${pendingLoad}:`,
      `median **${median(pending).toFixed(0)} ms**, max ${Math.max(...pending).toFixed(0)} ms — target ≤ ${LIMITS.pendingMs} ms ${ok(Math.max(...pending), LIMITS.pendingMs)}.`,
      '',
    ];
    // A second run on the same day keeps the first: <date>/web-2.md, -3…
    const out = writeRun('web', lines.join('\n'), { date });
    process.stdout.write(`${lines.join('\n')}\nwritten to ${path.relative(root, out)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
