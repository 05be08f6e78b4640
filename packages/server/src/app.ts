import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './context.js';
import { loggerOptions } from './logging.js';
import { errorsPlugin, sendNotFound } from './plugins/errors.js';
import { localePlugin } from './plugins/locale.js';
import { registerWebApp } from './plugins/web.js';
import { healthRoutes } from './routes/health.js';

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
    trustProxy: config.trustProxy,
    // A slow client cannot hold a connection or a request forever.
    connectionTimeout: config.requestTimeoutMs + 10_000,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    ajv: {
      // Unknown fields are rejected, never silently dropped (DESIGN.md §5).
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    // Strict CSP: only our own scripts; inline styles because Ant Design injects its CSS at run time.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: config.frameAncestors,
      },
    },
    // The parent portal may embed the app (spec §1); framing is governed by frame-ancestors instead.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(localePlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'MarketLens API', version: ctx.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  await app.register(
    async (api) => {
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes(ctx));
      api.setNotFoundHandler(sendNotFound);
    },
    { prefix: '/api' },
  );

  const webServed = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler((req, reply) => {
    if (webServed && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(req, reply);
  });

  return app;
}
