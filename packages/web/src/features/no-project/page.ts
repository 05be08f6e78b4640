import type { PageDeclarations } from '../../shared/route.js';

/** Where a user with no page to open lands. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const noProjectPages: PageDeclarations = {
  NoProject: { load: () => import('./NoProjectPage.js') },
};
