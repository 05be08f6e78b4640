import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Permission, perm } from '../permissions/index.js';
import { documentToOpenApi30 } from './schema30.js';

/**
 * The OpenAPI document of the API and its reference page (docs/api.md, ADR 0008):
 * - `/api/openapi.json`: the document, OpenAPI 3.0 (TypeBox's JSON Schema rewritten by schema30.ts);
 * - `/api/docs`: Swagger UI from the `swagger-ui-dist` package, served by this app — no CDN, and
 *   no inline script, so the app's strict Content-Security-Policy holds unchanged.
 */

/** Every tag an operation may carry, in the order the reference page lists them. */
const API_TAGS = [
  { name: 'system', description: 'Health of the service' },
  { name: 'auth', description: 'Sign-in, tokens, password recovery, WeChat binding' },
  { name: 'users', description: 'Accounts, the own profile, applications, batch import and update' },
  { name: 'projects', description: 'Projects, their categories, price bands, attributes and members' },
  { name: 'data', description: "The user's projects and the reference data of a project (filter panels)" },
  { name: 'favorites', description: 'Saved collections and followed brands' },
  { name: 'price', description: 'Price catalogue, quotes and orders' },
  { name: 'logs', description: 'Front-end tracking events' },
  { name: 'audit', description: 'The audit trail: who changed what and when' },
  { name: 'pictures', description: 'Product pictures by image id (the file service of docs/product.md §9)' },
  { name: 'insight', description: 'Category Insight (/discover)' },
  { name: 'brand', description: 'Brand Detail (/brand)' },
  { name: 'hot', description: 'Trend Overview (/hot)' },
  { name: 'explore', description: 'Concept Explore (/explore)' },
  { name: 'potential', description: 'Potential Brand (/potential)' },
  { name: 'product analysis', description: 'Product Analysis (/analysis)' },
  { name: 'contrast', description: 'Brand Comparison (/contrast) and Favourite Brands (/favorite-brand)' },
  { name: 'shop', description: 'Store Analysis (/shop)' },
  { name: 'movement', description: 'What moved it: the split of a sales change (several pages)' },
  { name: 'event-review', description: 'Event review: an edition of a calendar event against its previous edition' },
] as const;

const DESCRIPTION = [
  'Every JSON answer is an envelope: `{ ok: true, data }`, or `{ ok: false, code, msg }` with the HTTP status;',
  '`msg` is in the language of the `locale` query parameter (`zh_cn`, the default, or `en_us`).',
  'Sign in with `POST /api/auth/login` and send its `access_token` as `Authorization: Bearer <token>`.',
  'Downloads (`…/downloads`) answer an .xlsx file.',
].join(' ');

/**
 * @fastify/swagger, registered before the routes so it sees each of them. Operations are signed-in
 * (bearer) unless their route is public; the document is rewritten to OpenAPI 3.0 once, when built.
 */
function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'MarketLens API', version, description: DESCRIPTION },
      tags: API_TAGS.map((t) => ({ ...t })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      // Read when the document is built: the system scope sets its routes' permission after registration.
      const permission = (route.config as { permission?: Permission } | undefined)?.permission;
      return { schema: permission?.kind === 'public' ? { ...schema, security: [] } : schema, url };
    },
    transformObject: (doc) => ('openapiObject' in doc ? documentToOpenApi30(doc.openapiObject) : doc.swaggerObject),
  };
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, swaggerOptions(version));
}

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const VIEWER_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png']);
const viewerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Relative addresses (the page is /api/docs): they resolve under /api wherever a proxy mounts the app.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MarketLens API reference</title>
<link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: script-src stays 'self'. validatorUrl null: Swagger UI would otherwise
// send the document to a public validator; the token is not kept in localStorage.
const INIT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/** A client that asks for JSON and not HTML — a script that read the document at /api/docs before. */
const wantsJson = (req: FastifyRequest) => {
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};

/** The document, the page and the viewer's files, under /api: public, and not operations of the document. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: perm.public };
    route.schema = { ...route.schema, hide: true };
  });
  app.get('/openapi.json', async () => app.swagger());
  app.get('/docs', async (req, reply: FastifyReply) => {
    // /api/docs used to answer the document itself: such clients are sent on to it.
    if (wantsJson(req)) return reply.redirect('openapi.json', 308);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE);
  });
  app.get('/docs/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT),
  );
  await app.register(fastifyStatic, {
    root: viewerDir,
    prefix: '/docs/assets/',
    // The web app's registration (plugins/web.ts) owns reply.sendFile.
    decorateReply: false,
    allowedPath: (pathName) => VIEWER_FILES.has(pathName),
    // File names carry no hash: revalidate (ETag) rather than cache for a year.
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
};
