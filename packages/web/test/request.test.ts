import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_KEY,
  type ApiHandlers,
  api,
  isApiError,
  refreshSession,
  setApiHandlers,
} from '../src/shared/api/request.js';
import { readTokens, saveTokens } from '../src/shared/api/tokens.js';
import { initI18n, setLocale } from '../src/shared/i18n/index.js';

const server = setupServer();
const seen: Request[] = [];
const bodies: unknown[] = [];
let handlers: { notify: ReturnType<typeof vi.fn>; sessionEnded: ReturnType<typeof vi.fn> };

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
  await initI18n('zh-CN');
});
beforeEach(async () => {
  seen.length = 0;
  bodies.length = 0;
  handlers = { notify: vi.fn(), sessionEnded: vi.fn() };
  setApiHandlers(handlers as unknown as ApiHandlers);
  await setLocale('zh-CN');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ok = (data: unknown) => HttpResponse.json({ ok: true, data });
/** A handler that keeps the JSON body it received. */
const record = async ({ request }: { request: Request }) => {
  bodies.push(await request.json());
  return ok({});
};
const fail = (status: number, code: number | string, msg: string) =>
  HttpResponse.json({ ok: false, code, msg }, { status });

describe('request layer (docs/product.md §7)', () => {
  it('GET sends params as the query, with the normalised locale and the bearer token', async () => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(http.get('*/api/common/users', () => ok({ items: [] })));
    await setLocale('en');
    await api.get('/api/common/users', { page: 2, search: 'x', role: ['a', 'b'], empty: undefined });
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('search')).toBe('x');
    expect(url.searchParams.getAll('role')).toEqual(['a', 'b']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.get('locale')).toBe('en_us');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer AT');
  });

  it('DELETE, POST and PUT send a JSON body (DELETE params in the body), zh_cn by default', async () => {
    for (const method of ['delete', 'post', 'put'] as const) {
      server.use(http[method]('*/api/common/things/1', record));
    }
    await api.del('/api/common/things/1', { names: ['a'] });
    await api.post('/api/common/things/1', { n: 1 });
    await api.put('/api/common/things/1', { n: 2 });
    expect(bodies).toEqual([
      { names: ['a'], locale: 'zh_cn' },
      { n: 1, locale: 'zh_cn' },
      { n: 2, locale: 'zh_cn' },
    ]);
    expect(new URL(seen[0]!.url).search).toBe('');
    expect(seen[1]!.headers.get('content-type')).toContain('application/json');
  });

  it('a page address containing "debug" adds debug: true to the body and the query, never a header', async () => {
    server.use(
      http.post('*/api/common/x', record),
      http.get('*/api/common/y', () => ok({})),
    );
    window.history.replaceState(null, '', '/accounts?debug');
    try {
      await api.post('/api/common/x', { n: 1 });
      await api.get('/api/common/y');
    } finally {
      window.history.replaceState(null, '', '/');
    }
    await api.post('/api/common/x', { n: 2 });
    expect(bodies).toEqual([
      { n: 1, locale: 'zh_cn', debug: true },
      { n: 2, locale: 'zh_cn' },
    ]);
    expect(new URL(seen[1]!.url).searchParams.get('debug')).toBe('true');
    expect(seen.some((r) => r.headers.has('x-debug'))).toBe(false);
  });

  it('auth calls add randNum and app_key; other calls do not', async () => {
    server.use(http.post('*/api/auth/login', record), http.post('*/api/common/x', record));
    await api.post('/api/auth/login', { username: 'u', password: 'p' });
    await api.post('/api/common/x', {});
    expect(bodies[0]).toMatchObject({ username: 'u', app_key: APP_KEY, randNum: expect.stringMatching(/^\d+$/) });
    expect(bodies[1]).toEqual({ locale: 'zh_cn' });
  });

  it('succeeds only when the envelope says ok, even on HTTP 200', async () => {
    server.use(http.get('*/api/common/odd', () => HttpResponse.json({ ok: false, code: 'x', msg: 'nope' })));
    const err = await api.get('/api/common/odd').catch((e: unknown) => e);
    expect(isApiError(err) && err.message).toBe('nope');
  });

  it.each([403, 404, 500])('%i → a closable error toast with the server message, no sign-out', async (status) => {
    server.use(http.get('*/api/common/fail', () => fail(status, status, `server says ${status}`)));
    await expect(api.get('/api/common/fail')).rejects.toMatchObject({ status });
    expect(handlers.notify).toHaveBeenCalledWith(
      'error',
      expect.any(String),
      `server says ${status}`,
      `http-${status}`,
    );
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });

  it('401 → toast, tokens cleared and sign-in; unless the call is flagged no-auth', async () => {
    saveTokens({ access: 'AT', refresh: '' });
    server.use(http.get('*/api/common/me', () => fail(401, 401, 'sign in again')));
    await expect(api.get('/api/common/me')).rejects.toMatchObject({ status: 401 });
    expect(handlers.sessionEnded).toHaveBeenCalledWith('unauthorized');
    expect(readTokens()).toBeNull();
    handlers.sessionEnded.mockClear();
    await expect(api.get('/api/common/me', undefined, { noAuth: true })).rejects.toMatchObject({ status: 401 });
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });

  it('409 → "account expired" after 50 ms, then sign-in', async () => {
    vi.useFakeTimers();
    try {
      saveTokens({ access: 'AT', refresh: 'RT' });
      server.use(http.get('*/api/common/me', () => fail(409, 'account_expired', 'expired')));
      await expect(api.get('/api/common/me')).rejects.toMatchObject({ status: 409 });
      expect(handlers.notify).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(50);
      expect(handlers.notify).toHaveBeenCalledWith('error', '账号已过期，请重新登录', 'expired', 'account-expired');
      expect(handlers.sessionEnded).toHaveBeenCalledWith('expired');
      expect(readTokens()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('code 10002 → an info message (not an error toast) and sign-in', async () => {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(http.get('*/api/common/me', () => fail(401, 10002, '账号无效')));
    await expect(api.get('/api/common/me')).rejects.toMatchObject({ code: 10002 });
    expect(handlers.notify).toHaveBeenCalledWith('info', '账号无效', undefined, 'account-not-valid');
    expect(handlers.sessionEnded).toHaveBeenCalledWith('invalid');
  });

  it('other failures (400, 429) are only logged; cancelled requests are ignored', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/common/form', () => fail(400, 400, 'bad field')),
      http.get('*/api/common/slow', async () => {
        await new Promise((r) => setTimeout(r, 200));
        return ok({});
      }),
    );
    await expect(api.post('/api/common/form', {})).rejects.toMatchObject({ status: 400, message: 'bad field' });
    const controller = new AbortController();
    const pending = api.get('/api/common/slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ cancelled: true });
    expect(handlers.notify).not.toHaveBeenCalled();
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('an expired access token is refreshed once for concurrent calls, then the calls are retried', async () => {
    saveTokens({ access: 'OLD', refresh: 'R1' });
    let refreshes = 0;
    server.use(
      http.get('*/api/common/data', ({ request }) =>
        request.headers.get('authorization') === 'Bearer NEW' ? ok({ fine: true }) : fail(401, 401, 'expired token'),
      ),
      http.post('*/api/auth/refresh', async ({ request }) => {
        refreshes++;
        // The refresh token travels in the body, never in the address (which gets logged).
        expect(new URL(request.url).search).toBe('');
        expect(((await request.json()) as { refresh_token: string }).refresh_token).toBe('R1');
        await new Promise((r) => setTimeout(r, 20));
        return ok({ access_token: 'NEW', refresh_token: 'R2' });
      }),
    );
    const results = await Promise.all([
      api.get('/api/common/data'),
      api.get('/api/common/data'),
      api.get('/api/common/data'),
    ]);
    expect(results).toEqual([{ fine: true }, { fine: true }, { fine: true }]);
    expect(refreshes).toBe(1);
    expect(readTokens()).toEqual({ access: 'NEW', refresh: 'R2' });
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });

  it('waits for the cross-tab lock and does not spend a refresh token another tab already rotated', async () => {
    saveTokens({ access: 'A1', refresh: 'R1' });
    let refreshes = 0;
    server.use(
      http.post('*/api/auth/refresh', () => {
        refreshes++;
        return ok({ access_token: 'A2', refresh_token: 'R2' });
      }),
    );
    // Another tab holds the refresh lock, rotates the tokens, then releases it.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const locks = { request: (_: string, fn: () => Promise<unknown>) => held.then(fn) };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const mine = refreshSession();
      saveTokens({ access: 'B', refresh: 'RB' });
      release();
      expect(await mine).toBe(true);
      expect(refreshes).toBe(0);
      expect(readTokens()).toEqual({ access: 'B', refresh: 'RB' });
    } finally {
      Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    }
  });

  it('a refused refresh ends the session', async () => {
    saveTokens({ access: 'A', refresh: 'R' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.post('*/api/auth/refresh', () => fail(401, 401, 'session ended')));
    expect(await refreshSession()).toBe(false);
    expect(readTokens()).toBeNull();
  });
});
