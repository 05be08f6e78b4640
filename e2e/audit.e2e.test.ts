import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.js';
import { downloadRows, startDemo, stopDemo } from './support/analysis.js';
import { type Api, createAccount, grant, PASSWORD } from './support/api.js';
import { screenshot } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { menuTexts, noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * The audit trail screen (docs/security.md "Audit trail") in Chromium against the built
 * server: root changes something, then finds the change on the screen — through the administration
 * menu and the action filter in Chinese, through a shared address with its filters in English — and
 * the download's first entry is the list's first row.
 */
describe('Audit trail in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectId: number;

  beforeAll(async () => {
    ({ server, browser, root, projectId } = await startDemo());
  }, 300_000);

  afterAll(() => stopDemo({ server, browser }));

  it('zh-CN: root opens an account, then finds it under 审计日志 by the action filter, and downloads it', async () => {
    const userId = await createAccount(root, 'e2e_audited', 'general');
    const { page, errors } = await openPage(browser, 'zh-CN');
    await signIn(page, server.url, 'root', server.rootPassword);
    expect(await menuTexts(page)).toContain('审计日志');
    await page.locator('[data-testid="side-menu"] .ant-menu-title-content', { hasText: '审计日志' }).click();
    await page.waitForURL(/\/audit$/);
    await page.getByTestId('audit-table').waitFor();

    await page.getByTestId('audit-action').click();
    await page.keyboard.type('创建账号');
    const filtered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/common/audit' &&
        new URL(r.url()).searchParams.get('action') === 'user.create',
    );
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="创建账号"]').click();
    await page.waitForURL(/action=user\.create/);
    expect((await filtered).status()).toBe(200);
    // Every row of the filtered list is an account creation (once the previous page has been replaced).
    const actionCells = page.locator('[data-testid="audit-table"] tbody tr.ant-table-row td:nth-child(3)');
    await expect
      .poll(async () => (await actionCells.allInnerTexts()).every((a) => a.includes('user.create')), {
        timeout: 20_000,
      })
      .toBe(true);
    const row = page.locator('[data-testid="audit-table"] tbody tr.ant-table-row', { hasText: `user:${userId}` });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('root');
    expect(text).toContain('创建账号');
    expect(text).toContain('成功');

    const rows = await downloadRows(page);
    const head = rows.findIndex((r) => r[0] === '时间');
    expect(rows[head]).toEqual(['时间', '用户', 'IP 地址', '操作', '操作代码', '对象', '结果', '详情']);
    const first = rows[head + 1]!;
    expect(first.slice(3, 7)).toEqual(['创建账号', 'user.create', `user:${userId}`, '成功']);
    expect(rows.slice(head + 1).every((r) => r[4] === 'user.create')).toBe(true);
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    await settle(page);
    await screenshot(page, 'audit-zh-CN');
    await expectAccessible(page, 'audit zh-CN');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it('en: root renames a project; the address with its filters shows the change, and survives a reload', async () => {
    await root.send('PUT', `/api/common/projects/${projectId}`, { name: 'Audited demo' });
    const { page, errors } = await openPage(browser, 'en');
    const query = `?target=project:${projectId}&action=project.update`;
    await signIn(page, server.url, 'root', server.rootPassword, `?redirect=${encodeURIComponent(`/audit${query}`)}`);
    await page.waitForURL(/\/audit\?/);
    const row = page
      .locator('[data-testid="audit-table"] tbody tr.ant-table-row', { hasText: `project:${projectId}` })
      .first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Project changed');
    expect(text).toContain('Success');
    expect(text).toContain('name');
    expect(await page.getByTestId('audit-target').locator('input').inputValue()).toBe(`project:${projectId}`);
    await page.reload();
    await row.waitFor();
    expect(new URL(page.url()).searchParams.get('action')).toBe('project.update');
    await settle(page);
    await screenshot(page, 'audit-en');
    await expectAccessible(page, 'audit en');
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);

  it("en: a project's administrator (a general account) finds 'Audit Trail' in the menu and reads that project's entries only", async () => {
    const adminId = await createAccount(root, 'e2e_project_admin', 'general');
    await grant(root, adminId, projectId, 'admin', [1, 2, 4]);
    await root.send('PUT', `/api/common/projects/${projectId}`, { name: 'Audited by its admin' });
    const { page, errors } = await openPage(browser, 'en');
    await signIn(page, server.url, 'e2e_project_admin', PASSWORD);
    expect(await menuTexts(page)).toContain('Audit Trail');
    await page.locator('[data-testid="side-menu"] .ant-menu-title-content', { hasText: 'Audit Trail' }).click();
    await page.waitForURL(/\/audit$/);
    const rows = page.locator('[data-testid="audit-table"] tbody tr.ant-table-row');
    await rows.first().waitFor();
    // The project's change is there; root's account entries (target user:…) are not.
    const targets = await page
      .locator('[data-testid="audit-table"] tbody tr.ant-table-row td:nth-child(4)')
      .allInnerTexts();
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((t) => t.includes(`project:${projectId}`))).toBe(true);
    await noConsoleErrors(errors);
    await page.context().close();
  }, 240_000);
});
