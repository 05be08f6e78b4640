import { formatNumber } from '@marketlens/shared';
import type { ProductSummary, ProductsPage, SeriesSearch } from '@marketlens/shared/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import {
  answer,
  ask,
  dataOf,
  downloadRows,
  expectEveryPicture,
  firstRanked,
  panelsSettled,
  startDemo,
  stopDemo,
  waitCall,
} from './support/analysis.js';
import type { Api } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, signIn } from './support/ui.js';

/**
 * Product Analysis (/analysis) in Chromium against the built server on the tiny demo data: a series
 * found through the search shows the API's figures for the same request, the selection round-trips
 * through the URL (reload shows the same screen), and the products download's first row is the
 * table's first row.
 */

const SUMMARY = '/api/common/analysis/summary';
const PRODUCTS = '/api/common/analysis/products';
const REDIRECT = `?redirect=${encodeURIComponent('/analysis')}`;

describe('Product Analysis page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId = 0;
  let currency = '¥';
  /** The series of the demo's best-selling product, and a search word that finds it. */
  let series = '';
  let word = '';

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
    const table = await root.get<{ latest_date: string }>(`/api/common/table_date?data_scope_id=${projectId}`);
    const end = table.latest_date;
    const start = new Date(`${end}T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 11);
    const top = await root.send<ProductsPage>('POST', PRODUCTS, {
      data_scope_id: projectId,
      date: [start.toISOString().slice(0, 10), end],
      page_size: 100,
    });
    series = top.items.find((r) => r.series !== null)?.series ?? '';
    expect(series, 'a demo product with a series').not.toBe('');
    word = series.slice(0, 2);
    const found = await root.send<SeriesSearch>('POST', '/api/common/series/search', {
      data_scope_id: projectId,
      keyword: word,
    });
    expect(found.series.map((s) => s.name)).toContain(series);
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  it('zh-CN: searches a series, shows the API figures, keeps the selection in the URL across reload, downloads the table', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    await page.getByTestId('pa-market-hint').waitFor({ timeout: 60_000 });

    // Search by a part of the series name, pick the series from the list.
    const chosen = waitCall(page, SUMMARY, (b) => Array.isArray(b.series) && b.series.includes(series));
    await page.getByTestId('pa-search').click();
    await page.keyboard.type(word);
    await page.locator(`.ant-select-item-option[title="${series}"]`).click();
    const req = await chosen;
    expect(req.postDataJSON()).toMatchObject({ data_scope_id: projectId, series: [series], selector: 'mom' });
    expect(new URL(page.url()).searchParams.get('ss')).toBe(series);
    const summary = await ask<ProductSummary>(root, req);
    expect(summary.sales).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('pa-sales').innerText(), { timeout: 30_000 })
      .toBe(formatNumber(summary.sales, { currency }));
    await page.getByTestId('pa-series').waitFor();

    // Reload (or a shared link): the same question, the same figures.
    const again = waitCall(page, SUMMARY);
    const table = answer(page, PRODUCTS, (b) => Array.isArray(b.series));
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ series: [series] });
    await expect
      .poll(() => page.getByTestId('pa-sales').innerText(), { timeout: 30_000 })
      .toBe(formatNumber(summary.sales, { currency }));
    const rows = await dataOf<ProductsPage>(await table);
    await panelsSettled(page, 'pa-products', 3);
    // Every product row shows its picture.
    await expectEveryPicture(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-analysis-zh-CN');
    await expectAccessible(page, '/analysis zh-CN');

    // The first row of the table, then the same product first in the download.
    const first = page.getByTestId('pa-products').locator('tbody tr.ant-table-row').first();
    expect(await first.innerText()).toContain(rows.items[0]!.title);
    const found = firstRanked(await downloadRows(page));
    expect(found).toBeDefined();
    expect(found![1]).toBe(rows.items[0]!.title);
    expect(found![9]).toBeCloseTo(rows.items[0]!.sales, 2);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: the series page in English throughout, per-product trend lines', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    const trends = waitCall(page, '/api/common/analysis/trends', (b) => b.by === 'product');
    await page.goto(`${server.url}/analysis?ss=${encodeURIComponent(series)}&tb=product&locale=en`);
    expect((await trends).postDataJSON()).toMatchObject({ series: [series], by: 'product' });
    await panelsSettled(page, 'pa-products', 3);
    await screenshot(page, 'product-analysis-en');
    await expectAccessible(page, '/analysis en');
    const text = await page.getByTestId('pa-page').innerText();
    expect(text).not.toMatch(/\b(pa|products|analysis)\.[a-zA-Z]+\.[a-zA-Z]/);
    expect(text).toContain('Sales trend');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
