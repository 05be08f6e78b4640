/**
 * The filter sections behind the registry (shared/analysis/filters): a page chooses sections by id;
 * the shop section ('platform,shop_id' values, docs/product.md §4) with the docs/product.md §5 rule "Channel
 * source requires a shop selection first"; a section's own check before Apply (custom SQL).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { decodeFilter, emptyFilter, encodeFilter, toWire } from '../src/shared/analysis/filter.js';
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
