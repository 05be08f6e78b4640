import type { PageDeclarations } from '../../shared/route.js';

/** Product Analysis. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const productAnalysisPages: PageDeclarations = {
  Analysis: { load: () => import('./ProductAnalysisPage.js') },
};
