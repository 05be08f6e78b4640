import { PASSWORD_MIN_LENGTH, validatePassword, type WireLocale } from '@marketlens/shared';
import type { FastifyRequest } from 'fastify';
import type { Auditor } from '../audit/index.js';
import type { AuthConfig } from '../config.js';
import { AppError, badRequest } from '../errors.js';
import { loginUrl, passwordResetMail, recipientLocale } from '../mail/compose.js';
import type { Mailer } from '../mail/service.js';
import type { MetadataStore } from '../metadata/index.js';
import { clearClientFailures } from './lockout.js';
import { hashPassword } from './passwords.js';
import type { RateLimiter } from './rate-limit.js';
import { hashToken, newOpaqueToken, type TokenService } from './tokens.js';

/** A new password against docs/product.md §5, as a 400 with the rule's message. */
export function assertStrongPassword(password: string): void {
  const problem = validatePassword(password);
  if (problem) throw badRequest(problem, { min: PASSWORD_MIN_LENGTH });
}

/**
 * Forgot / recover password: a single-use, expiring token (stored hashed) mailed as a link. The
 * request answers the same whether or not the account exists.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      metadata: MetadataStore;
      mailer: Mailer;
      tokens: TokenService;
      limiter: RateLimiter;
      config: AuthConfig;
      audit: Auditor;
      clock: () => Date;
    },
  ) {}

  async request(req: FastifyRequest, identifier: string, locale: WireLocale): Promise<void> {
    const { metadata, config, limiter } = this.deps;
    await limiter.check(`reset-ip:${req.ip}`, config.rateLimitPerIp);
    await limiter.check(`reset-user:${identifier.toLowerCase()}`, config.rateLimitPerUsername);
    const user = identifier.includes('@')
      ? await metadata.users.getByEmail(identifier)
      : await metadata.users.getByUsername(identifier);
    if (user?.status !== 'active') {
      await this.deps.audit.record(req, {
        action: 'auth.reset_request',
        outcome: 'failure',
        userId: null,
        username: identifier,
      });
      return;
    }
    const token = newOpaqueToken();
    const minutes = config.passwordResetTtlMinutes;
    await metadata.passwordResets.create(
      user.id,
      hashToken(token),
      new Date(this.deps.clock().getTime() + minutes * 60_000),
    );
    const link = `${loginUrl(config.publicUrl)}?reset_token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(passwordResetMail(user, recipientLocale(user, locale), link, minutes));
    await this.deps.audit.record(req, {
      action: 'auth.reset_request',
      outcome: 'success',
      userId: user.id,
      username: user.username,
    });
  }

  async reset(req: FastifyRequest, token: string, password: string): Promise<void> {
    const { metadata, config, limiter } = this.deps;
    await limiter.check(`reset-ip:${req.ip}`, config.rateLimitPerIp);
    assertStrongPassword(password);
    const userId = await metadata.passwordResets.consume(hashToken(token));
    if (userId === undefined) {
      await this.deps.audit.record(req, { action: 'auth.reset', outcome: 'failure', userId: null });
      throw new AppError(400, 'reset_invalid', 'auth.passwordResetInvalid');
    }
    // Proving control of the mailbox lifts the lockout of the client the link was opened on; other
    // clients stay locked, and an administrator's lock stays until an administrator lifts it.
    const user = await metadata.users.update(userId, {
      passwordHash: await hashPassword(password),
      mustChangePassword: false,
    });
    if (user) await clearClientFailures(metadata, req, user);
    await metadata.passwordResets.invalidateForUser(userId);
    await this.deps.tokens.revokeUser(userId);
    await this.deps.audit.record(req, { action: 'auth.reset', outcome: 'success', userId });
  }
}
