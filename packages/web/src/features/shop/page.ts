import type { PageDeclarations } from '../../shared/route.js';

/** Store Analysis. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const shopPages: PageDeclarations = { Shop: { load: () => import('./ShopPage.js') } };
