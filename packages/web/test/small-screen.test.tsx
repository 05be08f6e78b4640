/**
 * The docs/web.md small-screen notice and the leniency of ADR 0015: on a phone or in a
 * mini-program the read-only analysis pages may be viewed anyway; a narrow desktop window and the
 * administration screens keep the notice.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isHandheld, isMiniProgram, maySkipSmallScreen } from '../src/app/leniency.js';
import { RootFrame } from '../src/app/RootFrame.js';
import { initI18n, setLocale } from '../src/shared/i18n/index.js';
import { renderInProviders, stubResizeObserver } from './support/harness.js';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const WECHAT_MINI_PROGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN miniProgram/wx1234567890';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

const realAgent = navigator.userAgent;
const setAgent = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
const setWidth = (px: number) => Object.defineProperty(window, 'innerWidth', { value: px, configurable: true });

beforeAll(async () => {
  await initI18n('en');
  stubResizeObserver();
  // The deploy watch asks the server for the page; nothing answers in jsdom.
  globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch;
});
afterEach(() => {
  setAgent(realAgent);
  setWidth(1024);
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootFrame />, children: [{ path: '*', element: <p>the page</p> }] }],
    { initialEntries: [path] },
  );
  renderInProviders(<RouterProvider router={router} />);
  return router;
}

describe('contexts', () => {
  it('knows a mini-program by its user agent or the WeChat bridge, and a phone by its user agent', () => {
    expect(isMiniProgram({ userAgent: WECHAT_MINI_PROGRAM })).toBe(true);
    expect(isMiniProgram({ userAgent: DESKTOP, wxEnvironment: 'miniprogram' })).toBe(true);
    expect(isMiniProgram({ userAgent: ANDROID })).toBe(false);
    expect(isHandheld({ userAgent: ANDROID })).toBe(true);
    expect(isHandheld({ userAgent: DESKTOP, mobileHint: true })).toBe(true);
    expect(isHandheld({ userAgent: DESKTOP })).toBe(false);
  });

  it('lets the notice go on the analysis pages only', () => {
    const phone = { userAgent: ANDROID };
    for (const path of ['/hot', '/explore', '/potential', '/discover', '/brand', '/analysis', '/contrast', '/shop'])
      expect(maySkipSmallScreen(path, phone), path).toBe(true);
    for (const path of ['/accounts', '/projects', '/price/payment', '/personal-center', '/login'])
      expect(maySkipSmallScreen(path, phone), path).toBe(false);
    expect(maySkipSmallScreen('/hot', { userAgent: DESKTOP })).toBe(false);
  });
});

describe('small-screen notice', () => {
  it.each([
    ['en', 'Continue anyway'],
    ['zh-CN', '仍然继续浏览'],
  ] as const)('in a mini-program on an analysis page can be dismissed (%s), for the session', async (lang, label) => {
    await setLocale(lang);
    setAgent(WECHAT_MINI_PROGRAM);
    setWidth(390);
    const router = renderAt('/hot');
    expect(screen.getByTestId('small-screen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(screen.queryByTestId('small-screen')).toBeNull();
    expect(screen.getByText('the page')).toBeTruthy();
    // An administration screen keeps it, without the way past it.
    await router.navigate('/accounts');
    expect(await screen.findByTestId('small-screen')).toBeTruthy();
    expect(screen.queryByTestId('small-screen-continue')).toBeNull();
    // Back on an analysis page, the choice holds.
    await router.navigate('/brand');
    await waitFor(() => expect(screen.queryByTestId('small-screen')).toBeNull());
  });

  it('in a narrow desktop window stays, without the way past it', async () => {
    await setLocale('en');
    setAgent(DESKTOP);
    setWidth(600);
    renderAt('/hot');
    expect(screen.getByTestId('small-screen')).toBeTruthy();
    expect(screen.queryByTestId('small-screen-continue')).toBeNull();
  });

  it('is not shown from 768 px on', async () => {
    setAgent(WECHAT_MINI_PROGRAM);
    setWidth(768);
    renderAt('/hot');
    expect(screen.queryByTestId('small-screen')).toBeNull();
  });
});
