/**
 * The web half of the route table: for every route NAME of @marketlens/shared's ROUTES (paths,
 * auth lists, page ids), the screen chunk (menu icons: layout/menu.tsx). The router, the side menu and the guards
 * are all built from ROUTES + this map; test/guards.test.ts checks that both list the same names.
 */
import type { Loader } from './chunks.js';

export interface Screen {
  /** The route's own component (a layout with an <Outlet/> when the route has children). */
  load?: Loader;
  /** The component shown at the route's own path when it has children. */
  index?: Loader;
}

const pending: Loader = () => import('../features/analysis/PendingAnalysisPage.js');

export const SCREENS: Readonly<Record<string, Screen>> = {
  Login: { load: () => import('../features/login/LoginPage.js') },
  Price: {},
  PriceGoods: { load: pending },
  PricePayment: { load: pending },
  Index: {},
  Hot: { load: () => import('../features/hot/HotPage.js') },
  Explore: { load: pending },
  Potential: { load: pending },
  Discover: { load: () => import('../features/discover/DiscoverPage.js') },
  Brand: { load: () => import('../features/brand/BrandPage.js') },
  Analysis: { load: pending },
  Contrast: { load: pending },
  FavoriteBrand: { load: pending },
  Shop: { load: pending },
  PersonalCenter: {
    load: () => import('../features/personal-center/PersonalCenterLayout.js'),
    index: () => import('../features/personal-center/ProfilePage.js'),
  },
  ChangePassword: { load: () => import('../features/personal-center/ChangePasswordPage.js') },
  Favorites: { load: () => import('../features/personal-center/FavoritesPage.js') },
  Projects: { index: () => import('../features/projects/ProjectListPage.js') },
  ProjectInfo: { load: () => import('../features/projects/ProjectInfoPage.js') },
  CategoryManagement: { load: () => import('../features/projects/CategoryManagementPage.js') },
  AttributeManagement: { load: () => import('../features/projects/AttributeManagementPage.js') },
  UserManagement: { load: () => import('../features/projects/UserManagementPage.js') },
  Accounts: {},
  AccountList: { load: () => import('../features/accounts/AccountListPage.js') },
  AccountCreate: { load: () => import('../features/accounts/AccountCreatePage.js') },
  AccountEdit: { load: () => import('../features/accounts/AccountEditPage.js') },
  AccountBatchCreate: { load: () => import('../features/accounts/AccountBatchPage.js') },
  AccountBatchUpdate: { load: () => import('../features/accounts/AccountBatchPage.js') },
  Icons: { load: () => import('../features/icons/IconsPage.js') },
  Forbidden: { load: () => import('../features/forbidden/ForbiddenPage.js') },
};
