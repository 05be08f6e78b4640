import { MOVEMENT_ENDPOINTS, MOVEMENT_SCHEMAS } from '@marketlens/shared/contracts';
import { movement } from '../../../analytics/pages/movement.js';
import type { Area } from './register.js';

/**
 * "What moved it" (docs/metrics.md): one panel endpoint shared by Category Insight, Brand Detail,
 * Store Analysis, Concept Explore and Brand Comparison (one slot per request); the handler picks
 * its fields and calls the page module (analytics/pages/movement.ts).
 */
export const movementArea: Area<typeof MOVEMENT_SCHEMAS> = {
  tag: 'movement',
  endpoints: MOVEMENT_ENDPOINTS,
  schemas: MOVEMENT_SCHEMAS,
  summaries: {
    movement: 'What moved it: sales change split into volume, price, mix, launches and share parts',
  },
  handlers: {
    movement: (a, b) =>
      movement(a, {
        ...(b.brand_id !== undefined ? { brandId: b.brand_id } : {}),
        ...(b.shop !== undefined ? { shop: b.shop } : {}),
        ...(b.top !== undefined ? { top: b.top } : {}),
        ...(b.category_level !== undefined ? { categoryLevel: b.category_level } : {}),
        ...(b.cohorts !== undefined ? { cohorts: b.cohorts } : {}),
      }),
  },
};
