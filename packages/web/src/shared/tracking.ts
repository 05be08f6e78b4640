import { createTrackId, formatEventTime, pageByPath, periodStart } from '@marketlens/shared';
import { decodeFilter, encodeFilter, toWire } from './analysis/filter.js';
import { api } from './api/request.js';

const LAST_KEY = 'marketlens.lastTrackId';

/** `request_params` of a tracking event (spec §7): the page's filters, and its address where relevant. */
export interface TrackingParams {
  data: Record<string, unknown>;
  url?: string;
}

/**
 * The tracking params of an address: on an analysis page, the applied filter as the page sends it
 * (its wire fields, from the URL — the filter's source of truth) with every date as the first day of
 * its month (spec §7), and the in-app address. Other pages have no filters: `{ data: {} }`.
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

/**
 * Spec §7 tracking call for a page view: which route, when it started and finished rendering, the
 * page's filters, and the previous event's track id so a visit can be followed page by page.
 * Failures are only logged.
 */
export function trackRoute(
  route: string,
  userId: number,
  startedAt: number,
  params: TrackingParams = { data: {} },
): Promise<void> {
  const offset = -new Date().getTimezoneOffset();
  const trackId = createTrackId(`${userId}|${route}|${Math.random()}`, Date.now());
  const last = sessionStorage.getItem(LAST_KEY) ?? '';
  sessionStorage.setItem(LAST_KEY, trackId);
  return api
    .post<{ track_id: string }>(
      '/api/logs/logs',
      {
        placement: 'web',
        route,
        track_id: trackId,
        last_track_id: last,
        event_start: formatEventTime(startedAt, offset),
        event_end: formatEventTime(Date.now(), offset),
        full_url: window.location.href,
        response_status: 200,
        request_params: params,
        type: 'route',
        method: 'GET',
        credentials: 'same-origin',
        tz_offset: offset,
      },
      { silent: true },
    )
    .then((r) => sessionStorage.setItem(LAST_KEY, r.track_id))
    .catch(() => undefined);
}
