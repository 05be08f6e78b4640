import ExcelJS from 'exceljs';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { type Api, signInApi } from './api.js';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';
import { settle } from './ui.js';

/**
 * What the analysis page specs (/discover, /brand, /hot) share: the built server on the tiny demo
 * data with a browser and root's API, the page's own questions asked again of the API, waits for
 * the panels, and the rows of an .xlsx download.
 */

/** The running demo: server, browser, root's API, the first project and its currency symbol. */
export interface Demo {
  server: RunningServer;
  browser: Browser;
  root: Api;
  projectId: number;
  currency: string;
}

/** Starts the demo for a spec's `beforeAll` (sign-in rate limits off: a spec signs in many times). */
export async function startDemo(): Promise<Demo> {
  const server = await startServer({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' });
  try {
    const browser = await launchBrowser();
    const root = await signInApi(server.url, 'root', server.rootPassword);
    const projects = await root.get<{ items: { id: number }[] }>('/api/common/projects');
    const projectId = projects.items[0]!.id;
    const brief = await root.get<{ cur_symbol: string }>(`/api/common/projects/${projectId}/brief`);
    return { server, browser, root, projectId, currency: brief.cur_symbol || '¥' };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** Closes the browser and stops the server for a spec's `afterAll`; the server must exit cleanly (0). */
export async function stopDemo({ server, browser }: { server?: RunningServer; browser?: Browser }) {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
}

/** The same request the page sent, answered again by the API with `api`'s token (root's: all the data). */
export function ask<T>(api: Api, req: Request): Promise<T> {
  return api.send<T>('POST', new URL(req.url()).pathname, req.postDataJSON() ?? {});
}

const posted = (r: Request, path: string, match: (body: Record<string, unknown>) => boolean) =>
  r.method() === 'POST' && new URL(r.url()).pathname === path && match(r.postDataJSON() ?? {});

/**
 * The page's next POST to `path` (e.g. '/api/common/summary') whose body passes `match`. Set it up
 * before the action that sends it; when an earlier step fails the test reports that step, not this
 * waiter's rejection on the closed page.
 */
export function waitCall(page: Page, path: string, match: (body: Record<string, unknown>) => boolean = () => true) {
  const waiting = page.waitForRequest((r) => posted(r, path, match), { timeout: 60_000 });
  waiting.catch(() => undefined);
  return waiting;
}

/**
 * As `waitCall`, but the answer the page received to that POST. Its body is read as it arrives
 * (Playwright keeps it), and an answer whose body is gone (an earlier document's, when the step
 * is a reload) does not count: the waiter goes on to the new document's answer.
 */
export function answer(page: Page, path: string, match: (body: Record<string, unknown>) => boolean = () => true) {
  const waiting = page.waitForResponse(
    async (r) =>
      posted(r.request(), path, match) &&
      (await r.body().then(
        () => true,
        () => false,
      )),
    { timeout: 60_000 },
  );
  waiting.catch(() => undefined);
  return waiting;
}

/** The JSON `data` of an API answer the page received, which must be ok. */
export async function dataOf<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { ok: boolean; data: T };
  expect(body.ok).toBe(true);
  return body.data;
}

/**
 * Waits until every panel has loaded (no skeleton, no pending spinner) with at least `canvases`
 * charts drawn and `ready` (a test id) on screen, then scrolls to the top and lets the chart entry
 * animations finish: for checks and screenshots.
 */
export async function panelsSettled(page: Page, ready: string, canvases: number) {
  await page.getByTestId(ready).waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (n) =>
      !document.querySelector(
        '[data-testid="panel-skeleton"], [data-testid="panel-pending"], [aria-busy="true"], .ant-skeleton',
      ) && document.querySelectorAll('canvas').length >= n,
    canvases,
    { timeout: 60_000 },
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  // Chart entry animations (lines draw in over a second).
  await page.waitForTimeout(1500);
}

/** Clicks the page's first download button; the file must be an .xlsx. Returns its first sheet's non-empty rows (values from column A). */
export async function downloadRows(page: Page): Promise<unknown[][]> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.locator('[data-testid="download-button"]').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The first data row of an analysis download: the header block comes first, then the row ranked 1. */
export const firstRanked = (rows: unknown[][]) =>
  rows.find((values) => values[0] === 1 && typeof values[1] === 'string');

/** Console errors of missing product pictures, for `noConsoleErrors` on pages that tolerate them. */
export const MISSING_PICTURES = /Failed to load resource: the server responded with a status of 404/;

/**
 * Every product picture on the page came from the picture route and was drawn (naturalWidth > 0),
 * and no placeholder stands in for one: the demo brings a picture for every product. Each picture
 * is scrolled into view first, as they load lazily.
 */
export async function expectEveryPicture(page: Page): Promise<void> {
  const pictures = page.locator('img[src^="/api/common/pictures/"]');
  await expect.poll(() => pictures.count()).toBeGreaterThan(0);
  for (const img of await pictures.all()) await img.scrollIntoViewIfNeeded();
  const unloaded = () =>
    pictures.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src),
    );
  await expect.poll(unloaded, { timeout: 20_000 }).toEqual([]);
  // ProductPicture's placeholder, in either language.
  expect(await page.getByRole('img', { name: /^(暂无图片|No picture)$/ }).count()).toBe(0);
}
