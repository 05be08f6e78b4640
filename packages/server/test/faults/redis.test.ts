import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateFor } from '../../src/i18n.js';
import { login, makeUser, PASSWORD, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type Answer, describeOutcomes, envelope, startLoad } from '../support/load.js';
import { startPrivateRedis, waitFor } from '../support/services.js';

/**
 * Redis (rate limits, response cache) stopped and restarted while the app runs (docs/deployment.md §7):
 * sign-in fails closed with a translated 503 (docs/security.md), analysis keeps answering without
 * the cache, and both come back by themselves once Redis does.
 */
const redis = await startPrivateRedis();

const DEADLINE_MS = 10_000;
const CACHE_KEYS = 'marketlens:rc:*';

describe.skipIf(!redis)('Redis outage', () => {
  const service = redis!;
  let t: TestApp;
  let probe: Redis;
  let project: number;
  let member: string;

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      env: { REDIS_URL: service.url, RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' },
    });
    // The test's own view of Redis: which cache entries exist, how often a lookup found one.
    probe = new Redis(service.url, { maxRetriesPerRequest: 1, lazyConnect: true });
    probe.on('error', () => {});
    const root = await makeUser(t.ctx, 'rf_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'rf_member', { role: 'general' });
    const { metadata } = t.ctx;
    project = (await metadata.projects.create({ name: 'redis', dataset: 'cn_monthly', ownerId: root.id, pages: [4] }))
      .id;
    await metadata.projectCategories.add(project, [1, 4], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [4] });
    member = (await login(t.app, 'rf_member')).access_token;
  });
  afterAll(async () => {
    probe?.disconnect();
    await t?.close();
    await service.destroy();
  });

  const signIn = (locale: 'zh_cn' | 'en_us') =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/login?locale=${locale}`,
      payload: { username: 'rf_member', password: PASSWORD },
    });
  const summary = (month: number) =>
    postAs(t.app, member, '/summary', {
      data_scope_id: project,
      category: { enable: true, value: [1] },
      date: ['2025-01-01', `2025-${String(month).padStart(2, '0')}-01`],
    });
  const cacheEntries = async () => (await probe.keys(CACHE_KEYS)).length;
  const cacheHits = async () => Number(/keyspace_hits:(\d+)/.exec(await probe.info('stats'))?.[1]);

  it('sign-in fails closed with 503, analysis answers uncached, both recover by themselves', async () => {
    // Before: sign-in works, answers are cached in Redis and served from it.
    expect((await signIn('zh_cn')).statusCode).toBe(200);
    const before = await summary(6);
    expect(before.statusCode, before.body).toBe(200);
    expect(await cacheEntries()).toBeGreaterThan(0);
    const hits = await cacheHits();
    expect((await summary(6)).json().data).toEqual(before.json().data);
    expect(await cacheHits()).toBeGreaterThan(hits);

    const load = startLoad(
      async (n): Promise<Answer> => {
        const res = await summary((n % 6) + 1);
        return envelope(res.statusCode, res.body);
      },
      { concurrency: 3, deadlineMs: DEADLINE_MS },
    );
    try {
      await waitFor('answers before the outage', async () => load.outcomes.length >= 6);
      await service.stop();
      const down = Date.now();

      // Sign-in fails closed, at once, in the request's language.
      for (const locale of ['zh_cn', 'en_us'] as const) {
        const started = Date.now();
        const res = await signIn(locale);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({
          ok: false,
          code: 'rate_limit_unavailable',
          msg: translateFor(locale)('auth.rateLimitUnavailable'),
        });
        expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
      }
      // Analysis keeps answering, the same figures as when they came from the cache.
      await waitFor('six answers during the outage', async () => load.since(down).length >= 6);
      const during = await summary(6);
      expect(during.statusCode, during.body).toBe(200);
      expect(during.json().data).toEqual(before.json().data);

      await service.start();
      const back = Date.now();
      // Recovery by itself: the clients reconnect in the background.
      await waitFor('sign-in to work again', async () => (await signIn('en_us')).statusCode === 200);
      expect(Date.now() - back).toBeLessThan(30_000);
      await waitFor('the cache to hold entries again', async () => {
        await summary(3);
        return (await cacheEntries()) > 0;
      });
      const again = await cacheHits();
      expect((await summary(3)).statusCode).toBe(200);
      expect(await cacheHits()).toBeGreaterThan(again);
    } finally {
      await service.start(); // for what follows, should this test fail during the outage
      await load.stop();
    }
    // Not one analysis request failed or hung, before, during or after the outage.
    expect(
      load.outcomes.filter((o) => o.status !== 200),
      describeOutcomes(load.outcomes),
    ).toEqual([]);
  });
});
