import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthServices } from '../../auth/index.js';
import type { SessionView } from '../../auth/tokens.js';
import { notFound } from '../../errors.js';
import type { SessionRecord } from '../../metadata/index.js';
import { perm } from '../../permissions/index.js';
import { absentBodyAsEmpty, Envelope, ok } from '../../schema.js';
import { AuthCallFields } from './fields.js';

const SessionFields = {
  /** The session id (the login's auth_key): random, and only ever acted on for its owner. */
  id: Type.String(),
  app_key: Type.String(),
  started_at: Type.String(),
  last_used_at: Type.String(),
  /** The absolute limit: the session ends then at the latest. */
  expires_at: Type.String(),
  /** Address and user agent of the last sign-in or refresh. */
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The session of the calling access token. */
  current: Type.Boolean(),
};
const SessionSchema = Type.Object({
  ...SessionFields,
  /** Child-app sessions handed over from this one: they end with it. */
  children: Type.Array(Type.Object(SessionFields)),
});

function sessionFields(session: SessionRecord, current: boolean) {
  return {
    id: session.id,
    app_key: session.appKey,
    started_at: session.startedAt,
    last_used_at: session.lastUsedAt,
    expires_at: session.expiresAt,
    ip: session.ip,
    user_agent: session.userAgent,
    current,
  };
}

const sessionView = (view: SessionView) => ({
  ...sessionFields(view.session, view.current),
  children: view.children.map((child) => sessionFields(child.session, child.current)),
});

/**
 * /api/auth/sessions: the signed-in user's own sessions (OWASP ASVS 7.5.2) — list them, end one,
 * or end every one but this browser's. Only ever the caller's: another user's session id answers
 * like an unknown one.
 */
export function sessionRoutes(services: AuthServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/sessions',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['auth'],
          summary: "The signed-in user's live sessions, child-app sessions under their parent",
          querystring: Type.Object({ ...AuthCallFields }, { additionalProperties: false }),
          response: { 200: Envelope(Type.Object({ sessions: Type.Array(SessionSchema) })) },
        },
      },
      async (req) => {
        const user = req.user!;
        const sessions = await services.tokens.listSessions(user.id, user.sessionId);
        return ok({ sessions: sessions.map(sessionView) });
      },
    );

    app.delete(
      '/sessions/:id',
      {
        config: { permission: perm.signedIn },
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: ['auth'],
          summary: 'End one of your sessions (and the child-app sessions handed over from it)',
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
          body: Type.Optional(Type.Object({ ...AuthCallFields }, { additionalProperties: false })),
          response: { 200: Envelope(Type.Object({ ended: Type.Integer() })) },
        },
      },
      async (req) => {
        const user = req.user!;
        const ended = await services.tokens.endOwnSession(user.id, req.params.id);
        if (ended === 0) throw notFound('auth.sessionNotFound');
        await services.audit.record(req, {
          action: 'auth.session_end',
          outcome: 'success',
          target: `session:${req.params.id}`,
          detail: { ended },
        });
        return ok({ ended });
      },
    );

    app.post(
      '/sessions/others/logout',
      {
        config: { permission: perm.signedIn },
        schema: {
          tags: ['auth'],
          summary: "Sign out other devices: end every session but this browser's",
          body: Type.Optional(Type.Object({ ...AuthCallFields }, { additionalProperties: false })),
          response: { 200: Envelope(Type.Object({ ended: Type.Integer() })) },
        },
      },
      async (req) => {
        const user = req.user!;
        const ended = await services.tokens.endOtherSessions(user.id, user.sessionId);
        await services.audit.record(req, {
          action: 'auth.session_end',
          outcome: 'success',
          detail: { others: ended },
        });
        return ok({ ended });
      },
    );
  };
}
