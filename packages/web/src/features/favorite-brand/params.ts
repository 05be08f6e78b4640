// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { choice, panelParams } from '../../shared/analysis/panelParams.js';

export const FAVORITE_SORTS = ['sales', 'growth'] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];
export type DrawerLevel = 1 | 2 | 3;
export const DRAWER_LEVELS: readonly DrawerLevel[] = [1, 2, 3];

/** The switches of Favourite Brands in the URL (the open drawer is transient: component state). */
export const FAVORITE_PARAMS = panelParams({
  sort: choice('fs', FAVORITE_SORTS, 'sales'),
  /** docs/product.md §4: the drawer's category granularity defaults to level 2. */
  drawerLevel: choice('dl', DRAWER_LEVELS, 2),
});
