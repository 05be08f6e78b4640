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

afterEach(() => {
  if (!browser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
