import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import ProjectListPage from '../src/features/projects/ProjectListPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { FIRST, ok, projectOf, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const OWNER = 'Alexandra Konstantinopoulou-Vandenberghe';
const project = projectOf({
  id: 3,
  name: '雅诗兰黛中国区天猫旗舰店全品类年度监测项目',
  owner_id: 2,
  owner: OWNER,
  data_scope: 'cn_monthly',
  pages: [1, 2, 4, 5, 6, 9],
});

describe('Projects list', () => {
  it('a long owner name is cut to its column with the full name on hover; page tags wrap in a column of their own (en)', async () => {
    await setLocale('en');
    server.use(http.get('*/api/common/projects', () => ok({ items: [project], total: 1, page: 1, page_size: 20 })));
    renderAdmin([{ path: '/projects', element: <ProjectListPage /> }], '/projects', userOf(1, 'root', 'root'));
    const owner = await screen.findByTestId('project-owner', {}, FIRST);
    // 160 px: 18 units, the ellipsis' 3 included.
    expect(owner.querySelector('[aria-hidden="true"]')?.textContent).toBe('Alexandra Konst...');
    expect(owner.querySelector('.ml-sr-only')?.textContent).toBe(OWNER);
    await userEvent.hover(owner);
    expect((await screen.findByRole('tooltip')).textContent).toBe(OWNER);
    // The project's name is cut too, and its link still carries the whole name for screen readers.
    expect(screen.getByRole('link', { name: project.name })).toBeTruthy();
    // Dataset, granularity and currency under the name.
    expect(screen.getByTestId('project-scope').textContent).toBe('cn_monthly · Monthly · CNY ¥');

    const tags = screen.getByTestId('page-tags');
    expect(
      within(tags)
        .getAllByText(/./)
        .map((t) => t.textContent),
    ).toEqual([
      'Trend Overview',
      'Concept Explore',
      'Category Insight',
      'Brand Detail',
      'Product Analysis',
      'Store Analysis',
    ]);
    expect(tags.className).toMatch(/wrap/);
    // Every column has its width: the pages column once had none, and the fixed layout gave it no room.
    const cols = [...document.querySelectorAll('[data-testid="project-table"] colgroup col')] as HTMLElement[];
    expect(cols.length).toBeGreaterThanOrEqual(6);
    for (const col of cols) expect(col.style.width).toMatch(/^\d+px$/);
  });

  it('with no project yet, an administrator is offered to create the first one (zh-CN)', async () => {
    await setLocale('zh-CN');
    server.use(http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 20 })));
    renderAdmin(
      [
        { path: '/projects', element: <ProjectListPage /> },
        { path: '/projects/new/info', element: <p data-testid="create-screen" /> },
      ],
      '/projects',
      userOf(1, 'adm', 'admin'),
    );
    expect((await screen.findByTestId('projects-empty', {}, FIRST)).textContent).toContain('还没有项目');
    expect(screen.queryByTestId('project-table')).toBeNull();
    await userEvent.click(screen.getByTestId('create-first-project'));
    expect(await screen.findByTestId('create-screen')).toBeTruthy();
  });

  it('with no project yet, an enterprise user gets a plain hint and no button (en)', async () => {
    await setLocale('en');
    server.use(http.get('*/api/common/projects', () => ok({ items: [], total: 0, page: 1, page_size: 20 })));
    renderAdmin([{ path: '/projects', element: <ProjectListPage /> }], '/projects', userOf(4, 'boss', 'enterprise'));
    expect((await screen.findByTestId('projects-empty', {}, FIRST)).textContent).toContain(
      'You are not in any project yet. Ask your administrator to add you to one.',
    );
    expect(screen.queryByTestId('create-first-project')).toBeNull();
    expect(screen.queryByTestId('project-table')).toBeNull();
  });
});
