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

const PROJECT = {
  id: 1,
  name: 'Demo',
  owner_id: null as number | null,
  owner: null as string | null,
  data_scope: 'demo',
  currency_unit: 'CNY',
  cur_symbol: '¥',
  date_field: 'month',
  has_series: false,
  series_name: '',
  series_name_en: '',
  hide_keywords: false,
  discount_price: false,
  limit_brands: false,
  limit_shops: false,
  pages: [1, 2, 3],
  status: 'in_service',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A project as GET /api/common/projects(/:id) answers it, with what a test changes. */
export function projectOf(over: Partial<typeof PROJECT> = {}): typeof PROJECT {
  return { ...PROJECT, ...over };
}

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
