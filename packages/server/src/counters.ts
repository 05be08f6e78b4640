import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors.js';
import { closeRedis, connectRedis } from './redis.js';

/**
 * Counters in fixed windows, shared by every API process when they live in Redis (REDIS_URL) and
 * per process otherwise. Used for request rate limits (auth/rate-limit.ts; the sign-in lockout lives in
 * the metadata store). Infrastructure beside redis.ts, so the app context can name the store without
 * importing the auth module that builds on it.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds one to `key`; the window starts at the first hit. Returns the count and ms until it resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The current count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory' as const;
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    const current = this.counters.get(key);
    if (!current || current.resetAt <= now) {
      this.counters.set(key, { count: 1, resetAt: now + windowMs });
      return { count: 1, resetMs: windowMs };
    }
    current.count += 1;
    return { count: current.count, resetMs: current.resetAt - now };
  }

  async peek(key: string) {
    const current = this.counters.get(key);
    return current && current.resetAt > this.now() ? current.count : 0;
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  async close() {
    this.counters.clear();
  }

  // Expired windows are dropped lazily, so the map cannot grow without bound under a spray of keys.
  private sweep(now: number) {
    if (this.counters.size < 10_000) return;
    for (const [k, v] of this.counters) if (v.resetAt <= now) this.counters.delete(k);
  }
}

/** The part of an ioredis client used here. */
export interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

// INCR and the expiry in one atomic script: two processes can never both start a window.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/**
 * Redis unreachable: rate-limited calls fail closed with 503. Falling back to per-process counters
 * would multiply an attacker's budget by the number of API processes for as long as the outage
 * lasts (docs/security.md); everything not rate limited keeps working.
 */
export const counterStoreUnavailable = () => new AppError(503, 'rate_limit_unavailable', 'auth.rateLimitUnavailable');

export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis' as const;
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = 'marketlens:rl:',
  ) {}

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      // The client's error listener has logged the cause.
      throw counterStoreUnavailable();
    }
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.run(() => this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs))) as [
      number,
      number,
    ];
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async peek(key: string) {
    return Number((await this.run(() => this.redis.get(this.prefix + key))) ?? 0);
  }

  async reset(key: string) {
    await this.run(() => this.redis.del(this.prefix + key));
  }

  async close() {
    // QUIT needs a live connection; during an outage just drop the socket and stop reconnecting.
    await closeRedis(this.redis);
  }
}

/**
 * Redis when a URL is configured, in-process otherwise; the in-process windows run on `now` (the
 * app's clock, so a test that moves the clock moves them too; Redis keeps its own time).
 */
export async function createCounterStore(
  redisUrl: string | undefined,
  opts: { prefix?: string; log?: Pick<FastifyBaseLogger, 'warn' | 'info'>; now?: () => number } = {},
): Promise<CounterStore> {
  if (!redisUrl) return new MemoryCounterStore(opts.now);
  const client = await connectRedis(redisUrl, {
    log: opts.log,
    purpose: 'rate limits',
    whileDown: 'rate-limited calls answer 503 until it is back',
  });
  return new RedisCounterStore(client, opts.prefix);
}
