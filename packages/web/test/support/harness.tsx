import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { saveTokens } from '../../src/shared/api/tokens.js';
import { SessionProvider } from '../../src/shared/auth/session.js';
import type { SessionUser } from '../../src/shared/auth/types.js';
import { initI18n } from '../../src/shared/i18n/index.js';
import type { Locale } from '../../src/shared/i18n/locales.js';
import { FeedbackProvider } from '../../src/shared/ui/feedback.js';

/**
 * What every screen test needs, once: the app's providers around a screen on a memory data router,
 * and an MSW server that records each request. The admin and analysis harnesses build on this.
 */

/** The MSW server of a test file (started by `setUpApiTests`); each test adds handlers with `server.use`. */
export const server = setupServer();
/** An API answer: `{ ok: true, data }`. */
export const ok = (data: unknown) => HttpResponse.json({ ok: true, data });
/** An API error answer with the HTTP status; `code` is the status unless the API names one (e.g. 'brand.noAccess'). */
export const fail = (status: number, msg: string, code: string | number = status) =>
  HttpResponse.json({ ok: false, code, msg }, { status });
/** A plain fetch `Response` with a JSON body, for tests that stub `fetch` instead of using MSW. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface Call {
  /** "METHOD /path" */
  call: string;
  method: string;
  path: string;
  url: string;
  query: URLSearchParams;
  /** The parsed JSON body; undefined for a GET or an empty body. */
  body: Record<string, unknown> | undefined;
}

/** Every request the screen made in the current test, oldest first. */
export const calls: Call[] = [];

/** A user as `/api/auth/user` returns it: active, unbound, without projects unless `over` gives them. */
export function userOf(id: number, username: string, role: string, over: Partial<SessionUser> = {}): SessionUser {
  return {
    id,
    username,
    email: `${username}@example.com`,
    role,
    enterprise: 'Example Co.',
    group: '',
    telephone: '13800000000',
    status: 'active',
    locked: false,
    expired: false,
    valid_from: null,
    valid_to: null,
    wechat_state: 'unbound',
    must_change_password: false,
    last_login_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    projects: [],
    ...over,
  } as SessionUser;
}

/** jsdom has no ResizeObserver; antd's popups, tables and selects observe their content. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/**
 * Registers the file's hooks: MSW started (an unhandled request is an error) and recording into
 * `calls`, i18n in `locale`, ResizeObserver stubbed; handlers and `calls` reset around each test.
 */
export function setUpApiTests(locale: Locale) {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      const path = url.pathname;
      calls.push({
        call: `${request.method} ${path}`,
        method: request.method,
        path,
        url: request.url,
        query: url.searchParams,
        body,
      });
    });
    await initI18n(locale);
    stubResizeObserver();
  });
  // Cleared before each test too: a request still on its way from the previous test's screen lands in no test.
  beforeEach(() => {
    calls.length = 0;
  });
  afterEach(() => {
    server.resetHandlers();
    calls.length = 0;
  });
  afterAll(() => server.close());
}

/**
 * Registers the hooks of tests that stub `fetch` (with `vi.stubGlobal`) instead of using MSW: i18n in
 * `locale`, ResizeObserver stubbed, and the stubbed globals restored after each test.
 */
export function setUpFetchStubTests(locale: Locale) {
  beforeAll(async () => {
    await initI18n(locale);
    stubResizeObserver();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** A query client as the screen tests use it: no retries. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Renders `ui` in the app's data and feedback providers (no session, no router); `client`: one already used (a prefetch). */
export function renderInProviders(ui: ReactNode, client = testQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>{ui}</FeedbackProvider>
    </QueryClientProvider>,
  );
}

/** Renders `routes` at `url` in the app's providers with a session (tokens stored); returns the router. */
export function renderRoutes(routes: { path: string; element: ReactNode }[], url: string, client?: QueryClient) {
  saveTokens({ access: 'AT', refresh: 'RT' });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderInProviders(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
    client,
  );
  return router;
}

/** Renders `element` at `url` (it answers every path), signed in; returns the router to read or move the location. */
export function renderAt(element: ReactNode, url: string, client?: QueryClient) {
  return renderRoutes([{ path: '*', element }], url, client);
}
