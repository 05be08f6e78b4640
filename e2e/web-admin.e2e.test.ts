import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { type Api, signInApi } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\n')}\n`, 'utf8');

describe('account and project administration in Chromium', () => {
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

  const accountCount = async () => (await root.get<{ total: number }>('/api/common/users?page_size=1')).total;

  it('opens an account with a generated password; the new user must set their own at first sign-in', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts`);
    await page.getByTestId('account-table').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'accounts-zh-CN');
    await expectAccessible(page, 'accounts zh-CN');
    await page.getByTestId('open-account').click();
    await page.getByTestId('field-username').fill('newbie');
    await page.getByTestId('field-email').fill('newbie@example.com');
    await page.getByTestId('field-enterprise').fill('新客户有限公司');
    await page.getByTestId('field-telephone').fill('13900000000');
    await screenshot(page, 'account-create-zh-CN');
    await expectAccessible(page, 'account opening zh-CN');
    await page.getByTestId('account-submit').click();
    const password = (await page.getByTestId('created-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await settle(page);
    await screenshot(page, 'account-created-zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();

    const second = await openPage(browser);
    await second.page.goto(`${server.url}/login`);
    await second.page.locator('#username').fill('newbie');
    await second.page.locator('#password').fill(password);
    await second.page.getByTestId('login-submit').click();
    await second.page.getByTestId('first-login-form').waitFor();
    // The form applies the rules of docs/product.md §5 before asking the server.
    await second.page.getByTestId('new-password').fill('weakpass');
    await second.page.getByTestId('repeat-password').fill('weakpass');
    await second.page.getByTestId('first-login-submit').click();
    await second.page.getByText('密码至少 8 位，且须同时包含数字、小写字母和大写字母').waitFor();
    await screenshot(second.page, 'first-login-zh-CN');
    await second.page.getByTestId('new-password').fill('Newbie-Passw0rd');
    await second.page.getByTestId('repeat-password').fill('Newbie-Passw0rd');
    await second.page.getByTestId('first-login-submit').click();
    await second.page.getByTestId('user-menu').waitFor();
    // No project yet: the page that says so and whom to ask (e2e/polish.e2e.test.ts looks closer).
    await second.page.waitForURL((u) => u.pathname === '/no-project');
    await second.page.getByTestId('no-project').waitFor();
    await settle(second.page);
    await screenshot(second.page, 'no-project-first-login-zh-CN');
    await expectAccessible(second.page, 'no project zh-CN');
    await second.page.goto(`${server.url}/personal-center`);
    await second.page.getByTestId('user-menu').waitFor();
    await settle(second.page);
    await expectAccessible(second.page, 'personal centre zh-CN');
    await second.page.goto(`${server.url}/personal-center/password`);
    await second.page.getByTestId('new-password').waitFor();
    await settle(second.page);
    await expectAccessible(second.page, 'change password zh-CN');
    await noConsoleErrors(second.errors);
    await second.page.context().close();
    // The new password works; the generated one no longer does.
    await expect(signInApi(server.url, 'newbie', 'Newbie-Passw0rd')).resolves.toBeTruthy();
    await expect(signInApi(server.url, 'newbie', password)).rejects.toThrow(/401/);
  });

  it('batch create from a GBK CSV as Excel saves it: two bad rows are reported row by row, nothing is written', async () => {
    const before = await accountCount();
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts`);
    await page.getByTestId('account-table').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'accounts-en');
    await expectAccessible(page, 'accounts en');
    await page.getByTestId('batch-create').click();
    const hint = page.locator('.ant-upload-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toContain('Excel workbook (.xlsx');
    expect(await page.locator('input[type=file]').getAttribute('accept')).toBe('.xlsx,.csv,.txt');
    // As Excel saves CSV in a Chinese locale: GBK, Chinese headings, a quoted comma in a cell.
    await page.locator('input[type=file]').setInputFiles({
      name: 'accounts.csv',
      mimeType: 'text/csv',
      buffer: iconv.encode(
        csv([
          ['用户名', '邮箱', '企业', '电话', '角色'],
          ['batch1', 'batch1@example.com', '"北京示例, 科技"', '1', 'general'],
          ['batch2', 'not-an-email', 'Batch Co.', '2', 'general'],
          ['batch3', 'batch3@example.com', 'Batch Co.', '3', 'enterprise'],
          ['root', 'someone@example.com', 'Batch Co.', '4', 'general'],
        ]).toString('utf8'),
        'gbk',
      ),
    });
    const report = page.getByTestId('row-report');
    await report.waitFor();
    await expect.poll(() => report.locator('.ant-alert').textContent()).toContain('2 of 4 rows have problems');
    expect(await report.locator('.ml-row-bad').count()).toBe(2);
    expect(await report.textContent()).toContain('北京示例, 科技');
    expect(await report.textContent()).toContain('Email format error.');
    expect(await report.textContent()).toContain('username already exists');
    expect(await page.getByTestId('batch-commit').isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'batch-report-en');
    await expectAccessible(page, 'batch create en');
    expect(await accountCount()).toBe(before);
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('creates a project, uploads categories (CSV, then .xlsx) with a per-row check, and calculates price bands', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('project-table').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'projects-zh-CN');
    await expectAccessible(page, 'projects zh-CN');
    await page.getByTestId('new-project').click();
    await page.getByTestId('field-name').fill('端到端测试项目');
    await page.getByTestId('field-dataset').click();
    await page.locator('.ant-select-item-option', { hasText: 'cn_monthly' }).click();
    await screenshot(page, 'project-create-zh-CN');
    await page.getByTestId('project-submit').click();
    await page.waitForURL((u) => /\/projects\/\d+\/category-management$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/')[2]);

    // Which candidate categories exist in the tiny demo dataset: the server's own per-row check says.
    const candidates = [1, 101, 102, 2, 201, 3, 301];
    const check = await root.send<{ errors: { row: number }[] }>(
      'POST',
      `/api/common/projects/${id}/categories/check`,
      {
        categories: candidates,
      },
    );
    const bad = new Set(check.errors.map((e) => e.row));
    const good = candidates.filter((_, i) => !bad.has(i + 1)).slice(0, 2);
    expect(good.length).toBe(2);

    await page.getByTestId('upload-categories').click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'categories.csv',
      mimeType: 'text/csv',
      buffer: csv([['category'], [String(good[0])], ['no-such-category'], [String(good[1])]]),
    });
    await page.getByTestId('row-report').waitFor();
    expect(await page.locator('.ml-row-bad').count()).toBe(1);
    expect(await page.getByTestId('categories-commit').isDisabled()).toBe(true);
    await screenshot(page, 'categories-report-zh-CN');
    // The corrected list as an .xlsx: ids as number cells under the heading 品类.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('品类').addRows([['品类'], [good[0]], [good[1]]]);
    await page.locator('input[type=file]').setInputFiles({
      name: 'categories.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await expect.poll(() => page.getByTestId('categories-commit').isDisabled()).toBe(false);
    await page.getByTestId('categories-commit').click();
    await page.getByText(/已添加 2 个品类/).waitFor();
    const added = await root.get<{ items: { category_id: number }[] }>(`/api/common/projects/${id}/categories`);
    expect(added.items.map((c) => c.category_id).sort()).toEqual([...good].sort());
    await page.getByTestId('category-table').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'categories-zh-CN');
    await expectAccessible(page, 'category management zh-CN');

    await page.goto(`${server.url}/projects/${id}/attribute-management`);
    await page.getByRole('tab', { name: '价格段配置' }).click();
    await page.getByTestId('bands-category-price').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByTestId('calculate-bands').click();
    await expect.poll(() => page.getByTestId('bands-table-price').locator('.ant-table-row').count()).toBeGreaterThan(1);
    await page.getByTestId('save-bands-price').click();
    await page.getByText('已保存').waitFor();
    await settle(page);
    await screenshot(page, 'price-bands-zh-CN');
    await expectAccessible(page, 'price bands zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('shows the projects screen in English', async () => {
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('project-table').locator('.ant-table-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'projects-en');
    await expectAccessible(page, 'projects en');
    await noConsoleErrors(errors);
    await page.context().close();
  });
});
