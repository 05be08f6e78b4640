import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstView } from '../bench/lib/web-first-view.mjs';
import { expectAccessible } from './support/a11y.js';
import { type Api, createAccount, grant, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { menuTexts, noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

const ALL_ZH = [
  '趋势总览',
  '概念探索',
  '潜力品牌',
  '品类洞察',
  '品牌详情',
  '商品分析',
  '店铺分析',
  '品牌对比',
  '关注品牌',
];
const ALL_EN = [
  'Trend Overview',
  'Concept Explore',
  'Potential Brand',
  'Category Insight',
  'Brand Detail',
  'Product Analysis',
  'Store Analysis',
  'Brand Comparison',
  'Favorite Brands',
];
const CJK = /[\u3400-\u9fff]/;

/** Visible text of the page without user data (project names are data, not UI strings). */
async function uiText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    const data =
      '[data-testid="project-switch"], .ant-select-dropdown, .ant-dropdown, .ant-table-tbody, #nprogress, noscript';
    for (const el of Array.from(clone.querySelectorAll(data))) el.remove();
    // Text marked as another language on purpose: the language switch names each language in itself.
    for (const el of Array.from(clone.querySelectorAll('[lang]')))
      if (el.getAttribute('lang') !== document.documentElement.lang) el.remove();
    // innerText, not textContent: the text as rendered, like a reader sees it
    return clone.innerText;
  });
}

describe('web app against the built server, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId: number;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' });
    browser = await launchBrowser();
    root = await signInApi(server.url, 'root', server.rootPassword);
    const projects = await root.get<{ items: { id: number; name: string }[] }>('/api/common/projects');
    projectId = projects.items[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  it('answers unknown API paths with the 404 envelope, not the web app', async () => {
    const res = await fetch(`${server.url}/api/nope?locale=en_us`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, code: 404, msg: expect.any(String) });
  });

  it('sends a visitor to sign-in, then back to the page they asked for (zh-CN by default)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/hot`);
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.title()).toBe('登录 - 市场透镜');
    await settle(page);
    await screenshot(page, 'login-zh-CN');
    await expectAccessible(page, 'sign-in zh-CN');
    await page.locator('#username').fill('root');
    await page.locator('#password').fill(server.rootPassword);
    await page.getByTestId('login-submit').click();
    // Back on the page asked for, inside the signed-in layout (whatever that page shows).
    await page.waitForURL((u) => u.pathname === '/hot');
    await page.getByTestId('side-menu').waitFor();
    expect(await page.title()).toBe('趋势总览 - 市场透镜');
    const menu = await menuTexts(page);
    for (const name of [...ALL_ZH, '项目管理', '账号管理']) expect(menu).toContain(name);
    await settle(page);
    await screenshot(page, 'layout-zh-CN');
    await expectAccessible(page, 'app shell zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('takes ?locale=en and removes it from the address', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await page.goto(`${server.url}/login?locale=en`);
    await expect.poll(() => page.getByTestId('auth-title').textContent()).toBe('Welcome back');
    expect(new URL(page.url()).search).toBe('');
    expect(CJK.test(await uiText(page))).toBe(false);
    await settle(page);
    await screenshot(page, 'login-en');
    await expectAccessible(page, 'sign-in en');
    await noConsoleErrors(errors);
    await page.context().close();
  });

  // The chart library never reaches the sign-in page (its size: e2e/web-budget.e2e.test.ts, ADR 0004).
  it('the sign-in page loads no ECharts', async () => {
    const view = await firstView(browser, `${server.url}/login`);
    expect(view.path).toBe('/login');
    expect(view.scripts.filter((f) => /echarts/i.test(f))).toEqual([]);
  });

  it('switching the language changes every visible string of the layout', async () => {
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.getByTestId('language-switch').getByText('English').click();
    await expect.poll(() => menuTexts(page)).toContain('Trend Overview');
    const menu = await menuTexts(page);
    for (const name of [...ALL_EN, 'Projects', 'Accounts']) expect(menu).toContain(name);
    await settle(page);
    expect(CJK.test(await uiText(page)), await uiText(page)).toBe(false);
    await screenshot(page, 'layout-en');
    await expectAccessible(page, 'app shell en');
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('shows the remaining attempts for a wrong password, then locks the account', async () => {
    await createAccount(root, 'locky', 'general');
    const { page } = await openPage(browser, 'en');
    await page.goto(`${server.url}/login`);
    const attempt = async (password: string) => {
      await page.locator('#username').fill('locky');
      await page.locator('#password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      const text = (await page.getByTestId('login-error').textContent()) ?? '';
      await page.waitForTimeout(50);
      return text;
    };
    expect(await attempt('Wrong-Passw0rd')).toBe(
      'invalid login or password, 4 attempts left before the account is locked',
    );
    await screenshot(page, 'login-wrong-password-en');
    for (const left of [3, 2]) expect(await attempt('Wrong-Passw0rd')).toContain(`${left} attempts left`);
    expect(await attempt('Wrong-Passw0rd')).toContain('1 attempt left');
    expect(await attempt('Wrong-Passw0rd')).toMatch(/locked/);
    // Locked: even the right password is refused.
    expect(await attempt(PASSWORD)).toMatch(/locked/);
    await screenshot(page, 'login-locked-en');
    await page.context().close();
  });

  it('shows each role exactly its menu, and /403 for a forbidden address', async () => {
    const everything = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const admin = await createAccount(root, 'e2e_admin', 'admin');
    const enterprise = await createAccount(root, 'e2e_ent', 'enterprise');
    const general = await createAccount(root, 'e2e_gen', 'general');
    await grant(root, admin, projectId, 'admin', everything);
    await grant(root, enterprise, projectId, 'general', [1, 4, 5]);
    await grant(root, general, projectId, 'general', [2, 4]);
    const expected: Record<string, string[]> = {
      e2e_admin: [...ALL_ZH, '项目管理', '账号管理'],
      e2e_ent: ['趋势总览', '品类洞察', '品牌详情', '项目管理'],
      e2e_gen: ['概念探索', '品类洞察'],
    };
    for (const [username, items] of Object.entries(expected)) {
      const { page, errors } = await openPage(browser);
      await signIn(page, server.url, username, PASSWORD);
      const menu = (await menuTexts(page)).filter((m) => [...ALL_ZH, '项目管理', '账号管理'].includes(m));
      expect(menu.sort(), username).toEqual([...items].sort());
      if (username === 'e2e_gen') {
        await settle(page);
        await screenshot(page, 'layout-general-zh-CN');
        // A page outside the user's pages: message and the first allowed page (docs/product.md §6).
        await page.goto(`${server.url}/hot`);
        await page.waitForURL((u) => u.pathname === '/explore');
        // A route whose auth list excludes the role: /403.
        await page.goto(`${server.url}/accounts`);
        await page.waitForURL((u) => u.pathname === '/403');
        await page.getByTestId('forbidden-home').waitFor();
        await settle(page);
        await screenshot(page, 'forbidden-zh-CN');
      }
      await noConsoleErrors(errors);
      await page.context().close();
    }
  });

  it('signs in with tk/rtk from the address and removes them at once', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'e2e_gen', password: PASSWORD }),
    }).then((r) => r.json());
    const { access_token: tk, refresh_token: rtk } = login.data;
    const { page, errors } = await openPage(browser);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${server.url}/discover?tk=${encodeURIComponent(tk)}&rtk=${encodeURIComponent(rtk)}&locale=en`);
    await page.getByTestId('side-menu').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/discover');
    expect(url.search).toBe('');
    // The tokens never travel in a query string again (the API takes them as a Bearer header only).
    expect(requested.filter((u) => u.includes(tk) && !u.endsWith('/discover?tk=') && u.includes('/api/'))).toEqual([]);
    expect(await menuTexts(page)).toContain('Category Insight');
    await noConsoleErrors(errors);
    await page.context().close();
  });
});
