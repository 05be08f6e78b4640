import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IMAGE_ID_PATTERN } from '@marketlens/shared';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../errors.js';
import { perm } from '../../permissions/index.js';
import type { PictureStore } from '../../pictures/store.js';
import { Query } from '../../schema.js';

/** A picture's bytes never change under its id (a new picture gets a new id: docs/data-format.md §10). */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The external base may be reconfigured: a redirect is cached for a day only. */
const REDIRECT_CACHE = 'public, max-age=86400';
/** An SVG opened on its own must not run script or load anything. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** If-None-Match holds the ETag (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET /api/common/pictures/:id — a product picture by image id (docs/product.md §9). Public, like the pictures
 * on the platforms themselves: an `<img>` cannot send the bearer token, which the security model
 * keeps out of URLs and cookies (docs/api.md "Pictures").
 */
export function pictureRoutes(store: PictureStore): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/pictures/:id',
      {
        config: { permission: perm.public },
        schema: {
          tags: ['pictures'],
          summary: 'A product picture by its image id (dim_sku.image_id), cacheable for a year',
          params: Type.Object({ id: Type.String({ pattern: IMAGE_ID_PATTERN.source, maxLength: 128 }) }),
          querystring: Query(),
          response: {
            200: {
              description: 'The picture (JPEG, PNG, WebP, GIF or SVG) with a strong ETag',
              content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
            },
            302: { description: 'Redirect to the external file service (PICTURE_BASE_URL)', type: 'null' },
            304: { description: 'Not modified (If-None-Match holds the ETag)', type: 'null' },
          },
        },
      },
      async (req, typedReply) => {
        // Bytes and empty answers, not the JSON envelope: the response schemas above only document them.
        const reply = typedReply as FastifyReply;
        const picture = await store.find(req.params.id);
        if (!picture) throw notFound('pictures.notFound');
        if (picture.kind === 'redirect') {
          return reply.header('Cache-Control', REDIRECT_CACHE).redirect(picture.location, 302);
        }
        reply
          .header('Cache-Control', IMMUTABLE)
          .header('ETag', picture.etag)
          .header('X-Content-Type-Options', 'nosniff');
        if (picture.svg) reply.header('Content-Security-Policy', SVG_CSP);
        if (matches(req.headers['if-none-match'], picture.etag)) return reply.status(304).send();
        return reply.type(picture.contentType).send(picture.body);
      },
    );
  };
}
