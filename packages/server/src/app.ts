import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import helmet from 'helmet';
import { createResultCache } from './analytics/engine/cache.js';
import { AnalyticsEngine } from './analytics/engine/service.js';
import { createAuthServices } from './auth/index.js';
import type { TrustProxy } from './config.js';
import type { AppContext } from './context.js';
import { loggerOptions } from './logging.js';
import { openApiRoutes, registerOpenApi } from './openapi/index.js';
import { perm } from './permissions/index.js';
import { PictureStore } from './pictures/store.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, sendFrameworkError, sendNotFound } from './plugins/errors.js';
import { localePlugin } from './plugins/locale.js';
import { registerWebApp } from './plugins/web.js';
import { authRoutes } from './routes/auth/index.js';
import { thirdPartyRoutes } from './routes/auth/thirdparty.js';
import { analysisRoutes } from './routes/common/analysis/index.js';
import { auditRoutes } from './routes/common/audit.js';
import { dataRoutes } from './routes/common/data.js';
import { favoriteRoutes } from './routes/common/favorites.js';
import { orderRoutes } from './routes/common/orders.js';
import { pictureRoutes } from './routes/common/pictures.js';
import { projectRoutes } from './routes/common/projects/index.js';
import { userRoutes } from './routes/common/users.js';
import { healthRoutes } from './routes/health.js';
import { logRoutes } from './routes/logs.js';

/**
 * TRUST_PROXY as Fastify (proxy-addr) takes it. A bare number would trust nobody in Fastify 5 (it
 * cannot tell whether the nearest peer is a proxy), so a hop count is a function: the socket's peer
 * and the next hops-1 entries from the right of X-Forwarded-For are proxies, the entry after them is
 * the client — whatever a client wrote further left is never read.
 */
function proxyTrust(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('networks' in trust) return trust.networks;
  const { hops } = trust;
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildAppOptions {
  /** Logger settings; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The app factory: everything but listening. main.ts and the tests build the same app, so what
 * the tests exercise is what runs.
 */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    trustProxy: proxyTrust(config.trustProxy),
    // A slow client cannot hold a connection or a request forever.
    connectionTimeout: config.requestTimeoutMs + 10_000,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
    // One log line per request (below) instead of Fastify's two: under load the synchronous log
    // writes were a visible part of the server's main thread (bench/results/<date>/load*.md).
    logController: new LogController({ disableRequestLogging: true }),
    ajv: {
      // Unknown fields are rejected, never silently dropped (docs/api.md "Bad input").
      // allowUnionTypes: a nullable figure is `type: ['number', 'null']` (bands), which strict mode logs at start.
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        allowUnionTypes: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
  });
  await app.register(errorsPlugin);
  // The security headers, built once: @fastify/helmet built helmet's whole middleware (CSP parsed
  // included) again on every request, on the main thread.
  // Two sets: `upgrade-insecure-requests` and HSTS only when the request came over https (itself, or
  // as a trusted proxy says): on plain http — the app opened at a LAN address — the first makes the
  // browser fetch every script over https, which nothing serves, and the page stays blank.
  const securityHeaders = (https: boolean) =>
    helmet({
      // Strict CSP: only our own scripts; inline styles because Ant Design injects its theme's CSS
      // variables and components set style attributes at run time.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Pictures the datasets do not bring are redirected to the external file service.
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.pictureBaseUrl ? [new URL(config.pictureBaseUrl).origin] : []),
          ],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: config.frameAncestors,
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      strictTransportSecurity: https,
      // The parent portal may embed the app (docs/web.md); framing is governed by frame-ancestors instead.
      frameguard: false,
      crossOriginEmbedderPolicy: false,
    });
  const overHttps = securityHeaders(true);
  const overHttp = securityHeaders(false);
  app.addHook('onRequest', (req, reply, done) =>
    (req.protocol === 'https' ? overHttps : overHttp)(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(localePlugin);
  const auth = await createAuthServices(ctx, app.log);
  app.addHook('onClose', () => auth.close());
  // One analytics engine per app: its response cache and parser outlive requests.
  const analytics = new AnalyticsEngine(ctx.warehouse, await createResultCache(config.redisUrl, app.log));
  analytics.timeoutMs = config.queryTimeoutMs;
  app.addHook('onClose', async () => {
    await analytics.cache?.close();
    await analytics.parser.close();
  });
  // Before the routes: it documents each route as it is registered.
  await registerOpenApi(app, ctx.version);

  const logs = logRoutes(ctx);
  await app.register(
    async (api) => {
      // Every route of the API scope is authenticated and authorised here; the root-level locale
      // hook runs first, so auth errors are already in the request's language.
      await api.register(authPlugin(ctx, auth));
      // /api/openapi.json and the reference page /api/docs (openapi/index.ts).
      await api.register(openApiRoutes);
      // System routes are public; every other route declares its own permission.
      await api.register(async (system) => {
        system.addHook('onRoute', (route) => {
          route.config = { ...route.config, permission: perm.public };
        });
        await system.register(healthRoutes(ctx));
      });
      await api.register(
        async (scope) => {
          await scope.register(authRoutes(ctx, auth));
          await scope.register(thirdPartyRoutes(ctx, auth));
        },
        { prefix: '/auth' },
      );
      await api.register(
        async (scope) => {
          await scope.register(userRoutes(ctx, auth));
          // The analytics engine's category trees expand grants for the events calendar too.
          await scope.register(projectRoutes(ctx, auth, analytics.catalogs));
          await scope.register(dataRoutes(ctx, analytics));
          await scope.register(analysisRoutes(ctx, analytics));
          await scope.register(favoriteRoutes(ctx));
          await scope.register(orderRoutes(ctx, auth, analytics));
          await scope.register(auditRoutes(ctx));
          await scope.register(pictureRoutes(new PictureStore(ctx.warehouse, config.pictureBaseUrl)));
          // POST /api/common/logs: the tracking handler of /api/logs/logs (docs/api.md names both).
          await scope.register(logs);
        },
        { prefix: '/common' },
      );
      await api.register(logs, { prefix: '/logs' });
      api.setNotFoundHandler(sendNotFound);
    },
    { prefix: '/api' },
  );

  const webServed = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((req, reply) => {
    // A build file that is not there (a page of an older build asking for a chunk a deployment removed)
    // is a 404, not the app's page: HTML under a script's address would be a MIME error instead.
    if (webServed && (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/assets/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(req, reply);
  });

  return app;
}
