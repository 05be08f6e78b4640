import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addMonths, periodLabel } from '@marketlens/shared';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signInApi } from './support/api.js';
import { launchBrowser } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';
import { noConsoleErrors, openPage, settle, signIn } from './support/ui.js';

/**
 * Every analysis page on the messy fixture (docs/datagen.md "The messy fixture"), in both languages:
 * a page opens on a range ending at the last complete month, not at the sparse latest one; a range
 * reaching into the gap shows the coverage warning naming the missing months (docs/product.md §4);
 * no page shows an error. The fixture is generated and imported with the built CLIs, as a customer
 * would load a real export, and the server starts on that warehouse without demo data.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = [
  '/hot',
  '/explore',
  '/potential',
  '/discover',
  '/brand',
  '/analysis',
  '/contrast',
  '/favorite-brand',
  '/shop',
];
/** The pages that ask no dated question before the user chooses something (a concept, a brand, brands to compare). */
const UNDATED = ['/explore', '/brand', '/contrast'];
const SHOTS = mkdtempSync(path.join(tmpdir(), 'marketlens-messy-shots-'));
const VIEWPORT = { width: 1280, height: 800 };

interface TableDate {
  farthest_date: string;
  latest_date: string;
  last_complete_date: string | null;
  gaps: { period: string; state: string }[];
}

describe('analysis pages on the messy fixture in Chromium', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'marketlens-messy-e2e-'));
  let server: RunningServer;
  let browser: Browser;
  let root: Api;
  let table: TableDate;

  beforeAll(async () => {
    const source = path.join(work, 'source');
    const warehouse = path.join(work, 'warehouse');
    execFileSync(process.execPath, [
      path.join(ROOT, 'packages/datagen/dist/cli.js'),
      '--shape',
      'messy',
      '--seed',
      '11',
      '--format',
      'csv',
      '--out',
      source,
    ]);
    execFileSync(process.execPath, [
      path.join(ROOT, 'packages/server/dist/cli/import.js'),
      '--warehouse',
      warehouse,
      path.join(source, 'messy_monthly'),
    ]);
    server = await startServer({
      DEMO_SCALE: 'none',
      WAREHOUSE_URL: warehouse,
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USERNAME: '100000',
    });
    browser = await launchBrowser();
    root = await signInApi(server.url, 'root', server.rootPassword);
    const { user: me } = await root.get<{ user: { id: number } }>('/api/common/users/me');
    const project = await root.send<{ id: number }>('POST', '/api/common/projects', {
      name: 'messy',
      data_scope: 'messy_monthly',
      owner_id: me.id,
      pages: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
    await root.send('POST', `/api/common/projects/${project.id}/categories`, {
      categories: rootCategory(),
      status: 'ready',
    });
    table = await root.get<TableDate>(`/api/common/table_date?data_scope_id=${project.id}`);
  }, 300_000);

  /** The fixture's one level-1 category, read from the generated file as an administrator would. */
  function rootCategory(): number[] {
    return readFileSync(path.join(work, 'source/messy_monthly/dim_category.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .filter((f) => f[2] === '1')
      .map((f) => Number(f[0]));
  }

  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
    rmSync(work, { recursive: true, force: true });
    console.log(`messy screenshots: ${SHOTS}`);
  });

  it('the fixture has a last complete month before a run of missing months', () => {
    expect(table.last_complete_date).not.toBeNull();
    expect(table.last_complete_date! < table.latest_date).toBe(true);
    expect(table.gaps.filter((g) => g.state === 'missing').length).toBe(19);
  });

  for (const locale of ['zh-CN', 'en'] as const) {
    it(`${locale}: every analysis page opens on the last complete month and names the gap of a range in it`, async () => {
      const { page, errors } = await openPage(browser, locale);
      await page.setViewportSize(VIEWPORT);
      await signIn(page, server.url, 'root', server.rootPassword);
      const lastComplete = table.last_complete_date!;
      const missing = table.gaps.filter((g) => g.state === 'missing').map((g) => g.period);
      // Two complete months and the first four missing ones.
      const reach = [addMonths(lastComplete, -1), addMonths(lastComplete, 4)].join(',');
      const undated: string[] = [];
      const unwarned: string[] = [];
      for (const route of PAGES) {
        const sent: Request[] = [];
        const onRequest = (r: Request) => {
          if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/common/')) sent.push(r);
        };
        page.on('request', onRequest);
        await page.goto(`${server.url}${route}`);
        await page.getByTestId('user-menu').waitFor();
        await page.waitForLoadState('networkidle');
        await settle(page);
        page.off('request', onRequest);
        // The analysis questions the page asked by default name the last complete month, never the
        // sparse latest one, as the end of their range.
        const dated = sent.map((r) => JSON.stringify(r.postDataJSON() ?? {})).filter((b) => /\d{4}-\d\d-01/.test(b));
        if (dated.length === 0) undated.push(route);
        else
          expect(
            dated.some((b) => b.includes(lastComplete)),
            `${route} ends at ${lastComplete}: ${dated[0]}`,
          ).toBe(true);
        for (const b of dated) expect(b, route).not.toContain(table.latest_date);
        await expectNoErrorShown(page, route);
        await page.screenshot({ path: path.join(SHOTS, `${route.slice(1)}-${locale}-default.png`) });

        // A range reaching into the gap: the warning names the missing months.
        await page.goto(`${server.url}${route}?t=${reach}`);
        const warning = page.getByTestId('coverage-warning');
        // Every page names the gap (docs/product.md §4); a page that does not is listed, not the end
        // of the walk, so one run reports all of them.
        const shown = await warning.waitFor({ timeout: 20_000 }).then(
          () => true,
          () => false,
        );
        if (!shown) unwarned.push(route);
        else {
          const text = await warning.innerText();
          expect(text, route).toContain(periodLabel(missing[0]!, 'month'));
          expect(text, route).toContain(periodLabel(addMonths(lastComplete, 4), 'month'));
        }
        await page.waitForLoadState('networkidle');
        await settle(page);
        await expectNoErrorShown(page, route);
        await page.screenshot({ path: path.join(SHOTS, `${route.slice(1)}-${locale}-gap.png`) });
      }
      // Pages that ask nothing before a choice (a concept, brands to compare) have no default question.
      expect(undated).toEqual(UNDATED);
      expect(unwarned, 'pages without the coverage warning').toEqual([]);
      await noConsoleErrors(errors);
      await page.context().close();
    }, 600_000);
  }
});

/** No error result, error alert or error message on the page. */
async function expectNoErrorShown(page: import('playwright-core').Page, route: string) {
  const shown = await page
    .locator('.ant-result-error, .ant-result-500, .ant-alert-error, .ant-message-error')
    .allInnerTexts();
  expect(shown, route).toEqual([]);
}
