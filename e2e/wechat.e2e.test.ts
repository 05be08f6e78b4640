import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatProvider } from '../packages/server/test/support/wechat-provider.js';
import { type Api, createAccount, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { shot } from './support/shots.js';
import { noConsoleErrors, openPage } from './support/ui.js';

const LOCALES = ['zh-CN', 'en'] as const;

const TEXT = {
  'zh-CN': {
    tab: '微信登录',
    bound: '已绑定',
    failed: '微信授权未完成',
    back: '返回登录',
    otherBrowser: '该微信登录是在其他浏览器中发起的，请在本浏览器的登录页重新发起',
  },
  en: {
    tab: 'WeChat',
    bound: 'Bound',
    failed: 'WeChat authorization was not completed',
    back: 'Back to sign-in',
    otherBrowser:
      'This WeChat sign-in was started in another browser. Start it again from the sign-in page in this browser.',
  },
} as const;

/**
 * WeChat sign-in end to end: the built server is configured for the loopback OAuth2 provider the
 * server tests use, and Chromium follows the real redirects (app → provider → app) both ways.
 */
describe('WeChat binding and sign-in in Chromium against a loopback OAuth2 provider', () => {
  const provider = new WechatProvider();
  let server: RunningServer;
  let browser: Browser;
  let root: Api;

  beforeAll(async () => {
    await provider.start();
    server = await startServer((url) => ({
      ...provider.env(`${url}/login`),
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USERNAME: '100000',
    }));
    browser = await launchBrowser();
    root = await signInApi(server.url, 'root', server.rootPassword);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
    await provider.stop();
  });

  /** From the sign-in page's WeChat tab through the provider and back to the app. */
  async function signInWithWechat(page: Page, locale: (typeof LOCALES)[number], name?: string) {
    await page.goto(`${server.url}/login`);
    await page.locator('.ant-tabs-tab', { hasText: TEXT[locale].tab }).click();
    await page.getByTestId('wechat-login').waitFor();
    if (name) await shot(page, name);
    await page.getByTestId('wechat-login').click();
  }

  it('binds WeChat from the prompt after a password sign-in, then signs in with WeChat (zh-CN, en)', async () => {
    await createAccount(root, 'wx-user', 'general');
    const bindInfo = async () => {
      const me = await signInApi(server.url, 'wx-user', PASSWORD);
      return me.get<{ bound: boolean; wechat_state: string }>('/api/auth/thirdparty/bind/info');
    };
    expect(await bindInfo()).toMatchObject({ bound: false, wechat_state: 'unbound' });

    // Password sign-in: the server asks to bind WeChat; binding goes to the provider and back.
    const { page, errors } = await openPage(browser, 'zh-CN');
    await page.goto(`${server.url}/login`);
    await page.locator('#username').fill('wx-user');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('bind-wechat').waitFor();
    await shot(page, 'wechat-bind-prompt-zh-CN');
    provider.nextOpenid = 'wx-e2e-user';
    const seen = provider.seen.length;
    await page.getByTestId('bind-wechat').click();
    await page.waitForURL(`${server.url}/personal-center`);
    await expect.poll(() => page.getByTestId('wechat-state').textContent()).toBe(TEXT['zh-CN'].bound);
    // The browser really went through the provider: authorize, then the server traded the code.
    expect(provider.seen.slice(seen)).toEqual(['/connect/qrconnect', '/sns/oauth2/access_token', '/sns/userinfo']);
    // The one-time code and state are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    await shot(page, 'wechat-bound-zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
    expect(await bindInfo()).toMatchObject({ bound: true, wechat_state: 'bound' });

    // WeChat sign-in in a fresh browser (no tokens), in both languages.
    for (const locale of LOCALES) {
      const fresh = await openPage(browser, locale);
      provider.nextOpenid = 'wx-e2e-user';
      await signInWithWechat(fresh.page, locale, `wechat-login-${locale}`);
      await fresh.page.getByTestId('user-menu').waitFor();
      expect(await fresh.page.getByTestId('user-menu').textContent()).toContain('wx-user');
      expect(new URL(fresh.page.url()).pathname).not.toBe('/login');
      expect(new URL(fresh.page.url()).search).toBe('');
      await shot(fresh.page, `wechat-signed-in-${locale}`);
      await noConsoleErrors(fresh.errors);
      await fresh.page.context().close();
    }
  });

  it('a callback address with someone else’s code and state signs nobody in (login CSRF, zh-CN, en)', async () => {
    for (const locale of LOCALES) {
      // The attacker starts a flow outside the victim's browser and scans with a bound WeChat …
      provider.nextOpenid = 'wx-e2e-user';
      const start = await fetch(`${server.url}/api/auth/thirdparty/weixin/connect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ purpose: 'login' }),
      });
      const { authorize_url } = ((await start.json()) as { data: { authorize_url: string } }).data;
      const back = (await fetch(authorize_url, { redirect: 'manual' })).headers.get('location')!;
      // … and the victim's browser opens the address the provider sent back.
      const { page, errors } = await openPage(browser, locale);
      await page.goto(back);
      await page.getByText(TEXT[locale].otherBrowser).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('marketlens.tk'))).toBeNull();
      expect(new URL(page.url()).search).toBe('');
      await shot(page, `wechat-other-browser-${locale}`);
      await noConsoleErrors(errors, /status of 400/);
      await page.context().close();
    }
  });

  it('refuses a WeChat identity bound to no account and leads back to the sign-in form (zh-CN, en)', async () => {
    for (const locale of LOCALES) {
      const { page, errors } = await openPage(browser, locale);
      provider.nextOpenid = `wx-nobody-${locale}`;
      await signInWithWechat(page, locale);
      await page.getByText(TEXT[locale].failed).waitFor();
      // No session was started.
      expect(await page.evaluate(() => localStorage.getItem('marketlens.tk'))).toBeNull();
      await shot(page, `wechat-not-bound-${locale}`);
      await page.getByRole('button', { name: TEXT[locale].back }).click();
      await page.getByTestId('login-submit').waitFor();
      // The refused sign-in answers 401: the only console error allowed (filtered by noConsoleErrors).
      await noConsoleErrors(errors);
      await page.context().close();
    }
  });
});
