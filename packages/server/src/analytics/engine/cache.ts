import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LruMap } from '../../lru.js';
import { closeRedis, connectRedis } from '../../redis.js';

/**
 * Response cache of analytics results (docs/query-engine.md "Response cache"). Keys hold the dataset version,
 * so an import (a new version) makes every old entry unreachable at once; entries then age out. In one
 * process an LRU map; with REDIS_URL, Redis, so every API process shares it (same split as the rate limiter).
 */
export interface ResultCache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The JSON of each grant object met: the engine hands out one frozen object per resolved grant
 * (AnalyticsEngine.resolveGrant), whose category list can hold every leaf of the dataset.
 */
const grantJson = new WeakMap<object, string>();

/** The cache key: dataset version, the user's grant and the normalised query, hashed. */
export function cacheKey(parts: { version: string; grant: object; query: unknown }): string {
  let grant = grantJson.get(parts.grant);
  if (grant === undefined) {
    grant = stableJson(parts.grant);
    if (Object.isFrozen(parts.grant)) grantJson.set(parts.grant, grant);
  }
  return createHash('sha256')
    .update(`${parts.version}\u0000${grant}\u0000${stableJson(parts.query)}`)
    .digest('base64url');
}

/** JSON with object keys sorted, so two equal queries written in another order share an entry. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * The in-process cache (no REDIS_URL). It keeps each answer as JSON text, as Redis does: one flat
 * string instead of a graph of row objects that every garbage collection would copy and mark
 * while it waits for eviction (each uncached panel's answer is stored, so under load the
 * graphs filled the old generation), and a hit hands out a fresh copy no caller can alter.
 */
export class MemoryResultCache implements ResultCache {
  readonly kind = 'memory' as const;
  /** Each answer as its JSON text (see the class comment). */
  private readonly entries: LruMap<string, { text: string; expires: number }>;

  constructor(
    maxEntries = 2000,
    private readonly ttlMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LruMap(maxEntries);
  }

  async get(key: string) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return JSON.parse(hit.text) as unknown;
  }

  async set(key: string, value: unknown) {
    this.entries.set(key, { text: JSON.stringify(value), expires: this.now() + this.ttlMs });
  }

  async clear() {
    this.entries.clear();
  }

  async close() {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The part of an ioredis client used here. */
export interface RedisCacheClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>;
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', n: number): Promise<[string, string[]]>;
  del(...keys: string[]): Promise<number>;
  quit(): Promise<unknown>;
  disconnect(): void;
}

export class RedisResultCache implements ResultCache {
  readonly kind = 'redis' as const;
  constructor(
    private readonly redis: RedisCacheClient,
    private readonly ttlMs = 10 * 60_000,
    private readonly prefix = 'marketlens:rc:',
  ) {}

  // A cache must never fail a request: while Redis is away every read is a miss and writes are skipped.
  async get(key: string) {
    try {
      const text = await this.redis.get(this.prefix + key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown) {
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', this.ttlMs);
    } catch {
      // skipped while Redis is away
    }
  }

  async clear() {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close() {
    await closeRedis(this.redis);
  }
}

/** Redis when a URL is configured, in-process otherwise. */
export async function createResultCache(
  redisUrl: string | undefined,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ResultCache> {
  if (!redisUrl) return new MemoryResultCache();
  return new RedisResultCache(
    await connectRedis(redisUrl, { log, purpose: 'result cache', whileDown: 'queries run uncached until it is back' }),
  );
}
