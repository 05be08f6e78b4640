import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Content types of what the web build writes into assets/. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** Encodings of a built asset: the file and, where the build wrote them, its .br and .gz beside it. */
interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Source maps stay on disk: only developer tools ask for them. */
const inMemory = (name: string) => !/\.(map|br|gz)$/.test(name);

/**
 * The encoding to send of those accepted (`Accept-Encoding`): brotli, then gzip, else none. A coding
 * given `q=0` is refused; other weights are not ranked, both are better than sending the file as is.
 */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (coding && !refused) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves the build's hashed assets (assets/*) from memory. A page's first view fetches about a
 * hundred of them over HTTP/1.1's six connections, each request waiting for the one before on its
 * connection; read from disk through the file plugin each cost the server's CPU a stat
 * of three candidates, an open and a stream through the thread pool; from memory, far less. Their names change
 * with their content, so they are read once at start, with strong ETags from their content. Returns the
 * files it serves (relative to distDir, their .br and .gz included), for the file plugin to leave alone.
 */
export function registerBuiltAssets(app: FastifyInstance, distDir: string, cacheControl: string): string[] {
  const dir = path.join(distDir, 'assets');
  const names = existsSync(dir) ? readdirSync(dir).filter(inMemory) : [];
  const assets = new Map<string, Asset>();
  for (const name of names) {
    const file = path.join(dir, name);
    const identity = readFileSync(file);
    assets.set(name, {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      identity,
      br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
    });
  }
  for (const [name, asset] of assets) {
    app.get(`/assets/${name}`, { schema: { hide: true } }, (req, reply) => {
      reply.header('Cache-Control', cacheControl).header('ETag', asset.etag).header('Content-Type', asset.type);
      if (asset.br || asset.gzip) reply.header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = (encoding && asset[encoding]) || asset.identity;
      if (body !== asset.identity) reply.header('Content-Encoding', encoding);
      return reply.send(body);
    });
  }
  return names.flatMap((name) => [`assets/${name}`, `assets/${name}.br`, `assets/${name}.gz`]);
}
