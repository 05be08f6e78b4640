import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type LayoutProblem, layoutProblems } from './support/layout.js';

/**
 * The layout checks of e2e/support/layout.ts, each shown one page that breaks its rule and one that
 * keeps it, so the screen sweep (layout-1280.e2e.test.ts) passing means the screens fit, not that a
 * check is blind.
 */

const frame = (body: string) => `<!doctype html><html><head><style>
  body { margin: 0; font: 14px/20px sans-serif; }
  .ant-card { width: 300px; border: 1px solid #ccc; }
  .clip { width: 120px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  .narrow { width: 60px; }
  .ant-table-content { width: 300px; overflow: auto; }
  table { border-collapse: collapse; }
  td { padding: 0 8px; white-space: nowrap; }
  .ant-table-cell-fix-right { position: sticky; right: 0; background: #fff; }
</style></head><body><div class="ant-layout">${body}</div></body></html>`;

/** A table inside the shared scroll table's cue: its shadow class and the hint above it. */
const cued = (table: string) =>
  `<div><span data-testid="table-scroll-hint">more columns</span><div class="ml-wide-table">${table}</div></div>`;

const LONG = 'A name far too long for its narrow little room';

async function problemsOf(page: Page, body: string): Promise<LayoutProblem['kind'][]> {
  await page.setContent(frame(body));
  return (await layoutProblems(page)).map((p) => p.kind);
}

describe('layout checks', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  });

  afterAll(() => browser?.close());

  it('a page wider than the window, and one that fits', async () => {
    expect(await problemsOf(page, '<div style="width: 1500px">wide</div>')).toEqual(['page-wider']);
    expect(await problemsOf(page, '<div style="width: 1200px">fits</div>')).toEqual([]);
  });

  it('a card with content wider than itself, and one whose table scrolls inside it', async () => {
    expect(await problemsOf(page, '<div class="ant-card"><div style="width: 500px">x</div></div>')).toEqual([
      'card-overflow',
    ]);
    expect(
      await problemsOf(
        page,
        '<div class="ant-card"><div style="width: 300px; overflow: auto"><div style="width: 500px">x</div></div></div>',
      ),
    ).toEqual([]);
  });

  it('text clipped without its full text, and clipped text with a title or full-text attribute', async () => {
    expect(await problemsOf(page, `<div class="clip">${LONG}</div>`)).toEqual(['text-cut']);
    expect(await problemsOf(page, `<div class="clip" title="${LONG}">${LONG}</div>`)).toEqual([]);
    expect(await problemsOf(page, `<span data-full-text="${LONG}"><div class="clip">${LONG}</div></span>`)).toEqual([]);
  });

  it('a name shortened with an ellipsis in code needs its full text beside it', async () => {
    expect(await problemsOf(page, '<span>A name far too…</span>')).toEqual(['ellipsis-no-tip']);
    expect(await problemsOf(page, `<span data-full-text="${LONG}">A name far too…</span>`)).toEqual([]);
  });

  it('a figure broken over two lines, and one kept on a line', async () => {
    expect(await problemsOf(page, '<div style="width: 30px">¥2 513M</div>')).toEqual(['figure-wrapped']);
    expect(await problemsOf(page, '<div style="width: 30px; white-space: nowrap">¥2\u202f513M</div>')).toEqual([]);
  });

  it('a word split over two lines, and words that wrap between them', async () => {
    expect(await problemsOf(page, '<div class="narrow" style="overflow-wrap: anywhere">Xingbeiwoods</div>')).toEqual([
      'word-broken',
    ]);
    expect(await problemsOf(page, '<div class="narrow">Xing bei wood</div>')).toEqual([]);
  });

  it('a scrolling table whose figures are all under a fixed column or out of view', async () => {
    const row = (fixed: string) =>
      `<div class="ant-table-content"><table><tbody><tr class="ant-table-row">
        <td>1</td><td>${'Product name '.repeat(2)}</td><td>Brand</td><td style="padding-right: 40px">¥69</td>
        <td>¥7 712M</td><td>107M</td><td class="${fixed}">+</td></tr></tbody></table></div>`;
    expect(await problemsOf(page, cued(row('ant-table-cell-fix-right')))).toEqual(['figures-hidden']);
    const keyFirst = `<div class="ant-table-content"><table><tbody><tr class="ant-table-row">
      <td>1</td><td>Product</td><td>¥7 712M</td><td>${'Brand and shop '.repeat(3)}</td><td>107M</td>
      </tr></tbody></table></div>`;
    expect(await problemsOf(page, cued(keyFirst))).toEqual([]);
  });

  it('a table that scrolls without the shared cue, and one with its shadow and hint', async () => {
    const wide = `<div class="ant-table-content"><table><tbody><tr class="ant-table-row">
      <td>1</td><td>Product</td><td>¥7 712M</td><td>${'Brand and shop '.repeat(3)}</td></tr></tbody></table></div>`;
    expect(await problemsOf(page, wide)).toEqual(['scroll-no-cue']);
    expect(await problemsOf(page, `<div class="ml-wide-table">${wide}</div>`)).toEqual(['scroll-no-cue']);
    expect(await problemsOf(page, cued(wide))).toEqual([]);
  });

  it('a side-menu entry below the window, and a menu that fits', async () => {
    const menu = (items: number) =>
      `<ul data-testid="side-menu">${'<li class="ant-menu-item" style="height: 60px">Item</li>'.repeat(items)}</ul>`;
    expect(await problemsOf(page, menu(14))).toContain('menu-below-fold');
    expect(await problemsOf(page, menu(12))).toEqual([]);
  });

  it('what a chart reports of its labels', async () => {
    await page.setContent(frame('<div data-testid="echart" style="width: 200px; height: 100px"></div>'));
    await page.evaluate(() => {
      const chart = document.querySelector('[data-testid="echart"]') as HTMLElement & { labelReport?: unknown };
      chart.labelReport = { clipped: ['Home Applianc'], overlapping: ['a / b'] };
    });
    expect((await layoutProblems(page)).map((p) => `${p.kind} ${p.text}`)).toEqual([
      'chart-clipped Home Applianc',
      'chart-overlap a / b',
    ]);
  });
});
