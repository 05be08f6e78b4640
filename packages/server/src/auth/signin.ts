import type { FastifyRequest } from 'fastify';
import type { Auditor } from '../audit/index.js';
import type { AuthConfig } from '../config.js';
import { AppError } from '../errors.js';
import type { MetadataStore, User } from '../metadata/index.js';
import { accountProblem, isLocked, signInError } from './account.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { CounterStore, RateLimiter } from './rate-limit.js';
import type { TokenPair, TokenService } from './tokens.js';

export interface SignInDeps {
  metadata: MetadataStore;
  tokens: TokenService;
  counters: CounterStore;
  limiter: RateLimiter;
  config: AuthConfig;
  audit: Auditor;
  clock: () => Date;
}

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash nobody knows the password of: unknown users cost the same verification. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

const invalidCredentials = (remaining: number) =>
  new AppError(401, 'invalid_credentials', 'auth.invalidCredentials', { remaining });

/**
 * Password sign-in (spec §4, DESIGN.md §6): per-IP and per-username rate limits, a lock after N
 * consecutive failures with the remaining attempts in every failure message, and the very same
 * answer — status, message, countdown and argon2 work — for a username that does not exist.
 */
export class SignInService {
  constructor(private readonly deps: SignInDeps) {}

  /** Warms the dummy hash so the first unknown-user attempt is not faster than the rest. */
  async init(): Promise<void> {
    await getDummyHash();
  }

  async signIn(req: FastifyRequest, username: string, password: string): Promise<{ user: User; pair: TokenPair }> {
    const { metadata, config, limiter, audit } = this.deps;
    await limiter.check(`login-ip:${req.ip}`, config.rateLimitPerIp);
    await limiter.check(`login-user:${username}`, config.rateLimitPerUsername);
    const now = this.deps.clock();
    let user = await metadata.users.getByUsername(username);
    if (!user) return this.unknownUser(req, username, password);

    // A lock that has run out starts a fresh count.
    if (user.lockedUntil !== null && !isLocked(user, now)) {
      user = (await metadata.users.update(user.id, { failedAttempts: 0, lockedUntil: null })) ?? user;
    }
    if (isLocked(user, now)) {
      await verifyPassword(user.passwordHash, password);
      await audit.record(req, {
        action: 'auth.login',
        outcome: 'denied',
        userId: user.id,
        username,
        detail: { reason: 'locked' },
      });
      throw signInError('locked', this.minutesLeft(user.lockedUntil!, now));
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      const count = (await metadata.users.recordFailedLogin(user.id)) ?? config.maxFailedLogins;
      await audit.record(req, {
        action: 'auth.login',
        outcome: 'failure',
        userId: user.id,
        username,
        detail: { attempt: count },
      });
      if (count >= config.maxFailedLogins) {
        const until = new Date(now.getTime() + config.lockoutMinutes * 60_000);
        await metadata.users.update(user.id, { lockedUntil: until });
        await audit.record(req, {
          action: 'auth.lockout',
          outcome: 'success',
          userId: user.id,
          username,
          detail: { until: until.toISOString() },
        });
        throw signInError('locked', config.lockoutMinutes);
      }
      throw invalidCredentials(config.maxFailedLogins - count);
    }
    const problem = accountProblem(user, now);
    if (problem) {
      await audit.record(req, {
        action: 'auth.login',
        outcome: 'denied',
        userId: user.id,
        username,
        detail: { reason: problem },
      });
      throw signInError(problem, config.lockoutMinutes);
    }
    return this.complete(req, user, 'password');
  }

  /** Issues a session for a user who proved who they are (password or a third party). */
  async complete(req: FastifyRequest, user: User, method: string): Promise<{ user: User; pair: TokenPair }> {
    const updated =
      (await this.deps.metadata.users.update(user.id, {
        failedAttempts: 0,
        lockedUntil: null,
        lastLoginAt: this.deps.clock(),
        // The language the user works in: mail to them speaks it (docs/security.md "Mail").
        locale: req.locale,
      })) ?? user;
    const pair = await this.deps.tokens.issue(updated);
    await this.deps.audit.record(req, {
      action: 'auth.login',
      outcome: 'success',
      userId: user.id,
      username: user.username,
      detail: { method },
    });
    return { user: updated, pair };
  }

  /** Same work and same answers as a wrong password, with the countdown kept in the counter store. */
  private async unknownUser(req: FastifyRequest, username: string, password: string): Promise<never> {
    const { config, counters, audit } = this.deps;
    await verifyPassword(await getDummyHash(), password);
    const { count, resetMs } = await counters.hit(`unknown-fail:${username}`, config.lockoutMinutes * 60_000);
    await audit.record(req, {
      action: 'auth.login',
      outcome: 'failure',
      userId: null,
      username,
      detail: { reason: 'unknown_user' },
    });
    if (count > config.maxFailedLogins) throw signInError('locked', Math.max(1, Math.ceil(resetMs / 60_000)));
    if (count === config.maxFailedLogins) throw signInError('locked', config.lockoutMinutes);
    throw invalidCredentials(config.maxFailedLogins - count);
  }

  private minutesLeft(until: string, now: Date): number {
    return Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 60_000));
  }
}
