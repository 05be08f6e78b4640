import { savedViewQuery } from '@marketlens/shared';
import type { SavedView } from '@marketlens/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import SavedViewsPage from '../src/features/personal-center/SavedViewsPage.js';
import { FilterPanel } from '../src/shared/analysis/FilterPanel.js';
import { setLocale } from '../src/shared/i18n/index.js';
import {
  analysisUser,
  calls,
  ok,
  referenceHandlers,
  renderAt,
  server,
  setUpApiTests,
} from './support/analysis-harness.js';

let stored: SavedView[] = [];
const view = (over: Partial<SavedView>): SavedView => ({
  id: 1,
  name: 'Beauty yoy',
  page: '/discover',
  query: 'vs=yoy&c=1',
  shared: false,
  own: true,
  can_edit: true,
  owner: 'ana',
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-01T08:00:00.000Z',
  ...over,
});

setUpApiTests('zh-CN');
beforeEach(() => {
  stored = [view({}), view({ id: 2, name: '团队视图', shared: true, own: false, can_edit: false, owner: 'boss' })];
  server.use(
    http.get('*/api/common/projects/1/views', ({ request }) => {
      const page = new URL(request.url).searchParams.get('page');
      return ok({ items: stored.filter((v) => !page || v.page === page) });
    }),
    http.post('*/api/common/projects/1/views', async ({ request }) => {
      const b = (await request.json()) as { name: string; page: string; query: string; shared: boolean };
      const item = view({ id: 3, name: b.name, page: b.page, query: savedViewQuery(b.query), shared: b.shared });
      stored = [...stored, item];
      return ok({ item });
    }),
    http.put('*/api/common/projects/1/views/:viewId', async ({ request, params }) => {
      const b = (await request.json()) as { name?: string; shared?: boolean };
      stored = stored.map((v) => (v.id === Number(params.viewId) ? { ...v, ...b } : v));
      return ok({ item: stored.find((v) => v.id === Number(params.viewId)) });
    }),
    http.delete('*/api/common/projects/1/views/:viewId', ({ params }) => {
      stored = stored.filter((v) => v.id !== Number(params.viewId));
      return ok({ message: 'ok' });
    }),
    ...referenceHandlers({ user: analysisUser([4]) }),
  );
});

describe('saved views', () => {
  it('keeps the sign-in hand-over and the language out of a stored query', () => {
    expect(savedViewQuery('?tk=a&vs=yoy&rtk=b&locale=en&c=1,4&bad%20name=1')).toBe('vs=yoy&c=1,4');
    expect(savedViewQuery('')).toBe('');
  });

  it("saves the page's state under a name from the filter panel and lists the page's views (zh-CN)", async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    renderAt(<FilterPanel />, '/discover?vs=yoy&c=1&tk=SECRET');
    await user.click(await screen.findByTestId('saved-views', undefined, { timeout: 30_000 }));
    const dialog = await screen.findByTestId('saved-view-list', undefined, { timeout: 30_000 });
    expect(dialog.textContent).toContain('Beauty yoy');
    expect(dialog.textContent).toContain('来自 boss');
    // The shared rules refuse an empty name without a call.
    await user.click(screen.getByTestId('saved-view-save'));
    expect(await screen.findByText('请输入视图名称')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/views'))).toHaveLength(0);
    await user.type(screen.getByTestId('saved-view-name'), '美妆同比');
    await user.click(screen.getByTestId('saved-view-share'));
    await user.click(screen.getByTestId('saved-view-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/views'))?.body).toMatchObject({
        name: '美妆同比',
        page: '/discover',
        shared: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('saved-view-list').textContent).toContain('美妆同比'));
    // The one the reader saved can be deleted; the shared one of another member cannot.
    const rows = [...screen.getByTestId('saved-view-list').querySelectorAll<HTMLElement>('.ant-list-item')];
    expect(rows.map((r) => within(r).queryByText('删除') !== null)).toEqual([true, false, true]);
  });

  it('lists, renames, shares and deletes views in the personal centre (en)', async () => {
    await setLocale('en');
    const user = userEvent.setup();
    renderAt(<SavedViewsPage />, '/personal-center/views');
    const table = await screen.findByTestId('saved-views-table', undefined, { timeout: 30_000 });
    await waitFor(() => expect(table.textContent).toContain('Beauty yoy'));
    expect(table.textContent).toContain('boss');
    await user.click(within(table).getAllByRole('switch')[0]!);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/common/projects/1/views/1',
        body: { shared: true },
      }),
    );
    await user.click(within(table).getAllByText('Delete')[0]!);
    await user.click(await screen.findByRole('button', { name: /OK/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('saved-views-table').textContent).not.toContain('Beauty yoy'));
  });
});
