/**
 * What a page declares about itself, and what a page reads back from the matched route.
 *
 * A feature's page.ts declares its routes' screens (`PageDeclaration`), its menuIcons.ts their menu
 * icons and its messages.ts their strings; app/pages.ts is the one list of the declarations
 * (docs/adding-a-page.md). A declaration names a route of @marketlens/shared's ROUTES: paths, auth lists,
 * page ids and menu areas stay there, because the server checks page permissions against the same table.
 *
 * This module sits in shared/ so that features import it downward; app/ only reads it.
 */
import type { RouteDef } from '@marketlens/shared';
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import type { FirstView } from './analysis/prefetch.js';

export type ScreenModule = { default: ComponentType };
export type Loader = () => Promise<ScreenModule>;

/** One route's screen, declared by its feature. */
export interface PageDeclaration {
  /** The route's own component (a layout with an <Outlet/> when the route has children). */
  readonly load?: Loader;
  /** The component shown at the route's own path when it has children. */
  readonly index?: Loader;
  /** The analysis calls of the page's first view, prefetched while its chunk loads (shared/analysis/prefetch.ts). */
  readonly firstView?: () => Promise<{ default: FirstView }>;
}

/** A feature's page.ts: its routes' declarations, by route NAME of @marketlens/shared's ROUTES. */
export type PageDeclarations = Readonly<Record<string, PageDeclaration>>;

/**
 * A feature's side-menu icons by route name, in its menuIcons.ts (not in page.ts: the declarations are
 * part of the shell, the icons only of the signed-in layout that draws the menu).
 */
export type MenuIcons = Readonly<Record<string, ComponentType>>;

/** What every route object carries (app/router.tsx sets it): the shared route definition. */
export interface RouteHandle {
  def: RouteDef;
}

/** The route definitions matched by the current address, outermost first. */
export function useMatchedDefs(): RouteDef[] {
  return useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.def)
    .filter((d): d is RouteDef => d !== undefined);
}

/** The innermost matched route definition (title, page id, name). */
export function useCurrentDef(): RouteDef | undefined {
  return useMatchedDefs().at(-1);
}
