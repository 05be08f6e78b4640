import type { FastifyRequest } from 'fastify';
import type { Auditor } from '../audit/index.js';
import type { AuthConfig } from '../config.js';
import { AppError } from '../errors.js';
import { lockoutAlertMail, recipientLocale } from '../mail/compose.js';
import type { Mailer } from '../mail/service.js';
import type { MetadataStore, User } from '../metadata/index.js';
import { accountProblem, signInError } from './account.js';
import { ALERT_INTERVAL_MS, type FailureOutcome, lockedOut, type SignInClient, SignInLockout } from './lockout.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { RateLimiter } from './rate-limit.js';
import { sessionClient, type TokenPair, type TokenService } from './tokens.js';

export interface SignInDeps {
  metadata: MetadataStore;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
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
  new AppError(401, 'invalid_credentials', 'auth.invalidCredentials', { count: remaining });

/**
 * Password sign-in (docs/security.md): a per-IP rate limit, a per-username one for clients
 * the account does not know, and a lockout per (name, client) with the remaining attempts in every
 * failure message (auth/lockout.ts). A name without an account goes through the very same steps,
 * counts and argon2 work, so every answer at every moment is the one a wrong password would get.
 * Account states (pending, disabled, expired, an administrator's lock) are only told to whoever
 * gave the right password.
 */
export class SignInService {
  private readonly lockout: SignInLockout;

  constructor(private readonly deps: SignInDeps) {
    this.lockout = new SignInLockout(deps.metadata, deps.config);
  }

  /** Warms the dummy hash so the first unknown-user attempt is not faster than the rest. */
  async init(): Promise<void> {
    await getDummyHash();
  }

  /** Signs in; `deviceToken` is the device cookie's value to set (auth/lockout.ts). */
  async signIn(
    req: FastifyRequest,
    username: string,
    password: string,
  ): Promise<{ user: User; pair: TokenPair; deviceToken: string }> {
    const { metadata, config, limiter, audit } = this.deps;
    await limiter.check(`login-ip:${req.ip}`, config.rateLimitPerIp);
    const now = this.deps.clock();
    const user = await metadata.users.getByUsername(username);
    const client = await this.lockout.client(req, user, now);
    // The ceiling on an account's attempts slows strangers only: a device the account knows is never
    // held up by others' attempts.
    if (client.kind !== 'device') await limiter.check(`login-user:${username}`, config.rateLimitPerUsername);
    const lockedMinutes = await this.lockout.minutesLocked(username, client, now);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
    if (lockedMinutes !== null) {
      await audit.record(req, {
        action: 'auth.login',
        outcome: 'denied',
        userId: user?.id ?? null,
        username,
        detail: { reason: 'locked', client: client.kind },
      });
      throw lockedOut(lockedMinutes);
    }
    if (!user || !passwordOk) return this.failed(req, username, user, client, now);
    const problem = accountProblem(user, now);
    if (problem) {
      await audit.record(req, {
        action: 'auth.login',
        outcome: 'denied',
        userId: user.id,
        username,
        detail: { reason: problem },
      });
      throw signInError(problem);
    }
    const deviceToken = await this.lockout.succeeded(req, user, client, now);
    return { ...(await this.complete(req, user, 'password')), deviceToken };
  }

  /** Issues a session for a user who proved who they are (password or a third party). */
  async complete(req: FastifyRequest, user: User, method: string): Promise<{ user: User; pair: TokenPair }> {
    const updated =
      (await this.deps.metadata.users.update(user.id, {
        lastLoginAt: this.deps.clock(),
        // The language the user works in: mail to them speaks it (docs/security.md "Mail").
        locale: req.locale,
      })) ?? user;
    const pair = await this.deps.tokens.issue(updated, sessionClient(req));
    await this.deps.audit.record(req, {
      action: 'auth.login',
      outcome: 'success',
      userId: user.id,
      username: user.username,
      detail: { method },
    });
    return { user: updated, pair };
  }

  /** A wrong password, or a name without an account: counted alike, answered alike. */
  private async failed(
    req: FastifyRequest,
    username: string,
    user: User | undefined,
    client: SignInClient,
    now: Date,
  ): Promise<never> {
    const { audit, config } = this.deps;
    const outcome = await this.lockout.recordFailure(username, client, now);
    await audit.record(req, {
      action: 'auth.login',
      outcome: 'failure',
      userId: user?.id ?? null,
      username,
      detail: {
        ...(user ? {} : { reason: 'unknown_user' }),
        client: client.kind,
        attempt: outcome.kind === 'counted' ? config.maxFailedLogins - outcome.remaining : config.maxFailedLogins,
      },
    });
    if (outcome.kind === 'counted') throw invalidCredentials(outcome.remaining);
    if (outcome.started) {
      await audit.record(req, {
        action: 'auth.lockout',
        outcome: 'success',
        userId: user?.id ?? null,
        username,
        detail: { until: outcome.until.toISOString(), lockout: outcome.lockout, client: client.kind },
      });
      if (user) await this.alertOwner(req, user, outcome, now);
    }
    throw lockedOut(outcome.minutes);
  }

  /** Mails the owner that a client got locked out of their account, at most once per interval. */
  private async alertOwner(
    req: FastifyRequest,
    user: User,
    outcome: Extract<FailureOutcome, { kind: 'locked' }>,
    now: Date,
  ): Promise<void> {
    const { metadata, mailer, audit, config } = this.deps;
    if (!(await metadata.loginFailures.claimAlert(user.id, now, new Date(now.getTime() - ALERT_INTERVAL_MS)))) return;
    await mailer.send(
      lockoutAlertMail(user, recipientLocale(user), {
        failures: config.maxFailedLogins,
        address: req.ip,
        minutes: outcome.minutes,
      }),
    );
    await audit.record(req, {
      action: 'auth.lockout_alert',
      outcome: 'success',
      userId: user.id,
      username: user.username,
      detail: { lockout: outcome.lockout },
    });
  }
}
