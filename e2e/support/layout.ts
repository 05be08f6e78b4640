import type { Page } from 'playwright-core';

/**
 * The layout rule of docs/web.md ("Fits at 1280 px"), measured in the page as it is drawn:
 * - `page-wider`: the page itself scrolls sideways;
 * - `card-overflow`: a card's content is wider than the card (a table or chart not in a scroll container);
 * - `text-cut`: an element clips its text (overflow hidden, no scroll) and says nowhere what it hides:
 *   neither a `title` nor the `data-full-text` of a shortened name (shared/ui/DisplayText.tsx);
 * - `ellipsis-no-tip`: a text shortened with "…" in code, without its full text beside it;
 * - `figure-wrapped`: a figure ("¥2 513M", "12.3%", "TGI 157") broken over two lines;
 * - `word-broken`: a Latin word split over two lines ("Xingb" / "ei");
 * - `figures-hidden`: a table that scrolls sideways shows, at rest, no figure beside its names;
 * - `menu-below-fold`: a side-menu entry below the window's bottom edge (the menu must fit, not scroll);
 * - `chart-clipped` / `chart-overlap`: texts a chart drew past its edge or over one another, as the chart
 *   reports them (shared/analysis/chartLabels.ts).
 */
export interface LayoutProblem {
  kind:
    | 'page-wider'
    | 'card-overflow'
    | 'text-cut'
    | 'ellipsis-no-tip'
    | 'figure-wrapped'
    | 'word-broken'
    | 'figures-hidden'
    | 'scroll-no-cue'
    | 'menu-below-fold'
    | 'chart-clipped'
    | 'chart-overlap';
  /** The element: its test id, or its tag and first class, and those of its nearest card. */
  where: string;
  text: string;
}

/** What the page's visible content breaks of the rule; an empty list when the screen fits. */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; where: string; text: string }[] = [];
    const SLACK = 1;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) !== 0;
    };
    const label = (el: Element | null): string => {
      if (!el) return '';
      const id = el.getAttribute('data-testid');
      if (id) return `[${id}]`;
      const cls =
        typeof el.className === 'string' ? el.className.split(/\s+/).find((c) => c && !c.startsWith('css-')) : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
    };
    const where = (el: Element) => {
      const card = el.closest('.ant-card, .ant-drawer, .ant-modal, .ant-layout-sider, .ant-layout-header');
      const own = label(el.closest('[data-testid]') ?? el);
      return card && card !== el ? `${label(card)} › ${own}` : own;
    };
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    // Elements whose clipping is their design: a select's chosen tags (it shows "+ N"), a tab bar (it
    // scrolls with arrows), a collapsed menu, skeletons, the screen-reader copies of shortened names.
    const DESIGNED_CLIP =
      '.ant-select-selection-overflow, .ant-select-selection-overflow *, .ant-tabs-nav-wrap, .ant-tabs-nav-list, ' +
      '.ant-menu-inline-collapsed *, .ant-skeleton, .ant-skeleton *, .ml-sr-only, .ant-input-number-handler-wrap, ' +
      '.ant-upload-list, .ant-slider, .ant-picker-input, .ant-select-selection-search, .ant-segmented-group';
    const explains = (el: Element) => {
      for (let at: Element | null = el, depth = 0; at && depth < 4; at = at.parentElement, depth++) {
        if (at.hasAttribute('title') || at.hasAttribute('data-full-text')) return true;
      }
      return false;
    };

    if (document.documentElement.scrollWidth > window.innerWidth + SLACK) {
      problems.push({
        kind: 'page-wider',
        where: 'document',
        text: `${document.documentElement.scrollWidth} > ${window.innerWidth}`,
      });
    }
    for (const card of document.querySelectorAll('.ant-card, .ant-drawer-body, .ant-modal-body')) {
      if (visible(card) && card.scrollWidth > card.clientWidth + SLACK) {
        problems.push({ kind: 'card-overflow', where: where(card), text: `${card.scrollWidth} > ${card.clientWidth}` });
      }
    }
    const all = document.querySelectorAll(
      '.ant-layout *, .ant-drawer *, .ant-modal *, .ant-popover *, [data-testid="login-page"] *',
    );
    for (const el of all) {
      if (!(el instanceof HTMLElement) || el.matches(DESIGNED_CLIP) || !visible(el)) continue;
      const s = getComputedStyle(el);
      const clips = s.overflowX === 'hidden' || s.overflowX === 'clip';
      if (clips && el.scrollWidth > el.clientWidth + SLACK && text(el) !== '' && !explains(el)) {
        problems.push({ kind: 'text-cut', where: where(el), text: text(el) });
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const FIGURE = /^(?:TGI\s?)?[-+−<>≈~↑↓]?\s?[¥$€£₩₹฿]?\s?\d[\d\s.,\u00a0\u202f]*\s?(?:%|pp|K|M|B|万|亿)?$/;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = (node.textContent ?? '').trim();
      const host = node.parentElement;
      if (!value || !host || !visible(host) || host.closest('.ml-sr-only, script, style')) continue;
      if (value.endsWith('…') && !explains(host)) {
        problems.push({ kind: 'ellipsis-no-tip', where: where(host), text: value });
      }
      // A Latin word split over two lines ("Xingb / ei"): names wrap between words or are shortened.
      for (const word of (node.textContent ?? '').matchAll(/[A-Za-z]{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) {
          problems.push({ kind: 'word-broken', where: where(host), text: value });
          break;
        }
      }
      if (FIGURE.test(value) && /\d/.test(value)) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push({ kind: 'figure-wrapped', where: where(host), text: value });
      }
    }
    // A table wider than its card scrolls; at rest it must still show a figure beside the names (the
    // sorted figure is a key column), not only the rank, the picture and the names.
    for (const scroller of document.querySelectorAll('.ant-table-content, .ant-table-body')) {
      if (!visible(scroller) || scroller.scrollWidth <= scroller.clientWidth + SLACK) continue;
      // A table that scrolls says so: the shadow of the shared scroll table (`ml-wide-table`) and its
      // hint above it; a bare scrollbar at the table's foot is easy to miss.
      const wrapper = scroller.closest('.ml-wide-table');
      if (!wrapper?.parentElement?.querySelector('[data-testid="table-scroll-hint"]')) {
        problems.push({
          kind: 'scroll-no-cue',
          where: where(scroller),
          text: `${scroller.scrollWidth} > ${scroller.clientWidth}`,
        });
      }
      const view = scroller.getBoundingClientRect();
      const row = scroller.querySelector('tbody tr.ant-table-row');
      if (!row) continue;
      const cells = [...row.children].slice(1);
      const isFigure = (c: Element) => FIGURE.test(text(c)) && /\d/.test(text(c));
      if (!cells.some(isFigure)) continue;
      // Fixed columns cover the cells that scroll under them.
      const fixedAt = (side: string) =>
        [...row.children]
          .filter((c) => c.classList.contains(`ant-table-cell-fix-${side}`))
          .map((c) => c.getBoundingClientRect());
      const left = Math.max(view.left, ...fixedAt('left').map((r) => r.right));
      const right = Math.min(view.right, ...fixedAt('right').map((r) => r.left));
      const shown = cells.some((c) => {
        const r = c.getBoundingClientRect();
        const fixed = /ant-table-cell-fix-(left|right)\b/.test(c.className);
        return isFigure(c) && (fixed || (r.left >= left - SLACK && r.right <= right + SLACK));
      });
      if (!shown) problems.push({ kind: 'figures-hidden', where: where(scroller), text: text(row) });
    }
    // Every entry of the side menu is in the window at rest: at 800 px the menu fits without scrolling.
    const menu = document.querySelector('[data-testid="side-menu"]');
    if (menu && visible(menu)) {
      for (const item of menu.querySelectorAll('.ant-menu-item, .ant-menu-submenu-title')) {
        const r = item.getBoundingClientRect();
        if (r.height > 0 && r.bottom > window.innerHeight + SLACK) {
          problems.push({ kind: 'menu-below-fold', where: 'side-menu', text: text(item) });
        }
      }
    }
    for (const chart of document.querySelectorAll('[data-testid="echart"]')) {
      const report = (chart as HTMLElement & { labelReport?: { clipped: string[]; overlapping: string[] } })
        .labelReport;
      if (!report || !visible(chart)) continue;
      for (const t of report.clipped) problems.push({ kind: 'chart-clipped', where: where(chart), text: t });
      for (const t of report.overlapping) problems.push({ kind: 'chart-overlap', where: where(chart), text: t });
    }
    return problems as never;
  });
}

/** The problems one per line, for a failure message a reader can act on. */
export function describeProblems(problems: readonly LayoutProblem[]): string {
  return problems.map((p) => `${p.kind}  ${p.where}  «${p.text}»`).join('\n');
}
