import type { ApiFailure } from '@marketlens/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { translateFor } from '../i18n.js';
import { WarehouseCancelledError, WarehouseTimeoutError } from '../warehouse/engine.js';

/**
 * The one place where failures become responses: `{ ok: false, code, msg }` with the right HTTP
 * status and a message in the request's locale. Unexpected errors are logged with their stack and
 * answered with a generic 500 that leaks nothing.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const t = translateFor(req.locale);
    if (err instanceof AppError) return send(reply, err.status, err.code, t(err.messageKey, err.params));
    if (err.validation) {
      const first = err.validation[0];
      const where = [err.validationContext, first?.instancePath?.replace(/^\//, '').replace(/\//g, '.')]
        .filter(Boolean)
        .join('.');
      const detail =
        first?.keyword === 'additionalProperties'
          ? `${where ? `${where}.` : ''}${String((first.params as { additionalProperty?: string }).additionalProperty)}`
          : where;
      req.log.info({ validation: err.validation }, 'request rejected by schema');
      return send(reply, 400, 400, t('server.invalidArgumentDetail', { field: detail || '-' }));
    }
    if (err instanceof WarehouseTimeoutError) return send(reply, 503, 'query_timeout', t('server.queryTimeout'));
    if (err instanceof WarehouseCancelledError) return send(reply, 499, 'cancelled', t('server.cancelled'));
    // Fastify's own client errors (bad JSON, body too large, unsupported media type …).
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const status = err.statusCode;
      const key =
        status === 413 ? 'server.payloadTooLarge' : status === 404 ? 'server.notFound' : 'server.invalidArgument';
      return send(reply, status, status, t(key));
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, 500, t('server.internalError'));
  });
});

/** Answers an unknown path with the 404 envelope. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 404, translateFor(req.locale)('server.notFound'));
}

function send(reply: FastifyReply, status: number, code: number | string, msg: string) {
  const body: ApiFailure = { ok: false, code, msg };
  return reply.status(status).send(body);
}
