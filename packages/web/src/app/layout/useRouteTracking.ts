import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageTrackingParams, trackCalls, trackingKey, trackRoute } from '../../shared/tracking.js';

/**
 * One tracking call per page view, once the new route has rendered: a route change, or a new applied
 * filter on an analysis page (its URL form changed), with the page's filters (shared/tracking.ts);
 * and one per API call and download while a user is signed in (trackCalls).
 */
export function useRouteTracking(userId: number | undefined, route: string | undefined) {
  const { pathname, search } = useLocation();
  const started = useRef(Date.now());
  // Keyed by path too: /projects/1/info → /projects/2/info is a new page view of the same route.
  const key = trackingKey(pathname, search);
  const address = useRef({ pathname, search });
  address.current = { pathname, search };
  const currentRoute = useRef(route);
  currentRoute.current = route;
  useEffect(() => {
    if (userId === undefined) return;
    return trackCalls(userId, () => ({
      route: currentRoute.current ?? '',
      address: address.current.pathname + address.current.search,
    }));
  }, [userId]);
  useEffect(() => {
    if (userId === undefined || !route || !key) return;
    const { pathname: path, search: query } = address.current;
    void trackRoute(route, userId, started.current, pageTrackingParams(path, query));
    started.current = Date.now();
  }, [key, route, userId]);
}
