#!/usr/bin/env node
/**
 * Web load benchmark (issue 5 speed targets): against the BUILT server with tiny demo data, in
 * headless Chromium, fresh cache for every measurement.
 *
 * - shell: gzipped JavaScript of the entry script and its modulepreloads (what every page loads
 *   before its own chunk) — target ≤ 170 KB;
 * - per page: every JavaScript file the page loads at first view, gzipped — target ≤ 350 KB;
 * - first contentful paint (≤ 1.0 s) and largest contentful paint (≤ 2.0 s) for the sign-in page
 *   and the layout after sign-in; median of BENCH_RUNS (default 5) loads;
 * - a filter change shows a pending state within 100 ms (Apply click → first pending panel).
 *
 * Writes bench/results/web-<date>.md. Usage: node bench/web-load.mjs (builds what is stale first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROOT_PASSWORD = 'Bench-root-Passw0rd';
const LIMITS = { shellKb: 170, pageKb: 350, fcpMs: 1000, lcpMs: 2000, pendingMs: 100 };

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

const dist = path.join(root, 'packages/web/dist');
const gzKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
/** What the server sends a browser that accepts brotli: the build's precompressed .br (the file itself if none). */
const brKb = (file) => {
  const br = path.join(dist, `${file}.br`);
  return (existsSync(br) ? readFileSync(br) : readFileSync(path.join(dist, file))).length / 1024;
};

/** The entry script and its modulepreloads, from the built index.html. */
function shellFiles() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Filter change → pending state (target ≤ 100 ms): on a freshly loaded /discover (its own browser
 * context, so the new query is not in the client cache), the time from the Apply click of a new
 * comparison (yoy) to the first panel showing its pending state or skeleton, both taken in the page
 * (capture-phase click listener, MutationObserver).
 */
async function pendingDelays(browser, url, tokens, runs) {
  const delays = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(([tk, rtk]) => {
      localStorage.setItem('marketlens.tk', tk);
      localStorage.setItem('marketlens.rtk', rtk);
    }, tokens);
    const page = await context.newPage();
    await page.goto(`${url}/discover`, { waitUntil: 'load' });
    await page.locator('[data-testid="summary-cards"]').waitFor({ timeout: 60_000 });
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

/** Loads a page in a fresh context; returns the JS files it fetched and its paint timings. */
async function measure(browser, url, { tokens, ready }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (tokens) {
    await context.addInitScript(([tk, rtk]) => {
      if (!localStorage.getItem('marketlens.tk')) {
        localStorage.setItem('marketlens.tk', tk);
        localStorage.setItem('marketlens.rtk', rtk);
      }
    }, tokens);
  }
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.pathname.endsWith('.js')) scripts.add(u.pathname.slice(1));
  });
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
  return { scripts: [...scripts], ...timing };
}

async function main() {
  ensureBuilt();
  const server = await startServer();
  const browser = await chromium.launch({
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
  try {
    const login = await (
      await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
      })
    ).json();
    const tokens = [login.data.access_token, login.data.refresh_token];
    const pages = [
      { name: 'Sign-in (/login)', path: '/login', ready: '[data-testid="login-form"]', paint: true },
      {
        name: 'Layout after sign-in (/hot)',
        path: '/hot',
        ready: '[data-testid="side-menu"]',
        tokens,
        paint: true,
      },
      {
        name: 'Category Insight (/discover)',
        path: '/discover',
        ready: '[data-testid="summary-cards"]',
        tokens,
      },
      {
        name: 'Brand Detail (/brand)',
        path: '/brand',
        ready: '[data-testid="brand-choose"]',
        tokens,
      },
      {
        name: 'Accounts (/accounts)',
        path: '/accounts',
        ready: '[data-testid="account-table"] .ant-table-row',
        tokens,
      },
      {
        name: 'Projects (/projects)',
        path: '/projects',
        ready: '[data-testid="project-table"] .ant-table-row',
        tokens,
      },
      {
        name: 'Batch create (/accounts/batch-create)',
        path: '/accounts/batch-create',
        ready: '.ant-upload-drag',
        tokens,
      },
      {
        name: 'Personal centre (/personal-center)',
        path: '/personal-center',
        ready: '[data-testid="profile"]',
        tokens,
      },
    ];
    const shell = shellFiles();
    const shellKb = shell.reduce((s, f) => s + gzKb(f), 0);
    const shellBrKb = shell.reduce((s, f) => s + brKb(f), 0);
    const rows = [];
    for (const p of pages) {
      const runs = [];
      for (let i = 0; i < (p.paint ? RUNS : 1); i++) runs.push(await measure(browser, `${server.url}${p.path}`, p));
      const jsKb = runs[0].scripts.reduce((s, f) => s + gzKb(f), 0);
      rows.push({
        ...p,
        files: runs[0].scripts.length,
        scripts: runs[0].scripts,
        jsKb,
        brKb: runs[0].scripts.reduce((s, f) => s + brKb(f), 0),
        ownKb: runs[0].scripts.filter((f) => !shell.includes(f)).reduce((s, f) => s + gzKb(f), 0),
        fcp: p.paint ? median(runs.map((r) => r.fcp)) : null,
        lcp: p.paint ? median(runs.map((r) => r.lcp)) : null,
        ready: p.paint ? median(runs.map((r) => r.ready)) : null,
      });
    }
    // Which files each page loaded, for bench/web-composition.mjs (what the kilobytes are made of).
    mkdirSync(path.join(root, 'bench/.work'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench/.work/web-files.json'),
      JSON.stringify({ shell, pages: rows.map((r) => ({ name: r.name, files: r.scripts })) }, null, 1),
    );
    const pending = await pendingDelays(browser, server.url, tokens, RUNS);
    const ok = (v, limit) => (v <= limit ? '✓' : '✗');
    const date = new Date().toISOString().slice(0, 10);
    const cpu = os.cpus();
    const lines = [
      `# Web load benchmark — ${date}`,
      '',
      `Built server + web app on localhost, tiny demo data, headless Chromium (${browser.version()}), a fresh`,
      `browser context (empty cache) per load; paint timings are the median of ${RUNS} loads.`,
      `Machine: ${cpu[0]?.model ?? 'CPU'} × ${cpu.length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}.`,
      // Paint timings mean little on a machine busy with other work: say how busy it was.
      `Load average (1 min) at the end of the run: ${os.loadavg()[0].toFixed(1)} on ${cpu.length} CPUs.`,
      'Sizes: each JavaScript file gzipped at level 9, as the targets are set; "sent as brotli" is the precompressed',
      '.br file the server sends a browser that accepts brotli (packages/web/build/precompress.ts).',
      '',
      '## Shell',
      '',
      `Entry script + modulepreloads (loaded by every page before its own chunk): **${shellKb.toFixed(1)} KB** gzipped`,
      `in ${shell.length} files — target ≤ ${LIMITS.shellKb} KB ${ok(shellKb, LIMITS.shellKb)}; sent as brotli: ${shellBrKb.toFixed(1)} KB.`,
      '',
      '## Pages at first view',
      '',
      '| page | JS files | JS gz total (KB) | beyond the shell (KB) | ≤ 350 KB | sent as brotli (KB) | FCP (ms) | LCP (ms) | screen in the page (ms) |',
      '|---|---:|---:|---:|:-:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.files} | ${r.jsKb.toFixed(1)} | ${r.ownKb.toFixed(1)} | ${ok(r.jsKb, LIMITS.pageKb)} | ${r.brKb.toFixed(1)} | ${
            r.fcp === null ? '–' : `${r.fcp.toFixed(0)} ${ok(r.fcp, LIMITS.fcpMs)}`
          } | ${r.lcp === null ? '–' : `${r.lcp.toFixed(0)} ${ok(r.lcp, LIMITS.lcpMs)}`} | ${
            r.ready === null ? '–' : r.ready.toFixed(0)
          } |`,
      ),
      '',
      `Targets: FCP ≤ ${LIMITS.fcpMs} ms and LCP ≤ ${LIMITS.lcpMs} ms for the sign-in page and the layout after sign-in.`,
      'FCP is the splash of index.html (logo, name, a moving bar) that paints with the HTML; "screen in the page"',
      "is when the screen's own element (the sign-in form, the side menu) is in the document.",
      '',
      '## Filter change → pending state',
      '',
      `On /discover, Apply of a new comparison until a pending state shows (the busy Apply button or a pending panel), ${pending.length} changes:`,
      `median **${median(pending).toFixed(0)} ms**, max ${Math.max(...pending).toFixed(0)} ms — target ≤ ${LIMITS.pendingMs} ms ${ok(Math.max(...pending), LIMITS.pendingMs)}.`,
      '',
      "The layout row opens /hot, so it includes that page's own chunk and what it loads at first view (as built",
      'from the working tree at the time of the run). Shell = entry script + modulepreloads: what every page loads',
      'before its own chunk. "Beyond the shell" includes the signed-in layout chunk for the signed-in pages.',
      '',
    ];
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    // A second run on the same day keeps the first: web-<date>-2.md, -3…
    let out = path.join(root, `bench/results/web-${date}.md`);
    for (let n = 2; existsSync(out); n++) out = path.join(root, `bench/results/web-${date}-${n}.md`);
    writeFileSync(out, lines.join('\n'));
    process.stdout.write(`${lines.join('\n')}\nwritten to ${path.relative(root, out)}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
