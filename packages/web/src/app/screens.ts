/**
 * The web half of the route table: for every route NAME of @marketlens/shared's ROUTES (paths,
 * auth lists, page ids), the screen chunk (menu icons: layout/menu.tsx). The router, the side menu and the guards
 * are all built from ROUTES + this map; test/guards.test.ts checks that both list the same names.
 */
import type { FirstView } from '../shared/analysis/prefetch.js';
import type { Loader } from './chunks.js';

export interface Screen {
  /** The route's own component (a layout with an <Outlet/> when the route has children). */
  load?: Loader;
  /** The component shown at the route's own path when it has children. */
  index?: Loader;
  /** The analysis calls of the page's first view, prefetched while its chunk loads (shared/analysis/prefetch.ts). */
  firstView?: () => Promise<{ default: FirstView }>;
}

export const SCREENS: Readonly<Record<string, Screen>> = {
  Login: { load: () => import('../features/login/LoginPage.js') },
  Price: { load: () => import('../features/price/PriceLayout.js') },
  PriceGoods: { load: () => import('../features/price/PriceGoodsPage.js') },
  PricePayment: { load: () => import('../features/price/PricePaymentPage.js') },
  Index: {},
  Hot: { load: () => import('../features/hot/HotPage.js') },
  Explore: { load: () => import('../features/explore/ExplorePage.js') },
  Potential: { load: () => import('../features/potential/PotentialPage.js') },
  Discover: {
    load: () => import('../features/discover/DiscoverPage.js'),
    firstView: () => import('../features/discover/firstView.js'),
  },
  Brand: { load: () => import('../features/brand/BrandPage.js') },
  Analysis: { load: () => import('../features/product-analysis/ProductAnalysisPage.js') },
  Contrast: { load: () => import('../features/contrast/ContrastPage.js') },
  FavoriteBrand: { load: () => import('../features/favorite-brand/FavoriteBrandPage.js') },
  Shop: { load: () => import('../features/shop/ShopPage.js') },
  PersonalCenter: {
    load: () => import('../features/personal-center/PersonalCenterLayout.js'),
    index: () => import('../features/personal-center/ProfilePage.js'),
  },
  ChangePassword: { load: () => import('../features/personal-center/ChangePasswordPage.js') },
  Favorites: { load: () => import('../features/personal-center/FavoritesPage.js') },
  Sessions: { load: () => import('../features/personal-center/SessionsPage.js') },
  NoProject: { load: () => import('../features/no-project/NoProjectPage.js') },
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
  Enquiries: { load: () => import('../features/price/EnquiriesPage.js') },
  Audit: { load: () => import('../features/audit/AuditPage.js') },
  Icons: { load: () => import('../features/icons/IconsPage.js') },
  Forbidden: { load: () => import('../features/forbidden/ForbiddenPage.js') },
};
