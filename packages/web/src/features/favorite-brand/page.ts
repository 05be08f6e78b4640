import type { PageDeclarations } from '../../shared/route.js';

/** Favorite Brands. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const favoriteBrandPages: PageDeclarations = {
  FavoriteBrand: { load: () => import('./FavoriteBrandPage.js') },
};
