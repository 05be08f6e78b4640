/**
 * THE request layer (docs/product.md §7–§8). Every call of the web app goes through `request`, which applies
 * the wire rules and the error catalogue in one place:
 * - GET parameters in the query string, POST/PUT/DELETE parameters as a JSON body;
 * - `Authorization: Bearer <access token>`; on 401 the session is refreshed once and the call retried;
 * - `locale` normalised (en, EN, en-us, en_us → en_us, else zh_cn); auth calls add `randNum` and `app_key`;
 * - cancellable through an AbortSignal (TanStack Query passes one); cancelled calls are ignored;
 * - success only when the envelope says `ok: true`; failures become an {@link ApiError}, are handled
 *   (toasts, redirect to sign-in) and the promise is ALWAYS rejected afterwards.
 */
import { type ApiResponse, CODE_ACCOUNT_EXPIRED, CODE_ACCOUNT_NOT_VALID, normalizeLocale } from '@marketlens/shared';
import i18next from 'i18next';
import { reportCall } from './calls.js';
import { clearTokens, confirmHandover, isHandedOver, readTokens, saveTokens, withTabLock } from './tokens.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Params = Record<string, unknown>;

/** The app key the server knows this web app by (docs/security.md). */
export const APP_KEY = 'marketlens';

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** A call that may fail with 401 without ending the session (sign-in, password checks). */
  noAuth?: boolean;
  /** The caller shows failures itself: no toast, no redirect (only logged). */
  silent?: boolean;
  /**
   * A call whose failures the caller shows by docs/api.md rule of quiet.ts (favourites, the user and
   * potential config, the category tree): no toast here, but a failure that ends the session (401,
   * the expiry 409, code 10002) still ends it.
   */
  quiet?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The request layer already showed this failure (a toast or the sign-in redirect); callers need not repeat it. */
  shown = false;
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** What the app plugs in: how to show a toast and what to do when the session ends. */
export interface ApiHandlers {
  notify(kind: 'error' | 'info', title: string, description?: string, key?: string): void;
  sessionEnded(reason: 'unauthorized' | 'expired' | 'invalid'): void;
}

let handlers: ApiHandlers = {
  notify: (kind, title, description) => console[kind === 'error' ? 'error' : 'info'](title, description ?? ''),
  sessionEnded: () => undefined,
};

export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

/** docs/product.md §7: a debug flag when the page address contains "debug". */
export function debugMode(): boolean {
  return typeof window !== 'undefined' && window.location.href.includes('debug');
}

interface LoginResult {
  access_token: string;
  refresh_token: string;
}

function isAuthCall(path: string): boolean {
  return path.startsWith('/api/auth/');
}

/** The payload as sent: the caller's params plus locale (and debug), and randNum/app_key on auth calls. */
export function wirePayload(path: string, params: Params | undefined): Params {
  const payload: Params = { ...params, locale: normalizeLocale(i18next.language) };
  if (debugMode()) payload.debug = true;
  if (isAuthCall(path)) {
    payload.randNum = String(Math.floor(Math.random() * 1e10));
    payload.app_key = APP_KEY;
  }
  return payload;
}

/** A GET address: the path with the non-empty params as its query (arrays repeat the name). */
export function buildUrl(path: string, query: Params | undefined): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
    else url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function send<T>(method: Method, path: string, params: Params | undefined, opts: RequestOptions): Promise<T> {
  const payload = wirePayload(path, params);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readTokens()?.access;
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: opts.signal ?? null };
  let url = path;
  if (method === 'GET') url = buildUrl(path, payload);
  else {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    init.body = JSON.stringify(payload);
  }
  let res: Response;
  // Every answered or failed call is reported to the call observers (tracking, docs/api.md).
  const startedAt = Date.now();
  const credentials = init.credentials ?? 'same-origin';
  const settled = (status: number) =>
    reportCall({
      kind: 'api',
      method,
      url,
      path,
      params: payload,
      status,
      credentials,
      startedAt,
      endedAt: Date.now(),
    });
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (opts.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError')) {
      throw new ApiError(0, 'cancelled', 'cancelled', true);
    }
    settled(0);
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  settled(res.status);
  const body = (await res.json().catch(() => null)) as ApiResponse<T> | null;
  if (res.ok && body?.ok === true) {
    if (token) confirmHandover(token);
    return body.data;
  }
  const failure = body && body.ok === false ? body : null;
  throw new ApiError(res.status, failure?.code ?? res.status, failure?.msg ?? res.statusText);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for new tokens. Single flight inside the tab (concurrent callers
 * share one call) and across tabs (a lock, and a tab that finds the stored token already rotated by
 * another tab uses that instead of spending its stale copy).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const seen = readTokens()?.refresh;
  refreshing = withTabLock('marketlens.refresh', async () => {
    const current = readTokens();
    if (!current?.refresh) return false;
    if (current.refresh !== seen) return true;
    try {
      // In the body, never the address: query strings end up in access logs and proxies (docs/security.md).
      const r = await send<LoginResult>('POST', '/api/auth/refresh', { refresh_token: current.refresh }, {});
      saveTokens({ access: r.access_token, refresh: r.refresh_token });
      return true;
    } catch (err) {
      // A refused refresh token ends the session; a network blip keeps it for the next try.
      if (isApiError(err) && err.status >= 400 && err.status < 500) clearTokens();
      console.warn('[api] token refresh failed', err);
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const TITLE_KEYS = {
  401: 'errors.http.401',
  403: 'errors.http.403',
  404: 'errors.http.404',
  500: 'errors.http.500',
} as const;

/** A 401 that is not a no-auth call's: the session is over. */
function endSession(): void {
  clearTokens();
  handlers.sessionEnded('unauthorized');
}

/** docs/product.md §8: what the user sees for a failed call. */
function handleFailure(err: ApiError, path: string, opts: RequestOptions): void {
  if (err.cancelled) return;
  if (opts.silent) {
    console.warn(`[api] ${path}: ${err.status} ${err.code} ${err.message}`);
    return;
  }
  if (err.code === CODE_ACCOUNT_NOT_VALID) {
    handlers.notify('info', err.message || i18next.t('auth.accountNotValid'), undefined, 'account-not-valid');
    err.shown = true;
    clearTokens();
    handlers.sessionEnded('invalid');
    return;
  }
  // Only the expiry 409 ends the session: the server answers 409 for conflicts too (an application
  // already reviewed, a WeChat binding), which are shown like any other failure.
  if (err.status === 409 && err.code === CODE_ACCOUNT_EXPIRED) {
    err.shown = true;
    // docs/product.md §8: "account expired" after 50 ms, then sign-in.
    setTimeout(() => {
      handlers.notify('error', i18next.t('errors.accountExpired'), err.message, 'account-expired');
      clearTokens();
      handlers.sessionEnded('expired');
    }, 50);
    return;
  }
  if (opts.quiet) {
    console.warn(`[api] ${path}: ${err.status} ${err.code} ${err.message}`);
    if (err.status === 401 && !opts.noAuth) endSession();
    return;
  }
  if (err.status === 401 || err.status === 403 || err.status === 404 || err.status === 500) {
    handlers.notify('error', i18next.t(TITLE_KEYS[err.status]), err.message, `http-${err.status}`);
    err.shown = true;
    if (err.status === 401 && !opts.noAuth) endSession();
    return;
  }
  // Everything else (400 form errors, a conflict 409, 429, network) is the caller's to show; only logged here.
  console.warn(`[api] ${path}: ${err.status} ${err.code} ${err.message}`);
}

export async function request<T>(method: Method, path: string, params?: Params, opts: RequestOptions = {}): Promise<T> {
  // docs/product.md §8: a failure with tokens handed over in the address (an iframe's tk/rtk) that the server has
  // not yet accepted is only logged; the session still ends, so the sign-in page follows.
  const handover = isHandedOver(readTokens()?.access);
  try {
    try {
      return await send<T>(method, path, params, opts);
    } catch (err) {
      // An expired access token: refresh once (shared with concurrent calls) and retry.
      const retriable =
        isApiError(err) &&
        err.status === 401 &&
        err.code !== CODE_ACCOUNT_NOT_VALID &&
        !opts.noAuth &&
        path !== '/api/auth/refresh';
      if (retriable && readTokens()?.refresh && (await refreshSession())) {
        return await send<T>(method, path, params, opts);
      }
      throw err;
    }
  } catch (err) {
    const apiErr = isApiError(err) ? err : new ApiError(0, 'client', err instanceof Error ? err.message : String(err));
    handleFailure(apiErr, path, handover ? { ...opts, quiet: true } : opts);
    throw apiErr;
  }
}

export const api = {
  get: <T>(path: string, params?: Params, opts?: RequestOptions) => request<T>('GET', path, params, opts),
  post: <T>(path: string, params?: Params, opts?: RequestOptions) => request<T>('POST', path, params, opts),
  put: <T>(path: string, params?: Params, opts?: RequestOptions) => request<T>('PUT', path, params, opts),
  del: <T>(path: string, params?: Params, opts?: RequestOptions) => request<T>('DELETE', path, params, opts),
};
