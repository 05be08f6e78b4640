import { Card, Skeleton } from 'antd';
import { type ComponentType, type JSX, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Its children once the placeholder comes within 200 px of the viewport, so a panel below the fold
 * (its chunk and its request) is not part of a page's first view (bench/web-budget.json). Without
 * IntersectionObserver (tests, old browsers) at once.
 */
export function WhenNear({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !host.current) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px 0px',
    });
    seen.observe(host.current);
    return () => seen.disconnect();
  }, [near]);
  return near ? children : <div ref={host}>{placeholder}</div>;
}

/**
 * A panel below the fold: its module (`load`, a lazy chunk) is fetched and it renders once it comes
 * near the viewport. Until then its space is kept empty; while its chunk loads, a card of `rows`
 * skeleton lines stands in.
 */
export function belowTheFold<P extends object>(load: () => Promise<ComponentType<P>>, rows: number): ComponentType<P> {
  const Panel = lazy(() => load().then((component) => ({ default: component })));
  const loading = (
    <Card size="small" variant="borderless">
      <Skeleton active paragraph={{ rows }} title />
    </Card>
  );
  // Not yet near is not loading: the space only, so nothing on the page says it is busy.
  const away = <div style={{ minHeight: 80 + rows * 32 }} />;
  return function BelowTheFold(props: P) {
    return (
      <WhenNear placeholder={away}>
        <Suspense fallback={loading}>
          <Panel {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </WhenNear>
    );
  };
}
