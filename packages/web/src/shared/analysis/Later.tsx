import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { CHART_DRAWN_MARK } from './chartProps.js';

/** The longest a panel below the fold waits for the page's first chart. */
export const LATER_MAX_MS = 600;

/**
 * Panels below the fold, rendered once the page's first chart has been drawn, when scrolled near, or
 * after LATER_MAX_MS, whichever comes first. On a first visit React and Ant Design's style engine
 * render the whole page on the main thread before the first chart can draw; the panels a user does
 * not see yet wait their turn (bench/results/2026-11-28/web.md). A page with a first-view prefetch
 * (/discover) has their data on the way meanwhile; elsewhere their requests start when they render.
 */
export function Later({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [ready, setReady] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) return;
    const go = () => startTransition(() => setReady(true));
    const timer = setTimeout(go, LATER_MAX_MS);
    const drawn =
      typeof PerformanceObserver === 'undefined'
        ? null
        : new PerformanceObserver((list) => {
            if (list.getEntriesByName(CHART_DRAWN_MARK).length > 0) go();
          });
    drawn?.observe({ type: 'mark' });
    const near =
      typeof IntersectionObserver === 'undefined' || !host.current
        ? null
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
            rootMargin: '200px',
          });
    if (host.current) near?.observe(host.current);
    return () => {
      clearTimeout(timer);
      drawn?.disconnect();
      near?.disconnect();
    };
  }, [ready]);
  return ready ? children : <div ref={host} style={{ minHeight }} aria-busy="true" />;
}
