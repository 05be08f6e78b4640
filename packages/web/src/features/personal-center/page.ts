import type { PageDeclarations } from '../../shared/route.js';

/** The personal centre and its pages. Listed in app/pages.ts; keyed by route name (@marketlens/shared's ROUTES). */
export const personalCenterPages: PageDeclarations = {
  PersonalCenter: {
    load: () => import('./PersonalCenterLayout.js'),
    index: () => import('./ProfilePage.js'),
  },
  ChangePassword: { load: () => import('./ChangePasswordPage.js') },
  Favorites: { load: () => import('./FavoritesPage.js') },
  Sessions: { load: () => import('./SessionsPage.js') },
  SavedViews: { load: () => import('./SavedViewsPage.js') },
};
