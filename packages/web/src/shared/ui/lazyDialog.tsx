import type { ModalProps } from 'antd';
import { type ComponentType, type JSX, lazy, Suspense, useState } from 'react';

/**
 * A dialog or drawer whose code (antd's Modal or Drawer, the form inside) is fetched when it first
 * opens, not with the page: a page's first view does not show it. Once opened it stays mounted, so
 * closing animates as before.
 */
export function lazyDialog<P extends { open?: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

/** antd's Modal, fetched when it first opens (its props are Modal's). */
export const LazyModal = lazyDialog<ModalProps>(() => import('antd/es/modal').then((m) => m.default));
