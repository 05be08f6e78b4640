import type { RouteDef } from '@marketlens/shared';
import { useMatches } from 'react-router';

/** What every route object carries (router.tsx sets it): the shared route definition. */
export interface RouteHandle {
  def: RouteDef;
}

/**
 * The route definitions matched by the current address, outermost first. These hooks live apart from
 * router.tsx: the router imports every screen, so a screen importing the router closed an import circle.
 */
export function useMatchedDefs(): RouteDef[] {
  return useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.def)
    .filter((d): d is RouteDef => d !== undefined);
}

/** The innermost matched route definition (title, page id). */
export function useCurrentDef(): RouteDef | undefined {
  return useMatchedDefs().at(-1);
}
