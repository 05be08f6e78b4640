import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { GrantSummary } from '../src/features/projects/Grants.js';
import { MembershipModal, type MembershipValues, membershipInput } from '../src/features/projects/membership.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { calls, FIRST, ok, renderAdmin, server, setUpAdminTests, userOf } from './admin-harness.js';

setUpAdminTests();

const SHOPS = [
  { value: '2,77', name: '旗舰店', name_en: 'Flagship Store' },
  { value: '3,88', name: '超市店', name_en: 'Supermarket' },
];
const BRANDS = [{ id: 9, name: '品牌九', name_en: 'Brand Nine' }];

function dataServer() {
  const byPrefix = <T extends { name: string; name_en: string }>(items: T[], url: string) => {
    const p = new URL(url).searchParams.get('prefix')?.toLowerCase();
    return items.filter((i) => !p || i.name_en.toLowerCase().startsWith(p) || i.name.startsWith(p));
  };
  server.use(
    http.get('*/api/common/projects/1/categories', () => ok({ items: [] })),
    http.get('*/api/common/shops', ({ request }) => ok({ items: byPrefix(SHOPS, request.url), total: 2 })),
    http.get('*/api/common/brands', ({ request }) => ok({ items: byPrefix(BRANDS, request.url), total: 1 })),
  );
}

function renderEditor(limits: { limit_brands: boolean; limit_shops: boolean }, initial: Partial<MembershipValues>) {
  const onSubmit = vi.fn(async (_: MembershipValues) => undefined);
  renderAdmin(
    [
      {
        path: '*',
        element: (
          <MembershipModal
            open
            title="member"
            initial={initial}
            project={{ id: 1, pages: [1, 2], ...limits }}
            onCancel={() => undefined}
            onSubmit={onSubmit}
          />
        ),
      },
    ],
    '/',
    userOf(1, 'root', 'root'),
  );
  return onSubmit;
}

describe('member editor: brand and shop grants where the project limits them', () => {
  it('the grants sent follow the project limits; others are left as they are', () => {
    const v: MembershipValues = { role: 'general', pages: [1], categories: [5], brands: ['9'], shops: ['2,77'] };
    expect(membershipInput(v, { limit_brands: false, limit_shops: false })).toEqual({
      role: 'general',
      pages: [1],
      categories: [5],
    });
    expect(membershipInput(v, { limit_brands: true, limit_shops: false })).toEqual({
      role: 'general',
      pages: [1],
      categories: [5],
      brands: ['9'],
    });
    expect(membershipInput({ ...v, shops: undefined }, { limit_brands: false, limit_shops: true }).shops).toEqual([]);
  });

  it('a project limiting shops: the granted shop is listed by name as chosen, another is found by prefix and granted (en)', async () => {
    await setLocale('en');
    dataServer();
    const user = userEvent.setup();
    const onSubmit = renderEditor(
      { limit_brands: false, limit_shops: true },
      { role: 'general', pages: [1], categories: [], shops: ['2,77'] },
    );
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    expect(within(dialog).queryByText('Brands')).toBeNull();
    expect(within(dialog).getByText('Shops')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This project limits shops: only granted shops are visible; with none selected no data is shown',
      ),
    ).toBeTruthy();
    const shops = within(dialog).getByTestId('grant-shops');
    // (Chosen tags are measured to fit, which jsdom cannot do: the open list shows what is chosen.)
    await user.click(within(shops).getByRole('combobox'));
    const granted = (await screen.findByTitle('Flagship Store')).closest('.ant-select-item-option');
    expect(granted?.className).toContain('ant-select-item-option-selected');
    expect(screen.getByTitle('Supermarket').closest('.ant-select-item-option')?.className).not.toContain('selected');

    await user.type(within(shops).getByRole('combobox'), 'Super');
    await waitFor(() =>
      expect(calls.some((c) => c.call === 'GET /api/common/shops' && /prefix=Super/.test(c.url))).toBe(true),
    );
    const option = await screen.findByTitle('Supermarket');
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].shops).toEqual(['2,77', '3,88']);
  });

  it('a project limiting brands and shops offers both (zh-CN)', async () => {
    await setLocale('zh-CN');
    dataServer();
    renderEditor({ limit_brands: true, limit_shops: true }, { role: 'general', pages: [], categories: [] });
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    expect(within(dialog).getByText('品牌权限')).toBeTruthy();
    expect(within(dialog).getByText('店铺权限')).toBeTruthy();
    expect(within(dialog).getByTestId('grant-brands')).toBeTruthy();
  });

  it('without limits the editor has no brand or shop field', async () => {
    await setLocale('en');
    dataServer();
    renderEditor({ limit_brands: false, limit_shops: false }, { role: 'general', pages: [], categories: [] });
    const dialog = await screen.findByRole('dialog', {}, FIRST);
    await within(dialog).findByText('Categories');
    expect(within(dialog).queryByTestId('grant-brands')).toBeNull();
    expect(within(dialog).queryByTestId('grant-shops')).toBeNull();
    expect(calls.some((c) => /\/api\/common\/(shops|brands)/.test(c.call))).toBe(false);
  });
});

describe("member tables: a membership's data access", () => {
  const summary = (
    grants: Parameters<typeof GrantSummary>[0]['grants'],
    limits = { limit_brands: true, limit_shops: true },
  ) => {
    renderAdmin(
      [{ path: '*', element: <GrantSummary grants={grants} limits={limits} /> }],
      '/',
      userOf(1, 'root', 'root'),
    );
    return screen.findByTestId('grant-summary', undefined, FIRST);
  };

  it('a root or admin account sees everything whatever its grant: all categories, brands and shops (zh-CN)', async () => {
    await setLocale('zh-CN');
    const cell = await summary({ categories: [], brands: [], shops: [], sees_all: true, all_categories: true });
    expect(
      within(cell)
        .getAllByText(/^全部/)
        .map((e) => e.textContent),
    ).toEqual(['全部品类', '全部品牌', '全部店铺']);
    expect(cell.textContent).not.toContain('0');
  });

  it('a grant of each of the project categories is all of them; brand and shop grants are still counted (en)', async () => {
    await setLocale('en');
    const cell = await summary({ categories: [3, 4], brands: ['9'], shops: [], sees_all: false, all_categories: true });
    expect([...cell.querySelectorAll('.ant-tag')].map((e) => e.textContent)).toEqual([
      'All categories',
      '1 brand',
      '0 shops',
    ]);
  });

  it('a partial grant shows its count (en)', async () => {
    await setLocale('en');
    const cell = await summary(
      { categories: [3], sees_all: false, all_categories: false },
      { limit_brands: false, limit_shops: false },
    );
    expect([...cell.querySelectorAll('.ant-tag')].map((e) => e.textContent)).toEqual(['1 category']);
  });
});
