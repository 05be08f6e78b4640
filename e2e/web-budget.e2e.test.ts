import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { budgetTable, measureBudget, signInTokens } from '../bench/lib/web-first-view.mjs';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ADR 0004: the shell and every page within its class's budget at first view (bench/web-budget.json),
// measured as bench/web-load.mjs measures it: the JavaScript the browser fetches for the route.
it("the shell and every page load at most their class's budget of gzipped JavaScript", async () => {
  const tokens = await signInTokens(server.url, 'root', server.rootPassword);
  const rows = await measureBudget(browser, server.url, tokens);
  const over = rows.filter((r) => !r.ok).map((r) => `${r.name}: ${r.kb.toFixed(1)} KB > ${r.budgetKb}`);
  expect(over, `\n${budgetTable(rows).join('\n')}\n`).toEqual([]);
}, 900_000);
