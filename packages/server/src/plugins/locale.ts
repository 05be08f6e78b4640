import { normalizeLocale, type WireLocale } from '@marketlens/shared';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language (docs/product.md §7): `locale` from the query or body, else zh_cn. */
    locale: WireLocale;
  }
}

/** Resolves the request locale once, before validation, so even schema errors speak the user's language. */
export const localePlugin = fp(async (app) => {
  app.decorateRequest('locale', 'zh_cn');
  // The query's locale first, before the body is read: a body the JSON parser refuses (malformed,
  // a `__proto__` key) never reaches preValidation, and its 400 must still speak the query's language.
  app.addHook('onRequest', async (req) => {
    req.locale = normalizeLocale((req.query as Record<string, unknown> | undefined)?.locale);
  });
  app.addHook('preValidation', async (req) => {
    const fromQuery = (req.query as Record<string, unknown> | undefined)?.locale;
    const body = req.body;
    const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).locale : undefined;
    req.locale = normalizeLocale(fromQuery ?? fromBody);
  });
});
