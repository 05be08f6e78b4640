/**
 * The session tokens (docs/product.md §4): kept in local storage, shared by every tab of the app. Other tabs
 * learn about a sign-in, a refresh or a sign-out through the `storage` event, so one tab signing
 * out signs out all of them.
 */

const ACCESS = 'marketlens.tk';
const REFRESH = 'marketlens.rtk';
const REFRESHED_AT = 'marketlens.refreshedAt';

export interface Tokens {
  access: string;
  refresh: string;
}

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

export function readTokens(): Tokens | null {
  const access = localStorage.getItem(ACCESS);
  if (!access) return null;
  return { access, refresh: localStorage.getItem(REFRESH) ?? '' };
}

function emit(): void {
  const tokens = readTokens();
  for (const l of listeners) l(tokens);
}

export function saveTokens(tokens: Tokens): void {
  localStorage.setItem(ACCESS, tokens.access);
  localStorage.setItem(REFRESH, tokens.refresh);
  localStorage.setItem(REFRESHED_AT, String(Date.now()));
  emit();
}

export function clearTokens(): void {
  const had = localStorage.getItem(ACCESS) !== null;
  localStorage.removeItem(ACCESS);
  localStorage.removeItem(REFRESH);
  localStorage.removeItem(REFRESHED_AT);
  if (had) emit();
}

/** When any tab last stored fresh tokens (epoch ms, 0 when never). */
export function lastRefreshedAt(): number {
  return Number(localStorage.getItem(REFRESHED_AT) ?? 0) || 0;
}

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === ACCESS || e.key === REFRESH) emit();
  });
}

/** The access token handed over in the address until the server first accepts it (docs/api.md). */
let handedOver: string | null = null;

/** Whether `access` is a token handed over in the address that no call has succeeded with yet. */
export function isHandedOver(access: string | undefined): boolean {
  return handedOver !== null && access === handedOver;
}

/** A call with `access` succeeded: a handed-over token is an ordinary one from now on. */
export function confirmHandover(access: string): void {
  if (access === handedOver) handedOver = null;
}

/**
 * Tokens handed over in the address (`tk`, `rtk`, e.g. from the parent portal) are stored and
 * removed from the address bar at once, before anything else can read, log or share the URL.
 * Returns whether tokens were found.
 */
export function takeTokensFromUrl(): boolean {
  const url = new URL(window.location.href);
  const access = url.searchParams.get('tk');
  const refresh = url.searchParams.get('rtk');
  if (access === null && refresh === null) return false;
  url.searchParams.delete('tk');
  url.searchParams.delete('rtk');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (!access) return false;
  handedOver = access;
  saveTokens({ access, refresh: refresh ?? '' });
  return true;
}

/**
 * Runs fn while holding a lock shared by every tab (Web Locks API), so two tabs never spend the same
 * rotating refresh token — the server would treat the second use as theft and end the session.
 * Without Web Locks (old browsers, jsdom) fn runs directly; the in-tab single flight still holds.
 */
export function withTabLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request(name, fn) as Promise<T>;
}
