import { formatNumber, formatShare } from '@marketlens/shared';
import type { BrandCharacters, BrandOverview } from '@marketlens/shared/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { ask, downloadRows, firstRanked, panelsSettled, startDemo, stopDemo, waitCall } from './support/analysis.js';
import type { Api } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * Brand Detail (/brand) in Chromium against the built server on the tiny demo data: a brand chosen
 * through the picker shows the API's figures for the same request, a filter round-trips through the
 * URL (reload shows the same screen), the characters .xlsx holds the screen's first row, and the
 * follow button follows and unfollows the brand in the project.
 */

const OVERVIEW = '/api/common/brands/overview';
const CHARACTERS = '/api/common/brands/characters';
const REDIRECT = `?redirect=${encodeURIComponent('/brand')}`;

interface NamedBrand {
  id: number;
  name: string;
  name_en: string;
}

describe('Brand Detail page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId = 0;
  let currency = '¥';
  /** A brand that sells in the default period and over-indexes on some attribute value. */
  let brand: NamedBrand;

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
    const table = await root.get<{ latest_date: string }>(`/api/common/table_date?data_scope_id=${projectId}`);
    // The default period: the latest 12 months.
    const end = table.latest_date;
    const start = new Date(`${end}T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 11);
    const date = [start.toISOString().slice(0, 10), end];
    const list = await root.get<{ items: NamedBrand[] }>(`/api/common/brands?data_scope_id=${projectId}&page_size=50`);
    for (const b of list.items) {
      const c = await root.send<BrandCharacters>('POST', CHARACTERS, {
        data_scope_id: projectId,
        brand_id: b.id,
        date,
        selector: 'mom',
      });
      if (c.attributes.length > 0 && c.brand_sales > 0) {
        brand = b;
        break;
      }
    }
    expect(brand, 'a demo brand with characters').toBeDefined();
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  it('zh-CN: picks a brand, shows the API figures, keeps a filter in the URL across reload', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    await page.getByTestId('brand-choose').waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'brand-choose-zh-CN');

    // Search by the start of the Chinese name, pick the brand from the list.
    const first = waitCall(page, OVERVIEW);
    const picker = page.getByTestId('brand-choose').getByTestId('brand-picker');
    await picker.click();
    await page.keyboard.type(brand.name.slice(0, 1));
    await page.locator(`.ant-select-item-option[title="${brand.name}"]`).click();
    const req = await first;
    expect(req.postDataJSON()).toMatchObject({ data_scope_id: projectId, brand_id: brand.id, selector: 'mom' });
    expect(new URL(page.url()).searchParams.get('brand')).toBe(String(brand.id));
    const mom = await ask<BrandOverview>(root, req);
    expect(mom.brand.sales).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('brand-sales').innerText(), { timeout: 20_000 })
      .toBe(formatNumber(mom.brand.sales, { currency }));
    expect(await page.getByTestId('brand-share').innerText()).toBe(formatShare((mom.brand.share ?? 0) * 100));
    expect(await page.getByTestId('brand-rank').innerText()).toBe(`第 ${mom.brand.rank} 名`);
    expect(await page.getByTestId('brand-name').innerText()).toBe(brand.name);

    // Compare with last year: a new request, the choice in the URL beside the brand.
    const yoyCall = waitCall(page, OVERVIEW, (b) => b.selector === 'yoy');
    await page.getByTestId('filter-panel').getByText('同比', { exact: true }).click();
    await page.getByTestId('filter-apply').click();
    const yoyReq = await yoyCall;
    expect(yoyReq.postDataJSON()).toMatchObject({ brand_id: brand.id, selector: 'yoy' });
    const url = new URL(page.url());
    expect(url.searchParams.get('vs')).toBe('yoy');
    expect(url.searchParams.get('brand')).toBe(String(brand.id));
    const yoy = await ask<BrandOverview>(root, yoyReq);
    const contribution = page.getByTestId('brand-contribution');
    await expect.poll(() => page.getByText('增长贡献（同比）').count(), { timeout: 20_000 }).toBe(1);
    const screenBefore = {
      sales: await page.getByTestId('brand-sales').innerText(),
      contribution: await contribution.innerText(),
      overview: await page.getByTestId('brand-overview').innerText(),
    };
    expect(screenBefore.sales).toBe(formatNumber(yoy.brand.sales, { currency }));

    // Reload (or a shared link): the same question, the same screen.
    const again = waitCall(page, OVERVIEW);
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ brand_id: brand.id, selector: 'yoy' });
    await expect
      .poll(() => page.getByTestId('brand-overview').innerText(), { timeout: 20_000 })
      .toBe(screenBefore.overview);
    expect(await contribution.innerText()).toBe(screenBefore.contribution);
    await panelsSettled(page, 'brand-sales', 2);
    await screenshot(page, 'brand-zh-CN');
    await expectAccessible(page, '/brand zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('downloads the characters as an .xlsx whose first data row is the first row of the table', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    const call = waitCall(page, CHARACTERS);
    await page.goto(`${server.url}/brand?brand=${brand.id}`);
    const data = await ask<BrandCharacters>(root, await call);
    const top = data.attributes[0]!;
    const table = page.getByTestId('characters-attribute');
    const row = table.locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]?.trim()).toBe('1');
    expect(cells[1]).toBe(top.group_name);
    expect(cells[2]).toBe(top.value);
    expect(cells[4]).toBe(formatNumber(top.tgi));

    // The header block comes first; the first data row is the one ranked 1.
    const found = firstRanked(await downloadRows(page));
    expect(found).toBeDefined();
    // Rank, attribute, value, brand sales, segment sales, share in segment, TGI, distinction.
    expect(found!.slice(0, 3)).toEqual([1, cells[1], cells[2]]);
    expect(formatNumber(found![6] as number)).toBe(cells[4]);
    expect(found![3]).toBeCloseTo(top.brand_sales, 2);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: follows and unfollows the brand (the project favourites agree), in English throughout', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/brand?brand=${brand.id}&locale=en`);
    const follow = page.getByTestId('brand-follow');
    await follow.waitFor();
    const favourites = async () =>
      (await root.get<{ brands: { brand_id: number }[] }>(`/api/common/projects/${projectId}/collections`)).brands.map(
        (b) => b.brand_id,
      );
    expect(await favourites()).not.toContain(brand.id);
    expect(await follow.innerText()).toContain('Follow brand');
    expect(await page.getByTestId('brand-name').innerText()).toBe(brand.name_en);
    await panelsSettled(page, 'brand-sales', 2);
    await screenshot(page, 'brand-en');
    await expectAccessible(page, '/brand en');

    // Each click answers the project's favourite brands; the button follows the answer.
    const toggle = async (method: 'PUT' | 'DELETE', label: string) => {
      const answer = page.waitForResponse(
        (r) => r.request().method() === method && new URL(r.url()).pathname.endsWith('/collections'),
      );
      await follow.click();
      expect((await answer).ok()).toBe(true);
      await expect.poll(() => follow.innerText()).toContain(label);
    };
    await toggle('PUT', 'Following');
    expect(await favourites()).toContain(brand.id);
    await toggle('DELETE', 'Follow brand');
    expect(await favourites()).not.toContain(brand.id);

    // No raw message keys and no Chinese on the English page but the brand's own Chinese name, which
    // the header shows beside the English one.
    const text = await page.getByTestId('brand-page').innerText();
    expect(text).not.toMatch(/\b(brand|analysis|insight)\.[a-zA-Z]+\.[a-zA-Z]/);
    expect(text.replaceAll(brand.name, '').match(/[\u4e00-\u9fff]+/g)).toBeNull();
    await noConsoleErrors(errors);

    // A link to a brand the project's data does not hold: the not-found message with the picker.
    await page.goto(`${server.url}/brand?brand=987654321`);
    const missing = page.getByTestId('brand-not-found');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('The brand does not exist in the project data.');
    await settle(page);
    await screenshot(page, 'brand-not-found-en');
    await page.context().close();
  }, 240_000);
});
