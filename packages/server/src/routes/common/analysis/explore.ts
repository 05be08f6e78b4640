import { EXPLORE_ENDPOINTS, EXPLORE_SCHEMAS } from '@marketlens/shared/contracts';
import { conceptEmpty, conceptSummary } from '../../../analytics/pages/explore.js';
import type { Area } from './register.js';

/**
 * Concept Explore (/explore, spec §7 Explore; docs/pages/explore.md): every endpoint needs a concept
 * (the request's goodsKeywords, enabled and not empty — a 400 otherwise), then calls the page module.
 */
export const exploreArea: Area<typeof EXPLORE_SCHEMAS> = {
  tag: 'explore',
  endpoints: EXPLORE_ENDPOINTS,
  schemas: EXPLORE_SCHEMAS,
  handlers: {
    empty: (a) => conceptEmpty(a),
    summary: (a) => conceptSummary(a),
  },
};
