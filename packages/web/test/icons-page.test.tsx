import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import IconsPage from '../src/features/icons/IconsPage.js';
import * as ICONS from '../src/features/icons/iconSet.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { renderInProviders, setUpFetchStubTests } from './support/harness.js';

describe('/icons', () => {
  setUpFetchStubTests('zh-CN');

  it('shows every icon of the set with its count, narrows by search, and copies a name on click', async () => {
    await setLocale('en');
    // user-event puts a clipboard of its own on navigator.
    const user = userEvent.setup();
    renderInProviders(<IconsPage />);
    const count = Object.keys(ICONS).length;
    expect(await screen.findByText(`The ${count} icons the app uses; click one to copy its name`)).toBeTruthy();
    const grid = screen.getByTestId('icon-grid');
    expect(within(grid).getAllByText(/Outlined|Filled/)).toHaveLength(count);

    await user.type(screen.getByPlaceholderText('Search icons'), 'wechat');
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByText(/Outlined|Filled/)
          .map((e) => e.textContent),
      ).toEqual(['WechatOutlined']),
    );

    await user.click(within(grid).getByText('WechatOutlined'));
    expect(await screen.findByText('WechatOutlined copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('WechatOutlined');
  });
});
