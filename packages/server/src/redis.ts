import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The one way the server connects to Redis (rate limits, result cache). Commands fail at once while
 * Redis is away (no offline queue) so callers decide how to degrade, and the client reconnects in
 * the background. An 'error' listener is mandatory: without one an outage would crash the process.
 */
export async function connectRedis(
  url: string,
  opts: { log?: Pick<FastifyBaseLogger, 'warn' | 'info'>; purpose: string; whileDown: string },
): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
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
  return client;
}

/** Closes a client politely when Redis answers, at once when it does not (quit needs a live connection). */
export async function closeRedis(client: { quit(): Promise<unknown>; disconnect(): void }): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
