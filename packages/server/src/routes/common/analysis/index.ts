import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import type { AppContext } from '../../../context.js';
import { brandRoutes } from './brand.js';
import { hotRoutes } from './hot.js';
import { insightRoutes } from './insight.js';

/** The analysis pages' endpoints under /api/common, one file per page area. */
export function analysisRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(insightRoutes(ctx, engine));
    await app.register(brandRoutes(ctx, engine));
    await app.register(hotRoutes(ctx, engine));
  };
}
