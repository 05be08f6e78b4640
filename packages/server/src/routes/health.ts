import type { HealthStatus } from '@marketlens/shared';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { Envelope, ok, Query } from '../schema.js';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  metadata: Type.Object({ ok: Type.Boolean(), dialect: Type.String(), error: Type.Optional(Type.String()) }),
  warehouse: Type.Object({
    ok: Type.Boolean(),
    engine: Type.String(),
    datasets: Type.Array(Type.String()),
    error: Type.Optional(Type.String()),
  }),
});

/** GET /api/health — whether both stores answer, which datasets are loaded, the app version. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Health: whether both stores answer, the loaded datasets, the version',
          querystring: Query(),
          response: { 200: Envelope(HealthSchema), 503: Envelope(HealthSchema) },
        },
      },
      async (_req, reply) => {
        const [metadata, warehouse] = await Promise.all([
          probe(() => ctx.metadata.ping()),
          probe(() => ctx.warehouse.ping()),
        ]);
        const health: HealthStatus = {
          status: metadata.ok && warehouse.ok ? 'ok' : 'degraded',
          version: ctx.version,
          metadata: { ...metadata, dialect: ctx.metadata.dialect },
          warehouse: {
            ...warehouse,
            engine: ctx.warehouse.engine,
            datasets: ctx.warehouse.datasets().map((d) => d.manifest.name),
          },
        };
        return reply.status(health.status === 'ok' ? 200 : 503).send(ok(health));
      },
    );
  };
}

async function probe(fn: () => Promise<void>): Promise<{ ok: boolean; error?: string }> {
  try {
    await fn();
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
