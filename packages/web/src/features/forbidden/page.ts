import type { PageDeclarations } from '../../shared/route.js';

/** The 403 page. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const forbiddenPages: PageDeclarations = {
  Forbidden: { load: () => import('./ForbiddenPage.js') },
};
