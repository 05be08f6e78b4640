import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The one way the server connects to Redis (rate limits, result cache). Commands fail at once while
 * Redis is away (no offline queue) so callers decide how to degrade, and the client reconnects in
 * the background. An 'error' listener is mandatory: without one an outage would crash the process.
 * Resolves once the first connection is ready (or has failed, or the connect timeout passed): without
 * the wait, a sign-in in the server's first moments got 503 from a Redis that was up (seen in CI on a
 * busy machine).
 */
export async function connectRedis(
  url: string,
  opts: { log?: Pick<FastifyBaseLogger, 'warn' | 'info'>; purpose: string; whileDown: string },
): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: 2_000,
    lazyConnect: false,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    opts.log?.warn({ err: { message: err.message }, purpose: opts.purpose }, `redis unavailable: ${opts.whileDown}`);
  });
  client.on('ready', () => {
    if (down) opts.log?.info({ purpose: opts.purpose }, 'redis reconnected');
    down = false;
  });
  await firstConnection(client, CONNECT_TIMEOUT_MS);
  return client;
}

/** Closes a client politely when Redis answers, at once when it does not (quit needs a live connection). */
export async function closeRedis(client: { quit(): Promise<unknown>; disconnect(): void }): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}

/** Settles when the client is ready, on its first error (Redis down: start degraded) or after `ms`. */
function firstConnection(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
    client.once('error', done);
  });
}
