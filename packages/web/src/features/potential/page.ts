import type { PageDeclarations } from '../../shared/route.js';

/** Potential Brand. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const potentialPages: PageDeclarations = {
  Potential: { load: () => import('./PotentialPage.js') },
};
