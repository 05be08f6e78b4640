import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Demo, startDemo, stopDemo } from './support/analysis.js';
import { createAccount, PASSWORD } from './support/api.js';
import { describeProblems, layoutProblems } from './support/layout.js';
import { shot } from './support/shots.js';
import { openPage, settle, signIn } from './support/ui.js';

/**
 * Every screen at a 1280 × 800 laptop window, in both languages, holds the layout rule of docs/web.md
 * ("Fits at 1280 px"): nothing wider than its card outside a scroll container, no text cut without
 * its full text at hand, no figure broken over two lines, no chart label cut or drawn over another.
 * Each screen's screenshot is kept in e2e/screenshots/ (layout-1280-<screen>-<language>.png).
 */

const LAPTOP = { width: 1280, height: 800 };

interface Screen {
  name: string;
  /** The path to open, from the demo's ids. */
  path: (ids: Ids) => string;
  /** A step after the first view: the state the screen is checked in (a drawer opened …). */
  open?: (page: Page) => Promise<void>;
  /** Signed in as this account instead of root. */
  as?: 'nobody' | 'signed-out';
}

interface Ids {
  projectId: number;
  brandId: number;
  brandIds: number[];
  accountId: number;
}

const SCREENS: Screen[] = [
  { name: 'hot', path: () => '/hot' },
  { name: 'explore', path: () => '/explore' },
  { name: 'potential', path: () => '/potential' },
  {
    // With results: no limit on the category's growth, so the table of rising brands fills.
    name: 'potential-results',
    path: () => '/potential',
    open: async (page) => {
      await page.getByTestId('limit-category_growth').locator('input').first().fill('');
      await page.getByTestId('potential-search').click();
      await page.getByTestId('potential-table').locator('tbody tr.ant-table-row').first().waitFor();
    },
  },
  { name: 'discover', path: () => '/discover' },
  {
    name: 'discover-more-filters',
    path: () => '/discover',
    open: (page) => page.getByTestId('filter-more').click(),
  },
  { name: 'brand', path: ({ brandId }) => `/brand?brand=${brandId}` },
  { name: 'analysis', path: () => '/analysis' },
  { name: 'contrast', path: ({ brandIds }) => `/contrast?sl=${brandIds.join('_')}` },
  { name: 'favorite-brand', path: () => '/favorite-brand' },
  {
    name: 'favorite-brand-drawer',
    path: () => '/favorite-brand',
    open: (page) => page.locator('[data-testid^="details-"]').first().click(),
  },
  { name: 'shop', path: () => '/shop' },
  { name: 'personal-center', path: () => '/personal-center' },
  { name: 'password', path: () => '/personal-center/password' },
  { name: 'favorites', path: () => '/personal-center/favorites' },
  { name: 'sessions', path: () => '/personal-center/sessions' },
  { name: 'views', path: () => '/personal-center/views' },
  { name: 'projects', path: () => '/projects' },
  { name: 'project-info', path: ({ projectId }) => `/projects/${projectId}/info` },
  { name: 'project-categories', path: ({ projectId }) => `/projects/${projectId}/category-management` },
  { name: 'project-attributes', path: ({ projectId }) => `/projects/${projectId}/attribute-management` },
  { name: 'project-members', path: ({ projectId }) => `/projects/${projectId}/user-management` },
  { name: 'project-events', path: ({ projectId }) => `/projects/${projectId}/events` },
  { name: 'accounts', path: () => '/accounts' },
  { name: 'account-create', path: () => '/accounts/create' },
  { name: 'account-edit', path: ({ accountId }) => `/accounts/${accountId}/edit` },
  { name: 'account-batch-create', path: () => '/accounts/batch-create' },
  { name: 'account-batch-update', path: () => '/accounts/batch-update' },
  { name: 'enquiries', path: () => '/enquiries' },
  { name: 'audit', path: () => '/audit' },
  {
    name: 'audit-raw-detail',
    path: () => '/audit',
    open: (page) => page.locator('[data-testid^="audit-raw-"]').first().click(),
  },
  { name: 'price-goods', path: () => '/price/goods' },
  { name: 'no-project', path: () => '/no-project', as: 'nobody' },
  { name: 'login', path: () => '/login', as: 'signed-out' },
];

/**
 * Waits until nothing is loading, every chart has drawn its settled frame and the page has stopped
 * growing (panels below the first view load when scrolled to).
 */
async function settled(page: Page) {
  let shape = '';
  for (let round = 0; round < 20; round++) {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () =>
        !document.querySelector(
          '[data-testid="panel-skeleton"], [data-testid="panel-pending"], [aria-busy="true"], .ant-skeleton, .ant-spin-spinning',
        ),
      undefined,
      { timeout: 60_000 },
    );
    await settle(page);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="echart"]')].every(
          (c) => (c as HTMLElement & { labelReport?: unknown }).labelReport !== undefined,
        ),
      undefined,
      { timeout: 30_000 },
    );
    // Panels below the fold mount as they come into view (shared/analysis/Later.tsx): walk down the page.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const now = await page.evaluate(() =>
      ['.ant-card', '[data-testid="echart"]', 'tr', 'canvas'].map((s) => document.querySelectorAll(s).length).join('/'),
    );
    if (now === shape) {
      await page.evaluate(() => window.scrollTo(0, 0));
      return;
    }
    shape = now;
    await page.waitForTimeout(400);
  }
}

describe('every screen fits at 1280 × 800', () => {
  let demo: Demo;
  let ids: Ids;

  beforeAll(async () => {
    demo = await startDemo();
    const { root, projectId } = demo;
    await createAccount(root, 'layout.nobody', 'general');
    const accountId = await createAccount(root, 'layout.someone', 'general');
    const list = await root.get<{ items: { id: number }[] }>(`/api/common/brands/default?data_scope_id=${projectId}`);
    const brandIds = list.items.slice(0, 3).map((b) => b.id);
    expect(brandIds.length).toBeGreaterThan(1);
    ids = { projectId, brandId: brandIds[0]!, brandIds, accountId };
    // Root follows them, so Favourite Brands lists brands (and their drawer opens).
    await root.send('PUT', `/api/common/projects/${projectId}/collections`, { brands: brandIds });
  }, 300_000);

  afterAll(() => stopDemo(demo ?? {}));

  for (const locale of ['zh-CN', 'en'] as const) {
    describe(locale, () => {
      const sessions = new Map<string, Page>();

      /** One signed-in page per account and language, reused by the screens. */
      async function pageFor(as: Screen['as']): Promise<Page> {
        const key = as ?? 'root';
        const known = sessions.get(key);
        if (known) return known;
        const { page } = await openPage(demo.browser, locale, { viewport: LAPTOP });
        if (as === 'nobody') await signIn(page, demo.server.url, 'layout.nobody', PASSWORD);
        else if (as !== 'signed-out') await signIn(page, demo.server.url, 'root', demo.server.rootPassword);
        sessions.set(key, page);
        return page;
      }

      afterAll(async () => {
        for (const page of sessions.values()) await page.context().close();
      });

      for (const screen of SCREENS) {
        it(`${screen.name} (${locale})`, async () => {
          const page = await pageFor(screen.as);
          await page.goto(`${demo.server.url}${screen.path(ids)}`);
          await settled(page);
          if (screen.open) {
            await screen.open(page);
            await settled(page);
          }
          const problems = await layoutProblems(page);
          await shot(page, `layout-1280-${screen.name}-${locale}`);
          expect(problems, describeProblems(problems)).toEqual([]);
        }, 120_000);
      }
    });
  }
});
