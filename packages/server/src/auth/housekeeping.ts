import type { FastifyBaseLogger } from 'fastify';
import type { MetadataStore } from '../metadata/index.js';

/** Rows removed by one clean-up pass. */
export interface HousekeepingResult {
  refreshTokens: number;
  passwordResets: number;
  oauthStates: number;
  /** Forgotten sign-in failure counts and devices no longer remembered (auth/lockout.ts). */
  loginFailures: number;
}

/**
 * Periodic clean-up of expired sign-in material: refresh tokens, password resets, OAuth states and
 * the lockout's forgotten counts.
 * They are useless once expired (every check also tests the expiry), so this only keeps the tables
 * small. The timer is unref'd, so it never keeps a process alive; the app stops it on close.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly metadata: MetadataStore,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass: deletes what expired before now. */
  async runOnce(): Promise<HousekeepingResult> {
    const now = this.clock();
    const result = {
      refreshTokens: await this.metadata.refreshTokens.deleteExpired(now),
      passwordResets: await this.metadata.passwordResets.deleteExpired(now),
      oauthStates: await this.metadata.oauthStates.deleteExpired(now),
      loginFailures: await this.metadata.loginFailures.deleteExpired(now),
    };
    if (Object.values(result).some((n) => n > 0)) {
      this.log.info(result, 'expired sign-in records removed');
    }
    return result;
  }

  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      // One pass at a time; a failing pass (database briefly away) is logged and retried next tick.
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.log.warn({ err }, 'housekeeping failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Stops the timer and waits for a pass in progress (the store is closed right after). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** Default interval between clean-up passes. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;
