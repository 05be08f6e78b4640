import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import FavoritesPage from '../src/features/personal-center/FavoritesPage.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { callsTo, ok, referenceHandlers, renderAt, server, setUpApiTests } from './support/analysis-harness.js';

/**
 * The personal centre's favourites lists the brands followed in the current project from the same
 * store as Brand Detail and Favourite Brands (so a brand followed there appears here).
 */
let followed: { brand_id: number; brand_name: string; brand_name_en: string; created_at: string }[] = [];

setUpApiTests('zh-CN');
beforeEach(() => {
  followed = [
    { brand_id: 101, brand_name: '露鲜', brand_name_en: 'Luxian', created_at: '2026-01-02 03:04:05' },
    { brand_id: 102, brand_name: '檀越', brand_name_en: 'Tanyue', created_at: '2026-03-04 05:06:07' },
  ];
  server.use(
    http.get('*/api/common/collections', () => ok({ items: [] })),
    http.get('*/api/common/projects/1/collections', () => ok({ brands: followed })),
    http.delete('*/api/common/projects/1/collections', async ({ request }) => {
      const body = (await request.clone().json()) as { brands: number[] };
      followed = followed.filter((b) => !body.brands.includes(b.brand_id));
      return ok({ brands: followed });
    }),
    ...referenceHandlers(),
  );
});

const rows = () =>
  within(screen.getByTestId('followed-brands'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('a'));

describe('followed brands in the personal centre', () => {
  it('lists the project’s followed brands newest first, each linking to Brand Detail (en)', async () => {
    await setLocale('en');
    renderAt(<FavoritesPage />, '/personal-center/favorites');
    const card = await screen.findByTestId('followed-brands');
    await within(card).findByText('Tanyue');
    expect(card.textContent).toContain('Brands you follow in Demo');
    expect(rows().map((a) => a?.textContent)).toEqual(['Tanyue', 'Luxian']);
    expect(rows().map((a) => a?.getAttribute('href'))).toEqual(['/brand?brand=102', '/brand?brand=101']);
    expect(within(card).getByText('Open Favorite Brands').closest('a')?.getAttribute('href')).toBe('/favorite-brand');
  });

  it('unfollows a brand through the project favourites and drops it from the list (zh-CN)', async () => {
    await setLocale('zh-CN');
    const user = userEvent.setup();
    renderAt(<FavoritesPage />, '/personal-center/favorites');
    const card = await screen.findByTestId('followed-brands');
    await within(card).findByText('露鲜');
    await user.click(within(card).getAllByRole('button', { name: /取消关注/ })[1]!);
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(callsTo('projects/1/collections', 'DELETE')[0]?.body).toMatchObject({ brands: [101] }));
    await waitFor(() => expect(within(card).queryByText('露鲜')).toBeNull());
    expect(within(card).getByText('檀越')).toBeTruthy();
  });

  it('says so when no brand is followed', async () => {
    followed = [];
    await setLocale('zh-CN');
    renderAt(<FavoritesPage />, '/personal-center/favorites');
    const card = await screen.findByTestId('followed-brands');
    await within(card).findByText('您在本项目中还没有关注品牌，可在品牌详情或关注品牌页面关注');
  });
});
