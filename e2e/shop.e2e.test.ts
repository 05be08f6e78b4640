import { formatNumber } from '@marketlens/shared';
import type { ShopOverviews, TopAnswerData } from '@marketlens/shared/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import {
  ask,
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
 * Store Analysis (/shop) in Chromium against the built server on the tiny demo data: two shops
 * picked in the filter's shop section show the API's figures for the same request, the view
 * round-trips through the URL (a reload shows the same screen), the shop ranking downloads as an
 * .xlsx whose first row is the table's, and the page reads in both languages.
 */

const OVERVIEWS = '/api/common/shops/overviews';
const RANKINGS = '/api/common/shops/rankings';
const REDIRECT = `?redirect=${encodeURIComponent('/shop')}`;

type Ranked = TopAnswerData['items'][number];

describe('Store Analysis page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId = 0;
  let currency = '¥';
  /** Two of the biggest shops of the default period (each named once by the shop search). */
  const shops: Ranked[] = [];

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
    const table = await root.get<{ latest_date: string }>(`/api/common/table_date?data_scope_id=${projectId}`);
    const end = table.latest_date;
    const start = new Date(`${end}T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 11);
    const ranking = await root.send<TopAnswerData>('POST', RANKINGS, {
      data_scope_id: projectId,
      date: [start.toISOString().slice(0, 10), end],
      selector: 'mom',
    });
    // Shops of one name trade on several platforms (the list groups them by platform): pick the
    // biggest two whose name the search finds once, so the option to click is unambiguous.
    for (const item of ranking.items) {
      const found = await root.get<{ items: { name: string }[] }>(
        `/api/common/shops?data_scope_id=${projectId}&prefix=${encodeURIComponent(item.name.slice(0, 2))}&page_size=50`,
      );
      if (found.items.filter((s) => s.name === item.name).length === 1) shops.push(item);
      if (shops.length === 2) break;
    }
    expect(shops, 'two demo shops with sales').toHaveLength(2);
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  /** Picks a shop in the filter's shop section by the start of its name. */
  async function pick(page: Page, name: string) {
    const input = page.getByTestId('filter-shops').locator('input');
    await input.click();
    // The search text of the previous pick stays in the box (SearchSelect keeps it): start afresh.
    await input.fill('');
    await input.pressSequentially(name.slice(0, 2));
    const option = page.locator(`.ant-select-item-option[title="${name}"]`);
    await option.waitFor({ timeout: 15_000 }).catch(async (err) => {
      await screenshot(page, 'shop-pick-failed');
      throw err;
    });
    await option.click();
    await page.keyboard.press('Escape');
  }

  it('zh-CN: picks two shops, shows the API figures, keeps the view in the URL across reload', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    await page.getByTestId('shop-choose').waitFor();
    await panelsSettled(page, 'shop-choose', 1);
    await screenshot(page, 'shop-choose-zh-CN');

    const call = waitCall(page, OVERVIEWS);
    await pick(page, shops[0]!.name);
    await pick(page, shops[1]!.name);
    await page.getByTestId('filter-apply').click();
    const req = await call;
    const body = req.postDataJSON() as { shops: string[] };
    expect(body.shops.map((v) => Number(v.split(',')[1]))).toEqual([shops[0]!.id, shops[1]!.id]);
    expect(body.shops[0]).toBe(`${shops[0]!.platform!.id},${shops[0]!.id}`);
    const data = await ask<ShopOverviews>(root, req);
    expect(data.items[0]!.sales).toBeCloseTo(shops[0]!.sales, 2);
    const cells = page.getByTestId('shop-sales');
    await expect
      .poll(() => cells.first().innerText(), { timeout: 20_000 })
      .toBe(formatNumber(data.items[0]!.sales, { currency }));
    expect(await cells.nth(1).innerText()).toBe(formatNumber(data.items[1]!.sales, { currency }));
    expect(new URL(page.url()).searchParams.get('s')).toBe(body.shops.map((v) => v.replace(',', ':')).join(','));

    // A panel switch joins the URL; a reload asks the same and shows the same.
    await page.getByText('品牌', { exact: true }).last().click();
    await expect.poll(() => new URL(page.url()).searchParams.get('cb')).toBe('brand');
    await panelsSettled(page, 'shop-overview', 2);
    const before = await page.getByTestId('shop-overview').innerText();
    const again = waitCall(page, OVERVIEWS);
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ shops: body.shops });
    await expect.poll(() => page.getByTestId('shop-overview').innerText(), { timeout: 20_000 }).toBe(before);
    await panelsSettled(page, 'shop-composition', 2);
    // The focused shop's top products, each with its picture.
    await expectEveryPicture(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'shop-zh-CN');
    await expectAccessible(page, '/shop zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('downloads the shop ranking as an .xlsx whose first data row is the table’s first', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    const call = waitCall(page, RANKINGS);
    await page.goto(`${server.url}/shop`);
    const ranking = await ask<TopAnswerData>(root, await call);
    const row = page.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain(ranking.items[0]!.name);
    const found = firstRanked(await downloadRows(page));
    expect(found).toBeDefined();
    expect(found).toContain(ranking.items[0]!.name);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: the same shops in English throughout', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    const values = shops.map((s) => `${s.platform!.id}:${s.id}`).join(',');
    await page.goto(`${server.url}/shop?s=${values}&locale=en`);
    await panelsSettled(page, 'shop-composition', 2);
    const text = await page.getByTestId('shop-page').innerText();
    expect(text).toContain(shops[0]!.name_en);
    expect(text).not.toMatch(/\b(shop|analysis|insight)\.[a-zA-Z]+\.[a-zA-Z]/);
    await screenshot(page, 'shop-en');
    await expectAccessible(page, '/shop en');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
