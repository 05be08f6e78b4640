import { formatNumber, formatShare } from '@marketlens/shared';
import type { ConceptSummary, HotKeywordsData, TopAnswerData } from '@marketlens/shared/contracts';
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
 * Concept Explore (/explore) in Chromium against the built server on the tiny demo data: a word of
 * the Trend Overview word cloud opens as the concept, the figures on screen equal the API's for the
 * same request, the concept and the switches round-trip through the URL, and the brand ranking's
 * download starts with the table's first row.
 */

const SUMMARY = '/api/common/concept/summary';

describe('Concept Explore page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId: number;
  let currency: string;

  beforeAll(async () => {
    ({ server, browser, root, projectId, currency } = await startDemo());
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  /** The hottest word of the word cloud for the whole default range, in a language. */
  async function hotWord(locale: 'zh_cn' | 'en_us'): Promise<string> {
    const table = await root.get<{ latest_date: string }>(`/api/common/table_date?data_scope_id=${projectId}`);
    const end = table.latest_date;
    const start = `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`;
    const cloud = await root.send<HotKeywordsData>('POST', `/api/common/keywords/hot?locale=${locale}`, {
      data_scope_id: projectId,
      date: [start, end],
    });
    expect(cloud.items.length).toBeGreaterThan(0);
    return cloud.items[0]!.keyword;
  }

  it('zh-CN: a word-cloud word becomes the concept; figures equal the API; the URL keeps the view', async () => {
    const word = await hotWord('zh_cn');
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    const first = waitCall(page, SUMMARY);
    await page.goto(`${server.url}/explore?keyword=${encodeURIComponent(word)}`);
    const req = await first;
    expect(req.postDataJSON()).toMatchObject({ goodsKeywords: { enable: true, value: [word] } });
    await page.waitForURL((u) => u.searchParams.get('kw') === word && !u.searchParams.has('keyword'));
    const summary = await ask<ConceptSummary>(root, req);
    expect(summary.sales).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('summary-sales').textContent())
      .toBe(formatNumber(summary.sales, { currency }));
    await expect
      .poll(() => page.getByTestId('summary-penetration').textContent())
      .toBe(formatShare(summary.penetration === null ? null : summary.penetration * 100));

    // Penetration on the trend chart and the product ranking: both switches go into the URL.
    await page.getByTestId('explore-panels').getByText('渗透率', { exact: true }).first().click();
    await page.waitForURL((u) => u.searchParams.get('tm') === 'penetration');
    await page.getByRole('tab', { name: '商品' }).click();
    await page.waitForURL((u) => u.searchParams.get('top') === 'product');
    // A reload (or a shared link) shows the same concept and switches.
    const again = waitCall(page, SUMMARY);
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ goodsKeywords: { value: [word] } });
    await page.getByTestId('top-product').waitFor();
    // Every product of the ranking shows its picture.
    await expectEveryPicture(page);
    await page.getByRole('tab', { name: '品牌' }).click();
    await panelsSettled(page, 'summary-sales', 3);
    await screenshot(page, 'explore-zh-CN');
    await expectAccessible(page, '/explore zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: English titles, a related word one click away, and the brand download starts with the table', async () => {
    const word = await hotWord('en_us');
    const { page, errors } = await openPage(browser, 'en');
    const brands = answer(page, '/api/common/concept/top/brands');
    await signIn(
      page,
      server.url,
      'root',
      server.rootPassword,
      `?redirect=${encodeURIComponent(`/explore?kw=${word}`)}`,
    );
    const top = await dataOf<TopAnswerData>(await brands);
    expect(top.items.length).toBeGreaterThan(0);
    const table = page.getByTestId('top-brand');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const firstRow = await table.locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts();
    expect(firstRow[1]).toContain(top.items[0]!.name_en);
    expect(firstRow[2]).toBe(formatNumber(top.items[0]!.sales, { currency }));
    await panelsSettled(page, 'summary-sales', 3);
    await screenshot(page, 'explore-en');
    await expectAccessible(page, '/explore en');
    const found = firstRanked(await downloadRows(page));
    expect(found![1]).toBe(top.items[0]!.name_en);
    expect(found![2]).toBeCloseTo(top.items[0]!.sales, 2);

    // A related word is the next concept.
    const related = page.getByTestId('related-word').first();
    const next = ((await related.textContent()) ?? '').trim();
    const call = waitCall(page, SUMMARY, (b) => JSON.stringify(b.goodsKeywords).includes(next));
    await related.click();
    await call;
    await page.waitForURL((u) => u.searchParams.get('kw') === next);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
