import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accountProblem, signInError } from '../../auth/account.js';
import type { AuthServices } from '../../auth/index.js';
import { OWN_APP_KEY } from '../../auth/index.js';
import { sessionClient, sessionEnded } from '../../auth/tokens.js';
import { bindBrowser, isSameBrowser, WECHAT_STATE_TTL_MS, WechatError } from '../../auth/wechat.js';
import type { AppContext } from '../../context.js';
import { AppError, unauthorized } from '../../errors.js';
import { ConflictError } from '../../metadata/index.js';
import { perm } from '../../permissions/index.js';
import { Envelope, ok } from '../../schema.js';
import { AuthCallFields } from './fields.js';
import { checkAppKey, LoginResultSchema, loginResult } from './index.js';

const unavailable = () => new AppError(400, 'wechat_unavailable', 'auth.wechatUnavailable');
const alreadyBound = () => new AppError(409, 'wechat_already_bound', 'auth.wechatAlreadyBound');

/**
 * /api/auth/thirdparty: WeChat sign-in and binding (OAuth2 authorization code with a single-use
 * state), unbinding requests, and the parent-portal token hand-over.
 */
export function thirdPartyRoutes(ctx: AppContext, services: AuthServices): FastifyPluginAsyncTypebox {
  const { metadata } = ctx;
  return async (app) => {
    app.post(
      '/thirdparty/weixin/connect',
      {
        // Sign-in needs no session; binding does (checked below, against the user who started it).
        config: { permission: perm.public },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with WeChat, or bind WeChat to the signed-in account',
          body: Type.Object(
            {
              ...AuthCallFields,
              purpose: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('bind')])),
              code: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
              state: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(
              Type.Object({
                authorize_url: Type.Optional(Type.String()),
                state: Type.Optional(Type.String()),
                login: Type.Optional(LoginResultSchema),
                wechat_state: Type.Optional(Type.String()),
              }),
            ),
          },
        },
      },
      async (req, reply) => {
        checkAppKey(services, req.body.app_key);
        const wechat = services.wechat;
        if (!wechat) throw unavailable();
        const { code, state } = req.body;
        const now = services.clock();

        if (code === undefined || state === undefined) {
          // Step 1: hand out the provider's authorize URL with a fresh single-use state.
          const purpose = req.body.purpose ?? 'login';
          if (purpose === 'bind' && !req.user) throw unauthorized();
          await services.limiter.check(`wechat-ip:${req.ip}`, ctx.config.auth.rateLimitPerIp);
          const value = randomBytes(24).toString('base64url');
          const browser = bindBrowser(req);
          await metadata.oauthStates.create({
            state: value,
            purpose: `wechat_${purpose}`,
            userId: purpose === 'bind' ? req.user!.id : null,
            payload: { ...browser.binding },
            expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_MS),
          });
          reply.header('set-cookie', browser.cookie);
          return ok({ authorize_url: wechat.authorizeUrl(value), state: value });
        }

        // Step 2: the provider sent the browser back with code and state.
        const spent = await metadata.oauthStates.consume(state);
        if (!spent?.purpose.startsWith('wechat_')) {
          await services.audit.record(req, {
            action: 'auth.wechat',
            outcome: 'denied',
            detail: { reason: 'bad_state' },
          });
          throw new AppError(400, 'wechat_state_invalid', 'auth.wechatStateInvalid');
        }
        // Spent either way: a flow finished from another browser cannot be retried from this one.
        if (!isSameBrowser(req, spent.payload)) {
          await services.audit.record(req, {
            action: 'auth.wechat',
            outcome: 'denied',
            detail: { reason: 'other_browser' },
          });
          throw new AppError(400, 'wechat_other_browser', 'auth.wechatOtherBrowser');
        }
        let identity: Awaited<ReturnType<typeof wechat.identify>>;
        try {
          identity = await wechat.identify(code);
        } catch (err) {
          if (!(err instanceof WechatError)) throw err;
          req.log.warn({ err: err.message }, 'WeChat code exchange failed');
          throw new AppError(502, 'wechat_failed', 'auth.wechatFailed');
        }

        if (spent.purpose === 'wechat_bind') {
          // Only the user who started the binding may finish it (no login CSRF).
          if (!req.user || req.user.id !== spent.userId) throw unauthorized();
          const holder = await metadata.users.getByWechatOpenid(identity.openid);
          if (holder && holder.id !== req.user.id) {
            await services.audit.record(req, {
              action: 'auth.wechat_bind',
              outcome: 'denied',
              detail: { reason: 'already_bound' },
            });
            throw alreadyBound();
          }
          if (req.user.account.wechatOpenid && req.user.account.wechatOpenid !== identity.openid) throw alreadyBound();
          try {
            await metadata.users.update(req.user.id, { wechatOpenid: identity.openid, wechatState: 'bound' });
          } catch (err) {
            if (err instanceof ConflictError) throw alreadyBound();
            throw err;
          }
          await services.audit.record(req, {
            action: 'auth.wechat_bind',
            outcome: 'success',
            target: `user:${req.user.id}`,
          });
          return ok({ wechat_state: 'bound' });
        }

        const user = await metadata.users.getByWechatOpenid(identity.openid);
        if (!user) {
          await services.audit.record(req, {
            action: 'auth.login',
            outcome: 'failure',
            detail: { method: 'wechat', reason: 'not_bound' },
          });
          throw new AppError(401, 'wechat_not_bound', 'auth.wechatNotBound');
        }
        const problem = accountProblem(user, now);
        if (problem) {
          await services.audit.record(req, {
            action: 'auth.login',
            outcome: 'denied',
            userId: user.id,
            username: user.username,
            detail: { method: 'wechat', reason: problem },
          });
          throw signInError(problem);
        }
        const { user: signedIn, pair } = await services.signIn.complete(req, user, 'wechat');
        return ok({ login: loginResult(services, signedIn, pair) });
      },
    );

    app.get(
      '/thirdparty/bind/info',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['auth'],
          summary: 'WeChat binding state of the signed-in account',
          querystring: Type.Object({ ...AuthCallFields }, { additionalProperties: false }),
          response: {
            200: Envelope(
              Type.Object({
                available: Type.Boolean(),
                wechat_state: Type.String(),
                bound: Type.Boolean(),
                application_id: Type.Union([Type.Integer(), Type.Null()]),
              }),
            ),
          },
        },
      },
      async (req) => {
        const account = req.user!.account;
        const pending = await metadata.applications.list({
          userId: account.id,
          kind: 'wechat_unbind',
          status: 'pending',
        });
        return ok({
          available: services.wechat !== undefined,
          wechat_state: account.wechatState,
          bound: account.wechatOpenid !== null,
          application_id: pending[0]?.id ?? null,
        });
      },
    );

    app.post(
      '/thirdparty/unbind/account',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['auth'],
          summary: 'Ask to unbind WeChat from the signed-in account (reviewed by an administrator)',
          body: Type.Object(
            { ...AuthCallFields, reason: Type.Optional(Type.String({ maxLength: 500 })) },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(Type.Object({ application_id: Type.Integer(), wechat_state: Type.String() })) },
        },
      },
      async (req) => {
        const account = req.user!.account;
        if (account.wechatOpenid === null) throw new AppError(400, 'wechat_not_bound', 'auth.wechatNotBoundSelf');
        if (account.wechatState === 'unbind_pending')
          throw new AppError(409, 'unbind_pending', 'auth.wechatUnbindPending');
        // Unbinding is a request an administrator reviews (docs/product.md §4): bound → unbind pending.
        const application = await metadata.transaction(async (tx) => {
          await tx.users.update(account.id, { wechatState: 'unbind_pending' });
          return tx.applications.create('wechat_unbind', account.id, { reason: req.body.reason ?? '' });
        });
        await services.audit.record(req, {
          action: 'auth.wechat_unbind_request',
          outcome: 'success',
          target: `application:${application.id}`,
        });
        return ok({ application_id: application.id, wechat_state: 'unbind_pending' });
      },
    );

    app.post(
      '/thirdparty/ym_app/token',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['auth'],
          summary: 'Issue a session for a child app, bound to the calling session (ends with it)',
          body: Type.Object(
            {
              ...AuthCallFields,
              app_key: Type.String({ minLength: 1, maxLength: 64 }),
              child_app_key: Type.String({ minLength: 1, maxLength: 64 }),
            },
            { additionalProperties: false },
          ),
          response: { 200: Envelope(LoginResultSchema) },
        },
      },
      async (req) => {
        // The parent portal hands a signed-in user to a child app: both keys must be known apps, and
        // the child gets a session of its own, never the caller's tokens. That session hangs on the
        // caller's (tokens.ts issueChild): a stolen access token cannot make one that outlives the
        // victim's logout.
        const { app_key: appKey, child_app_key: childAppKey } = req.body;
        checkAppKey(services, appKey);
        checkAppKey(services, childAppKey);
        if (childAppKey === OWN_APP_KEY) throw new AppError(400, 'child_app_key_own', 'auth.childAppKeyOwn');
        const user = req.user!;
        await services.limiter.check(`app-token-ip:${req.ip}`, ctx.config.auth.rateLimitPerIp);
        await services.limiter.check(`app-token-user:${user.id}`, ctx.config.auth.rateLimitPerUsername);
        const pair = await services.tokens.issueChild(user.account, user.sessionId, childAppKey, sessionClient(req));
        if (!pair) throw sessionEnded();
        await services.audit.record(req, {
          action: 'auth.app_token',
          outcome: 'success',
          target: `session:${pair.sessionId}`,
          detail: { app_key: appKey, child_app_key: childAppKey, parent: user.sessionId },
        });
        return ok(loginResult(services, user.account, pair));
      },
    );
  };
}
