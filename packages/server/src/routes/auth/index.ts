import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PASSWORD_MIN_LENGTH } from '@marketlens/shared';
import { Done, SessionUser } from '@marketlens/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sessionUser } from '../../accounts/session.js';
import { accountError, accountProblem } from '../../auth/account.js';
import type { AuthServices } from '../../auth/index.js';
import { deviceCookie } from '../../auth/lockout.js';
import { sessionClient, sessionEnded, type TokenPair } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { translateFor } from '../../i18n.js';
import type { User } from '../../metadata/index.js';
import { perm } from '../../permissions/index.js';
import { Envelope, ok } from '../../schema.js';
import { AuthCallFields } from './fields.js';
import { sessionRoutes } from './sessions.js';

export const LoginResultSchema = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  auth_key: Type.String(),
  prompt_bind_wechat: Type.Boolean(),
  expires_in: Type.Integer(),
});

export function checkAppKey(services: AuthServices, appKey: string | undefined): void {
  if (appKey !== undefined && !services.appKeys.has(appKey)) {
    throw new AppError(403, 'no_app_permission', 'auth.noAppPermission');
  }
}

export function loginResult(services: AuthServices, user: User, pair: TokenPair) {
  return {
    access_token: pair.accessToken,
    refresh_token: pair.refreshToken,
    // An opaque session id the client may quote (tracking, support); it grants nothing by itself.
    auth_key: pair.sessionId,
    prompt_bind_wechat: services.wechat !== undefined && user.wechatState === 'unbound',
    expires_in: pair.expiresIn,
  };
}

/** /api/auth: sign-in, refresh, logout, current user, client settings, password recovery. */
export function authRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/login',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with user name and password',
          body: Type.Object(
            {
              ...AuthCallFields,
              username: Type.String({ minLength: 1, maxLength: 128 }),
              password: Type.String({ minLength: 1, maxLength: 256 }),
            },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(LoginResultSchema) },
        },
      },
      async (req, reply) => {
        checkAppKey(services, req.body.app_key);
        const { user, pair, deviceToken } = await services.signIn.signIn(
          req,
          req.body.username.trim(),
          req.body.password,
        );
        // This device is now known to the account: its wrong passwords count apart from strangers'.
        reply.header('set-cookie', deviceCookie(deviceToken, req.protocol === 'https'));
        return ok(loginResult(services, user, pair));
      },
    );

    // docs/product.md §7 names GET with the token in the query; the web app POSTs it in the body, which no
    // access log or proxy records (docs/deployment.md: drop query strings under /api/auth).
    const refreshFields = { ...AuthCallFields, refresh_token: Type.String({ minLength: 1, maxLength: 512 }) };
    const refresh = async (req: FastifyRequest, fields: { app_key?: string | undefined; refresh_token: string }) => {
      checkAppKey(services, fields.app_key);
      await services.limiter.check(`refresh-ip:${req.ip}`, ctx.config.auth.rateLimitPerIp * 4);
      const outcome = await services.tokens.refresh(fields.refresh_token, sessionClient(req));
      if (outcome.kind === 'reused') {
        await services.audit.record(req, {
          action: 'auth.token_reuse',
          outcome: 'denied',
          userId: outcome.userId,
          target: `session:${outcome.familyId}`,
        });
        throw sessionEnded();
      }
      if (outcome.kind === 'invalid') throw sessionEnded();
      const problem = accountProblem(outcome.user, services.clock());
      if (problem) {
        await services.tokens.revokeSession(outcome.pair.sessionId);
        throw accountError(problem);
      }
      return ok(loginResult(services, outcome.user, outcome.pair));
    };
    app.get(
      '/refresh',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens (token in the query, as the product rules have it)',
          querystring: Type.Object(refreshFields, { additionalProperties: false }),
          response: { 200: Envelope(LoginResultSchema) },
        },
      },
      async (req) => refresh(req, req.query),
    );
    app.post(
      '/refresh',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens (token in the body, kept out of access logs)',
          body: Type.Object(refreshFields, { additionalProperties: false }),
          response: { 200: Envelope(LoginResultSchema) },
        },
      },
      async (req) => refresh(req, req.body),
    );

    app.post(
      '/logout',
      {
        config: { permission: perm.ownAccount },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: end this session and the child-app sessions handed over from it',
          body: Type.Optional(Type.Object({ ...AuthCallFields }, { additionalProperties: false })),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        const user = req.user!;
        await services.tokens.revokeSession(user.sessionId);
        await services.audit.record(req, { action: 'auth.logout', outcome: 'success' });
        return ok({ message: 'ok' });
      },
    );

    await app.register(sessionRoutes(services));

    const currentUser = async (req: FastifyRequest) =>
      ok({ user: await sessionUser(ctx, req.user!, services.clock()) });
    app.get(
      '/user',
      {
        config: { permission: perm.ownAccount },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          querystring: Type.Object({ ...AuthCallFields }, { additionalProperties: false }),
          response: { 200: Envelope(Type.Object({ user: SessionUser })) },
        },
      },
      currentUser,
    );

    app.get(
      '/applications/settings',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Sign-in settings for the client (third-party sign-in, password and lockout rules)',
          querystring: Type.Object({ ...AuthCallFields }, { additionalProperties: false }),
          response: {
            200: Envelope(
              Type.Object({
                third_party_login: Type.Boolean(),
                wechat: Type.Boolean(),
                password_min_length: Type.Integer(),
                max_failed_logins: Type.Integer(),
                lockout_minutes: Type.Integer(),
                access_token_ttl_seconds: Type.Integer(),
              }),
            ),
          },
        },
      },
      async () =>
        ok({
          third_party_login: ctx.config.auth.thirdPartyLogin,
          wechat: services.wechat !== undefined,
          password_min_length: PASSWORD_MIN_LENGTH,
          max_failed_logins: ctx.config.auth.maxFailedLogins,
          lockout_minutes: ctx.config.auth.lockoutMinutes,
          access_token_ttl_seconds: ctx.config.auth.accessTokenTtlSeconds,
        }),
    );

    app.post(
      '/password/forgot',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link by e-mail',
          body: Type.Object(
            { ...AuthCallFields, username: Type.String({ minLength: 1, maxLength: 254 }) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        checkAppKey(services, req.body.app_key);
        await services.resets.request(req, req.body.username.trim(), req.locale);
        return ok({ message: translateFor(req.locale)('auth.passwordResetSent') });
      },
    );

    app.post(
      '/password/reset',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token',
          body: Type.Object(
            {
              ...AuthCallFields,
              token: Type.String({ minLength: 1, maxLength: 256 }),
              password: Type.String({ maxLength: 256 }),
            },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Done) },
        },
      },
      async (req) => {
        checkAppKey(services, req.body.app_key);
        await services.resets.reset(req, req.body.token, req.body.password);
        return ok({ message: translateFor(req.locale)('auth.passwordResetDone') });
      },
    );
  };
}
