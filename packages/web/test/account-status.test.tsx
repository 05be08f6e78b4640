import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import AccountEditPage from '../src/features/accounts/AccountEditPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { FIRST, ok, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const ROOT = userOf(1, 'root', 'root');
const ADMIN = userOf(2, 'boss', 'admin');

/** The edit screen of `account` as `me`, with its status field. */
async function editScreen(me: ReturnType<typeof userOf>, account: ReturnType<typeof userOf>) {
  server.use(
    http.get(`*/api/common/users/${account.id}`, () => ok({ user: account, projects: [] })),
    http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 1000 })),
  );
  renderAdmin([{ path: '/accounts/:id/edit', element: <AccountEditPage /> }], `/accounts/${account.id}/edit`, me);
  await screen.findByText('Account details', undefined, FIRST);
  // The status select is the one whose value is shown as a state label.
  return screen.getAllByRole('combobox').find((c) => c.closest('.ant-form-item')?.textContent?.includes('Status'))!;
}

/** The option labels of an antd select once opened. */
async function optionsOf(combobox: HTMLElement): Promise<string[]> {
  await userEvent.setup().click(combobox);
  await screen.findByRole('listbox', undefined, FIRST);
  // The visible items (the listbox itself holds antd's accessible copies, labelled by value).
  return [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option-content')].map(
    (o) => o.textContent ?? '',
  );
}

// The server's rule (statusChangeProblem): only root takes an account out of pending review, and
// nobody puts one back; the form offers only what the server accepts.
describe('account status on the edit screen', () => {
  it("an admin cannot change a pending account's status; the field says root reviews it (en)", async () => {
    await setLocale('en');
    const status = await editScreen(ADMIN, userOf(7, 'newbie', 'general', { status: 'pending' }));
    expect(status.closest('.ant-select')?.className).toContain('ant-select-disabled');
    expect(screen.getByText('Super administrators review this')).toBeTruthy();
  });

  it('root may decide a pending account: active, still pending, or disabled (en)', async () => {
    await setLocale('en');
    const status = await editScreen(ROOT, userOf(7, 'newbie', 'general', { status: 'pending' }));
    expect(status.closest('.ant-select')?.className).not.toContain('ant-select-disabled');
    expect(await optionsOf(status)).toEqual(['Active', 'Pending review', 'Disabled']);
  });

  it('an account that is not pending cannot be put back to pending (en)', async () => {
    await setLocale('en');
    const status = await editScreen(ADMIN, userOf(8, 'wang', 'general'));
    expect(await optionsOf(status)).toEqual(['Active', 'Disabled']);
  });
});
