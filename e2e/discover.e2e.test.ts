import { formatNumber } from '@marketlens/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, focusVisible, tabTo } from './support/a11y.js';
import { answer, dataOf, downloadRows, firstRanked, panelsSettled, startDemo, stopDemo } from './support/analysis.js';
import { type Api, createAccount, PASSWORD } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, signIn } from './support/ui.js';

/** Sign-in lands on this page directly (not on the default page first). */
const REDIRECT = `?redirect=${encodeURIComponent('/discover')}`;

describe('Category Insight (/discover) in Chromium against the built server', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let currency = '¥';
  let projectId = 0;

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  it('zh-CN: a category filter changes the figures to the API values, the URL keeps it across reload and Back', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    const first = answer(page, '/api/common/summary');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    const all = await dataOf<{ sales: number; count: number }>(await first);
    await page.getByTestId('summary-sales').waitFor();
    expect(await page.getByTestId('summary-sales').innerText()).toBe(formatNumber(all.sales, { currency }));
    expect(await page.getByTestId('summary-count').innerText()).toBe(formatNumber(all.count));

    // Pick the first top-level category in the filter panel and apply.
    await page.getByTestId('filter-category').click();
    await page.locator('.ant-select-tree-treenode .ant-select-tree-checkbox').first().click();
    await page.keyboard.press('Escape');
    const filtered = answer(
      page,
      '/api/common/summary',
      (b) => (b.category as { enable?: boolean } | undefined)?.enable === true,
    );
    await page.getByTestId('filter-apply').click();
    const res = await filtered;
    const body = res.request().postDataJSON() as { category: { value: number[] } };
    const one = await dataOf<{ sales: number; count: number; share_of_parent: number | null }>(res);
    const chosen = body.category.value;
    expect(chosen.length).toBe(1);
    expect(one.sales).toBeLessThan(all.sales);
    await expect
      .poll(() => page.getByTestId('summary-sales').innerText(), { timeout: 20_000 })
      .toBe(formatNumber(one.sales, { currency }));
    expect(await page.getByTestId('summary-count').innerText()).toBe(formatNumber(one.count));
    // Share of the whole market for a level-1 category: its sales / all sales.
    expect(one.share_of_parent).toBeCloseTo(one.sales / all.sales, 6);
    expect(new URL(page.url()).searchParams.get('c')).toBe(String(chosen[0]));

    // Reload: the filter comes back from the URL, with the same figures.
    const again = answer(page, '/api/common/summary');
    await page.reload();
    expect((await again).request().postDataJSON().category).toEqual({ enable: true, value: chosen });
    await expect
      .poll(() => page.getByTestId('summary-sales').innerText(), { timeout: 20_000 })
      .toBe(formatNumber(one.sales, { currency }));
    await panelsSettled(page, 'summary-sales', 3);
    await screenshot(page, 'discover-zh-CN');
    await expectAccessible(page, '/discover zh-CN');

    // Back: the unfiltered page and its figures.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('c'), { timeout: 10_000 }).toBeNull();
    await expect
      .poll(() => page.getByTestId('summary-sales').innerText(), { timeout: 20_000 })
      .toBe(formatNumber(all.sales, { currency }));
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('downloads the top brands as an .xlsx whose first data row is the first row of the table', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    const top = answer(page, '/api/common/top');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    const data = await dataOf<{ items: { rank: number; name: string; sales: number }[] }>(await top);
    expect(data.items.length).toBeGreaterThan(0);
    const table = page.getByTestId('top-brand');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const firstRow = await table.locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts();
    expect(firstRow[0]?.trim()).toBe('1');
    expect(firstRow[1]).toContain(data.items[0]!.name);
    expect(firstRow[2]).toBe(formatNumber(data.items[0]!.sales, { currency }));

    // The header block comes first; the first data row is the one ranked 1.
    const found = firstRanked(await downloadRows(page));
    expect(found).toBeDefined();
    expect(found![1]).toBe(data.items[0]!.name);
    expect(found![2]).toBeCloseTo(data.items[0]!.sales, 2);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: the valuation table re-scores when a weight changes, with the scores of the API', async () => {
    const { page, errors } = await openPage(browser, 'en');
    const initial = answer(page, '/api/common/categories/valuations');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    const base = await dataOf<{ items: { name_en: string; score: number }[] }>(await initial);
    expect(base.items.length).toBeGreaterThan(1);
    const table = page.getByTestId('valuation-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const scores = () => table.getByTestId('valuation-score').allInnerTexts();
    expect(await scores()).toEqual(base.items.slice(0, 10).map((i) => formatNumber(i.score, { decimals: 1 })));
    await panelsSettled(page, 'summary-sales', 3);
    await screenshot(page, 'discover-en');
    await expectAccessible(page, '/discover en');

    // Only market size counts: the scores become the market-size scores. Wait for the request sent
    // once every other weight is 0 (each edit sends one; only the last matches).
    const custom = answer(page, '/api/common/categories/valuations/custom', (b) => {
      const w = b.weights as Record<string, number> | undefined;
      return (
        !!w &&
        (w.market_size ?? 0) > 0 &&
        w.growth === 0 &&
        w.concentration === 0 &&
        w.avg_price === 0 &&
        w.new_brand === 0
      );
    });
    for (const k of ['growth', 'concentration', 'avg_price', 'new_brand']) {
      const input = page
        .locator(`[data-testid="valuation-weight-${k}"] input, input[data-testid="valuation-weight-${k}"]`)
        .first();
      await input.fill('0');
      await input.blur();
    }
    const rescored = await dataOf<{
      weights: Record<string, number>;
      items: { name_en: string; score: number; scores: { market_size: number | null } }[];
    }>(await custom);
    expect(rescored.weights).toMatchObject({ growth: 0, concentration: 0, avg_price: 0, new_brand: 0 });
    for (const item of rescored.items) expect(item.score).toBeCloseTo(item.scores.market_size ?? 0, 6);
    await expect
      .poll(scores, { timeout: 20_000 })
      .toEqual(rescored.items.slice(0, 10).map((i) => formatNumber(i.score, { decimals: 1 })));
    expect(rescored.items.map((i) => i.score)).not.toEqual(base.items.map((i) => i.score));
    const names = await table.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(names[0]).toBe(rescored.items[0]!.name_en);

    // No raw message keys or Chinese UI strings on the English page (data names are English too).
    const text = await page.locator('main, body').first().innerText();
    expect(text).not.toMatch(/\b(discover|analysis|insight)\.[a-zA-Z]/);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: the filter panel works from the keyboard alone: Tab to a section, pick a category, Tab to Apply, Enter', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    await page.getByTestId('summary-sales').waitFor();
    // From the top of the page, in the order a keyboard user meets them.
    await page.locator('body').focus();
    await tabTo(page, 'input[role="combobox"][aria-label="Category"]');
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode:not([aria-hidden])').first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await tabTo(page, '[data-testid="filter-apply"]');
    expect(await focusVisible(page)).toBe(true);
    const filtered = answer(page, '/api/common/summary', (b) => (b.category as { enable?: boolean }).enable === true);
    await page.keyboard.press('Enter');
    const chosen = ((await filtered).request().postDataJSON() as { category: { value: number[] } }).category.value;
    expect(chosen).toHaveLength(1);
    await expect.poll(() => new URL(page.url()).searchParams.get('c'), { timeout: 10_000 }).toBe(String(chosen[0]));
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('a member granted one category sees its figures only, and no access for another category', async () => {
    const tree = await root.send<{ items: { category_id: number; children: { category_id: number }[] }[] }>(
      'POST',
      '/api/common/categories',
      { data_scope_id: projectId },
    );
    const [first, second] = tree.items;
    // Grants name project categories (the demo projects list the level-1 ones).
    const granted = first!.category_id;
    const id = await createAccount(root, 'discover_member', 'general');
    await root.send('PUT', `/api/common/users/${id}/auth`, {
      project_id: projectId,
      role: 'general',
      pages: [4],
      categories: [granted],
    });

    const { page, errors } = await openPage(browser, 'en');
    const summary = answer(page, '/api/common/summary');
    await signIn(page, server.url, 'discover_member', PASSWORD, REDIRECT);
    const res = await summary;
    const mine = await dataOf<{ sales: number }>(res);
    // Root asking for exactly the granted category gets the same figures (the grant is the scope).
    const asked = { ...(res.request().postDataJSON() as object), category: { enable: true, value: [granted] } };
    const expected = await root.send<{ sales: number }>('POST', '/api/common/summary', asked);
    expect(mine.sales).toBeCloseTo(expected.sales, 2);
    await expect
      .poll(() => page.getByTestId('summary-sales').innerText(), { timeout: 20_000 })
      .toBe(formatNumber(expected.sales, { currency }));

    // A category outside the grant, e.g. from a shared link: the no-access message, no figures.
    await page.goto(`${server.url}/discover?c=${second!.category_id}`);
    await page.getByTestId('no-access-category').waitFor();
    expect(await page.getByTestId('summary-cards').count()).toBe(0);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
