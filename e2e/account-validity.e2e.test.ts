import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { shot } from './support/shots.js';
import { noConsoleErrors, openPage, signIn } from './support/ui.js';

interface Dates {
  valid_from: string | null;
  valid_to: string | null;
}

/**
 * Account validity is calendar dates in UTC (docs/security.md "Account validity"). A browser eight
 * hours east of UTC used to read the stored end of the last day (23:59:59.999 UTC) as the next
 * morning and send that day back: every save moved valid_to a day later.
 */
describe('account validity dates from a browser in Asia/Shanghai', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' });
    browser = await launchBrowser();
    root = await signInApi(server.url, 'root', server.rootPassword);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  const shanghai = async () => {
    const opened = await openPage(browser, 'en', { timezoneId: 'Asia/Shanghai' });
    expect(await opened.page.evaluate(() => new Date('2031-12-31T23:59:59.999Z').getDate())).toBe(1);
    return opened;
  };
  const datesOf = async (id: number): Promise<Dates> => {
    const { user } = await root.get<{ user: Dates }>(`/api/common/users/${id}`);
    return { valid_from: user.valid_from, valid_to: user.valid_to };
  };
  const save = async (page: Page) => {
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message-notice', { hasText: 'Saved' }).last().waitFor();
    await page.locator('.ant-message-notice').last().waitFor({ state: 'detached' });
  };

  it('saving the edit form keeps the dates, a changed end date is saved as picked, and every screen shows the same dates', async () => {
    const { user } = await root.send<{ user: { id: number } }>('POST', '/api/common/users', {
      username: 'tz-shanghai',
      email: 'tz-shanghai@example.com',
      enterprise: 'E2E Co.',
      telephone: '13800000000',
      role: 'general',
      password: PASSWORD,
      valid_from: '2020-01-01',
      valid_to: '2098-12-31',
    });
    const { page, errors } = await shanghai();
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts/${user.id}/edit`);
    const validity = page.getByTestId('range-picker-standin');
    expect(await validity.inputValue()).toBe('2020-01-01 ~ 2098-12-31');

    // Two saves without touching the dates, the second with another field changed.
    await save(page);
    expect(await datesOf(user.id)).toEqual({ valid_from: '2020-01-01', valid_to: '2098-12-31' });
    await page.getByTestId('field-telephone').fill('13900000000');
    await save(page);
    expect(await datesOf(user.id)).toEqual({ valid_from: '2020-01-01', valid_to: '2098-12-31' });

    // A new end date typed into the picker is the date saved; saving again leaves it.
    await validity.click();
    const end = page.locator('.ant-picker-range input').nth(1);
    await end.fill('2099-03-15');
    await end.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await shot(page, 'account-validity-shanghai-en');
    await save(page);
    expect(await datesOf(user.id)).toEqual({ valid_from: '2020-01-01', valid_to: '2099-03-15' });
    await page.getByTestId('field-telephone').fill('13700000000');
    await save(page);
    expect(await datesOf(user.id)).toEqual({ valid_from: '2020-01-01', valid_to: '2099-03-15' });

    // The list shows the same end date.
    await page.goto(`${server.url}/accounts`);
    const search = page.locator('input[data-testid="account-search"], [data-testid="account-search"] input').first();
    await search.fill('tz-shanghai');
    await search.press('Enter');
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: 'tz-shanghai' }).innerText())
      .toContain('2099-03-15');
    await noConsoleErrors(errors);
    await page.context().close();

    // And so does the account's own personal centre, in the same zone.
    const own = await shanghai();
    await signIn(own.page, server.url, 'tz-shanghai', PASSWORD);
    await own.page.goto(`${server.url}/personal-center`);
    await own.page.getByText('2020-01-01 ~ 2099-03-15').waitFor();
    await noConsoleErrors(own.errors);
    await own.page.context().close();
  });
});
