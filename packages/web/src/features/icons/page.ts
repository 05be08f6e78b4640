import type { PageDeclarations } from '../../shared/route.js';

/** The icon set. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const iconsPages: PageDeclarations = { Icons: { load: () => import('./IconsPage.js') } };
