import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import type { AppContext } from '../../../context.js';
import { brandArea } from './brand.js';
import { exploreArea } from './explore.js';
import { hotArea } from './hot.js';
import { insightArea } from './insight.js';
import { referenceArea } from './reference.js';
import { registerArea } from './register.js';

/** The analysis pages' endpoints and the reference data under /api/common, registered from the shared endpoint tables. */
export function analysisRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  const deps = { metadata: ctx.metadata, warehouse: ctx.warehouse, engine };
  return async (app) => {
    registerArea(app, deps, insightArea);
    registerArea(app, deps, brandArea);
    registerArea(app, deps, hotArea);
    registerArea(app, deps, exploreArea);
    registerArea(app, deps, referenceArea);
  };
}
