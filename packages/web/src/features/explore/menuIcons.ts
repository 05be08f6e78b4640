import { CompassOutlined } from '@ant-design/icons';
import type { MenuIcons } from '../../shared/route.js';

/**
 * The side-menu icon of each of this feature's menu routes, by route name (page.ts declares the routes).
 * Apart from page.ts because the declarations are part of the shell and the icons are not: the
 * signed-in layout, which draws the menu, finds every feature's menuIcons.ts (app/layout/menu.tsx).
 */
export const menuIcons: MenuIcons = {
  Explore: CompassOutlined,
};
