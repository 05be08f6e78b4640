import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { bearer, type LoginResult, makeUser, PASSWORD } from './helpers.js';

const HOUR = 3600_000;
const MINUTE = 60_000;
// The limits these tests run with: a session lives 2 hours at most, and 30 minutes without a refresh.
const ABSOLUTE_HOURS = 2;
const IDLE_MINUTES = 30;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

// The app and its store run on a clock of their own, moved by the tests.
describe.each(stores())('sessions: absolute and idle limits, child apps, the session list ($name)', (target) => {
  let now = new Date('2031-03-02T08:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      clock: () => now,
      env: {
        RATE_LIMIT_PER_IP: '10000',
        RATE_LIMIT_PER_USERNAME: '10000',
        SESSION_ABSOLUTE_HOURS: String(ABSOLUTE_HOURS),
        SESSION_IDLE_MINUTES: String(IDLE_MINUTES),
        APP_KEYS: 'portal,reports',
      },
    });
    for (const name of ['sam', 'sue', 'sid', 'sol', 'sky']) await makeUser(t.ctx, name);
  });
  afterAll(() => t.close());

  async function signIn(username: string, userAgent = FIREFOX, ip = '198.51.100.7'): Promise<LoginResult> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  const me = (token: string) => t.app.inject({ url: '/api/auth/user', headers: bearer(token) });
  const refreshGet = (token: string) =>
    t.app.inject({ url: `/api/auth/refresh?refresh_token=${encodeURIComponent(token)}` });
  const refreshPost = (token: string, userAgent = FIREFOX) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'user-agent': userAgent },
      payload: { refresh_token: token },
    });
  const childToken = (token: string, childAppKey: string, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/thirdparty/ym_app/token',
      headers: bearer(token),
      payload: { app_key: 'portal', child_app_key: childAppKey, locale },
    });
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
  const list = async (token: string) => {
    const res = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sessions as {
      id: string;
      app_key: string;
      started_at: string;
      last_used_at: string;
      ip: string | null;
      user_agent: string | null;
      current: boolean;
      children: { id: string; app_key: string; current: boolean }[];
    }[];
  };

  it('refreshes by POST body as well as by the GET query of docs/product.md §7', async () => {
    const first = await signIn('sam');
    const byPost = await refreshPost(first.refresh_token);
    expect(byPost.statusCode, byPost.body).toBe(200);
    const second = byPost.json().data as LoginResult;
    expect(second.auth_key).toBe(first.auth_key);
    const byGet = await refreshGet(second.refresh_token);
    expect(byGet.statusCode, byGet.body).toBe(200);
    // The POST spent its token: presenting it again is reuse, which ends the session.
    expect((await refreshPost(first.refresh_token)).statusCode).toBe(401);
    expect((await me(byGet.json().data.access_token)).statusCode).toBe(401);
  });

  it('ends a session at its absolute limit however often it is refreshed', async () => {
    const signedInAt = now.getTime();
    let tokens = await signIn('sam');
    // A refresh every 25 minutes keeps it under the idle limit, up to the last one before the limit.
    while (now.getTime() + 25 * MINUTE < signedInAt + ABSOLUTE_HOURS * HOUR) {
      advance(25 * MINUTE);
      const res = await refreshPost(tokens.refresh_token);
      expect(res.statusCode, res.body).toBe(200);
      tokens = res.json().data;
    }
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    now = new Date(signedInAt + ABSOLUTE_HOURS * HOUR);
    // The access token is not expired yet (it is minutes old), but its session is over.
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refreshPost(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('ends a session left without a refresh for the idle limit', async () => {
    const kept = await signIn('sam');
    const left = await signIn('sam');
    advance(IDLE_MINUTES * MINUTE - 1000);
    const res = await refreshPost(kept.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    advance(1000);
    expect((await refreshPost(left.refresh_token)).statusCode).toBe(401);
    // The idle limit runs from the last refresh: the one refreshed a second ago lives on.
    expect((await me(res.json().data.access_token)).statusCode).toBe(200);
  });

  it('refuses the main app’s own key as child_app_key, in both languages', async () => {
    const sue = await signIn('sue');
    const en = await childToken(sue.access_token, 'marketlens');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'child_app_key_own',
      msg: 'child_app_key must name a child app, not MarketLens itself.',
    });
    const zh = await childToken(sue.access_token, 'marketlens', 'zh_cn');
    expect(zh.json().msg).toBe('child_app_key 须为子应用，不能是市场透镜本身');
  });

  it('a child-app session ends with its parent: logout, reuse detection, a password change', async () => {
    // Logout of the parent.
    const parent = await signIn('sue');
    const child = (await childToken(parent.access_token, 'reports')).json().data as LoginResult;
    expect(child.auth_key).not.toBe(parent.auth_key);
    expect((await me(child.access_token)).statusCode).toBe(200);
    // A child's own hand-over hangs on the top session, not on the child.
    const grandchild = (await childToken(child.access_token, 'reports')).json().data as LoginResult;
    expect((await logout(parent.access_token)).statusCode).toBe(200);
    for (const s of [child, grandchild]) {
      expect((await me(s.access_token)).statusCode).toBe(401);
      expect((await refreshPost(s.refresh_token)).statusCode).toBe(401);
    }

    // The child's own logout leaves the parent alone.
    const p2 = await signIn('sue');
    const c2 = (await childToken(p2.access_token, 'reports')).json().data as LoginResult;
    expect((await logout(c2.access_token)).statusCode).toBe(200);
    expect((await me(p2.access_token)).statusCode).toBe(200);

    // Reuse of the parent's refresh token ends the family and its children.
    const c3 = (await childToken(p2.access_token, 'reports')).json().data as LoginResult;
    expect((await refreshPost(p2.refresh_token)).statusCode).toBe(200);
    expect((await refreshPost(p2.refresh_token)).statusCode).toBe(401);
    expect((await me(c3.access_token)).statusCode).toBe(401);

    // A password change ends everything.
    const p4 = await signIn('sue');
    const c4 = (await childToken(p4.access_token, 'reports')).json().data as LoginResult;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/common/users/me/password',
      headers: bearer(p4.access_token),
      payload: { old_password: PASSWORD, new_password: 'NewSecret1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await refreshPost(c4.refresh_token)).statusCode).toBe(401);
  });

  it('a child-app session never outlives its parent’s absolute limit', async () => {
    const signedInAt = now.getTime();
    let parent = await signIn('sid');
    // Handed over late in the parent's life (kept busy until then), and kept busy itself.
    for (let i = 0; i < 4; i++) {
      advance(25 * MINUTE);
      parent = (await refreshPost(parent.refresh_token)).json().data;
    }
    let child = (await childToken(parent.access_token, 'reports')).json().data as LoginResult;
    advance(10 * MINUTE);
    child = (await refreshPost(child.refresh_token)).json().data;
    expect((await me(child.access_token)).statusCode).toBe(200);
    // Its own idle limit and a lifetime counted from its start would both still be ahead.
    now = new Date(signedInAt + ABSOLUTE_HOURS * HOUR);
    expect((await me(child.access_token)).statusCode).toBe(401);
    expect((await refreshPost(child.refresh_token)).statusCode).toBe(401);
  });

  it('lists the caller’s own live sessions, child-app sessions under their parent, this one marked', async () => {
    const laptop = await signIn('sol', FIREFOX, '198.51.100.7');
    advance(MINUTE);
    const desk = await signIn('sol', CHROME, '203.0.113.9');
    const report = (await childToken(laptop.access_token, 'reports')).json().data as LoginResult;
    const ended = await signIn('sol');
    await logout(ended.access_token);

    const seen = await list(laptop.access_token);
    expect(seen.map((s) => [s.id, s.current, s.user_agent, s.ip])).toEqual([
      [laptop.auth_key, true, FIREFOX, '198.51.100.7'],
      [desk.auth_key, false, CHROME, '203.0.113.9'],
    ]);
    expect(seen[0]!.children.map((c) => [c.id, c.app_key, c.current])).toEqual([[report.auth_key, 'reports', false]]);
    expect(seen[1]!.children).toEqual([]);
    expect(seen[0]!.started_at).toBe(new Date(now.getTime() - MINUTE).toISOString());

    // A refresh moves "last used" and the address it came from; the child sees itself as current.
    advance(MINUTE);
    await refreshPost(desk.refresh_token, 'curl/8');
    const fromChild = await list(report.access_token);
    expect(fromChild[0]!.children[0]!.current).toBe(true);
    expect(fromChild[1]).toMatchObject({ last_used_at: now.toISOString(), user_agent: 'curl/8' });
  });

  it('ends one own session by id; someone else’s or a made-up id answers 404 and ends nothing', async () => {
    const mine = await signIn('sky');
    const other = await signIn('sky', CHROME);
    const child = (await childToken(other.access_token, 'reports')).json().data as LoginResult;
    const foreign = await signIn('sol');
    const end = (token: string, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${encodeURIComponent(id)}`,
        headers: bearer(token),
        query: { locale: 'en' },
      });

    const theirs = await end(mine.access_token, foreign.auth_key);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe('The session does not exist or has already ended.');
    expect((await me(foreign.access_token)).statusCode).toBe(200);
    expect((await end(mine.access_token, 'no-such-session')).statusCode).toBe(404);

    const done = await end(mine.access_token, other.auth_key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ ended: 2 });
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await me(child.access_token)).statusCode).toBe(401);
    expect((await me(mine.access_token)).statusCode).toBe(200);
    expect((await end(mine.access_token, other.auth_key)).statusCode).toBe(404);
    const audit = await t.ctx.metadata.audit.listRecent({ action: 'auth.session_end', limit: 1 });
    expect(audit[0]).toMatchObject({ outcome: 'success', target: `session:${other.auth_key}` });
  });

  it('signs out other devices: every session but this browser’s (and its child apps) ends', async () => {
    const here = await signIn('sky');
    const hereChild = (await childToken(here.access_token, 'reports')).json().data as LoginResult;
    const there = await signIn('sky', CHROME);
    const thereChild = (await childToken(there.access_token, 'reports')).json().data as LoginResult;
    const elsewhere = await signIn('sky', 'curl/8');
    const foreign = await signIn('sol');

    // Asked from the child app: its parent's browser stays signed in.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/others/logout',
      headers: bearer(hereChild.access_token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const stillLive = async (s: LoginResult) => (await me(s.access_token)).statusCode === 200;
    expect([here, hereChild, there, thereChild, elsewhere, foreign].map((s) => s.auth_key)).toHaveLength(6);
    expect(await Promise.all([here, hereChild, there, thereChild, elsewhere, foreign].map(stillLive))).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
    // Three top sessions of sky's ended earlier in this suite's other tests are not counted again.
    expect(res.json().data.ended).toBeGreaterThanOrEqual(3);
    expect((await list(here.access_token)).map((s) => s.id)).toEqual([here.auth_key]);
  });
});

describe('the child-app token route is rate-limited per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '2', APP_KEYS: 'portal,reports' },
    });
    await makeUser(t.ctx, 'rae');
  });
  afterAll(() => t.close());

  it('answers 429 after the per-account limit, in the request’s language', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'rae', password: PASSWORD },
    });
    const token = login.json().data.access_token as string;
    const hand = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/thirdparty/ym_app/token',
        remoteAddress: ip,
        headers: bearer(token),
        payload: { app_key: 'portal', child_app_key: 'reports', locale: 'en' },
      });
    expect((await hand('192.0.2.1')).statusCode).toBe(200);
    expect((await hand('192.0.2.2')).statusCode).toBe(200);
    // From yet another address: the count is the account's.
    const third = await hand('192.0.2.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('rate_limited');
    expect(third.json().msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
  });
});
