import type { PageDeclarations } from '../../shared/route.js';

/** Brand Detail. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const brandPages: PageDeclarations = { Brand: { load: () => import('./BrandPage.js') } };
