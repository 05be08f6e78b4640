/**
 * What a page costs at first view, measured the one way the bench (bench/web-load.mjs) and the guard
 * test (e2e/web-budget.e2e.test.ts) both use: the JavaScript files a browser actually fetches for the
 * route until its network is quiet (lazy chunks a page pulls in after its data arrived, such as ECharts,
 * included), each counted as the built file gzipped at level 9. Budgets and pages: bench/web-budget.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = path.join(root, 'packages/web/dist');

/** @type {{ budgetsKb: Record<string, number>, pages: { name: string, path: string, class: string, signedIn?: boolean }[] }} */
export const budget = JSON.parse(readFileSync(path.join(root, 'bench/web-budget.json'), 'utf8'));

const sizes = new Map();
/** A built file's size gzipped at level 9, in KB (the unit of the budget). */
export function gzKb(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return sizes.get(file);
}

/** What the server sends a browser that accepts brotli: the build's precompressed .br (the file itself if none). */
export function brKb(file) {
  const br = path.join(dist, `${file}.br`);
  return (existsSync(br) ? readFileSync(br) : readFileSync(path.join(dist, file))).length / 1024;
}

export const sumKb = (files, size = gzKb) => files.reduce((s, f) => s + size(f), 0);

/** The shell: the entry script and its modulepreloads, from the built index.html. */
export function shellFiles() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/** [access, refresh] tokens of a password sign-in. */
export async function signInTokens(url, username, password) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const json = await res.json();
  if (!json.ok) throw new Error(`sign-in of ${username} failed: ${json.msg}`);
  return [json.data.access_token, json.data.refresh_token];
}

/** Browser context options of every measurement: a desktop window, the default language. */
export const CONTEXT = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' };

/** Puts the session's tokens where the app reads them, before any of its scripts run. */
export async function addTokens(context, tokens) {
  await context.addInitScript(([tk, rtk]) => {
    if (!localStorage.getItem('marketlens.tk')) {
      localStorage.setItem('marketlens.tk', tk);
      localStorage.setItem('marketlens.rtk', rtk);
    }
  }, tokens);
}

/**
 * Opens `url` in a fresh context (empty cache) and returns the built files of the JavaScript it loaded
 * until the network was quiet for 500 ms, and where it ended up (a guard's redirect would measure
 * another page).
 */
export async function firstView(browser, url, tokens) {
  const context = await browser.newContext(CONTEXT);
  try {
    if (tokens) await addTokens(context, tokens);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (res) => {
      const p = new URL(res.url()).pathname;
      if (p.endsWith('.js')) scripts.add(p.slice(1));
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const landed = await page.evaluate(() => ({
      path: window.location.pathname,
      failed: document.querySelector('.ml-route-error') !== null,
    }));
    return { scripts: [...scripts], ...landed };
  } finally {
    await context.close();
  }
}

/**
 * Measures the shell and every page of the budget file. `tokens` signs the browser in (root: it may
 * open every page). Returns the rows (page, class, files, KB, budget, ok) with the shell first.
 */
export async function measureBudget(browser, url, tokens, { only } = {}) {
  const shell = shellFiles();
  const rows = [
    { name: 'Shell (entry + modulepreloads)', class: 'shell', path: '', scripts: shell, kb: sumKb(shell), landed: '' },
  ];
  for (const p of budget.pages) {
    if (only && !only(p)) continue;
    const view = await firstView(browser, `${url}${p.path}`, p.signedIn === false ? undefined : tokens);
    if (view.failed || view.path !== p.path)
      throw new Error(`${p.path}: the page did not load (ended at ${view.path}${view.failed ? ', route error' : ''})`);
    rows.push({ ...p, scripts: view.scripts, kb: sumKb(view.scripts) });
  }
  return rows.map((r) => {
    const limit = budget.budgetsKb[r.class];
    if (limit === undefined) throw new Error(`${r.name}: no budget for the class "${r.class}"`);
    return { ...r, budgetKb: limit, ok: r.kb <= limit };
  });
}

/** The rows as a Markdown table: page, class, JS files, KB measured, budget, ✓/✗. */
export function budgetTable(rows) {
  return [
    '| page | class | JS files | KB gz at first view | budget | |',
    '|---|---|---:|---:|---:|:-:|',
    ...rows.map(
      (r) =>
        `| ${r.name}${r.path ? ` (${r.path})` : ''} | ${r.class} | ${r.scripts.length} | ${r.kb.toFixed(1)} | ${r.budgetKb} | ${r.ok ? '✓' : '✗'} |`,
    ),
  ];
}
