import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 30 s: on 2 cores shared with other projects' tests, an antd render
// can take seconds; an element that never comes still fails the test.
configure({ asyncUtilTimeout: 30_000 });

// A pure test file may run in node (`// @vitest-environment node`): nothing below applies there.
const browser = typeof window !== 'undefined';

// jsdom lacks matchMedia, which Ant Design's responsive components read.
if (browser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which antd's popups (an open date picker) observe with; jsdom lays
// nothing out, so there is never a size to report.
if (browser && typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

afterEach(() => {
  if (!browser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
