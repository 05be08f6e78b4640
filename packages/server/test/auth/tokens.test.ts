import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { bearer, login, makeUser } from './helpers.js';

const KEY = new TextEncoder().encode('k'.repeat(48)); // the test app's signing key

describe('token attacks', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' } });
    userId = (await makeUser(t.ctx, 'tina')).id;
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: '/api/common/users/me', headers: bearer(token) });
  const refresh = (token: string) =>
    t.app.inject({ url: `/api/auth/refresh?refresh_token=${encodeURIComponent(token)}` });

  async function forge(opts: { exp?: number; typ?: string; alg?: 'HS256' | 'HS512'; sid: string }) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ver: 0, sid: opts.sid })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: opts.typ ?? 'at+jwt' })
      .setSubject(String(userId))
      .setIssuer('marketlens')
      .setAudience('marketlens-api')
      .setIssuedAt(now - 3600)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(KEY);
  }

  it('accepts a well-formed token and a forged-but-correctly-signed one proves the key is what guards it', async () => {
    const tk = await login(t.app, 'tina');
    expect((await me(tk.access_token)).statusCode).toBe(200);
    expect((await me(await forge({ sid: tk.auth_key }))).statusCode).toBe(200);
  });

  it('rejects an expired token', async () => {
    const tk = await login(t.app, 'tina');
    const expired = await forge({ sid: tk.auth_key, exp: Math.floor(Date.now() / 1000) - 1 });
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });

  it('rejects a tampered signature and a tampered payload', async () => {
    const tk = await login(t.app, 'tina');
    const [h, p, s] = tk.access_token.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(flipped)).statusCode).toBe(401);
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.sub = String(userId + 1000);
    const swapped = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await me(swapped)).statusCode).toBe(401);
  });

  it('rejects alg none, another algorithm and another token type', async () => {
    const tk = await login(t.app, 'tina');
    const [, p] = tk.access_token.split('.') as [string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    expect((await me(none)).statusCode).toBe(401);
    expect((await me(await forge({ sid: tk.auth_key, alg: 'HS512' }))).statusCode).toBe(401);
    expect((await me(await forge({ sid: tk.auth_key, typ: 'JWT' }))).statusCode).toBe(401);
  });

  it('rejects a refresh token used as an access token, and an access token used as a refresh token', async () => {
    const tk = await login(t.app, 'tina');
    expect((await me(tk.refresh_token)).statusCode).toBe(401);
    expect((await refresh(tk.access_token)).statusCode).toBe(401);
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole chain and is audited', async () => {
    const first = await login(t.app, 'tina');
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.auth_key).toBe(first.auth_key);
    // The thief replays the spent token …
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // … and the whole family is gone: the current refresh token and its access token too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    const reuse = await t.ctx.metadata.audit.listRecent({ action: 'auth.token_reuse' });
    expect(reuse[0]).toMatchObject({ userId, outcome: 'denied' });
    // Other sessions of the same user are untouched.
    const other = await login(t.app, 'tina');
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('logout ends the session at once: access and refresh token', async () => {
    const tk = await login(t.app, 'tina');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tk.access_token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(tk.access_token)).statusCode).toBe(401);
    expect((await refresh(tk.refresh_token)).statusCode).toBe(401);
  });

  it('a password change ends every session, and the old password stops working', async () => {
    await makeUser(t.ctx, 'pat');
    const a = await login(t.app, 'pat');
    const b = await login(t.app, 'pat');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/common/users/me/password',
      headers: bearer(a.access_token),
      payload: { old_password: 'nope', new_password: 'NewSecret1', locale: 'en' },
    });
    expect(wrong.json()).toMatchObject({ ok: false, msg: 'incorrect current password' });
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/api/common/users/me/password',
      headers: bearer(a.access_token),
      payload: { old_password: 'Secret123', new_password: 'short' },
    });
    expect(weak.json().msg).toBe('密码至少 8 位，且须同时包含数字、小写字母和大写字母');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/common/users/me/password',
      headers: bearer(a.access_token),
      payload: { old_password: 'Secret123', new_password: 'NewSecret1', locale: 'en' },
    });
    expect(changed.json()).toEqual({ ok: true, data: { message: 'Password changed.' } });
    expect((await me(a.access_token)).statusCode).toBe(401);
    expect((await me(b.access_token)).statusCode).toBe(401);
    expect((await refresh(b.refresh_token)).statusCode).toBe(401);
    await login(t.app, 'pat', 'NewSecret1');
  });

  it('ignores a bad token on a public route and accepts an unknown app_key never', async () => {
    const res = await t.app.inject({ url: '/api/auth/applications/settings', headers: bearer('garbage') });
    expect(res.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'tina', password: 'Secret123', app_key: 'evil', randNum: 42, locale: 'en' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().msg).toBe('This application has no permission to sign in.');
  });
});

describe('verified access tokens are remembered only until they expire', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await buildTestApp({ clock: () => now });
    await makeUser(t.ctx, 'vera');
  });
  afterAll(() => t.close());

  it('a token that passed once is refused after its exp, and one changed byte never rides on it', async () => {
    const tk = await login(t.app, 'vera');
    const me = (token: string) => t.app.inject({ url: '/api/common/users/me', headers: bearer(token) });
    expect((await me(tk.access_token)).statusCode).toBe(200);
    expect((await me(tk.access_token)).statusCode).toBe(200);
    const [h, p, s] = tk.access_token.split('.') as [string, string, string];
    expect((await me(`${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`)).statusCode).toBe(401);
    const { exp } = JSON.parse(Buffer.from(p, 'base64url').toString()) as { exp: number };
    now = new Date(exp * 1000 - 1000);
    expect((await me(tk.access_token)).statusCode).toBe(200);
    now = new Date(exp * 1000);
    expect((await me(tk.access_token)).statusCode).toBe(401);
  });
});
