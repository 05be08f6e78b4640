import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import FavoritesPage, { type Collection } from '../src/features/personal-center/FavoritesPage.js';
import { showsQuietFailure } from '../src/shared/api/quiet.js';
import { ApiError } from '../src/shared/api/request.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { formatDate } from '../src/shared/ui/dates.js';
import { jsonResponse, renderInProviders, setUpFetchStubTests } from './support/harness.js';

// The followed-brands card beside the folder needs a signed-in session: tested in followed-brands.test.tsx.
vi.mock('../src/features/personal-center/FollowedBrandsCard.js', () => ({ FollowedBrandsCard: () => null }));

const ITEMS: Collection[] = [
  { id: 1, project_id: null, kind: 'brand', ref: 'b1', title: 'Older item', created_at: '2026-01-02T03:04:05.000Z' },
  { id: 2, project_id: 7, kind: 'page', ref: '/hot', title: 'Newer item', created_at: '2026-03-04T05:06:07.000Z' },
];

const renderPage = () => renderInProviders(<FavoritesPage />);

describe('favourites tab of the personal centre', () => {
  setUpFetchStubTests('zh-CN');

  it('lists the collections newest first with their collection time, and removes one', async () => {
    await setLocale('en');
    let items = [...ITEMS];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url.split('?')[0]}`);
        if (init.method === 'DELETE') {
          items = items.filter((i) => !url.endsWith(`/${i.id}`));
          return jsonResponse(200, { ok: true, data: { message: 'ok' } });
        }
        return jsonResponse(200, { ok: true, data: { items } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const newer = await screen.findByText('Newer item');
    const older = screen.getByText('Older item');
    // Newest first.
    expect(newer.compareDocumentPosition(older) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(formatDate(ITEMS[0]!.created_at, true))).toBeTruthy();
    expect(screen.getByText(formatDate(ITEMS[1]!.created_at, true))).toBeTruthy();
    expect(screen.getByText('Collected')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: /Remove/ })[1]!);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/common/collections/1'));
    await waitFor(() => expect(screen.queryByText('Older item')).toBeNull());
    expect(screen.getByText('Newer item')).toBeTruthy();
  });

  it('shows the favourites error for a failed load (zh-CN), not "service not enabled"', async () => {
    await setLocale('zh-CN');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { ok: false, code: 403, msg: 'forbidden' })),
    );
    renderPage();
    expect(await screen.findByText('获取收藏失败，请稍后重试')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重试|重 试/ })).toBeTruthy();
  });

  it('docs/api.md: favourite (and other quiet) errors only when a status exists and is not 500', () => {
    expect(showsQuietFailure(new ApiError(404, 404, 'x'))).toBe(true);
    expect(showsQuietFailure(new ApiError(500, 500, 'x'))).toBe(false);
    expect(showsQuietFailure(new ApiError(0, 'network', 'x'))).toBe(false);
    expect(showsQuietFailure(new ApiError(0, 'cancelled', 'x', true))).toBe(false);
    expect(showsQuietFailure(new Error('x'))).toBe(false);
  });
});
