import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdmissionGate } from '../../../analytics/admission.js';
import type { AnalyticsEngine } from '../../../analytics/engine/service.js';
import type { AppContext } from '../../../context.js';
import { brandArea } from './brand.js';
import { contrastArea } from './contrast.js';
import { eventReviewArea } from './event-review.js';
import { exploreArea } from './explore.js';
import { hotArea } from './hot.js';
import { insightArea } from './insight.js';
import { movementArea } from './movement.js';
import { potentialArea } from './potential.js';
import { productAnalysisArea } from './product-analysis.js';
import { referenceArea } from './reference.js';
import { registerArea } from './register.js';
import { shopArea } from './shop.js';

/** The analysis pages' endpoints and the reference data under /api/common, registered from the shared endpoint tables. */
export function analysisRoutes(ctx: AppContext, engine: AnalyticsEngine): FastifyPluginAsyncTypebox {
  // One admission gate for every analysis endpoint: together they share the warehouse.
  const deps = {
    metadata: ctx.metadata,
    warehouse: ctx.warehouse,
    engine,
    gate: new AdmissionGate(ctx.config.analysis),
  };
  return async (app) => {
    registerArea(app, deps, insightArea);
    registerArea(app, deps, brandArea);
    registerArea(app, deps, hotArea);
    registerArea(app, deps, exploreArea);
    registerArea(app, deps, potentialArea);
    registerArea(app, deps, productAnalysisArea);
    registerArea(app, deps, referenceArea);
    registerArea(app, deps, contrastArea);
    registerArea(app, deps, shopArea);
    registerArea(app, deps, movementArea);
    registerArea(app, deps, eventReviewArea);
  };
}
