import { formatNumber, formatRatio } from '@marketlens/shared';
import type { HotCategoryTrendsData, HotKeywordsData, RisingData } from '@marketlens/shared/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { ask, expectEveryPicture, startDemo, stopDemo, waitCall } from './support/analysis.js';
import type { Api } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * Trend Overview (/hot) in Chromium against the built server on the tiny demo data: figures on
 * screen equal the API's for the same request, the filter round-trips through the URL, the word
 * cloud draws on its canvas and a click opens Concept Explore, root hides and reveals a word; every
 * product shows its picture from the server.
 */

const CLOUD = '/api/common/keywords/hot';
const TRENDS = '/api/common/hot/categories/trends';
const RISING = '/api/common/rising';

describe('Trend Overview page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId: number;

  beforeAll(async () => {
    ({ server, browser, root, projectId } = await startDemo());
    // The project hides keywords (the flag is off by default).
    await root.send('PUT', `/api/common/projects/${projectId}`, { hide_keywords: true });
  });

  afterAll(() => stopDemo({ server, browser }));

  it('shows the API figures, changes the comparison, and keeps the filter in the URL (zh-CN)', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    const trendsCall = waitCall(page, TRENDS);
    const risingCall = waitCall(page, RISING);
    await page.goto(`${server.url}/hot`);
    const trends = await ask<HotCategoryTrendsData>(root, await trendsCall);
    expect(trends.categories.length).toBeGreaterThan(0);
    expect(trends.categories.length).toBeLessThanOrEqual(10);
    const firstSales = page.getByTestId('trend-row-sales').first();
    await expect
      .poll(() => firstSales.textContent())
      .toBe(formatNumber(trends.categories[0]!.sales, { currency: '¥' }));
    expect(await page.getByTestId('trend-row').count()).toBe(trends.categories.length);
    const momRising = await ask<RisingData>(root, await risingCall);
    expect(momRising.items.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('rising-growth').first().textContent())
      .toBe(formatRatio(momRising.items[0]!.growth, { locale: 'zh-CN' }));

    // Compare with last year instead: a new request, new figures, and the choice in the URL.
    const yoyCall = waitCall(page, RISING);
    await page.getByTestId('filter-panel').getByText('同比', { exact: true }).click();
    await page.getByTestId('filter-apply').click();
    const yoyReq = await yoyCall;
    expect(JSON.parse(yoyReq.postData() ?? '{}')).toMatchObject({ selector: 'yoy', data_scope_id: projectId });
    expect(new URL(page.url()).searchParams.get('vs')).toBe('yoy');
    const yoy = await ask<RisingData>(root, yoyReq);
    if (yoy.items.length > 0) {
      await expect
        .poll(() => page.getByTestId('rising-growth').first().textContent())
        .toBe(formatRatio(yoy.items[0]!.growth, { locale: 'zh-CN' }));
    }

    // A reload (or a shared link) asks the same question again.
    const again = waitCall(page, RISING);
    await page.reload();
    expect(JSON.parse((await again).postData() ?? '{}')).toMatchObject({ selector: 'yoy' });
    // Back returns to the previous filter.
    const back = waitCall(page, RISING);
    await page.goBack();
    expect(JSON.parse((await back).postData() ?? '{}')).toMatchObject({ selector: 'mom' });
    expect(new URL(page.url()).searchParams.get('vs')).toBeNull();

    await page.getByTestId('hot-cloud').locator('canvas').first().waitFor();
    await page.getByTestId('hot-goods').waitFor();
    await expectEveryPicture(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.waitForTimeout(800);
    await screenshot(page, 'hot-zh-CN');
    await expectAccessible(page, '/hot zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('draws the word cloud on its canvas; clicking a word opens Concept Explore for it (en)', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    const cloudCall = waitCall(page, CLOUD);
    await page.goto(`${server.url}/hot?locale=en`);
    const cloud = await ask<HotKeywordsData>(root, await cloudCall);
    expect(cloud.items.length).toBeGreaterThan(0);
    const canvas = page.getByTestId('hot-cloud').locator('canvas').first();
    await canvas.waitFor();
    // Pixels drawn by the words: not a blank canvas.
    const inked = async () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const ctx = c.getContext('2d')!;
        const { data } = ctx.getImageData(0, 0, c.width, c.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n;
      });
    await expect.poll(inked, { timeout: 15_000 }).toBeGreaterThan(2000);

    // The hottest word sits in the middle: find an inked pixel near the centre, hover, click.
    const spot = await canvas.evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d')!;
      const { data, width, height } = ctx.getImageData(0, 0, c.width, c.height);
      const ratio = c.width / c.getBoundingClientRect().width;
      for (let r = 0; r < Math.max(width, height) / 2; r += 2) {
        for (let a = 0; a < 360; a += 10) {
          const x = Math.round(width / 2 + r * Math.cos((a * Math.PI) / 180));
          const y = Math.round(height / 2 + r * Math.sin((a * Math.PI) / 180));
          if (x < 0 || y < 0 || x >= width || y >= height) continue;
          if (data[(y * width + x) * 4 + 3]! > 200) return { x: x / ratio, y: y / ratio };
        }
      }
      return null;
    });
    expect(spot).not.toBeNull();
    await canvas.hover({ position: spot! });
    const tooltip = page
      .getByTestId('hot-cloud')
      .getByTestId('echart')
      .locator('div')
      .filter({ hasText: 'Heat index' })
      .last();
    await tooltip.waitFor();
    // The tooltip's first line is the word (then heat index and sales).
    const word = ((await tooltip.innerText()).split('\n')[0] ?? '').trim();
    expect(cloud.items.map((w) => w.keyword)).toContain(word);
    // From the top, without the tooltip (a full-page shot of a scrolled page moves the fixed layout).
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.waitForTimeout(500);
    await screenshot(page, 'hot-en');
    await expectAccessible(page, '/hot en');
    await canvas.scrollIntoViewIfNeeded();
    await canvas.click({ position: spot! });
    await page.waitForURL((u) => u.pathname === '/explore');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(word);
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('lets root hide a keyword (gone from the cloud) and reveal it again', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    const cloudCall = waitCall(page, CLOUD);
    await page.goto(`${server.url}/hot?locale=en`);
    const cloudReq = await cloudCall;
    const before = await ask<HotKeywordsData>(root, cloudReq);
    const word = before.items[0]!.keyword;

    await page.getByTestId('hidden-keywords-open').click();
    const drawer = page.getByTestId('hidden-keywords');
    await drawer.getByTestId('hidden-keywords-list').waitFor();
    const pick = drawer.getByTestId('hidden-keywords-pick');
    await pick.click();
    await pick.locator('input').fill(word);
    await pick.locator('input').press('Enter');
    await page.keyboard.press('Escape');
    const reload = page.waitForResponse((r) => new URL(r.url()).pathname === CLOUD);
    await drawer.getByTestId('hidden-keywords-hide').click();
    await drawer.getByTestId('hidden-keywords-list').getByText(word, { exact: true }).waitFor();
    const after = (await (await reload).json()) as { data: HotKeywordsData };
    expect(after.data.items.map((w) => w.keyword)).not.toContain(word);
    expect(after.data.hidden_applied).toBe(true);
    // The API agrees, independently of the page.
    expect((await ask<HotKeywordsData>(root, cloudReq)).items.map((w) => w.keyword)).not.toContain(word);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, 'hot-hidden-keywords-en');

    const restored = page.waitForResponse((r) => new URL(r.url()).pathname === CLOUD);
    await drawer.getByRole('button', { name: `Reveal ${word}` }).click();
    await expect
      .poll(() => drawer.getByTestId('hidden-keywords-list').getByText(word, { exact: true }).count())
      .toBe(0);
    expect(((await (await restored).json()) as { data: HotKeywordsData }).data.items.map((w) => w.keyword)).toContain(
      word,
    );
    await noConsoleErrors(errors);
    await page.context().close();
  });
});
