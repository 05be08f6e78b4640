import { DEFAULT_ELLIPSIS, displayLength } from '@marketlens/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { namesLegend, shareDonutOption } from '../src/shared/analysis/chartOptions.js';
import { makeFormatters } from '../src/shared/analysis/useFormatters.js';
import { initI18n } from '../src/shared/i18n/index.js';
import { DisplayText, nameColumn } from '../src/shared/ui/DisplayText.js';
import { columnBudget, cutLabel, cutMiddle, cutText, DISPLAY_BUDGET } from '../src/shared/ui/displayText.js';
import { stubResizeObserver } from './support/harness.js';

beforeAll(async () => {
  await initI18n('en');
  stubResizeObserver();
});

describe('cutting by display length (docs/product.md §5: above code 255 counts 2)', () => {
  it('Latin letters count 1, Chinese characters 2: the same budget holds half as many', () => {
    expect(cutText('abcdefghijkl', 12)).toBe('abcdefghijkl');
    expect(cutText('abcdefghijklm', 12)).toBe(`abcdefghi${DEFAULT_ELLIPSIS}`);
    // 6 Chinese characters are 12 units: they fit exactly; a seventh does not.
    expect(cutText('雅诗兰黛小棕', 12)).toBe('雅诗兰黛小棕');
    expect(cutText('雅诗兰黛小棕瓶', 12)).toBe(`雅诗兰黛${DEFAULT_ELLIPSIS}`);
    // Mixed: 'ab' (2) + '口红' (4) + 'x' (1) = 7 > 6.
    expect(cutText('ab口红x', 6)).toBe(`ab${DEFAULT_ELLIPSIS}`);
  });

  it('named budgets and column widths', () => {
    expect(cutText('x'.repeat(DISPLAY_BUDGET.tag), 'tag')).toBe('x'.repeat(DISPLAY_BUDGET.tag));
    expect(displayLength(cutText('品'.repeat(40), 'tag'))).toBeLessThanOrEqual(DISPLAY_BUDGET.tag);
    // 160 px less the cell padding, at 7 px a unit.
    expect(columnBudget(160)).toBe(18);
    expect(columnBudget(260, 56)).toBe(24);
    expect(columnBudget(40)).toBe(4);
  });

  it('chart labels: the same cut as an ECharts formatter; the legend shows the full name on hover', () => {
    const cut = cutLabel('axisLabel');
    expect(cut('Maison Margiela Replica')).toBe(`Maison Ma${DEFAULT_ELLIPSIS}`);
    expect(cut('兰蔻')).toBe('兰蔻');
    // 24 units less the 3 of the ellipsis leave 10 Chinese characters; our own series names fit.
    const legend = namesLegend();
    expect(legend.formatter('完美日记小细跟口红套装礼盒')).toBe(`完美日记小细跟口红套${DEFAULT_ELLIPSIS}`);
    expect(legend.formatter('Average discount price')).toBe('Average discount price');
    expect(legend.tooltip).toEqual({ show: true });
  });

  it('a share donut labels a name that wraps as it is, a very long one cut, its share below', () => {
    const option = shareDonutOption({
      rows: [{ name: 'Estée Lauder Advanced Night Repair', value: 10, share: 0.5 }],
      metric: 'sales',
      fmt: makeFormatters('en', '¥', 'month'),
      othersName: 'Others',
    });
    const label = (name: string) => option.series[0]!.label.formatter({ name, data: { share: 0.5 } });
    expect(label('Beauty & Skincare')).toBe('Beauty & Skincare\n50.0%');
    expect(label('Estée Lauder Advanced Night Repair')).toBe(`Estée Lauder Advanced${DEFAULT_ELLIPSIS}\n50.0%`);
    // No fixed label width: ECharts then narrows each label to the room beside the ring and ends it in
    // "…" rather than drawing it past the chart's edge (docs/web.md "Fits at 1280 px").
    const pie = option.series[0]!;
    expect(pie.label).not.toHaveProperty('width');
    expect(pie.label).toMatchObject({ overflow: 'truncate', alignTo: 'edge' });
    expect(pie.avoidLabelOverlap).toBe(true);
    expect(pie.labelLayout).toEqual({ hideOverlap: true });
  });
});

describe('cutting in the middle (shop names differ at their end)', () => {
  it('keeps the start and the part after the last separator when it takes at most two thirds of the room', () => {
    // 24 units: 3 for the ellipsis, 21 of room; "· Apple Store" is 13 ≤ 14, the start gets the other 8.
    expect(cutMiddle('JD Self-operated · Apple Store', 24)).toBe(`JD Self-${DEFAULT_ELLIPSIS}· Apple Store`);
    expect(cutMiddle('JD Self-operated · Apple Accessories', 24)).not.toBe(
      cutMiddle('JD Self-operated · Apple Store', 24),
    );
  });

  it('without a short last part, half the room each side; a Chinese character counts 2', () => {
    expect(cutMiddle('abcdefghijklmnop', 10)).toBe(`abc${DEFAULT_ELLIPSIS}mnop`);
    // room 13: the end "苹果旗舰店" part is 10 (with "·") > 8, so 7 units each side (3 characters) and 6 for the start.
    const cut = cutMiddle('京东自营·苹果官方旗舰店', 16);
    expect(cut).toBe(`京东自${DEFAULT_ELLIPSIS}旗舰店`);
    expect(displayLength(cut)).toBeLessThanOrEqual(16);
  });

  it('a text that fits is unchanged', () => {
    expect(cutMiddle('Apple Store', 24)).toBe('Apple Store');
  });
});

describe('<DisplayText>', () => {
  it('a text within the budget is shown as it is, without a tooltip', async () => {
    render(<DisplayText text="兰蔻 Lancôme" budget={12} testId="name" />);
    const el = screen.getByTestId('name');
    expect(el.textContent).toBe('兰蔻 Lancôme');
    expect(el.hasAttribute('data-full-text')).toBe(false);
    await userEvent.hover(el);
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('a longer one is cut with an ellipsis; the full text is on hover and for screen readers', async () => {
    const full = '雅诗兰黛小棕瓶特润修护肌活精华露';
    render(<DisplayText text={full} budget={12} testId="name" />);
    const el = screen.getByTestId('name');
    const visible = el.querySelector('[aria-hidden="true"]');
    expect(visible?.textContent).toBe(`雅诗兰黛${DEFAULT_ELLIPSIS}`);
    expect(el.querySelector('.ml-sr-only')?.textContent).toBe(full);
    expect(el.getAttribute('data-full-text')).toBe(full);
    await userEvent.hover(el);
    expect((await screen.findByRole('tooltip')).textContent).toBe(full);
  });

  it('cut in the middle: the full name is on hover all the same', async () => {
    const full = 'JD Self-operated · Apple Store';
    render(<DisplayText text={full} budget={24} cut="middle" testId="name" />);
    const el = screen.getByTestId('name');
    expect(el.querySelector('[aria-hidden="true"]')?.textContent).toBe(`JD Self-${DEFAULT_ELLIPSIS}· Apple Store`);
    expect(el.getAttribute('data-full-text')).toBe(full);
    await userEvent.hover(el);
    expect((await screen.findByRole('tooltip')).textContent).toBe(full);
  });

  it('a hover text of its own (a category path) shows even when nothing is cut', async () => {
    render(<DisplayText text="口红" budget={12} tip="彩妆 / 唇部 / 口红" testId="name" />);
    await userEvent.hover(screen.getByTestId('name'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('彩妆 / 唇部 / 口红');
  });

  it('nameColumn cuts to the column width, or to the flexible cell budget without one', () => {
    type Row = { name: string };
    const narrow = nameColumn<Row>({ key: 'n', title: 'Name', text: (r) => r.name, width: 120 });
    expect(narrow.width).toBe(120);
    const long = { name: 'L'.repeat(60) };
    render(<div data-testid="cell">{narrow.render!(null, long, 0) as React.ReactNode}</div>);
    const shown = screen.getByTestId('cell').querySelector('[aria-hidden="true"]')?.textContent ?? '';
    expect(displayLength(shown)).toBe(columnBudget(120));
    const flexible = nameColumn<Row>({ key: 'n', title: 'Name', text: (r) => r.name });
    expect(flexible.width).toBeUndefined();
    render(<div data-testid="flex">{flexible.render!(null, long, 0) as React.ReactNode}</div>);
    const flexShown = screen.getByTestId('flex').querySelector('[aria-hidden="true"]')?.textContent ?? '';
    expect(displayLength(flexShown)).toBe(DISPLAY_BUDGET.cell);
  });
});
