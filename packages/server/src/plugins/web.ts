import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerBuiltAssets } from './builtAssets.js';

/** Hashed assets: a new build has new names, so a browser may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app, if there is one. Hashed assets are cached for a year; index.html
 * never, so a new deployment is picked up on the next navigation. Returns whether the app is
 * served, so the caller can answer unknown non-API paths with index.html (history-mode routing).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return false;
  }
  // The hashed assets a page loads come from memory (builtAssets.ts); the rest (index.html, the icon,
  // source maps) from disk.
  const fromMemory = registerBuiltAssets(app, distDir, IMMUTABLE);
  await app.register(fastifyStatic, {
    root: distDir,
    globIgnore: fromMemory,
    index: ['index.html'],
    // One route per built file (the build does not change while running), so unknown paths reach
    // the not-found handlers: /api/* gets the JSON 404, everything else index.html.
    wildcard: false,
    // The build writes .br and .gz beside each asset (packages/web/build/precompress.ts): send the best
    // one the browser accepts, with no compression work per request.
    preCompressed: true,
    // Cache-Control is ours (setHeaders), not the plugin's default max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}
