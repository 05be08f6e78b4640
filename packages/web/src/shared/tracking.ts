import { createTrackId, formatEventTime } from '@marketlens/shared';
import { api } from './api/request.js';

const LAST_KEY = 'marketlens.lastTrackId';

/**
 * Spec §7 tracking call for a route change: which route, when it started and finished rendering,
 * and the previous event's track id so a visit can be followed page by page. Failures are only logged.
 */
export function trackRoute(route: string, userId: number, startedAt: number): Promise<void> {
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
        request_params: { data: {} },
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
