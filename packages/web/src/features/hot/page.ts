import type { PageDeclarations } from '../../shared/route.js';

/** Trend Overview. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const hotPages: PageDeclarations = { Hot: { load: () => import('./HotPage.js') } };
