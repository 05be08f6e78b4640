import type { PageDeclarations } from '../../shared/route.js';

/** Concept Explore. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const explorePages: PageDeclarations = { Explore: { load: () => import('./ExplorePage.js') } };
