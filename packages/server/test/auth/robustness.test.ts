import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Housekeeping } from '../../src/auth/housekeeping.js';
import { RateLimiter } from '../../src/auth/rate-limit.js';
import { createCounterStore } from '../../src/counters.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { makeUser } from './helpers.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as ConstructorParameters<
  typeof Housekeeping
>[2];

describe.each(stores())('housekeeping of expired sign-in records ($name)', (target) => {
  let now = new Date('2026-03-01T00:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ store: target, clock: () => now });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('removes exactly what expired, by the injected clock', async () => {
    const { metadata } = t.ctx;
    const user = await makeUser(t.ctx, 'hk');
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    const at = (iso: string) => new Date(iso);
    await metadata.refreshTokens.create({
      userId: user.id,
      familyId: 'f-old',
      tokenHash: hash('old'),
      expiresAt: at('2026-03-01T10:00:00.000Z'),
    });
    await metadata.refreshTokens.create({
      userId: user.id,
      familyId: 'f-new',
      tokenHash: hash('new'),
      expiresAt: at('2026-03-09T00:00:00.000Z'),
    });
    await metadata.passwordResets.create(user.id, hash('r-old'), at('2026-03-01T01:00:00.000Z'));
    await metadata.passwordResets.create(user.id, hash('r-new'), at('2026-03-03T00:00:00.000Z'));
    await metadata.oauthStates.create({ state: 's-old', purpose: 'bind', expiresAt: at('2026-03-01T00:10:00.000Z') });
    await metadata.oauthStates.create({ state: 's-new', purpose: 'bind', expiresAt: at('2026-03-05T00:00:00.000Z') });

    // A stranger's failure count, forgotten on 1 March at noon; a device remembered until 3 March.
    await metadata.loginFailures.recordFailure('alice', 'ip:203.0.113.9', now, at('2026-03-01T12:00:00.000Z'));
    await metadata.loginFailures.rememberDevice(user.id, hash('device'), now, at('2026-03-03T00:00:00.000Z'));

    const hk = new Housekeeping(metadata, () => now, silent);
    expect(await hk.runOnce()).toEqual({ refreshTokens: 0, passwordResets: 0, oauthStates: 0, loginFailures: 0 });
    now = new Date('2026-03-02T00:00:00.000Z');
    expect(await hk.runOnce()).toEqual({ refreshTokens: 1, passwordResets: 1, oauthStates: 1, loginFailures: 1 });
    now = new Date('2026-04-01T00:00:00.000Z');
    expect(await hk.runOnce()).toEqual({ refreshTokens: 1, passwordResets: 1, oauthStates: 1, loginFailures: 1 });
  });

  it('runs on an unref’d interval and stops on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hk = new Housekeeping(t.ctx.metadata, () => now, silent);
    const pass = vi.spyOn(hk, 'runOnce');
    hk.start(60_000);
    expect(hk.started).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(pass).toHaveBeenCalledTimes(1);
    await hk.stop();
    vi.advanceTimersByTime(600_000);
    expect(pass).toHaveBeenCalledTimes(1);
    expect(hk.started).toBe(false);
  });
});

describe('the app starts housekeeping and stops it on close', () => {
  it('is running while the app is open', async () => {
    const t = await buildTestApp();
    const { createAuthServices } = await import('../../src/auth/index.js');
    const services = await createAuthServices(t.ctx, t.app.log);
    expect(services.housekeeping.started).toBe(true);
    await services.close();
    expect(services.housekeeping.started).toBe(false);
    await t.close();
  });
});

describe('Redis outage', () => {
  // Nothing listens on port 1: every command fails, as during an outage.
  const DEAD = 'redis://127.0.0.1:1';

  it('does not crash the process; rate-limited calls fail closed with 503', async () => {
    const warnings: string[] = [];
    const store = await createCounterStore(DEAD, {
      log: { warn: (_o: unknown, msg?: string) => warnings.push(String(msg)), info: () => {} } as never,
    });
    const limiter = new RateLimiter(store, 60_000);
    await expect(limiter.check('login-ip:1.2.3.4', 10)).rejects.toMatchObject({
      status: 503,
      messageKey: 'auth.rateLimitUnavailable',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(warnings.length).toBe(1);
    await store.close();
  });

  it('sign-in answers 503 with a clear message in both languages', async () => {
    const t = await buildTestApp({ env: { REDIS_URL: DEAD } });
    try {
      await makeUser(t.ctx, 'r1');
      const en = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'r1', password: 'Secret123', locale: 'en' },
      });
      expect(en.statusCode).toBe(503);
      expect(en.json().msg).toBe('Sign-in is temporarily unavailable. Please try again in a moment.');
      const zh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'r1', password: 'x' },
      });
      expect(zh.json().msg).toBe('登录服务暂时不可用，请稍后再试');
      // Routes without a rate limit keep working.
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
