/**
 * The filter sections behind the registry (shared/analysis/filters): a page chooses sections by id;
 * the shop section ('platform,shop_id' values, docs/product.md §4) with the docs/product.md §5 rule "Channel
 * source requires a shop selection first"; a section's own check before Apply (custom SQL).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeFilter, emptyFilter, encodeFilter, toWire } from '../src/shared/analysis/filter.js';
import { groupAttributes } from '../src/shared/analysis/filters/attributeGroups.js';
import { checkFilter, FilterPanel } from '../src/shared/analysis/index.js';
import { analysisMessages } from '../src/shared/analysis/messages.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  calls,
  fail,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

const SHOPS = [
  { value: '1,77', name: '露鲜旗舰店', name_en: 'Luxian Flagship' },
  { value: '2,8', name: '花间超市', name_en: 'Huajian Market' },
];

setUpApiTests('en');
beforeEach(async () => {
  await setLocale('en');
  server.use(
    http.get('*/api/common/shops', ({ request }) => {
      const prefix = new URL(request.url).searchParams.get('prefix')?.toLowerCase() ?? '';
      return ok({
        items: SHOPS.filter((s) => s.name_en.toLowerCase().startsWith(prefix)),
        total: 2,
        page: 1,
        page_size: 50,
      });
    }),
    ...referenceHandlers({
      user: analysisUser([1, 4, 5]),
      channels: [
        { platform_id: 1, code: 'tmall', platform: '天猫', platform_en: 'Tmall', channels: [] },
        { platform_id: 2, code: 'jd', platform: '京东', platform_en: 'JD', channels: [] },
      ],
    }),
  );
});

const shopsPanel = (url = '/shops') =>
  renderAt(
    <FilterPanel sections={['date', 'shops', 'channelSources']} primary={['date', 'shops', 'channelSources']} />,
    url,
  );
const sourcesInput = () =>
  within(screen.getByTestId('filter-channel-sources')).getByRole('combobox') as HTMLInputElement;

describe('shop section', () => {
  it('chooses shops as platform,shop_id; the channel source opens only after a shop and goes into the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const router = shopsPanel();
    await screen.findByTestId('filter-shops');
    // docs/product.md §5: no source before a shop.
    expect(sourcesInput().disabled).toBe(true);
    expect(screen.getByText('Choose shops first')).toBeTruthy();

    await user.type(within(screen.getByTestId('filter-shops')).getByRole('combobox'), 'lux');
    // Click in the list of this search (the list of the empty search may still be on screen before).
    await waitFor(() => expect(calls.some((c) => c.query.get('prefix') === 'lux')).toBe(true));
    await waitFor(() => expect(screen.queryByTitle('Huajian Market')).toBeNull());
    await user.click(await screen.findByTitle('Luxian Flagship'));
    await waitFor(() => expect(sourcesInput().disabled).toBe(false));
    await user.click(sourcesInput());
    await user.click(await screen.findByTitle('Cross-border (global)'));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?s=1:77&src=global'));
  });

  it('a link with shops and a source shows them; a source without a shop is ignored', async () => {
    shopsPanel('/shops?s=1:77&src=global,others');
    const user = userEvent.setup({ delay: null });
    const shops = await screen.findByTestId('filter-shops');
    // The chosen shop is selected in the list (jsdom cannot measure the responsive tags).
    await user.click(within(shops).getByRole('combobox'));
    const option = (await screen.findByTitle('Luxian Flagship')).closest('.ant-select-item-option')!;
    expect(option.getAttribute('aria-selected') ?? option.className).toMatch(/true|selected/);
    const sources = screen.getByTestId('filter-channel-sources');
    expect(within(sources).getByText('Cross-border (global)')).toBeTruthy();
    expect(within(sources).getByText('Others')).toBeTruthy();
    expect(decodeFilter(new URLSearchParams('src=global')).channelSources).toEqual([]);
  });

  it('clearing the shops clears the sources; a source left without a shop is refused with the docs/product.md §5 message', async () => {
    const user = userEvent.setup({ delay: null });
    const router = shopsPanel('/shops?s=1:77&src=global');
    const shops = await screen.findByTestId('filter-shops');
    expect(within(screen.getByTestId('filter-channel-sources')).getByText('Cross-border (global)')).toBeTruthy();
    await user.click(within(shops).getByLabelText('Clear'));
    await waitFor(() => expect(sourcesInput().disabled).toBe(true));
    expect(within(screen.getByTestId('filter-channel-sources')).queryByText('Cross-border (global)')).toBeNull();
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    const problem = checkFilter({ ...emptyFilter(), channelSources: ['global'] }).channelSources;
    expect(problem?.key).toBe('analysis.filter.sourceNeedsShop');
    expect(analysisMessages.en['analysis.filter.sourceNeedsShop']).toBe(
      'Channel source requires a shop selection first',
    );
    expect(analysisMessages['zh-CN']['analysis.filter.sourceNeedsShop']).toBeTruthy();
  });

  it('lists the found shops under their platforms', async () => {
    shopsPanel();
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByTestId('filter-shops')).getByRole('combobox'));
    await screen.findByTitle('Huajian Market');
    await waitFor(() => expect(document.querySelector('.ant-select-item-group[title="JD"]')).toBeTruthy());
    expect(document.querySelector('.ant-select-item-group[title="Tmall"]')).toBeTruthy();
  });

  it('the URL form is canonical and the wire sends the shops with their sources', () => {
    const f = { ...emptyFilter(), shops: ['1,77', '2,8'], channelSources: ['global' as const] };
    expect(encodeFilter(f)).toBe('?s=1:77,2:8&src=global');
    expect(decodeFilter(new URLSearchParams(encodeFilter(f).slice(1)))).toEqual(f);
    expect(toWire({ ...f, date: ['2024-01-01', '2024-06-01'] })).toEqual({
      date: ['2024-01-01', '2024-06-01'],
      selector: 'mom',
      shops: ['1,77', '2,8'],
      channel_sources: ['global'],
    });
    // Sources without a shop never reach the wire.
    expect(toWire({ ...emptyFilter(), channelSources: ['global'], date: ['2024-01-01', '2024-06-01'] })).toEqual({
      date: ['2024-01-01', '2024-06-01'],
      selector: 'mom',
    });
  });
});

describe('sections by id', () => {
  it('a page shows only the sections it names, in its order', async () => {
    renderAt(<FilterPanel sections={['price', 'date']} primary={['price', 'date']} />, '/x');
    await screen.findByTestId('filter-price-min');
    expect(screen.getAllByTestId('filter-date').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('filter-shops')).toBeNull();
    expect(screen.queryByTestId('filter-category')).toBeNull();
    expect(screen.queryByTestId('filter-more')).toBeNull();
    const order = [...document.querySelectorAll('[data-testid="filter-price-min"], [data-testid="filter-date"]')];
    expect(order[0]!.getAttribute('data-testid')).toBe('filter-price-min');
  });

  it('the category section checks custom SQL on the server before Apply; a refused SQL keeps the URL', async () => {
    let accept = false;
    server.use(
      http.get('*/api/common/categories/sql', () =>
        accept ? ok({ items: [1, 2] }) : fail(400, 'SQL conversion failed'),
      ),
    );
    const user = userEvent.setup({ delay: null });
    const router = renderAt(<FilterPanel sections={['category']} primary={['category']} />, '/x');
    await user.click(await screen.findByText('Custom SQL'));
    await user.type(screen.getByTestId('filter-sql'), 'price > 100');
    await user.click(screen.getByTestId('filter-apply'));
    expect(await screen.findByText('SQL conversion failed')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    accept = true;
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?sql=price%20%3E%20100'));
  });
});

/** An attribute of GET /attributes: its values (one per letter) and the granted categories that have it. */
const attr = (name: string, category_ids: number[], values = 'ab') => ({
  name,
  title: `属性${name}`,
  title_en: `Attr ${name}`,
  filter_values: [...values].map((v) => ({ value: `${name}${v}`, value_en: `${name}-${v}` })),
  category_ids,
});

describe('attribute groups', () => {
  // Categories: 1 (level 1) holds 10 and 20; every attribute with values in 10 lists 1 and 10.
  const list = [
    attr('p', [1, 20]),
    attr('q', [1, 10]),
    attr('r', [], ''),
    attr('s', [1, 10, 20]),
    attr('t', [1, 20]),
    attr('u', [1, 10]),
  ];
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);

  it('own attributes first, in the given order; those without values in the chosen category after them', () => {
    const g = groupAttributes(list, [10], new Set());
    expect(names(g.shown)).toEqual(['q', 's', 'u']);
    expect(names(g.moreOwn)).toEqual([]);
    expect(names(g.others)).toEqual(['p', 't']);
  });

  it('a parent category owns what its children have; no category: every attribute with values', () => {
    expect(names(groupAttributes(list, [1], new Set()).shown)).toEqual(['p', 'q', 's', 't', 'u']);
    const none = groupAttributes(list, [], new Set());
    expect(names(none.shown)).toEqual(['p', 'q', 's', 't', 'u']);
    // 'r' has no value anywhere in the grant: it offers nothing.
    expect([...none.moreOwn, ...none.others].map((a) => a.name)).toEqual([]);
  });

  it('shows the first few own attributes and keeps the rest for the expander; a chosen value is never hidden', () => {
    const g = groupAttributes(list, [], new Set(), 2);
    expect(names(g.shown)).toEqual(['p', 'q']);
    expect(names(g.moreOwn)).toEqual(['s', 't', 'u']);
    const chosen = groupAttributes(list, [10], new Set(['t', 'r']), 2);
    // Own first (q, s), then the chosen ones of no group shown, in the server order (r, t).
    expect(names(chosen.shown)).toEqual(['q', 's', 'r', 't']);
    expect(names(chosen.moreOwn)).toEqual(['u']);
    expect(names(chosen.others)).toEqual(['p']);
  });
});

describe('attributes section', () => {
  const attributesPanel = (url: string, attributes: unknown[]) => {
    server.use(...referenceHandlers({ user: analysisUser([4]), attributes }));
    return renderAt(<FilterPanel sections={['category', 'attributes']} primary={['category', 'attributes']} />, url);
  };
  const inGrid = (id: string) =>
    [...screen.getByTestId(id).querySelectorAll('[data-testid^="filter-attribute-"]')].map((e) =>
      e.getAttribute('data-testid')!.replace('filter-attribute-', ''),
    );

  it('the chosen category’s own attributes in the grid; the others behind the expander, which takes the keyboard to them', async () => {
    const user = userEvent.setup({ delay: null });
    // BEAUTY is category 1 of the harness tree; 'x' and 'z' have values in it, 'y' only elsewhere.
    attributesPanel('/x?c=1', [attr('x', [1, 11]), attr('y', [4, 41]), attr('z', [1, 12])]);
    await screen.findByTestId('filter-attribute-x');
    expect(inGrid('filter-attributes-shown')).toEqual(['x', 'z']);
    expect(screen.queryByTestId('filter-attribute-y')).toBeNull();
    const more = screen.getByTestId('filter-attributes-more');
    expect(more.textContent).toContain('1 more attribute');
    expect(more.getAttribute('aria-expanded')).toBe('false');

    await user.click(more);
    expect(await screen.findByText('Attributes with no values in the chosen categories')).toBeTruthy();
    expect(inGrid('filter-attributes-others')).toEqual(['y']);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('filter-attribute-y').contains(document.activeElement)).toBe(true));
    await user.click(more);
    expect(screen.queryByTestId('filter-attribute-y')).toBeNull();
  });

  it('without a category, the first eight attributes show and the rest wait behind "N more attributes"', async () => {
    const user = userEvent.setup({ delay: null });
    const ten = 'abcdefghij'.split('').map((n) => attr(n, [1]));
    attributesPanel('/x', ten);
    await screen.findByTestId('filter-attribute-a');
    expect(inGrid('filter-attributes-shown')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    await user.click(screen.getByText('2 more attributes'));
    await waitFor(() => expect(screen.getByTestId('filter-attribute-i').contains(document.activeElement)).toBe(true));
    expect(inGrid('filter-attributes-rest')).toEqual(['i', 'j']);
    expect(screen.queryByTestId('filter-attributes-others')).toBeNull();
  });

  it('lists the attributes by their title in the page language, not by code', async () => {
    const named = (name: string, title: string, title_en: string) => ({ ...attr(name, [1]), title, title_en });
    // Codes a, b, c; English titles Zeta, Alpha, Mu; Chinese by pinyin 香调 (xiāng), 包装 (bāo), 安全 (ān).
    const list = [named('a', '香调', 'Zeta'), named('b', '包装', 'Alpha'), named('c', '安全', 'Mu')];
    attributesPanel('/x', list);
    await screen.findByTestId('filter-attribute-a');
    expect(inGrid('filter-attributes-shown')).toEqual(['b', 'c', 'a']);
    cleanup();
    await setLocale('zh-CN');
    attributesPanel('/x', list);
    await screen.findByTestId('filter-attribute-a');
    expect(inGrid('filter-attributes-shown')).toEqual(['c', 'b', 'a']);
  });

  it('a linked value of a collapsed attribute stays in sight and goes back into the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const router = attributesPanel('/x?c=1&a=y:yb', [attr('x', [1]), attr('y', [4])]);
    await screen.findByTestId('filter-attribute-y');
    expect(inGrid('filter-attributes-shown')).toEqual(['x', 'y']);
    expect(screen.queryByTestId('filter-attributes-more')).toBeNull();
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?c=1&a=y:yb'));
  });
});

describe('more filters', () => {
  it('opening them moves the keyboard to the first field that appeared; closing keeps it on the button', async () => {
    server.use(...referenceHandlers({ user: analysisUser([4]), attributes: [attr('x', [1])] }));
    const user = userEvent.setup({ delay: null });
    renderAt(<FilterPanel />, '/x');
    const more = await screen.findByTestId('filter-more');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    // The default panel's first section behind "More filters" is the brands'.
    await waitFor(() => expect(screen.getByTestId('filter-brands').contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.getAttribute('role')).toBe('combobox');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await user.click(more);
    expect(screen.queryByTestId('filter-brands')).toBeNull();
    expect(document.activeElement).toBe(more);
  });
});
