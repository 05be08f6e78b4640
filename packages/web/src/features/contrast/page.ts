import type { PageDeclarations } from '../../shared/route.js';

/** Brand Comparison. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const contrastPages: PageDeclarations = {
  Contrast: { load: () => import('./ContrastPage.js') },
};
