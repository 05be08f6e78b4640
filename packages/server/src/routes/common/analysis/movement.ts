import { MOVEMENT_ENDPOINTS, MOVEMENT_SCHEMAS, type MovementBody } from '@marketlens/shared/contracts';
import { type MovementOptions, movement } from '../../../analytics/pages/movement.js';
import { sendMovement } from '../../../downloads/sheets.js';
import type { Area } from './register.js';

/**
 * "What moved it" (docs/metrics.md): one panel endpoint shared by Category Insight, Brand Detail,
 * Store Analysis, Concept Explore and Brand Comparison (one slot per request), and its download
 * with the same figures; the handlers pick the fields and call the page module
 * (analytics/pages/movement.ts).
 */

/** The page module's options from the request's fields (the panel and its download send the same). */
const optionsOf = (b: MovementBody): MovementOptions => ({
  ...(b.brand_id !== undefined ? { brandId: b.brand_id } : {}),
  ...(b.shop !== undefined ? { shop: b.shop } : {}),
  ...(b.top !== undefined ? { top: b.top } : {}),
  ...(b.category_level !== undefined ? { categoryLevel: b.category_level } : {}),
  ...(b.cohorts !== undefined ? { cohorts: b.cohorts } : {}),
});

export const movementArea: Area<typeof MOVEMENT_SCHEMAS> = {
  tag: 'movement',
  endpoints: MOVEMENT_ENDPOINTS,
  schemas: MOVEMENT_SCHEMAS,
  summaries: {
    movement: 'What moved it: sales change split into volume, price, mix, launches and share parts',
    movementDownload: 'What moved it: download the split as shown (.xlsx)',
  },
  handlers: {
    movement: (a, b) => movement(a, optionsOf(b)),
    movementDownload: async (a, b, reply) => sendMovement(reply, a, await movement(a, optionsOf(b))),
  },
};
