import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatNumber } from '@marketlens/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, dataOf } from './support/analysis.js';
import { type Api, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

type Locale = 'zh-CN' | 'en';

/** The size the screenshots are looked at in: a laptop screen, smaller than openPage's desktop. */
const VIEWPORT = { width: 1280, height: 800 };
const SHOTS = mkdtempSync(path.join(tmpdir(), 'marketlens-setup-shots-'));

/** The visible texts the steps look for, per language (the web's own en / zh-CN catalogues). */
const TEXT = {
  'zh-CN': {
    commit: (n: number) => `添加 ${n} 个品类`,
    added: (n: number) => `已添加 ${n} 个品类`,
    ready: '已就绪',
    notReady: '未就绪',
    mustAct: '需由项目管理员',
    deleteTitle: (name: string) => `删除项目 ${name}？`,
    members: (n: number) => `${n} 名成员及其页面和数据权限`,
    categories: (n: number) => new RegExp(`^${n} 个品类、`),
    events: (n: number) => `${n} 个项目自建事件、0 条图表备注和 0 个保存的视图（数据集的日历不受影响）`,
    deleted: (name: string) => `项目 ${name} 已删除`,
  },
  en: {
    commit: (n: number) => `Add ${n} categories`,
    added: (n: number) => `${n} categories added`,
    ready: 'Ready',
    notReady: 'Not ready',
    mustAct: "the project's administrator (root or admin) must mark it ready",
    deleteTitle: (name: string) => `Delete the project ${name}?`,
    members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}, with their pages and data grants`,
    categories: (n: number) => new RegExp(`^${n} categories, `),
    events: (n: number) => `${n} of its own events, 0 chart notes and 0 saved views (the dataset's calendar stays)`,
    deleted: (name: string) => `Project ${name} deleted`,
  },
} as const;

interface DatasetCategory {
  category_id: number;
  category_name: string;
  category_name_en: string;
  level: number;
  parent: number | null;
}

/** A node and everything under it, from the dataset's flat list (what ticking the node adds). */
function subtree(items: readonly DatasetCategory[], id: number): number[] {
  const out = [id];
  for (const c of items) if (c.parent === id) out.push(...subtree(items, c.category_id));
  return out;
}

describe("a newcomer's project set-up in Chromium: create, add categories from the dataset, delete", () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' }),
      launchBrowser(),
    ]);
    root = await signInApi(server.url, 'root', server.rootPassword);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
    console.log(`project set-up screenshots: ${SHOTS}`);
  });

  async function rootPage(locale: Locale) {
    const opened = await openPage(browser, locale);
    await opened.page.setViewportSize(VIEWPORT);
    await signIn(opened.page, server.url, 'root', server.rootPassword);
    return opened;
  }

  /** A viewport screenshot (a dialog is drawn over the viewport, not the full page). */
  async function look(page: Page, name: string) {
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }

  async function chooseProject(page: Page, name: string) {
    await page.getByTestId('user-menu').waitFor();
    await settle(page);
    await page.getByTestId('project-switch').click();
    const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: name });
    await item.waitFor();
    // A click while the menu still zooms in can land beside the item (as in confirmInBubble).
    await page.waitForFunction(
      () => !document.querySelector('.ant-dropdown[class*="-appear"], .ant-dropdown[class*="-enter"]'),
    );
    await item.click();
    await expect.poll(() => page.getByTestId('project-switch').innerText(), { timeout: 10_000 }).toBe(name);
  }

  /** Opens the picker, searches `search`, ticks node `id` and returns the dialog (not yet confirmed). */
  async function pick(page: Page, search: string, id: number) {
    await page.getByTestId('pick-categories').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('picker-tree').waitFor();
    await dialog.getByPlaceholder(/搜索|Search/).fill(search);
    const node = dialog
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText(String(id), { exact: true }) })
      .first();
    await node.locator('.ant-tree-checkbox').click();
    return dialog;
  }

  const row = (page: Page, id: number) => page.locator(`[data-testid="category-table"] tr[data-row-key="${id}"]`);

  it('root creates a project, adds categories ready and for review, sees the data and the warning, deletes it (zh-CN, en)', async () => {
    const { items: tables } = await root.get<{ items: { table_name: string }[] }>('/api/common/tables');
    const dataset = tables[0]!.table_name;
    const name = 'E2E 新人项目';

    // Create the project through the form; creating it leads to its Category management.
    const zh = await rootPage('zh-CN');
    let page = zh.page;
    await page.goto(`${server.url}/projects`);
    await page.getByTestId('new-project').click();
    await page.getByTestId('project-form').waitFor();
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-dataset').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${dataset})` }).click();
    await page.getByTestId('project-submit').click();
    await page.waitForURL(/\/projects\/\d+\/category-management$/, { timeout: 20_000 });
    const projectId = Number(new URL(page.url()).pathname.split('/')[2]);
    expect(await root.get<{ data_scope: string }>(`/api/common/projects/${projectId}`)).toMatchObject({
      name,
      data_scope: dataset,
    });

    // The dataset's tree, asked of the API: a level-2 node of the first root, and another root.
    const { items: all } = await root.get<{ items: DatasetCategory[] }>(
      `/api/common/projects/${projectId}/dataset/categories`,
    );
    const roots = all.filter((c) => c.parent === null || !all.some((p) => p.category_id === c.parent));
    expect(roots.length).toBeGreaterThanOrEqual(2);
    const second = all.find((c) => c.parent === roots[0]!.category_id && c.level === 2)!;
    const other = roots[1]!;
    const firstIds = subtree(all, second.category_id);
    const otherIds = subtree(all, other.category_id);
    expect(firstIds.length).toBeGreaterThan(1);

    // Search the level-2 node by name, tick it: it brings everything under it, ready at once.
    let dialog = await pick(page, second.category_name, second.category_id);
    // The search cut the tree: the other root (no match, nothing matching under it) is gone.
    expect(
      await dialog
        .locator('.ant-tree-treenode')
        .filter({ has: page.getByText(String(other.category_id), { exact: true }) })
        .count(),
    ).toBe(0);
    await expect.poll(() => dialog.getByTestId('picker-add').innerText()).toBe(TEXT['zh-CN'].commit(firstIds.length));
    await look(page, 'picker-zh-CN');
    await dialog.getByTestId('picker-add').click();
    await page.getByText(TEXT['zh-CN'].added(firstIds.length)).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, second.category_id).innerText()).toContain(TEXT['zh-CN'].ready);
    type Listed = { items: { category_id: number; status: string }[] };
    let listed = await root.get<Listed>(`/api/common/projects/${projectId}/categories`);
    expect(listed.items.map((c) => c.category_id).sort()).toEqual([...firstIds].sort());
    expect(new Set(listed.items.map((c) => c.status))).toEqual(new Set(['ready']));

    // An analysis page of the project shows the category's data, with no not-ready warning.
    await chooseProject(page, name);
    const brief = await root.get<{ cur_symbol: string }>(`/api/common/projects/${projectId}/brief`);
    const summary = answer(
      page,
      '/api/common/summary',
      (b) => (b.category as { value?: number[] } | undefined)?.value?.includes(second.category_id) === true,
    );
    await page.goto(`${server.url}/discover?c=${second.category_id}`);
    const figures = await dataOf<{ sales: number }>(await summary);
    expect(figures.sales).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('summary-sales').innerText(), { timeout: 30_000 })
      .toBe(formatNumber(figures.sales, { currency: brief.cur_symbol || '¥' }));
    expect(await page.getByTestId('category-not-ready').count()).toBe(0);
    expect(await page.getByTestId('panel-not-ready').count()).toBe(0);

    // One more, for review first: listed not ready, and the page's warning says who must act.
    await page.goto(`${server.url}/projects/${projectId}/category-management`);
    dialog = await pick(page, other.category_name, other.category_id);
    await dialog.getByTestId('picker-review').click();
    await expect.poll(() => dialog.getByTestId('picker-add').innerText()).toBe(TEXT['zh-CN'].commit(otherIds.length));
    await look(page, 'picker-review-zh-CN');
    await dialog.getByTestId('picker-add').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, other.category_id).innerText()).toContain(TEXT['zh-CN'].notReady);
    listed = await root.get<Listed>(`/api/common/projects/${projectId}/categories`);
    const total = firstIds.length + otherIds.length;
    expect(listed.items.length).toBe(total);
    expect(
      listed.items
        .filter((c) => c.status === 'not_ready')
        .map((c) => c.category_id)
        .sort(),
    ).toEqual([...otherIds].sort());
    await page.goto(`${server.url}/discover?c=${other.category_id}`);
    await expect(page.getByTestId('category-not-ready').innerText()).resolves.toContain(TEXT['zh-CN'].mustAct);

    // The same in English, with the picker showing what is already in the project.
    const en = await rootPage('en');
    await chooseProject(en.page, name);
    await en.page.goto(`${server.url}/discover?c=${other.category_id}`);
    await expect(en.page.getByTestId('category-not-ready').innerText()).resolves.toContain(TEXT.en.mustAct);
    await en.page.goto(`${server.url}/projects/${projectId}/category-management`);
    dialog = await pick(en.page, roots[0]!.category_name_en, roots[0]!.category_id);
    await expect.poll(() => dialog.getByTestId('picker-in-project').count()).toBeGreaterThan(0);
    await look(en.page, 'picker-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The deletion names what goes with the project: its one member (root, who created it) and
    // every category added above.
    const { items: members } = await root.get<{ items: { username: string }[] }>(
      `/api/common/projects/${projectId}/users`,
    );
    const confirmation = async (p: Page, locale: Locale) => {
      await p.goto(`${server.url}/projects`);
      await p.getByTestId(`delete-project-${projectId}`).click();
      const d = p.getByRole('dialog');
      await d.getByText(TEXT[locale].deleteTitle(name)).waitFor();
      const lines = d.locator('[data-testid="delete-project-ties"] li');
      await lines.first().waitFor();
      expect(await lines.count()).toBe(5);
      expect(await lines.nth(0).innerText()).toBe(TEXT[locale].members(members.length));
      expect(await lines.nth(2).innerText()).toMatch(TEXT[locale].categories(total));
      // A new project has no own events, notes or views (the dataset's calendar is not the project's).
      expect(await lines.nth(4).innerText()).toBe(TEXT[locale].events(0));
      await look(p, `delete-${locale}`);
      return d;
    };
    expect(members.map((m) => m.username)).toEqual(['root']);
    const enDialog = await confirmation(en.page, 'en');
    await enDialog.getByRole('button', { name: 'Cancel' }).click();
    await noConsoleErrors(en.errors);
    await en.page.context().close();

    page = zh.page;
    const zhDialog = await confirmation(page, 'zh-CN');
    await zhDialog.getByTestId('delete-project-confirm').click();
    await page.getByText(TEXT['zh-CN'].deleted(name)).first().waitFor();
    await expect.poll(() => page.getByTestId(`delete-project-${projectId}`).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('project-table').innerText()).not.toContain(name);
    await expect(root.get(`/api/common/projects/${projectId}`)).rejects.toThrow(/404/);
    // The project switch (it had this project chosen) falls back to another; nothing asks for the
    // gone project again (a 404 would be a console error).
    await expect.poll(() => page.getByTestId('project-switch').innerText(), { timeout: 10_000 }).not.toBe(name);
    await settle(page);
    await noConsoleErrors(zh.errors);
    await page.context().close();
  }, 120_000);
});
