/**
 * The web half of the route table: for every route NAME of @marketlens/shared's ROUTES (paths,
 * auth lists, page ids), the screen chunk and the menu icon. The router, the side menu and the guards
 * are all built from ROUTES + this map; test/routes.test.ts checks that both list the same names.
 */
import type { IconName } from '../shared/ui/icons.js';
import type { Loader } from './chunks.js';

export interface Screen {
  /** The route's own component (a layout with an <Outlet/> when the route has children). */
  load?: Loader;
  /** The component shown at the route's own path when it has children. */
  index?: Loader;
  icon?: IconName;
}

const pending: Loader = () => import('../features/analysis/PendingAnalysisPage.js');

export const SCREENS: Readonly<Record<string, Screen>> = {
  Login: { load: () => import('../features/login/LoginPage.js') },
  Price: {},
  PriceGoods: { load: pending },
  PricePayment: { load: pending },
  Index: {},
  Hot: { load: () => import('../features/hot/HotPage.js'), icon: 'FireOutlined' },
  Explore: { load: pending, icon: 'CompassOutlined' },
  Potential: { load: pending, icon: 'RiseOutlined' },
  Discover: { load: () => import('../features/discover/DiscoverPage.js'), icon: 'AppstoreOutlined' },
  Brand: { load: () => import('../features/brand/BrandPage.js'), icon: 'TagsOutlined' },
  Analysis: { load: pending, icon: 'ShoppingOutlined' },
  Contrast: { load: pending, icon: 'BarChartOutlined' },
  FavoriteBrand: { load: pending, icon: 'StarOutlined' },
  Shop: { load: pending, icon: 'ShopOutlined' },
  PersonalCenter: {
    load: () => import('../features/personal-center/PersonalCenterLayout.js'),
    index: () => import('../features/personal-center/ProfilePage.js'),
    icon: 'UserOutlined',
  },
  ChangePassword: { load: () => import('../features/personal-center/ChangePasswordPage.js'), icon: 'LockOutlined' },
  Favorites: { load: () => import('../features/personal-center/FavoritesPage.js'), icon: 'HeartOutlined' },
  Projects: { index: () => import('../features/projects/ProjectListPage.js'), icon: 'ProjectOutlined' },
  ProjectInfo: { load: () => import('../features/projects/ProjectInfoPage.js') },
  CategoryManagement: { load: () => import('../features/projects/CategoryManagementPage.js') },
  AttributeManagement: { load: () => import('../features/projects/AttributeManagementPage.js') },
  UserManagement: { load: () => import('../features/projects/UserManagementPage.js') },
  Accounts: { icon: 'TeamOutlined' },
  AccountList: { load: () => import('../features/accounts/AccountListPage.js') },
  AccountCreate: { load: () => import('../features/accounts/AccountCreatePage.js') },
  AccountEdit: { load: () => import('../features/accounts/AccountEditPage.js') },
  AccountBatchCreate: { load: () => import('../features/accounts/AccountBatchPage.js') },
  AccountBatchUpdate: { load: () => import('../features/accounts/AccountBatchPage.js') },
  Icons: { load: () => import('../features/icons/IconsPage.js') },
  Forbidden: { load: () => import('../features/forbidden/ForbiddenPage.js') },
};
