import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { shot } from './support/shots.js';
import { noConsoleErrors, openPage, signIn } from './support/ui.js';

const TEXT = {
  'zh-CN': { tab: '登录会话', current: '本浏览器', endOthers: '退出其他设备', ok: /^确 ?定$/ },
  en: { tab: 'Signed-in Sessions', current: 'This browser', endOthers: 'Sign out other devices', ok: /^OK$/ },
} as const;

/** The session list of the personal centre, in Chromium against the built server. */
describe('signed-in sessions in the personal centre', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(() => ({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' }));
    browser = await launchBrowser();
    const root = await signInApi(server.url, 'root', server.rootPassword);
    await createAccount(root, 'se-user', 'general');
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  for (const locale of ['zh-CN', 'en'] as const) {
    it(`lists this browser and another device, and signs the other out (${locale})`, async () => {
      // Another device: signed in through the API.
      const other = await signInApi(server.url, 'se-user', PASSWORD);
      const { page, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, server.url, 'se-user', PASSWORD);
      await page.goto(`${server.url}/personal-center/sessions`);
      await page.getByTestId('sessions').getByText(TEXT[locale].current).waitFor();
      expect(await page.locator('.ant-tabs-tab-active').textContent()).toBe(TEXT[locale].tab);
      expect(await page.locator('[data-testid="sessions"] tbody tr').count()).toBeGreaterThanOrEqual(2);
      // Fits at 1280 px: no horizontal scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await shot(page, `sessions-${locale}`);

      await page.getByTestId('end-other-sessions').click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: TEXT[locale].ok }).click();
      await expect.poll(() => page.locator('[data-testid="sessions"] tbody tr').count()).toBe(1);
      await expect(other.get('/api/auth/user')).rejects.toThrow();
      await noConsoleErrors(errors);
      await page.context().close();
    });
  }
});
