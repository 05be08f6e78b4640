import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import AccountEditPage from '../src/features/accounts/AccountEditPage.js';
import AccountListPage from '../src/features/accounts/AccountListPage.js';
import { mayDeleteAccount } from '../src/features/accounts/DeleteAccount.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, fail, ok, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const ROOT = userOf(1, 'root', 'root');
const ADMIN = userOf(2, 'boss', 'admin');
const OTHER_ADMIN = userOf(3, 'deputy', 'admin');
const GENERAL = userOf(4, 'wang', 'general');

/** The account list API over a mutable list; DELETE removes (or answers `deleteAnswer`). */
function accountsApi(initial: ReturnType<typeof userOf>[], deleteAnswer?: () => Response) {
  let accounts = [...initial];
  server.use(
    http.get('*/api/common/users', () => ok({ items: accounts, total: accounts.length, page: 1, page_size: 20 })),
    http.get('*/api/common/users/applications', () => ok({ items: [] })),
    http.delete('*/api/common/users/:id', ({ params }) => {
      if (deleteAnswer) return deleteAnswer();
      accounts = accounts.filter((a) => String(a.id) !== params.id);
      return ok({ message: 'ok' });
    }),
  );
  return { remove: (id: number) => (accounts = accounts.filter((a) => a.id !== id)) };
}

const listCalls = () => calls.filter((c) => c.call === 'GET /api/common/users').length;
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

// antd tables and popups in jsdom on a shared 2-core machine are slow.
describe('account deletion', () => {
  it('follows the server rule: administrators, never oneself, root/admin accounts only by root', () => {
    expect(mayDeleteAccount(ROOT, GENERAL)).toBe(true);
    expect(mayDeleteAccount(ROOT, ADMIN)).toBe(true);
    expect(mayDeleteAccount(ROOT, ROOT)).toBe(false);
    expect(mayDeleteAccount(ADMIN, GENERAL)).toBe(true);
    expect(mayDeleteAccount(ADMIN, OTHER_ADMIN)).toBe(false);
    expect(mayDeleteAccount(ADMIN, ROOT)).toBe(false);
    expect(mayDeleteAccount(ADMIN, ADMIN)).toBe(false);
    expect(mayDeleteAccount(userOf(5, 'li', 'enterprise'), GENERAL)).toBe(false);
    // Role checks are prefix matches (docs/product.md §6): a derived admin role is an admin.
    expect(mayDeleteAccount(ADMIN, userOf(6, 'ro', 'admin_readonly'))).toBe(false);
  });

  it('root deletes an account from the list after a confirmation naming it; the list refreshes (en)', async () => {
    await setLocale('en');
    accountsApi([ROOT, ADMIN, GENERAL]);
    const user = userEvent.setup();
    renderAdmin([{ path: '/accounts', element: <AccountListPage /> }], '/accounts', ROOT);
    await screen.findByRole('link', { name: 'wang' }, FIRST);
    // Root may delete others, admins included, but not itself.
    expect(within(rowOf('root')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(rowOf('boss')).getByRole('button', { name: /Delete/ })).toBeTruthy();
    const before = listCalls();

    await user.click(within(rowOf('wang')).getByRole('button', { name: /Delete/ }));
    const bubble = (await screen.findByText('Delete the account wang?')).closest('.ant-popconfirm') as HTMLElement;
    expect(within(bubble).getByText('The account and its project permissions are deleted for good.')).toBeTruthy();
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    await user.click(within(bubble).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Account deleted', undefined, FIRST)).toBeTruthy();
    expect(calls.filter((c) => c.call.startsWith('DELETE')).map((c) => c.call)).toEqual(['DELETE /api/common/users/4']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'wang' })).toBeNull());
    expect(listCalls()).toBeGreaterThan(before);
  });

  it('an administrator is offered deletion only for accounts below the administrators (zh-CN)', async () => {
    await setLocale('zh-CN');
    accountsApi([ROOT, ADMIN, OTHER_ADMIN, GENERAL]);
    renderAdmin([{ path: '/accounts', element: <AccountListPage /> }], '/accounts', ADMIN);
    await screen.findByRole('link', { name: 'wang' }, FIRST);
    for (const name of ['root', 'boss', 'deputy']) {
      expect(within(rowOf(name)).queryByRole('button', { name: /删\s*除/ }), name).toBeNull();
    }
    expect(within(rowOf('wang')).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
  });

  it('a refused deletion shows the server message and the list is refetched (zh-CN)', async () => {
    await setLocale('zh-CN');
    accountsApi([ROOT, GENERAL], () => fail(400, '该账号仍是项目负责人'));
    const user = userEvent.setup();
    renderAdmin([{ path: '/accounts', element: <AccountListPage /> }], '/accounts', ROOT);
    await screen.findByRole('link', { name: 'wang' }, FIRST);
    const before = listCalls();
    await user.click(within(rowOf('wang')).getByRole('button', { name: /删\s*除/ }));
    const bubble = (await screen.findByText('删除账号 wang？')).closest('.ant-popconfirm') as HTMLElement;
    await user.click(within(bubble).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('该账号仍是项目负责人')).toBeTruthy();
    expect(screen.queryByText('账号已删除')).toBeNull();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.getByRole('link', { name: 'wang' })).toBeTruthy();
  });

  it('deleting from the edit screen confirms with the name and goes back to the list (en)', async () => {
    await setLocale('en');
    const list = accountsApi([ROOT, GENERAL]);
    server.use(
      http.get('*/api/common/users/4', () => ok({ user: GENERAL, projects: [] })),
      http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 1000 })),
      http.delete('*/api/common/users/4', () => {
        list.remove(4);
        return ok({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    const router = renderAdmin(
      [
        { path: '/accounts', element: <AccountListPage /> },
        { path: '/accounts/:id/edit', element: <AccountEditPage /> },
      ],
      '/accounts/4/edit',
      ROOT,
    );
    await user.click(await screen.findByRole('button', { name: /Delete account/ }, FIRST));
    await screen.findByText('Delete the account wang?');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Account deleted', undefined, FIRST)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    await screen.findByRole('link', { name: 'root' }, FIRST);
    expect(screen.queryByRole('link', { name: 'wang' })).toBeNull();
    // The deleted account is not asked for again (it would be a 404).
    expect(calls.filter((c) => c.call === 'GET /api/common/users/4')).toHaveLength(1);
  });

  it('the edit screen of an account one may not delete has no delete button', async () => {
    await setLocale('en');
    server.use(
      http.get('*/api/common/users/1', () => ok({ user: ROOT, projects: [] })),
      http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 1000 })),
    );
    renderAdmin([{ path: '/accounts/:id/edit', element: <AccountEditPage /> }], '/accounts/1/edit', ROOT);
    await screen.findByText('Account details', undefined, FIRST);
    expect(screen.queryByRole('button', { name: /Delete account/ })).toBeNull();
  });
});
