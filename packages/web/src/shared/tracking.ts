import { createTrackId, formatEventTime, pageByPath, periodStart } from '@marketlens/shared';
import { decodeFilter, encodeFilter, toWire } from './analysis/filter.js';
import { observeCalls, type SettledCall } from './api/calls.js';
import { api } from './api/request.js';

const LAST_KEY = 'marketlens.lastTrackId';

/** `request_params` of a tracking event (docs/product.md §7): the page's filters, and its address where relevant. */
export interface TrackingParams {
  data: Record<string, unknown>;
  url?: string;
}

/**
 * The tracking params of an address: on an analysis page, the applied filter as the page sends it
 * (its wire fields, from the URL — the filter's source of truth) with every date as the first day of
 * its month (docs/product.md §7), and the in-app address. Other pages have no filters: `{ data: {} }`.
 * The default period (not in the URL, it follows the dataset's latest data) is left out, like in
 * the URL; only a chosen period is sent.
 *
 * `('/discover', '?t=2025-01-06,2025-03-03&c=101')` →
 * `{ data: { category: { enable: true, value: [101] }, date: ['2025-01-01', '2025-03-01'], selector: 'mom' },
 *   url: '/discover?t=2025-01-06,2025-03-03&c=101' }`
 */
export function pageTrackingParams(pathname: string, search: string): TrackingParams {
  if (!pageByPath(pathname)) return { data: {} };
  const filter = decodeFilter(new URLSearchParams(search));
  const month = (pair: readonly [string, string]) => pair.map((d) => periodStart(d, 'month'));
  const { date, dateBefore, ...fields } = toWire({ ...filter, date: filter.date ?? ['', ''] });
  const data: Record<string, unknown> = { ...fields };
  if (filter.date) data.date = month(date);
  if (dateBefore) data.dateBefore = month(dateBefore);
  return { data, url: pathname + search };
}

/** The part of an address tracking is about: the path and the filter's URL form (other params ignored). */
export function trackingKey(pathname: string, search: string): string {
  return pathname + encodeFilter(decodeFilter(new URLSearchParams(search)));
}

/** One tracking event (docs/api.md POST /api/logs/logs) as the page sends it. */
interface TrackingEvent {
  route: string;
  startedAt: number;
  endedAt: number;
  fullUrl: string;
  status: number;
  params: TrackingParams;
  type: 'route' | 'api' | 'download';
  method: string;
  credentials: string;
}

const TRACKING_PATHS = new Set(['/api/logs/logs', '/api/common/logs']);

/** Sends one event, chained after the previous one's track id so a visit can be followed step by step. */
function send(userId: number, e: TrackingEvent): Promise<void> {
  const offset = -new Date().getTimezoneOffset();
  const trackId = createTrackId(`${userId}|${e.type}|${e.route}|${Math.random()}`, Date.now());
  const last = sessionStorage.getItem(LAST_KEY) ?? '';
  sessionStorage.setItem(LAST_KEY, trackId);
  return api
    .post<{ track_id: string }>(
      '/api/logs/logs',
      {
        placement: 'web',
        route: e.route,
        track_id: trackId,
        last_track_id: last,
        event_start: formatEventTime(e.startedAt, offset),
        event_end: formatEventTime(e.endedAt, offset),
        full_url: e.fullUrl,
        response_status: e.status,
        request_params: e.params,
        type: e.type,
        method: e.method,
        credentials: e.credentials,
        tz_offset: offset,
      },
      { silent: true },
    )
    .then((r) => sessionStorage.setItem(LAST_KEY, r.track_id))
    .catch(() => undefined);
}

/**
 * docs/product.md §7 tracking call for a page view: which route, when it started and finished rendering, the
 * page's filters, and the previous event's track id so a visit can be followed page by page.
 * Failures are only logged.
 */
export function trackRoute(
  route: string,
  userId: number,
  startedAt: number,
  params: TrackingParams = { data: {} },
): Promise<void> {
  return send(userId, {
    route,
    startedAt,
    endedAt: Date.now(),
    fullUrl: window.location.href,
    status: 200,
    params,
    type: 'route',
    method: 'GET',
    credentials: 'same-origin',
  });
}

/**
 * The tracking event of a call (docs/api.md): its address, real status (0 = no answer), method, type
 * (`api` | `download`) and credentials mode, and as `request_params` its parameters with the filter's
 * dates as the first day of their month, and the page it was made from. Sign-in calls carry
 * passwords and codes: their parameters are never sent (the server drops secret fields anyway).
 */
export function callEvent(route: string, call: SettledCall, page: string): TrackingEvent {
  const data: Record<string, unknown> = call.path.startsWith('/api/auth/') ? {} : { ...call.params };
  const month = (v: unknown) =>
    Array.isArray(v) && v.length === 2 && v.every((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
      ? v.map((d: string) => periodStart(d, 'month'))
      : v;
  if ('date' in data) data.date = month(data.date);
  if ('dateBefore' in data) data.dateBefore = month(data.dateBefore);
  return {
    route,
    startedAt: call.startedAt,
    endedAt: call.endedAt,
    fullUrl: new URL(call.url, window.location.origin).href,
    status: call.status,
    params: { data, url: page },
    type: call.kind,
    method: call.method,
    credentials: call.credentials,
  };
}

/**
 * Tracks every call of the request layer for the signed-in user (API calls, downloads, failures),
 * one event at a time after the call settled, so tracking never competes with a page's own calls
 * for the connection. Not tracked: the tracking calls themselves and the token refresh. `page()`
 * names the page the call was made on (its route name and in-app address). Returns the unsubscribe.
 */
export function trackCalls(userId: number, page: () => { route: string; address: string }): () => void {
  let queue: Promise<void> = Promise.resolve();
  return observeCalls((call) => {
    if (TRACKING_PATHS.has(call.path) || call.path === '/api/auth/refresh') return;
    const { route, address } = page();
    const event = callEvent(route, call, address);
    queue = queue.then(() => send(userId, event));
  });
}
