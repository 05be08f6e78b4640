import type { PageDeclarations } from '../../shared/route.js';

/** Category Insight. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const discoverPages: PageDeclarations = {
  Discover: {
    load: () => import('./DiscoverPage.js'),
    firstView: () => import('./firstView.js'),
  },
};
