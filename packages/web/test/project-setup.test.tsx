import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DatasetCategory } from '../src/features/projects/api.js';
import CategoryPickerDialog from '../src/features/projects/CategoryPickerDialog.js';
import { templateRows } from '../src/features/projects/CategoryUploadDialog.js';
import { datasetTree, halfPicked, searchTree, toggle } from '../src/features/projects/categoryPicker.js';
import ProjectListPage from '../src/features/projects/ProjectListPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, ok, projectOf, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const node = (
  id: number,
  parent: number | null,
  name: string,
  status: DatasetCategory['status'] = null,
): DatasetCategory => ({
  category_id: id,
  category_name: name,
  category_name_en: `${name} EN`,
  level: parent === null ? 1 : parent === 1 ? 2 : 3,
  parent,
  status,
});
// 1 美妆 ─ 2 护肤 ─ 21 面霜, 22 精华 (in the project); 3 彩妆 ─ 31 口红
const ITEMS = [
  node(1, null, '美妆'),
  node(2, 1, '护肤'),
  node(21, 2, '面霜'),
  node(22, 2, '精华', 'ready'),
  node(3, 1, '彩妆'),
  node(31, 3, '口红'),
];

describe('category picker (pure)', () => {
  const tree = datasetTree(ITEMS);
  it('ticking a parent picks all under it but what the project already has; unticking a child unticks its ancestors', () => {
    const all = toggle(new Set(), tree, 1, true);
    expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 21, 31]);
    const less = toggle(all, tree, 21, false);
    expect([...less].sort((a, b) => a - b)).toEqual([3, 31]);
    expect(halfPicked(less, tree).sort()).toEqual([1]);
    expect(halfPicked(toggle(new Set(), tree, 21, true), tree).sort()).toEqual([1, 2]);
  });
  it('a search keeps the matches with their ancestors and everything under them (id, either language)', () => {
    const ids = (roots: ReturnType<typeof searchTree>): number[] => roots.flatMap((r) => [r.id, ...ids(r.children)]);
    expect(ids(searchTree(tree.roots, '口红'))).toEqual([1, 3, 31]);
    expect(ids(searchTree(tree.roots, '护肤 en'))).toEqual([1, 2, 21, 22]);
    expect(ids(searchTree(tree.roots, '22'))).toEqual([1, 2, 22]);
    expect(searchTree(tree.roots, 'nothing')).toEqual([]);
  });
  it('the upload template holds the real ids of the dataset not yet in the project, under the heading the server reads', () => {
    expect(templateRows(ITEMS)).toEqual([
      ['category', 'name', 'name_en', 'level'],
      ['1', '美妆', '美妆 EN', '1'],
      ['2', '护肤', '护肤 EN', '2'],
      ['21', '面霜', '面霜 EN', '3'],
      ['3', '彩妆', '彩妆 EN', '2'],
      ['31', '口红', '口红 EN', '3'],
    ]);
  });
});

describe('category picker (screen)', () => {
  it('ticks a branch and adds it for review when "review before use" is ticked (en)', async () => {
    await setLocale('en');
    server.use(
      http.get('*/api/common/projects/1/dataset/categories', () => ok({ items: ITEMS })),
      http.post('*/api/common/projects/1/categories', () => ok({ items: [] })),
    );
    renderAdmin(
      [
        {
          path: '/p',
          element: <CategoryPickerDialog open projectId={1} onClose={() => undefined} onAdded={() => undefined} />,
        },
      ],
      '/p',
      userOf(1, 'root', 'root'),
    );
    const picker = await screen.findByTestId('picker-tree', {}, FIRST);
    await userEvent.type(screen.getByPlaceholderText('Search by name or id'), '彩妆');
    await within(picker).findByText('口红 EN');
    expect(within(picker).queryByText('面霜 EN')).toBeNull();
    const branch = within(picker).getByText('彩妆 EN').closest('.ant-tree-treenode')!;
    await userEvent.click(branch.querySelector('.ant-tree-checkbox')!);
    await userEvent.click(screen.getByTestId('picker-review'));
    expect(screen.getByText(/marks them ready here/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('picker-add'));
    await waitFor(() => expect(calls.some((c) => c.call === 'POST /api/common/projects/1/categories')).toBe(true));
    const body = calls.find((c) => c.call === 'POST /api/common/projects/1/categories')!.body!;
    expect({ ...body, categories: (body.categories as number[]).sort() }).toMatchObject({
      categories: [3, 31],
      status: 'not_ready',
    });
  });
});

describe('project deletion', () => {
  const TIES = {
    members: 4,
    grants: 9,
    saved_configs: 2,
    categories: 12,
    attributes: 3,
    bands: 5,
    custom_attributes: 1,
    favorite_brands: 6,
    collections: 7,
    events: 8,
    notes: 10,
    views: 11,
  };
  it('root confirms a dialog naming what goes with the project; the list updates (zh-CN)', async () => {
    await setLocale('zh-CN');
    let items = [projectOf({ id: 5, name: 'Old' })];
    server.use(
      http.get('*/api/common/projects', () => ok({ items, total: items.length, page: 1, page_size: 20 })),
      http.get('*/api/common/projects/5/ties', () => ok(TIES)),
      http.delete('*/api/common/projects/5', () => {
        items = [];
        return ok({ message: 'ok' });
      }),
    );
    renderAdmin([{ path: '/projects', element: <ProjectListPage /> }], '/projects', userOf(1, 'root', 'root'));
    await userEvent.click(await screen.findByTestId('delete-project-5', {}, FIRST));
    const ties = await screen.findByTestId('delete-project-ties', {}, FIRST);
    expect([...ties.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '4 名成员及其页面和数据权限',
      '2 名成员保存的设置（如潜力品牌保存的搜索）',
      '12 个品类、5 组价格区间和 3 个属性',
      '6 个关注的品牌、7 个收藏和 1 个自定义属性',
      '8 个项目自建事件、10 条图表备注和 11 个保存的视图（数据集的日历不受影响）',
    ]);
    expect(screen.getByText('删除项目 Old？')).toBeTruthy();
    await userEvent.click(screen.getByTestId('delete-project-confirm'));
    await waitFor(() => expect(calls.some((c) => c.call === 'DELETE /api/common/projects/5')).toBe(true));
    expect(await screen.findByTestId('projects-empty', {}, FIRST)).toBeTruthy();
  });

  it('a global admin has no delete button (en)', async () => {
    await setLocale('en');
    server.use(
      http.get('*/api/common/projects', () => ok({ items: [projectOf({ id: 5 })], total: 1, page: 1, page_size: 20 })),
    );
    renderAdmin([{ path: '/projects', element: <ProjectListPage /> }], '/projects', userOf(2, 'adm', 'admin'));
    await screen.findByTestId('project-table', {}, FIRST);
    await screen.findByText('Demo', {}, FIRST);
    expect(screen.queryByTestId('delete-project-5')).toBeNull();
  });
});
