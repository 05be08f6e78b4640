import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchConsole } from './browser.js';

export interface OpenPage {
  page: Page;
  errors: string[];
}

/**
 * A fresh browser context (own local storage) at desktop size (or `viewport`) in the given language; `timezoneId`
 * puts the browser in another zone than the machine's (e.g. 'Asia/Shanghai', east of the server's UTC).
 */
export async function openPage(
  browser: Browser,
  locale: 'zh-CN' | 'en' = 'zh-CN',
  {
    timezoneId,
    viewport = { width: 1440, height: 900 },
  }: { timezoneId?: string; viewport?: { width: number; height: number } } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport,
    locale,
    ...(timezoneId ? { timezoneId } : {}),
  });
  const page = await context.newPage();
  return { page, errors: watchConsole(page) };
}

/** Signs in through the form and waits for the signed-in layout. */
export async function signIn(page: Page, base: string, username: string, password: string, query = '') {
  await page.goto(`${base}/login${query}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Texts of the side menu entries (groups and items). */
export async function menuTexts(page: Page): Promise<string[]> {
  await page.getByTestId('side-menu').waitFor();
  return (await page.locator('[data-testid="side-menu"] .ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
}

/**
 * Console errors other than the expected failed requests (e.g. a deliberately wrong password) and
 * those matching `allowed` (e.g. a page's known missing resources).
 */
export function unexpected(errors: string[], ...allowed: RegExp[]): string[] {
  return errors.filter(
    (e) =>
      !/Failed to load resource: the server responded with a status of (401|403|409)/.test(e) &&
      !allowed.some((a) => a.test(e)),
  );
}

/** Asserts the page logged no console or page errors but the expected ones (see `unexpected`). */
export async function noConsoleErrors(errors: string[], ...allowed: RegExp[]) {
  expect(unexpected(errors, ...allowed)).toEqual([]);
}

/** Waits until the route progress bar and running animations are done, for a stable screenshot. */
export async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#nprogress'), undefined, { timeout: 10_000 });
  await page.waitForTimeout(300);
}

/**
 * Clicks `name` (exactly; antd spaces two-character Chinese labels) in the open confirmation bubble,
 * once its zoom-in has ended: a click while the bubble still grows can land beside the button, and
 * then the confirmation never runs (seen in CI on a busy machine).
 */
export async function confirmInBubble(page: Page, name: string) {
  const bubble = page.locator('.ant-popconfirm:visible');
  await bubble.waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.ant-popconfirm[class*="-appear"], .ant-popconfirm[class*="-enter"]'),
  );
  await bubble.getByRole('button', { name, exact: true }).click();
}
