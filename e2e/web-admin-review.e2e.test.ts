import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { type Api, createAccount, PASSWORD, signInApi } from './support/api.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { confirmInBubble, noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/** An .xlsx workbook as Excel saves it (Chinese headings, a date cell), first worksheet read. */
async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('账号');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Member {
  user_id: number;
  username: string;
  role: string;
  pages: number[];
  categories: number[];
}

describe('account approval and the project member editor in Chromium', () => {
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

  it('root approves an account an administrator opened; the account can then sign in', async () => {
    await createAccount(root, 'e2e-admin', 'admin');
    const admin = await signInApi(server.url, 'e2e-admin', PASSWORD);
    // Opened by an administrator: pending until root approves it.
    await admin.send('POST', '/api/common/users', {
      username: 'awaiting',
      email: 'awaiting@example.com',
      enterprise: '待审核有限公司',
      telephone: '13700000000',
      role: 'general',
      password: PASSWORD,
    });
    await expect(signInApi(server.url, 'awaiting', PASSWORD)).rejects.toThrow();
    const apps = await root.get<{ items: { id: number; username: string; kind: string }[] }>(
      '/api/common/users/applications?status=pending',
    );
    const app = apps.items.find((a) => a.username === 'awaiting' && a.kind === 'account_opening');
    expect(app).toBeTruthy();

    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts`);
    await page.locator('.ant-tabs-tab', { hasText: '待审核申请' }).click();
    await page.getByTestId(`approve-${app!.id}`).waitFor();
    await settle(page);
    await screenshot(page, 'account-requests-zh-CN');
    await expectAccessible(page, 'account requests zh-CN');
    await page.getByTestId(`approve-${app!.id}`).click();
    await page.getByText('已通过申请').waitFor();
    await page.getByTestId(`approve-${app!.id}`).waitFor({ state: 'detached' });
    await screenshot(page, 'account-approved-zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();

    const after = await root.get<{ items: { id: number }[] }>('/api/common/users/applications?status=pending');
    expect(after.items.some((a) => a.id === app!.id)).toBe(false);
    await expect(signInApi(server.url, 'awaiting', PASSWORD)).resolves.toBeTruthy();
  });

  it('adds a project member with role, pages and all categories, then changes the role (en)', async () => {
    const projects = await root.get<{ items: { id: number; name: string; pages: number[] }[] }>(
      '/api/common/projects?page_size=100',
    );
    const project = projects.items[0]!;
    const userId = await createAccount(root, 'member-one', 'general');
    const categories = await root.get<{ items: unknown[] }>(`/api/common/projects/${project.id}/categories`);
    expect(categories.items.length).toBeGreaterThan(0);

    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/projects/${project.id}/user-management`);
    await page.getByTestId('add-member').click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.locator('#user_id').fill('member-one');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'member-one' }).click();
    await modal.locator('#role').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Enterprise user' }).click();
    await modal.getByRole('button', { name: 'All categories' }).click();
    await settle(page);
    await screenshot(page, 'member-editor-en');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row', { hasText: 'member-one' });
    await row.waitFor();
    await settle(page);
    await screenshot(page, 'members-en');
    await expectAccessible(page, 'member management en');

    const members = async () =>
      (await root.get<{ items: Member[] }>(`/api/common/projects/${project.id}/users`)).items.find(
        (m) => m.user_id === userId,
      );
    const added = await members();
    expect(added?.role).toBe('enterprise');
    expect(added?.categories.length).toBe(categories.items.length);
    expect([...(added?.pages ?? [])].sort()).toEqual([...project.pages].sort());

    // Edit: the same editor, filled with the member's values; change the role only.
    await row.getByRole('button', { name: 'Edit' }).click();
    await modal.waitFor();
    await modal.locator('#role').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'General user' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await members())?.role).toBe('general');
    expect((await members())?.categories.length).toBe(categories.items.length);
    await noConsoleErrors(errors);
    await page.context().close();
  });
  it('batch create from an .xlsx: the report shows the bad row, a corrected workbook creates all rows (zh-CN)', async () => {
    const count = async () => (await root.get<{ total: number }>('/api/common/users?page_size=1')).total;
    const before = await count();
    const header = ['用户名', '邮箱', '企业', '电话', '失效日期'];
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts/batch-create`);
    await page.locator('input[type=file]').setInputFiles({
      name: '账号.xlsx',
      mimeType: XLSX_TYPE,
      buffer: await xlsx([
        header,
        ['xl1', 'xl1@example.com', '表格有限公司', 13800000001, new Date(Date.UTC(2027, 5, 30))],
        ['xl2', 'not-an-email', '表格有限公司', 13800000002, new Date(Date.UTC(2027, 5, 30))],
      ]),
    });
    const report = page.getByTestId('row-report');
    await report.waitFor();
    expect(await report.locator('.ml-row-bad').count()).toBe(1);
    expect(await report.textContent()).toContain('2027-06-30');
    expect(await page.getByTestId('batch-commit').isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'batch-xlsx-report-zh-CN');
    expect(await count()).toBe(before);

    await page.getByRole('button', { name: '重新上传' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: '账号.xlsx',
      mimeType: XLSX_TYPE,
      buffer: await xlsx([
        header,
        ['xl1', 'xl1@example.com', '表格有限公司', 13800000001, new Date(Date.UTC(2027, 5, 30))],
        ['xl2', 'xl2@example.com', '表格有限公司', 13800000002, new Date(Date.UTC(2027, 5, 30))],
      ]),
    });
    await page.getByTestId('batch-commit').click();
    await page.getByText('已开通 2 个账号').waitFor();
    await settle(page);
    await screenshot(page, 'batch-xlsx-done-zh-CN');
    await expectAccessible(page, 'batch create zh-CN');
    expect(await count()).toBe(before + 2);
    const made = await root.get<{ items: { username: string; valid_to: string | null }[] }>(
      '/api/common/users?search=xl&page_size=10',
    );
    expect(made.items.map((u) => u.username).sort()).toEqual(['xl1', 'xl2']);
    expect(made.items[0]!.valid_to).toMatch(/^2027-06-30/);
    await noConsoleErrors(errors);
    await page.context().close();
  });

  it('deletes an account after confirmation (en)', async () => {
    const id = await createAccount(root, 'to-delete', 'general');
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/accounts`);
    const search = page.locator('input[data-testid="account-search"], [data-testid="account-search"] input').first();
    await search.fill('to-delete');
    await search.press('Enter');
    await page.getByTestId('delete-to-delete').click();
    await page.getByText('Delete the account to-delete?').waitFor();
    await settle(page);
    await screenshot(page, 'account-delete-en');
    await confirmInBubble(page, 'Delete');
    await page.getByText('Account deleted').waitFor();
    await expect(root.get(`/api/common/users/${id}`)).rejects.toThrow(/404/);
    await noConsoleErrors(errors);
    await page.context().close();
  });
  it('attribute configuration goes through the draft: a bad draft is shown row by row and discarded, a good one applied (en)', async () => {
    const projects = await root.get<{ items: { id: number }[] }>('/api/common/projects?page_size=100');
    const id = projects.items[0]!.id;
    type Attr = { name: string; title: string; title_en: string };
    const attrs = () => root.get<{ items: Attr[]; available: Attr[] }>(`/api/common/projects/${id}/attributes`);
    const draft = () =>
      root.get<{ pending: boolean; valid: boolean }>(`/api/common/projects/${id}/attributes/config/check`);
    const { available } = await attrs();
    expect(available.length).toBeGreaterThan(0);
    await root.send('POST', `/api/common/projects/${id}/attributes/config`, {
      attributes: [{ name: 'no_such_attribute', title: '无', title_en: 'None' }],
    });

    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'root', server.rootPassword);
    await page.goto(`${server.url}/projects/${id}/attribute-management`);
    const alert = page.getByTestId('attribute-draft');
    await alert.getByText('The draft has problems').waitFor();
    expect(await page.getByTestId('row-report').textContent()).toContain('no_such_attribute');
    expect(await page.getByTestId('attribute-apply').isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'attribute-draft-invalid-en');
    await page.getByTestId('attribute-discard').click();
    await confirmInBubble(page, 'OK');
    await page.getByText('Draft discarded').waitFor();
    await alert.waitFor({ state: 'detached' });
    expect((await draft()).pending).toBe(false);

    // A valid draft made elsewhere: the page offers to apply it, and applying puts it in force.
    const chosen = { ...available[0]!, title: '草稿标题', title_en: 'Draft title' };
    await root.send('POST', `/api/common/projects/${id}/attributes/config`, { attributes: [chosen] });
    await page.reload();
    await alert.getByText('The draft passed the check').waitFor();
    await settle(page);
    await screenshot(page, 'attribute-draft-valid-en');
    await page.getByTestId('attribute-apply').click();
    await page.getByText('Attribute configuration applied').waitFor();
    await alert.waitFor({ state: 'detached' });
    const after = await attrs();
    expect(after.items.map((a) => [a.name, a.title, a.title_en])).toEqual([[chosen.name, '草稿标题', 'Draft title']]);
    expect((await draft()).pending).toBe(false);

    // Saving from the editor makes a new draft (checked at once); nothing changes until it is applied.
    await page.getByTestId('attribute-save-draft').click();
    await page.getByText('Draft saved; see the check below').waitFor();
    await alert.getByText('The draft passed the check').waitFor();
    expect((await draft()).pending).toBe(true);
    await noConsoleErrors(errors);
    await page.context().close();
  });
});
