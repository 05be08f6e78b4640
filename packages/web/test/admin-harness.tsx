import { http } from 'msw';
import type { ReactNode } from 'react';
import { useSession } from '../src/shared/auth/session.js';
import type { SessionUser } from '../src/shared/auth/types.js';
import { ok, renderRoutes, server, setUpApiTests } from './support/harness.js';

/**
 * The administration screens (accounts, project settings) in the app's providers against MSW: signed
 * in as a given user, each screen rendered once the session is there, as behind the app's guard. The
 * providers, the server and the request log are in ./support/harness.tsx, re-exported here.
 */
export { calls, fail, ok, server, userOf } from './support/harness.js';

/** The first look at a screen: the lazy antd pieces load on a cold start (and the machine is shared). */
export const FIRST = { timeout: 15_000 };

/** The file's hooks (MSW, i18n, ResizeObserver); the longer waits for slow antd renders are in setup.ts. */
export function setUpAdminTests() {
  setUpApiTests('en');
}

function SignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

/** Renders `routes` (paths with their screens) at `url`, signed in as `user`; returns the router. */
export function renderAdmin(routes: { path: string; element: ReactNode }[], url: string, user: SessionUser) {
  server.use(http.get('*/api/auth/user', () => ok({ user })));
  return renderRoutes(
    routes.map((r) => ({ path: r.path, element: <SignedIn>{r.element}</SignedIn> })),
    url,
  );
}
