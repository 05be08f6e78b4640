import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import NoProjectPage from '../src/features/no-project/NoProjectPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, ok, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const routes = [
  { path: '/no-project', element: <NoProjectPage /> },
  { path: '/personal-center', element: <p>personal centre</p> },
  { path: '/login', element: <p>sign-in page</p> },
];

describe('the "no project" page', () => {
  it('a new account without a project: says so, whom to ask and the username to give (en)', async () => {
    await setLocale('en');
    renderAdmin(routes, '/no-project', userOf(9, 'newbie', 'general'));
    expect(await screen.findByText('You have no project yet', {}, FIRST)).toBeTruthy();
    expect(screen.getByText(/not a member of any project/).textContent).toContain(
      'ask your administrator, the person who opened your account, to add you to a project',
    );
    expect(screen.getByTestId('no-project-username').textContent).toBe('Tell them your username: newbie');
  });

  it('a member whose projects open no page is told to ask for pages (zh-CN)', async () => {
    await setLocale('zh-CN');
    const member = userOf(9, 'xiaoming', 'general', {
      projects: [{ id: 1, name: '美妆', role: 'general', status: 'in_service', pages: [], categories: [] }],
    });
    server.use(http.get('*/api/common/projects/1/brief', () => ok({ id: 1, name: '美妆', status: 'in_service' })));
    renderAdmin(routes, '/no-project', member);
    expect(await screen.findByText('您还没有可用的项目', {}, FIRST)).toBeTruthy();
    expect(screen.getByText(/尚未向您开放任何分析页面/).textContent).toBe(
      '项目“美妆”尚未向您开放任何分析页面。请联系为您开通账号的管理员，为您开通所需的页面。',
    );
    expect(screen.getByTestId('no-project-username').textContent).toBe('请告知管理员您的用户名：xiaoming');
    // No other project of theirs opens a page: nothing to switch to.
    expect(screen.queryByText(/其他项目/)).toBeNull();
  });

  it('a member whose current project opens no page, but another does, is pointed at the project switch (en)', async () => {
    await setLocale('en');
    const member = userOf(9, 'xiaoming', 'general', {
      projects: [
        { id: 1, name: 'Beauty', role: 'general', status: 'in_service', pages: [], categories: [] },
        { id: 2, name: 'Food', role: 'general', status: 'in_service', pages: [1], categories: [] },
      ],
    });
    server.use(http.get('*/api/common/projects/1/brief', () => ok({ id: 1, name: 'Beauty', status: 'in_service' })));
    renderAdmin(routes, '/no-project', member);
    expect(await screen.findByText(/opens no analysis page to you yet/, {}, FIRST)).toBeTruthy();
    expect(screen.getByText(/The project “Beauty”/)).toBeTruthy();
    expect(screen.getByText(/Another of your projects opens pages to you/)).toBeTruthy();
  });

  it('the personal centre is one click away', async () => {
    await setLocale('en');
    const router = renderAdmin(routes, '/no-project', userOf(9, 'newbie', 'general'));
    await userEvent.click(await screen.findByTestId('no-project-profile', {}, FIRST));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personal-center'));
  });

  it('signs out: the session ends on the server and the sign-in page opens', async () => {
    await setLocale('en');
    server.use(http.post('*/api/auth/logout', () => ok({})));
    const router = renderAdmin(routes, '/no-project', userOf(9, 'newbie', 'general'));
    await userEvent.click(await screen.findByTestId('no-project-sign-out', {}, FIRST));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.call === 'POST /api/auth/logout')).toBe(true);
  });
});
