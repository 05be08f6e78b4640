import type { CounterStore } from '../counters.js';
import { AppError } from '../errors.js';

/** Rate limiting over a counter store: throws 429 with the wait in the message when over the limit. */
export class RateLimiter {
  constructor(
    readonly store: CounterStore,
    private readonly windowMs: number,
  ) {}

  async check(key: string, max: number): Promise<void> {
    const { count, resetMs } = await this.store.hit(`rate:${key}`, this.windowMs);
    if (count > max) {
      throw new AppError(429, 'rate_limited', 'auth.rateLimited', { count: Math.max(1, Math.ceil(resetMs / 1000)) });
    }
  }
}
