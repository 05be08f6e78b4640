import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, stopDemo } from './support/analysis.js';
import { type Api, createAccount, PASSWORD } from './support/api.js';
import type { RunningServer } from './support/server.js';
import { shot } from './support/shots.js';
import { menuTexts, noConsoleErrors, openPage, signIn } from './support/ui.js';

/** Finishing touches: a user without a project, and long names in the Projects list, in Chromium. */

const LONG_OWNER = 'konstantinopoulou.vandenberghe.regional-owner';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

describe('polish in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let projectName: string;

  beforeAll(async () => {
    ({ server, browser, root } = await startDemo());
    await createAccount(root, 'nobody.yet', 'general');
    // A project owned by an account with a long name, with most pages (one tag each).
    const ownerId = await createAccount(root, LONG_OWNER, 'admin');
    const demo = (await root.get<{ items: { data_scope: string }[] }>('/api/common/projects')).items[0]!;
    projectName = '全国美妆个护品类年度监测与竞品洞察 Beauty & Personal Care Annual Watch';
    await root.send('POST', '/api/common/projects', {
      name: projectName,
      data_scope: demo.data_scope,
      owner_id: ownerId,
      pages: [1, 2, 3, 4, 5, 6, 7, 9],
    });
  });

  afterAll(() => stopDemo({ server, browser }));

  for (const [locale, text] of [
    ['zh-CN', { title: '您还没有可用的项目', whom: '请联系为您开通账号的管理员', menu: ['暂无项目', '个人中心'] }],
    [
      'en',
      { title: 'You have no project yet', whom: 'ask your administrator', menu: ['No project yet', 'Personal Center'] },
    ],
  ] as const) {
    it(`a user without a project lands on the page that says so and whom to ask (${locale})`, async () => {
      const { page, errors } = await openPage(browser, locale);
      await signIn(page, server.url, 'nobody.yet', PASSWORD);
      await page.waitForURL((u) => u.pathname === '/no-project');
      const view = page.getByTestId('no-project');
      await view.waitFor();
      expect(await view.textContent()).toContain(text.title);
      expect(await view.textContent()).toContain(text.whom);
      expect(await page.getByTestId('no-project-username').textContent()).toContain('nobody.yet');
      // Not an empty menu: this page and the personal centre.
      expect(await menuTexts(page)).toEqual(text.menu);
      await shot(page, `no-project-${locale}`);
      // An analysis page sends them back here.
      await page.goto(`${server.url}/hot`);
      await page.waitForURL((u) => u.pathname === '/no-project');
      await page.getByTestId('no-project-profile').click();
      await page.waitForURL((u) => u.pathname === '/personal-center');
      await page.getByTestId('profile').waitFor();
      await page.goto(`${server.url}/no-project`);
      await page.getByTestId('no-project-sign-out').click();
      await page.waitForURL((u) => u.pathname === '/login');
      await noConsoleErrors(errors);
      await page.context().close();
    });
  }

  /** The row of the long-named project: its owner and its page tags, side by side. */
  async function checkRow(page: Page) {
    const row = page.locator('.ant-table-row', { hasText: LONG_OWNER.slice(0, 10) });
    await row.waitFor();
    const owner = row.getByTestId('project-owner');
    const tags = row.getByTestId('page-tags');
    const ownerBox = await box(owner);
    const tagBoxes = await Promise.all((await tags.locator('.ant-tag').all()).map(box));
    expect(tagBoxes).toHaveLength(8);
    for (const t of tagBoxes) expect(overlaps(ownerBox, t)).toBe(false);
    // Each stays inside its own cell.
    const cellOf = (l: Locator) => l.locator('xpath=ancestor::td[1]');
    const ownerCell = await box(cellOf(owner));
    const tagsCell = await box(cellOf(tags));
    expect(ownerBox.x + ownerBox.width).toBeLessThanOrEqual(ownerCell.x + ownerCell.width);
    for (const t of tagBoxes) expect(t.x + t.width).toBeLessThanOrEqual(tagsCell.x + tagsCell.width);
    // The owner is cut by the display-length rule; the whole name shows on hover.
    expect(await owner.getAttribute('data-full-text')).toBe(LONG_OWNER);
    await owner.hover();
    await expect.poll(() => page.locator('.ant-tooltip').last().textContent()).toBe(LONG_OWNER);
  }

  for (const [locale, width] of [
    ['zh-CN', 1440],
    ['en', 1440],
    ['en', 1024],
  ] as const) {
    it(`the Projects list: a long owner name and the pages tags do not overlap (${locale}, ${width} px)`, async () => {
      const { page, errors } = await openPage(browser, locale);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, server.url, 'root', server.rootPassword);
      await page.goto(`${server.url}/projects`);
      await page.getByTestId('project-table').locator('.ant-table-row').first().waitFor();
      await checkRow(page);
      // At 1440 px every column is in view; narrower, the table scrolls (docs/product.md §1: from 768 px).
      const content = page.locator('[data-testid="project-table"] .ant-table-content');
      expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(width >= 1440);
      // The shot from the table's start (hovering the owner scrolled it).
      await page.mouse.move(0, 0);
      await content.evaluate((el) => el.scrollTo(0, 0));
      await shot(page, `projects-polish-${locale}-${width}`);
      await noConsoleErrors(errors);
      await page.context().close();
    });
  }
});
