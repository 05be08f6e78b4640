import { Card, Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

// The panel's tables and chart code are their own chunk: it sits below the fold on every page.
const Panel = lazy(() => import('./MovementPanel.js').then((m) => ({ default: m.MovementPanel })));

/** "What moved it" ({@link import('./MovementPanel.js').MovementPanel}), loaded when it first renders. */
export function MovementPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense
      fallback={
        <Card size="small" variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} title />
        </Card>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}

export { MOVEMENT_VIEWS, type MovementView } from './views.js';
