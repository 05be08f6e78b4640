import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import ProjectEventsPage from '../src/features/projects/ProjectEventsPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, ok, projectOf, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

// Relative to today: the page opens on the current year when it has events.
const THIS = new Date().getFullYear();
const LAST = THIS - 1;
const base = {
  brand_id: null,
  brand_name_zh: '',
  brand_name_en: '',
  category_id: null,
  category_name_zh: '',
  category_name_en: '',
  note: '',
  peak_date: null,
};
const d11 = (year: number) => ({
  ...base,
  id: null,
  source: 'dataset',
  code: 'double11',
  year,
  phase: 'peak',
  name_zh: '双11全球狂欢节',
  name_en: "Double 11 (Singles' Day)",
  kind: 'promotion',
  start_date: `${year}-11-11`,
  end_date: `${year}-11-11`,
  platforms: [],
  created_by: null,
  created_at: null,
  updated_at: null,
});
const LAUNCH = {
  ...base,
  id: 5,
  source: 'project',
  code: null,
  year: null,
  phase: null,
  name_zh: '春季新品',
  name_en: 'Spring launch',
  kind: 'launch',
  start_date: `${THIS}-03-01`,
  end_date: `${THIS}-03-15`,
  platforms: ['tmall', 'jd'],
  created_by: 'boss',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The server decides who writes (`can_edit`); the page follows it whatever the role. */
function renderEvents(canEdit: boolean, role = 'admin', handlers: Parameters<typeof server.use> = []) {
  server.use(
    ...handlers,
    // The event form's brand and category lists: none unless a test gives them.
    http.get('*/api/common/brands', () => ok({ items: [], total: 0 })),
    http.post('*/api/common/categories', () => ok({ items: [] })),
    http.get('*/api/common/projects/7', () => ok(projectOf({ id: 7, name: 'Skin' }))),
    http.get('*/api/common/projects/7/events', () => ok({ items: [d11(LAST), LAUNCH, d11(THIS)], can_edit: canEdit })),
    http.put('*/api/common/projects/7/events/5', () => ok({ item: LAUNCH })),
    http.delete('*/api/common/projects/7/events/5', () => ok({ message: 'ok' })),
  );
  renderAdmin(
    [{ path: '/projects/:id/events', element: <ProjectEventsPage /> }],
    '/projects/7/events',
    userOf(1, 'boss', role),
  );
}

const rows = () =>
  screen
    .getAllByRole('row')
    .filter((r) => r.closest('tbody') && !r.className.includes('measure') && r.getAttribute('aria-hidden') !== 'true');
// The category tree is read by POST: not a write.
const writes = () =>
  calls.filter((c) => c.method !== 'GET' && !c.path.endsWith('/categories')).map((c) => `${c.method} ${c.path}`);

describe('project events page', () => {
  it("lists the dataset's and the project's events of this year in English, edits and deletes own ones", async () => {
    await setLocale('en');
    renderEvents(true);
    expect(await screen.findByText('Spring launch', {}, FIRST)).toBeTruthy();
    // This year's: Double 11 and the launch, by start date; last year's Double 11 is filtered out.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('Spring launch');
    expect(rows()[0]!.textContent).toContain('Project');
    expect(rows()[0]!.textContent).toContain('Tmall, JD');
    expect(rows()[1]!.textContent).toContain("Double 11 (Singles' Day)");
    expect(rows()[1]!.textContent).toContain('Dataset');
    expect(rows()[1]!.textContent).toContain('Phase: Peak');
    expect(rows()[1]!.textContent).toContain('All platforms');
    // Only the project's event has actions.
    expect(within(rows()[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();

    // Every year, then one kind.
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('filter-year')).getByRole('combobox'));
    await user.click(await screen.findByTitle('All years'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(screen.getByTestId('filter-kind')).getByRole('combobox'));
    await user.click(await screen.findByTitle('Launch'));
    await waitFor(() => expect(rows()).toHaveLength(1));

    // Edit: the shared rules refuse an empty name at its field, without a call.
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('event-form');
    const nameEn = within(form).getByDisplayValue('Spring launch');
    await user.clear(nameEn);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter a name.')).toBeTruthy();
    expect(writes()).toEqual([]);
    await user.type(nameEn, 'Summer launch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toEqual(['PUT /api/common/projects/7/events/5']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name_en: 'Summer launch',
      name_zh: '春季新品',
      kind: 'launch',
      start_date: `${THIS}-03-01`,
      end_date: `${THIS}-03-15`,
      platforms: ['tmall', 'jd'],
      brand_id: null,
    });

    // Delete, after the confirmation.
    await waitFor(() => expect(screen.queryByTestId('event-form')).toBeNull());
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Remove' }));
    const bubble = (await screen.findByText('Delete this event?')).closest('.ant-popconfirm') as HTMLElement;
    await user.click(within(bubble).getByRole('button', { name: /OK/ }));
    await waitFor(() =>
      expect(writes()).toEqual(['PUT /api/common/projects/7/events/5', 'DELETE /api/common/projects/7/events/5']),
    );
  });

  it('shows the names in Chinese and no writes to a member who may not write', async () => {
    await setLocale('zh-CN');
    renderEvents(false, 'enterprise');
    expect(await screen.findByText('春季新品', {}, FIRST)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.textContent).toContain('双11全球狂欢节');
    expect(rows()[1]!.textContent).toContain('数据集');
    expect(rows()[1]!.textContent).toContain('大促');
    expect(rows()[1]!.textContent).toContain('阶段：高峰');
    expect(rows()[0]!.textContent).toContain('天猫、京东');
    expect(rows()[0]!.textContent).toContain('上新');
    expect(screen.queryByTestId('add-event')).toBeNull();
    expect(screen.queryByRole('button', { name: '编 辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s?辑/ })).toBeNull();
  });

  it("names a brand and a category from the project's own lists, searched by name", async () => {
    await setLocale('en');
    renderEvents(true, 'admin', [
      http.get('*/api/common/brands', ({ request }) => {
        const q = new URL(request.url).searchParams;
        // The administered project's brands, not the signed-in user's current project.
        expect(q.get('data_scope_id')).toBe('7');
        return ok({ items: [{ id: 42, name: '露鲜', name_en: 'Luxian' }], total: 1 });
      }),
      http.post('*/api/common/categories', () =>
        ok({
          items: [
            {
              category_id: 1,
              category_name: '美妆',
              category_name_en: 'Beauty',
              level: 1,
              parent: null,
              children: [
                {
                  category_id: 11,
                  category_name: '乳液',
                  category_name_en: 'Lotion',
                  level: 2,
                  parent: 1,
                  children: [],
                },
              ],
            },
          ],
        }),
      ),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, FIRST));
    const form = await screen.findByTestId('event-form');
    await user.type(within(within(form).getByTestId('brand-picker')).getByRole('combobox'), 'lux');
    await waitFor(() => expect(calls.some((c) => c.query.get('prefix') === 'lux')).toBe(true));
    await user.click(await screen.findByTitle('Luxian'));
    await waitFor(() => expect(within(form).getByTestId('brand-picker').textContent).toContain('Luxian'));
    await user.click(within(within(form).getByTestId('event-category')).getByRole('combobox'));
    await user.type(within(within(form).getByTestId('event-category')).getByRole('combobox'), 'Lot');
    await user.click(await screen.findByTitle('Lotion'));
    await waitFor(() => expect(within(form).getByTestId('event-category').textContent).toContain('Lotion'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toEqual(['PUT /api/common/projects/7/events/5']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name_en: 'Spring launch',
      kind: 'launch',
      brand_id: 42,
      category_id: 11,
    });
  });
});
