import { pageByPath, ROUTES, type RouteDef } from '@marketlens/shared';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../shared/route.js';
import { lazyScreen } from './chunks.js';
import { RootFrame } from './RootFrame.js';
import { RouteError } from './RouteError.js';
import { Splash } from './Splash.js';
import { SCREENS, type Screen } from './screens.js';

function screenOf(def: RouteDef) {
  const screen = SCREENS[def.name];
  if (!screen) throw new Error(`no screen for route ${def.name}`);
  return screen;
}

/**
 * Starts a screen's first-view calls (not waiting for them: the page renders when its chunk is in).
 * The prefetch code is a chunk of its own, so the shell does not carry the analysis frame's modules.
 */
function prefetchScreen(client: QueryClient, screen: Screen, search: string) {
  if (!screen.firstView) return;
  void Promise.all([screen.firstView(), import('../shared/analysis/prefetch.js')])
    .then(([m, { prefetchFirstView }]) => prefetchFirstView(client, m.default, search, i18next.language))
    .catch(() => undefined);
}

let warmed = false;
/**
 * Fetches the first-view declarations and the prefetch code of every page (a few KB), once, when an
 * analysis page is shown: a later in-app navigation then starts its page's calls at the click instead
 * of after these chunks, which the page's own chunk would otherwise overtake in rendering.
 */
function warmFirstViews() {
  if (warmed) return;
  warmed = true;
  const warm = () => {
    void import('../shared/analysis/prefetch.js').catch(() => undefined);
    for (const screen of Object.values(SCREENS)) void screen.firstView?.().catch(() => undefined);
  };
  // After the page's own work: when the browser is idle (or in a second where it cannot tell).
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 3000 });
  else setTimeout(warm, 1000);
}

/**
 * One shared route definition → React Router route objects (index, redirect and children included).
 * With `client`, an analysis page gets a loader that starts its first-view calls while its chunk
 * downloads (in-app navigation) and warms the other pages' (warmFirstViews); it returns at once, so
 * nothing waits for it.
 */
export function toRouteObject(def: RouteDef, client?: QueryClient): RouteObject {
  const screen = screenOf(def);
  const handle: RouteHandle = { def };
  const children: RouteObject[] = [];
  if (screen.index) children.push({ index: true, lazy: lazyScreen(screen.index) });
  if (def.redirect) children.push({ index: true, element: <Navigate to={def.redirect} replace /> });
  for (const child of def.children ?? []) {
    // A child with an empty path is the parent's own page (the accounts list).
    if (child.path === '')
      children.push({ index: true, handle: { def: child }, lazy: lazyScreen(screenOf(child).load!) });
    else children.push(toRouteObject(child, client));
  }
  return {
    path: def.path,
    handle,
    ...(client && (screen.firstView || pageByPath(def.path))
      ? {
          loader: ({ request }: { request: Request }) => {
            prefetchScreen(client, screen, new URL(request.url).search);
            warmFirstViews();
            return null;
          },
          // Only when the page is entered: a switch or filter changed on the page is the panels' own request.
          shouldRevalidate: () => false,
        }
      : {}),
    ...(screen.load ? { lazy: lazyScreen(screen.load) } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Public routes stand alone; every other route renders inside the signed-in layout. */
export function routeObjects(client?: QueryClient): RouteObject[] {
  const open = ROUTES.filter((r) => r.public).map((r) => toRouteObject(r, client));
  const signedIn = ROUTES.filter((r) => !r.public).map((r) => toRouteObject(r, client));
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Splash />,
      children: [
        ...open,
        // The signed-in layout is a chunk of its own: the sign-in page does not load the menu and header.
        {
          lazy: lazyScreen(() => import('./layout/AppLayout.js')),
          errorElement: <RouteError />,
          children: signedIn,
        },
        // docs/product.md §2: any other path goes to the index.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/**
 * Starts downloading the chunks of the screens the address shows (the layout and the page), so they
 * arrive while the language's strings load instead of after (main.tsx). The router's own `lazy` then
 * finds the modules already fetched.
 */
export function preloadScreens(path = window.location.pathname) {
  for (const { route } of matchRoutes(routeObjects(), path) ?? []) {
    const preload = (route.lazy as { preload?: () => Promise<unknown> } | undefined)?.preload;
    void preload?.().catch(() => undefined);
  }
}

/**
 * Starts the first-view calls of the screens the address shows (main.tsx, on a full load: they go out
 * as soon as the session and the period range are known, before React's first render).
 */
export function prefetchScreens(client: QueryClient, { pathname, search } = window.location) {
  if (pageByPath(pathname)) warmFirstViews();
  for (const { route } of matchRoutes(routeObjects(), pathname) ?? []) {
    const def = (route.handle as RouteHandle | undefined)?.def;
    const screen = def ? SCREENS[def.name] : undefined;
    if (screen) prefetchScreen(client, screen, search);
  }
}

export function createAppRouter(client?: QueryClient) {
  return createBrowserRouter(routeObjects(client));
}
