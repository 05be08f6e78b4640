import { isRole, roleMatches } from '@marketlens/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountError, accountProblem } from '../auth/account.js';
import type { AuthServices } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../errors.js';
import {
  type AuthUser,
  authorizeAnalysis,
  authorizeProject,
  type Permission,
  type ProjectScope,
  projectIdAbsent,
  projectIdFrom,
} from '../permissions/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, re-read from the store on this request; undefined when anonymous. */
    user: AuthUser | undefined;
    /** The project a project-scoped route was authorised for. */
    scope: ProjectScope | undefined;
  }
  interface FastifyContextConfig {
    /** Who may call the route (permissions/index.ts); API routes without one are refused. */
    permission?: Permission;
  }
}

/** An API route and the permission it declared, as the auth plugin saw it registered. */
export interface DeclaredRoute {
  method: string;
  url: string;
  permission: Permission | undefined;
}

const declared = new WeakMap<AppContext, DeclaredRoute[]>();

/** Every API route of the app built on ctx (the authorization-matrix test walks this list). */
export function declaredRoutes(ctx: AppContext): readonly DeclaredRoute[] {
  return declared.get(ctx) ?? [];
}

/** The bearer token of a request, from the Authorization header only (never the query string, which gets logged). */
function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/**
 * Authenticates and authorises every API request before validation and the handler. Account state,
 * role and token version are read from the store on every request, so locking, expiring or deleting
 * an account — or removing a membership — takes effect on the very next request.
 * Registered after the locale plugin, so its errors speak the request's language.
 */
export function authPlugin(ctx: AppContext, services: AuthServices) {
  return fp(async (app) => {
    app.decorateRequest('user', undefined);
    app.decorateRequest('scope', undefined);
    const routes: DeclaredRoute[] = [];
    declared.set(ctx, routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        // Read lazily: a later onRoute hook of a child scope may still set the permission.
        routes.push({
          method,
          url: route.url,
          get permission() {
            return (route.config as { permission?: Permission } | undefined)?.permission;
          },
        });
      }
    });

    async function authenticate(token: string): Promise<AuthUser> {
      const claims = await services.tokens.verifyAccess(token);
      if (!claims) throw unauthorized();
      const account = await ctx.metadata.users.getById(claims.userId);
      if (!account || account.tokenVersion !== claims.tokenVersion) throw unauthorized();
      if (!(await ctx.metadata.refreshTokens.isFamilyActive(claims.sessionId))) throw unauthorized();
      const problem = accountProblem(account, services.clock());
      if (problem) throw accountError(problem);
      return {
        id: account.id,
        username: account.username,
        role: isRole(account.role) ? account.role : '',
        account,
        sessionId: claims.sessionId,
      };
    }

    app.addHook('preValidation', async (req) => {
      const url = req.routeOptions.url;
      if (url === undefined || !url.startsWith('/api/')) return;
      const permission = req.routeOptions.config.permission;
      if (!permission) {
        // Deny by default: a route someone forgot to declare is closed, loudly.
        req.log.error({ route: url }, 'API route without a declared permission refused');
        throw forbidden();
      }
      const token = bearer(req);
      if (permission.kind === 'public') {
        // Optional sign-in: a bad token on a public route is ignored, not an error.
        if (token) req.user = await authenticate(token).catch(() => undefined);
        return;
      }
      if (!token) throw unauthorized();
      const user = await authenticate(token);
      req.user = user;
      if (permission.kind === 'ownAccount') return;
      try {
        // A generated or reset password is known to someone else: until the account has set its
        // own, it may only look at its profile, change the password and sign out.
        if (user.account.mustChangePassword) throw forbidden('server.passwordChangeRequired');
        if (permission.kind === 'signedIn') return;
        if (permission.kind === 'roles') {
          if (!roleMatches(user.role, permission.roles)) throw forbidden();
          return;
        }
        // Signed in, and no project named where one is optional: the handler answers without data.
        if (permission.kind === 'project' && permission.optional && projectIdAbsent(permission.projectId, req)) return;
        const projectId = projectIdFrom(permission.projectId, req);
        req.scope =
          permission.kind === 'analysis'
            ? await authorizeAnalysis(ctx.metadata, user, projectId, permission.pages)
            : await authorizeProject(ctx.metadata, user, projectId, permission.access);
      } catch (err) {
        if ((err as { status?: number }).status === 403) {
          await services.audit.record(req, {
            action: 'permission.denied',
            outcome: 'denied',
            target: `${req.method} ${url}`,
            detail: { permission: permission.kind, role: user.role },
          });
        }
        throw err;
      }
    });
  });
}
