import { ROUTES, type RouteDef } from '@marketlens/shared';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from './chunks.js';
import { RootFrame } from './RootFrame.js';
import { RouteError } from './RouteError.js';
import type { RouteHandle } from './routeHooks.js';
import { Splash } from './Splash.js';
import { SCREENS } from './screens.js';

function screenOf(def: RouteDef) {
  const screen = SCREENS[def.name];
  if (!screen) throw new Error(`no screen for route ${def.name}`);
  return screen;
}

/** One shared route definition → React Router route objects (index, redirect and children included). */
export function toRouteObject(def: RouteDef): RouteObject {
  const screen = screenOf(def);
  const handle: RouteHandle = { def };
  const children: RouteObject[] = [];
  if (screen.index) children.push({ index: true, lazy: lazyScreen(screen.index) });
  if (def.redirect) children.push({ index: true, element: <Navigate to={def.redirect} replace /> });
  for (const child of def.children ?? []) {
    // A child with an empty path is the parent's own page (the accounts list).
    if (child.path === '')
      children.push({ index: true, handle: { def: child }, lazy: lazyScreen(screenOf(child).load!) });
    else children.push(toRouteObject(child));
  }
  return {
    path: def.path,
    handle,
    ...(screen.load ? { lazy: lazyScreen(screen.load) } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Public routes stand alone; every other route renders inside the signed-in layout. */
export function routeObjects(): RouteObject[] {
  const open = ROUTES.filter((r) => r.public).map(toRouteObject);
  const signedIn = ROUTES.filter((r) => !r.public).map(toRouteObject);
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
        // Spec §2: any other path goes to the index.
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

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
