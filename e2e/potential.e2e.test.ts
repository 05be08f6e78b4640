import { formatNumber } from '@marketlens/shared';
import type { PotentialBrands } from '@marketlens/shared/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { answer, ask, dataOf, downloadRows, startDemo, stopDemo } from './support/analysis.js';
import type { Api } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * Potential Brand (/potential) in Chromium against the built server on the tiny demo data: the
 * default search shows the API's rows for the same request, a tuned threshold goes to the URL and
 * a reload runs it again, the download holds the table's rows, and following a brand from its row
 * puts it in the project's favourite brands (the Favourite Brands screen is not built yet: its list
 * is read from the API it will show).
 */

const BRANDS = '/api/common/potential/brands';
const REDIRECT = `?redirect=${encodeURIComponent('/potential')}`;

describe('Potential Brand page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId = 0;
  let currency = '¥';

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  const favourites = async () =>
    (await root.get<{ brands: { brand_id: number }[] }>(`/api/common/projects/${projectId}/collections`)).brands.map(
      (b) => b.brand_id,
    );

  /** The tuned search of the first test, for the second (a shared link). */
  let tunedSearch = '';

  it('zh-CN: the default search equals the API, a tuned limit survives a reload, the download holds the rows', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    const first = answer(page, BRANDS);
    await signIn(page, server.url, 'root', server.rootPassword, REDIRECT);
    const defaults = await dataOf<PotentialBrands>(await first);
    const sent = (await first).request().postDataJSON();
    expect(sent).toMatchObject({
      quick_selector: 'yoy',
      categories_filter: { category_level: 2, sales_range_min: 100_000_000, sales_ratio_range_min: 20 },
      brands_filter: { category_sales_range_min: 10_000_000, category_sales_ratio_range_min: 30 },
    });
    // Root's answer to the same request is the screen's.
    expect(await ask<PotentialBrands>(root, (await first).request())).toEqual(defaults);
    // The tiny demo's four level-2 categories grow less than 20 % in the latest month: the page says
    // which limit excluded most candidates.
    if (defaults.total === 0) {
      const top = defaults.exclusions[0]!;
      const empty = page.getByTestId('potential-empty');
      await empty.waitFor();
      expect(await empty.innerText()).toContain(`排除候选最多的条件：`);
      expect(await empty.innerText()).toContain(`（排除 ${top.excluded} 个中的 ${defaults.candidates} 个）`);
      await settle(page);
      await screenshot(page, 'potential-defaults-zh-CN');
    }

    // Tune: no limit on the category's growth (the demo's categories grow slowly), brands still +30 %.
    // The search goes to the URL.
    const growth = page.getByTestId('limit-category_growth').locator('input').first();
    await growth.fill('');
    const tuned = answer(
      page,
      BRANDS,
      (b) => (b.categories_filter as Record<string, unknown>)?.sales_ratio_range_min === null,
    );
    await page.getByTestId('potential-search').click();
    const after = await dataOf<PotentialBrands>(await tuned);
    expect(after.total, 'the tuned search finds rising brands').toBeGreaterThan(0);
    expect(after.total).toBeGreaterThan(defaults.total);
    expect(after.items.every((r) => r.growth !== null && r.growth >= 0.3)).toBe(true);
    const url = new URL(page.url());
    tunedSearch = url.searchParams.get('q')!;
    expect(JSON.parse(tunedSearch).categories_filter.sales_ratio_range_min).toBeNull();
    const table = page.getByTestId('potential-table');
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const cells = await firstRow.locator('td').allInnerTexts();
    expect(cells[0]).toBe(after.items[0]!.brand.name);
    expect(cells[2]).toBe(formatNumber(after.items[0]!.sales, { currency }));

    // Reload: the same search from the URL, the same rows.
    const again = answer(page, BRANDS);
    await page.reload();
    const reloaded = await again;
    expect(reloaded.request().postDataJSON()).toMatchObject({ categories_filter: { sales_ratio_range_min: null } });
    expect(await dataOf<PotentialBrands>(reloaded)).toEqual(after);
    expect(await page.getByTestId('limit-category_growth').locator('input').first().inputValue()).toBe('');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.locator('canvas').first().waitFor();
    await settle(page);
    await page.waitForTimeout(1200);
    await screenshot(page, 'potential-zh-CN');
    await expectAccessible(page, '/potential zh-CN');

    // The download: the header block, then one row per brand × category of the answer.
    const rows = await downloadRows(page);
    const names = after.items.map((r) => r.brand.name);
    const listed = rows.filter((r) => typeof r[0] === 'string' && names.includes(r[0] as string));
    expect(listed).toHaveLength(after.items.length);
    expect(listed[0]![3]).toBeCloseTo(after.items[0]!.sales, 2);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: follows a brand from its row (the project favourites agree), links to Brand Detail, in English', async () => {
    const { page, errors } = await openPage(browser, 'en');
    expect(tunedSearch, 'the first test tuned a search').not.toBe('');
    await signIn(page, server.url, 'root', server.rootPassword);
    const first = answer(page, BRANDS);
    await page.goto(`${server.url}/potential?q=${encodeURIComponent(tunedSearch)}&locale=en`);
    const data = await dataOf<PotentialBrands>(await first);
    const row = data.items.find((r) => !r.followed)!;
    expect(row).toBeDefined();
    expect(await favourites()).not.toContain(row.brand_id);
    const follow = page.getByTestId(`follow-${row.brand_id}`).first();
    await follow.waitFor();
    await page.locator('canvas').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.waitForTimeout(1200);
    await screenshot(page, 'potential-en');
    await expectAccessible(page, '/potential en');
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/collections'));
    await follow.click();
    expect((await put).ok()).toBe(true);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await favourites()).toContain(row.brand_id);
    // Followed here, listed on Favourite Brands; Back returns to the same search.
    await page.goto(`${server.url}/favorite-brand`);
    await expect
      .poll(() => page.getByTestId('favorite-list').innerText(), { timeout: 30_000 })
      .toContain(row.brand.name_en);
    await page.goBack();
    await follow.waitFor({ timeout: 60_000 });
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');

    const text = await page.getByTestId('potential-page').innerText();
    expect(text).not.toMatch(/\b(potential|analysis)\.[a-zA-Z]+\.[a-zA-Z]/);
    // Chinese only in the data's own names (brands and categories have English names too).
    expect(text.match(/[\u4e00-\u9fff]+/g)).toBeNull();

    // Unfollow again, then open the brand in Brand Detail with the search's periods and category.
    const del = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith('/collections'));
    await follow.click();
    expect((await del).ok()).toBe(true);
    expect(await favourites()).not.toContain(row.brand_id);
    await page.getByTestId('potential-table').getByRole('link', { name: row.brand.name_en }).first().click();
    await page.getByTestId('brand-header').waitFor({ timeout: 60_000 });
    const target = new URL(page.url());
    expect(target.pathname).toBe('/brand');
    expect(target.searchParams.get('brand')).toBe(String(row.brand_id));
    expect(target.searchParams.get('c')).toBe(String(row.category_id));
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
