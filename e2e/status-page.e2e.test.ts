import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchConsole } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

describe('built server with tiny demo data, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) {
      const code = await server.stop();
      // Graceful shutdown on SIGTERM: a clean exit, not a kill.
      expect(code).toBe(0);
    }
  });

  it('serves a healthy API with the three demo datasets', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.data.status).toBe('ok');
    expect(body.data.warehouse.datasets.sort()).toEqual(['cn_monthly', 'cn_weekly', 'global_monthly']);
  });

  it('shows the status page in Chinese by default, without console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const errors = watchConsole(page);
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByTestId('health-summary').textContent()).toContain('运行正常');
    expect(await page.getByTestId('app-name').textContent()).toBe('市场透镜');
    expect(await page.title()).toBe('市场透镜');
    expect(await page.locator('.ant-tag', { hasText: 'cn_monthly' }).count()).toBe(1);
    await screenshot(page, 'status-zh-CN');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes ?locale=en, removes it from the address, and serves deep links (history mode)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchConsole(page);
    await page.goto(`${server.url}/some/client/route?locale=en`);
    await expect.poll(() => page.getByTestId('health-summary').textContent()).toContain('All systems operational');
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/some/client/route');
    expect(await page.getByTestId('app-name').textContent()).toBe('MarketLens');
    await screenshot(page, 'status-en');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown API paths with the 404 envelope, not the web app', async () => {
    const res = await fetch(`${server.url}/api/nope?locale=en_us`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, code: 404, msg: expect.any(String) });
  });
});
