import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { WechatProvider } from '../support/wechat-provider.js';
import { bearer, login, makeUser } from './helpers.js';

describe('WeChat sign-in and binding against a loopback OAuth2 provider', () => {
  const provider = new WechatProvider();
  let t: TestApp;

  beforeAll(async () => {
    await provider.start();
    t = await buildTestApp({
      env: {
        ...provider.env('http://app.example/login'),
        RATE_LIMIT_PER_IP: '1000',
      },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'wang');
    await makeUser(t.ctx, 'li');
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  /** The browser a flow runs in: the cookie the start of a flow set, sent back when it finishes. */
  let browser: Record<string, string> = {};
  const connect = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/thirdparty/weixin/connect',
      payload,
      headers: { ...browser, ...headers },
    });

  /** Starts a flow, follows the provider's redirect like a browser, returns what came back. */
  async function runFlow(purpose: 'login' | 'bind', headers: Record<string, string> = {}) {
    const start = await connect({ purpose }, headers);
    expect(start.statusCode, start.body).toBe(200);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^ml_wechat=[\w-]{43}; Path=\/api\/auth\/thirdparty\/weixin; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    browser = { cookie: setCookie.split(';')[0]! };
    const { authorize_url, state } = start.json().data;
    expect(authorize_url.startsWith(`${provider.base}/connect/qrconnect?`)).toBe(true);
    const res = await fetch(authorize_url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://app.example/login');
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, state };
  }

  it('offers WeChat in the client settings', async () => {
    const res = await t.app.inject('/api/auth/applications/settings');
    expect(res.json().data).toMatchObject({ third_party_login: true, wechat: true });
  });

  it('refuses sign-in with an identity bound to nobody', async () => {
    provider.nextOpenid = 'wx-wang';
    const { code, state } = await runFlow('login');
    const res = await connect({ code, state, locale: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('wechat_not_bound');
  });

  it('binds (only for the user who started it), then signs in with WeChat; a replayed state is refused', async () => {
    const wang = await login(t.app, 'wang');
    expect(wang.prompt_bind_wechat).toBe(true);
    provider.nextOpenid = 'wx-wang';
    const { code, state } = await runFlow('bind', bearer(wang.access_token));
    // Someone else cannot finish wang's binding.
    const li = await login(t.app, 'li');
    const hijack = await connect({ code, state }, bearer(li.access_token));
    expect(hijack.statusCode).toBe(401);

    // The state was spent by that attempt: single use even when the attempt failed.
    const again = await runFlow('bind', bearer(wang.access_token));
    const bound = await connect({ code: again.code, state: again.state }, bearer(wang.access_token));
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data).toEqual({ wechat_state: 'bound' });
    const info = await t.app.inject({ url: '/api/auth/thirdparty/bind/info', headers: bearer(wang.access_token) });
    expect(info.json().data).toMatchObject({ bound: true, wechat_state: 'bound' });

    const flow = await runFlow('login');
    const signedIn = await connect({ code: flow.code, state: flow.state });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = signedIn.json().data.login;
    expect(tokens.prompt_bind_wechat).toBe(false);
    const me = await t.app.inject({ url: '/api/common/users/me', headers: bearer(tokens.access_token) });
    expect(me.json().data.user.username).toBe('wang');

    // Replaying the spent state (even with a fresh code) is refused, in the request's language.
    provider.nextOpenid = 'wx-wang';
    const fresh = await runFlow('login');
    const replay = await connect({ code: fresh.code, state: flow.state, locale: 'en' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('The WeChat sign-in request is invalid or has expired. Please try again.');
    const zh = await connect({ code: fresh.code, state: flow.state });
    expect(zh.json().msg).toBe('微信登录请求无效或已过期，请重试');
  });

  it('refuses to bind a WeChat identity already bound to another user', async () => {
    const li = await login(t.app, 'li');
    provider.nextOpenid = 'wx-wang';
    const { code, state } = await runFlow('bind', bearer(li.access_token));
    const res = await connect({ code, state, locale: 'en' }, bearer(li.access_token));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This WeChat account is already bound to another user.');
    const denied = await t.ctx.metadata.audit.listRecent({ action: 'auth.wechat_bind', outcome: 'denied' });
    expect(denied.length).toBe(1);
  });

  it('only the browser that started a flow can finish it (no login CSRF), in both languages, audited', async () => {
    // The attacker starts a flow in their own browser and scans with their own WeChat …
    provider.nextOpenid = 'wx-wang';
    const attacker = await runFlow('login');
    const attackerBrowser = browser;
    // … and has the victim's browser open the login page with that code and state.
    browser = {};
    const noCookie = await connect({ code: attacker.code, state: attacker.state, locale: 'en' });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toMatchObject({
      code: 'wechat_other_browser',
      msg: 'This WeChat sign-in was started in another browser. Start it again from the sign-in page in this browser.',
    });
    // A victim who started a flow of their own carries another nonce: refused too.
    await runFlow('login');
    const victimBrowser = browser;
    const mismatch = await connect({ ...(await runFlowIn(attackerBrowser)), locale: 'zh_cn' }, victimBrowser);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().msg).toBe('该微信登录是在其他浏览器中发起的，请在本浏览器的登录页重新发起');
    const denied = await t.ctx.metadata.audit.listRecent({ action: 'auth.wechat', outcome: 'denied', limit: 2 });
    expect(denied.map((e) => e.detail)).toEqual([{ reason: 'other_browser' }, { reason: 'other_browser' }]);
    // The flow's own browser signs in (a second flow there reuses the browser's nonce).
    const own = await runFlowIn(attackerBrowser);
    const ok = await connect(own, attackerBrowser);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.login.access_token).toEqual(expect.any(String));
  });

  /** A login flow started in the given browser, which keeps its nonce cookie. */
  async function runFlowIn(inBrowser: Record<string, string>) {
    browser = inBrowser;
    const flow = await runFlow('login');
    expect(browser).toEqual(inBrowser);
    return flow;
  }

  it('unbinding is a request an administrator approves: bound → unbind pending → unbound', async () => {
    const wang = await login(t.app, 'wang');
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/auth/thirdparty/unbind/account',
      headers: bearer(wang.access_token),
      payload: { reason: 'new phone' },
    });
    expect(req.json().data.wechat_state).toBe('unbind_pending');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/thirdparty/unbind/account',
      headers: bearer(wang.access_token),
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    const root = await login(t.app, 'root');
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/common/users/application/${req.json().data.application_id}/status`,
      headers: bearer(root.access_token),
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const wangRow = await t.ctx.metadata.users.getByUsername('wang');
    expect(wangRow).toMatchObject({ wechatOpenid: null, wechatState: 'unbound' });
  });

  it('a provider failure is a clean 502, and the code exchange is never retried with a spent code', async () => {
    const { code, state } = await runFlow('login');
    provider.codes.delete(code);
    const res = await connect({ code, state });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('wechat_failed');
  });
});
