import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/auth/rate-limit.js';
import { type CounterStore, createCounterStore, MemoryCounterStore } from '../../src/counters.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('TEST_REDIS_URL is not set: CI must test the Redis rate limiter');

async function exercise(store: CounterStore) {
  const limiter = new RateLimiter(store, 60_000);
  await limiter.check('k', 2);
  await limiter.check('k', 2);
  await expect(limiter.check('k', 2)).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
  await limiter.check('other', 2);
  expect((await store.hit('w', 50)).count).toBe(1);
  expect((await store.hit('w', 50)).count).toBe(2);
  await new Promise((r) => setTimeout(r, 80));
  expect((await store.hit('w', 50)).count).toBe(1);
  await store.reset('w');
  expect(await store.peek('w')).toBe(0);
}

describe('rate limiter', () => {
  it('in-process store: fixed windows, 429 over the limit', async () => {
    await exercise(new MemoryCounterStore());
  });

  it.skipIf(!redisUrl)('Redis store: the same behaviour, shared between two clients', async () => {
    const prefix = `ml-test:${randomBytes(6).toString('hex')}:`;
    const { Redis } = await import('ioredis');
    const { RedisCounterStore } = await import('../../src/counters.js');
    const a = new RedisCounterStore(new Redis(redisUrl!), prefix);
    const b = new RedisCounterStore(new Redis(redisUrl!), prefix);
    try {
      await exercise(a);
      // A second API process sees the first one's count.
      await a.hit('shared', 60_000);
      expect((await b.hit('shared', 60_000)).count).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it.skipIf(!redisUrl)(
    'the Redis store answers its first call (the server takes requests only once connected)',
    async () => {
      // Without the wait for the first connection a call in the server's first moments met a client
      // still connecting and, with no offline queue, failed with 503 although Redis was up.
      const store = await createCounterStore(redisUrl, { prefix: `ml-test:${randomBytes(6).toString('hex')}:` });
      try {
        expect(store.kind).toBe('redis');
        expect((await store.hit('first', 60_000)).count).toBe(1);
      } finally {
        await store.close();
      }
    },
  );

  it('starts degraded, without waiting long, when Redis is not there', async () => {
    const started = Date.now();
    const store = await createCounterStore('redis://127.0.0.1:1');
    try {
      expect(Date.now() - started).toBeLessThan(2_500);
      await expect(store.hit('k', 1_000)).rejects.toMatchObject({ status: 503, code: 'rate_limit_unavailable' });
    } finally {
      await store.close();
    }
  });

  it('chooses the in-process store without REDIS_URL', async () => {
    const store = await createCounterStore(undefined);
    expect(store.kind).toBe('memory');
  });
});
