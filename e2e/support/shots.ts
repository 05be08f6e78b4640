import type { Page } from 'playwright-core';
import { screenshot } from './browser.js';
import { settle } from './ui.js';

/**
 * A settled full-page screenshot taken from the top of the page: scrolled (after a click far down),
 * the sticky header would be drawn in the middle of the image.
 */
export async function shot(page: Page, name: string): Promise<string> {
  await settle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name);
}
