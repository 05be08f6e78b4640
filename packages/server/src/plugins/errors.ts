import { type ApiFailure, normalizeLocale } from '@marketlens/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OverloadedError } from '../analytics/admission.js';
import { AppError } from '../errors.js';
import { translateFor } from '../i18n.js';
import { MetadataUnavailableError } from '../metadata/errors.js';
import {
  WarehouseCancelledError,
  WarehouseQueryError,
  WarehouseTimeoutError,
  WarehouseUnavailableError,
} from '../warehouse/engine.js';

/**
 * The one place where failures become responses: `{ ok: false, code, msg }` with the right HTTP
 * status and a message in the request's locale. Unexpected errors are logged with their stack and
 * answered with a generic 500 that leaks nothing.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const t = translateFor(req.locale);
    // Load shed (analytics/admission.ts): the client is told when to try again.
    if (err instanceof OverloadedError) reply.header('retry-after', String(err.retryAfterSeconds));
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
    // The metadata database is down or frozen: a clear "try again" rather than a 500 (docs/deployment.md).
    if (err instanceof MetadataUnavailableError) {
      const { message, code } = (err.cause ?? {}) as { message?: string; code?: string };
      req.log.warn({ cause: { message, code } }, 'metadata database unavailable'); // not pg's error: it holds the client
      return send(reply, 503, err.code, t('server.metadataUnavailable'));
    }
    if (err instanceof WarehouseCancelledError) return send(reply, 499, 'cancelled', t('server.cancelled'));
    if (err instanceof WarehouseUnavailableError) {
      // The operator needs the host and cause; the user gets which warehouse and to retry.
      req.log.warn({ err }, 'warehouse unavailable');
      return send(
        reply,
        503,
        'warehouse_unavailable',
        t('server.warehouseUnavailable', { warehouse: WAREHOUSE_NAMES[err.engine] }),
      );
    }
    if (err instanceof WarehouseQueryError) {
      // The engine's text is for the operator; the user learns which warehouse and what to do.
      const warehouse = WAREHOUSE_NAMES[err.engine];
      req.log.error({ err, engine: err.engine, engineCode: err.code }, 'warehouse query failed');
      return err.limit
        ? send(reply, 503, 'warehouse_limit', t('server.warehouseLimit', { warehouse }))
        : send(reply, 500, 'warehouse_query_failed', t('server.warehouseQueryFailed', { warehouse }));
    }
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

/** Product names of the warehouse engines, as users and operators know them. */
const WAREHOUSE_NAMES = { duckdb: 'DuckDB', clickhouse: 'ClickHouse' } as const;

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook or the error handler runs (a
 * path parameter over maxParamLength, a malformed percent-encoding) gets the same 400 envelope, in
 * the query's language, instead of Fastify's own body (a 414 with its internal code, found by the fuzz).
 */
export function sendFrameworkError(_err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  let locale: string | null = null;
  try {
    locale = new URL(req.raw.url ?? '/', 'http://localhost').searchParams.get('locale');
  } catch {
    // An address URL cannot read: the default language.
  }
  return send(reply, 400, 400, translateFor(normalizeLocale(locale))('server.invalidArgument'));
}

/** Answers an unknown path with the 404 envelope. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 404, translateFor(req.locale)('server.notFound'));
}

function send(reply: FastifyReply, status: number, code: number | string, msg: string) {
  const body: ApiFailure = { ok: false, code, msg };
  return reply.status(status).send(body);
}
