import { ANALYSIS_PAGES, type PageArea, ROUTES } from '@marketlens/shared';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { allowedPageIds, mayEnter, NO_PROJECT_PATH, PERSONAL_CENTER_PATH } from '../../shared/auth/permissions.js';
import type { SessionProject, SessionUser } from '../../shared/auth/types.js';
import type { MenuIcons } from '../../shared/route.js';

type Item = NonNullable<MenuProps['items']>[number];

const AREA_ORDER: readonly PageArea[] = ['discover', 'analysis', 'category', 'favorite'];

/**
 * Each menu route's icon, from its feature's menuIcons.ts, found rather than listed: a feature that adds
 * a menu route adds its icon beside its page declaration (docs/adding-a-page.md). Only these icons reach
 * the layout chunk, not the app's whole icon set, and none reaches the shell.
 */
const MENU_ICONS: MenuIcons = Object.assign(
  {},
  ...Object.values(import.meta.glob<MenuIcons>('../../features/*/menuIcons.ts', { eager: true, import: 'menuIcons' })),
);

function icon(name: string) {
  const Icon = MENU_ICONS[name];
  return Icon ? createElement(Icon) : undefined;
}

/**
 * The side menu (docs/product.md §2 "by area"): the analysis pages the user may open in the current project,
 * grouped by their most specific area, then the administration
 * screens the user's role passes. Keys are paths.
 */
export function buildMenu(user: SessionUser, project: SessionProject | undefined, t: TFunction): Item[] {
  const allowed = new Set(allowedPageIds(project));
  const pages = ANALYSIS_PAGES.filter((p) => allowed.has(p.id));
  const items: Item[] = [];
  for (const area of AREA_ORDER) {
    // Brand comparison has no area in docs/product.md §2; it is an analysis activity, so it is listed there.
    const inArea = pages.filter((p) => (p.areas.at(-1) ?? 'analysis') === area);
    if (inArea.length === 0) continue;
    items.push({
      type: 'group',
      key: `area-${area}`,
      label: t(`menu.area.${area}`),
      children: inArea.map((p) => ({ key: p.path, icon: icon(p.name), label: t(p.titleKey) })),
    });
  }
  const admin = ROUTES.filter((r) => !r.public && !r.hidden && r.auth && mayEnter(r, user));
  // Nothing to open: the page that says so and the personal centre, rather than an empty menu.
  if (items.length === 0 && admin.length === 0) {
    return [
      { key: NO_PROJECT_PATH, icon: icon('Projects'), label: t('route.noProject') },
      { key: PERSONAL_CENTER_PATH, icon: icon('PersonalCenter'), label: t('route.personalCenter') },
    ];
  }
  if (admin.length > 0) {
    items.push({
      type: 'group',
      key: 'area-admin',
      label: t('menu.area.admin'),
      children: admin.map((r) => ({ key: r.path, icon: icon(r.name), label: t(r.titleKey) })),
    });
  }
  return items;
}

/** The menu key to highlight for a path: the longest menu path it starts with. */
export function selectedMenuKey(pathname: string): string {
  const candidates = [
    ...ANALYSIS_PAGES.map((p) => p.path),
    ...ROUTES.map((r) => r.path),
    NO_PROJECT_PATH,
    PERSONAL_CENTER_PATH,
  ];
  return candidates.filter((p) => p !== '/' && pathname.startsWith(p)).sort((a, b) => b.length - a.length)[0] ?? '';
}
