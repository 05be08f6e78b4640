import type { Order, PriceCatalog, PriceTerms, Quote, QuoteLine } from '@marketlens/shared/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cartParam, parseCart, pickerTree, sellable, toggle } from '../src/features/price/cart.js';
import EnquiriesPage from '../src/features/price/EnquiriesPage.js';
import PriceGoodsPage from '../src/features/price/PriceGoodsPage.js';
import PriceLayout from '../src/features/price/PriceLayout.js';
import PricePaymentPage from '../src/features/price/PricePaymentPage.js';
import { saveTokens } from '../src/shared/api/tokens.js';
import { SessionProvider } from '../src/shared/auth/session.js';
import { setLocale } from '../src/shared/i18n/index.js';
import { FIRST, renderAdmin, userOf } from './admin-harness.js';
import { calls, fail, ok, renderInProviders, server, setUpApiTests } from './support/harness.js';

setUpApiTests('zh-CN');
afterEach(() => setLocale('zh-CN'));

const TERMS: PriceTerms = {
  currency: 'CNY',
  history_from: '2017-01',
  fee: 20_000,
  per_billion: 200,
  round_to: 100,
  limit_second: 999_999,
  limit_third: 99_999,
  limit_all_third: 50_000,
  sales_from: '2025-11-01',
  sales_to: '2026-10-01',
};
const cat = (
  category_id: number,
  level: number,
  parent: number | null,
  name: string,
  name_en: string,
  price: number | null,
) => ({
  category_id,
  name,
  name_en,
  level,
  parent,
  price,
});
const CATALOG: PriceCatalog = {
  terms: TERMS,
  categories: [
    cat(1, 1, null, '美妆', 'Beauty', null),
    cat(101, 2, 1, '面部护理', 'Facial Care', 104_100),
    cat(10101, 3, 101, '面霜', 'Face Cream', 43_600),
    cat(10102, 3, 101, '精华', 'Serum', 47_100),
    cat(10103, 3, 101, '乳液', 'Facial Lotion', 36_800),
    cat(4, 1, null, '食品', 'Food', null),
    cat(403, 2, 4, '咖啡', 'Coffee & Instant Drinks', 76_500),
    cat(40301, 3, 403, '速溶咖啡', 'Instant Coffee', 28_600),
  ],
};
const reasonsBase = (billions: number) => [
  { code: 'base' as const, params: { fee: 20_000, per_billion: 200, billions } },
];
const SINGLE: QuoteLine = {
  category_id: 403,
  name: '咖啡',
  name_en: 'Coffee & Instant Drinks',
  kind: 'thirds',
  items: [
    {
      category_id: 40301,
      name: '速溶咖啡',
      name_en: 'Instant Coffee',
      level: 3,
      base: 28_600,
      price: 28_600,
      reasons: reasonsBase(42.73),
    },
  ],
  subtotal: 28_600,
  price: 28_600,
  reasons: [],
};
const MERGED: QuoteLine = {
  category_id: 101,
  name: '面部护理',
  name_en: 'Facial Care',
  kind: 'merged',
  items: [
    {
      category_id: 10101,
      name: '面霜',
      name_en: 'Face Cream',
      level: 3,
      base: 43_600,
      price: 43_600,
      reasons: reasonsBase(117.55),
    },
    {
      category_id: 10102,
      name: '精华',
      name_en: 'Serum',
      level: 3,
      base: 47_100,
      price: 47_100,
      reasons: reasonsBase(135.17),
    },
    {
      category_id: 10103,
      name: '乳液',
      name_en: 'Facial Lotion',
      level: 3,
      base: 36_800,
      price: 36_800,
      reasons: reasonsBase(83.91),
    },
  ],
  subtotal: 127_500,
  price: 104_100,
  reasons: [{ code: 'merged', params: { second_price: 104_100, subtotal: 127_500, saving: 23_400 } }],
};

/** The quote the fake server gives: the merged line when every facial-care third is in the cart. */
function quoteOf(categories: number[]): Quote {
  const lines: QuoteLine[] = [];
  if ([10101, 10102, 10103].every((id) => categories.includes(id))) lines.push(MERGED);
  if (categories.includes(40301)) lines.push(SINGLE);
  return { terms: TERMS, lines, total: lines.reduce((s, l) => s + l.price, 0) };
}

function priceApi() {
  server.use(
    http.get('*/api/common/price/categories', () => ok(CATALOG)),
    http.post('*/api/common/price/quote', async ({ request }) => {
      const body = (await request.json()) as { categories: number[] };
      return ok(quoteOf(body.categories));
    }),
  );
}

/** The /price routes as the app has them, for a visitor (no tokens) or, with `user`, signed in. */
function renderPrice(url: string, user?: ReturnType<typeof userOf>) {
  if (user) {
    saveTokens({ access: 'AT', refresh: 'RT' });
    server.use(http.get('*/api/auth/user', () => ok({ user })));
  }
  const router = createMemoryRouter(
    [
      {
        path: '/price',
        element: <PriceLayout />,
        children: [
          { path: 'goods', element: <PriceGoodsPage /> },
          { path: 'payment', element: <PricePaymentPage /> },
        ],
      },
      { path: '/login', element: <p>sign-in</p> },
    ],
    { initialEntries: [url] },
  );
  renderInProviders(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

const quoteCalls = () => calls.filter((c) => c.call === 'POST /api/common/price/quote');

describe('cart and picker (pure)', () => {
  it('reads and writes the cart of the address: sorted, unique, positive ids only', () => {
    expect(parseCart('10102, 101,x,-3,101,0')).toEqual([101, 10102]);
    expect(parseCart(null)).toEqual([]);
    expect(cartParam([10102, 101, 101])).toBe('101,10102');
    expect(toggle([101], 40301, true)).toEqual([101, 40301]);
    expect(toggle([101, 40301], 101, false)).toEqual([40301]);
    expect(sellable([1, 101, 999], CATALOG.categories)).toEqual([101]);
  });

  it('searches either language and keeps the ancestors and everything under a match', () => {
    const names = (q: string) => {
      const out: number[] = [];
      const walk = (ns: ReturnType<typeof pickerTree>) => {
        for (const n of ns) {
          out.push(n.key);
          walk(n.children);
        }
      };
      walk(pickerTree(CATALOG.categories, q));
      return out;
    };
    expect(names('')).toEqual([1, 101, 10101, 10102, 10103, 4, 403, 40301]);
    expect(names('serum')).toEqual([1, 101, 10102]);
    expect(names('咖啡')).toEqual([4, 403, 40301]);
    expect(names('FACIAL')).toEqual([1, 101, 10101, 10102, 10103]);
    expect(names('nothing')).toEqual([]);
    expect(pickerTree(CATALOG.categories, '').map((n) => n.checkable)).toEqual([false, false]);
  });
});

// The first test pays for antd's cold start (Tree, Form, Steps) on 2 shared cores.
describe('price enquiry screens', () => {
  it('a visitor ticks categories, sees the server price with its merge and goes on with the cart', async () => {
    priceApi();
    const router = renderPrice('/price/goods');
    const tree = await screen.findByTestId('category-tree', undefined, FIRST);
    expect(within(tree).getByText('面部护理')).toBeTruthy();
    expect(within(tree).getByText('¥104 100/年')).toBeTruthy();
    expect(screen.getByText('尚未选择品类，请在左侧勾选要订阅的品类')).toBeTruthy();
    expect(screen.getByRole('button', { name: /登\s?录/ })).toBeTruthy();
    expect(screen.getByTestId('price-terms').textContent).toContain('包含自 2017-01 起的历史数据');

    for (const name of ['面霜', '精华', '乳液']) await userEvent.click(within(tree).getByText(name));
    await waitFor(() => expect(router.state.location.search).toBe('?c=10101%2C10102%2C10103'));
    const line = await screen.findByTestId('quote-line-101');
    expect(line.dataset.kind).toBe('merged');
    expect(within(line).getByText('按二级品类价格合并')).toBeTruthy();
    expect(within(line).getByTestId('line-subtotal-101').textContent).toBe('¥127\u202F500');
    expect(within(line).getByTestId('line-price-101').textContent).toBe('¥104\u202F100');
    expect(
      within(line).getByText('三级品类合计 ¥127 500 高于二级品类价格 ¥104 100，按二级品类价格计，节省 ¥23 400'),
    ).toBeTruthy();
    expect(within(line).getAllByText(/基础价 ¥20 000 \+ 近一年销售额 117\.55 十亿元/)).toHaveLength(1);
    expect(screen.getByTestId('quote-total').textContent).toBe('¥104\u202F100');
    // The server prices the cart; the screen sends only the ids.
    expect(quoteCalls().at(-1)!.body).toMatchObject({ categories: [10101, 10102, 10103] });
    expect(Object.keys(quoteCalls().at(-1)!.body!).sort()).toEqual(['categories', 'locale']);

    // Removing a line item from the cart unticks it.
    await userEvent.click(screen.getByRole('button', { name: '移除 乳液' }));
    await waitFor(() => expect(router.state.location.search).toBe('?c=10101%2C10102'));

    await userEvent.click(screen.getByTestId('to-payment'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/price/payment'));
    expect(router.state.location.search).toBe('?c=10101,10102');
  });

  it('searches the tree in English and names the categories in English', async () => {
    await act(() => setLocale('en'));
    priceApi();
    const router = renderPrice('/price/goods?c=40301');
    const tree = await screen.findByTestId('category-tree', undefined, FIRST);
    const search = screen.getByPlaceholderText('Search second- or third-level categories (Chinese or English)');
    await userEvent.type(search, 'coffee');
    await waitFor(() => expect(within(tree).queryByText('Facial Care'), tree.textContent!).toBeNull());
    expect(within(tree).getByText('Instant Coffee')).toBeTruthy();
    const line = await screen.findByTestId('quote-line-403');
    expect(within(line).getByText('Third-level categories')).toBeTruthy();
    expect(
      within(line).getByText(
        'Base ¥20 000 + 42.73 billion of sales in the last year × ¥200 per billion, rounded up to the hundred',
      ),
    ).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing at all');
    expect(await screen.findByText('No matching category')).toBeTruthy();
    // Signing in comes back to the same cart.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/price/goods?c=40301')}`);
    await act(() => setLocale('zh-CN'));
  });

  it('the enquiry form checks the fields of docs/product.md §5, sends the cart without a price and confirms', async () => {
    priceApi();
    server.use(http.post('*/api/common/order', async () => ok({ id: 42, quote: quoteOf([10101, 10102, 10103]) })));
    renderPrice('/price/payment?c=10101,10102,10103');
    await screen.findByTestId('quote-line-101', undefined, FIRST);
    await userEvent.click(screen.getByTestId('submit-enquiry'));
    expect(await screen.findByText('请输入企业名称')).toBeTruthy();
    expect(screen.getByText('请输入邮箱')).toBeTruthy();
    expect(screen.getByText('请输入联系电话')).toBeTruthy();
    expect(await screen.findByText('信息填写有误，请检查')).toBeTruthy();
    expect(calls.some((c) => c.call === 'POST /api/common/order')).toBe(false);

    await userEvent.type(screen.getByLabelText('企业名称'), '某某贸易');
    await userEvent.type(screen.getByLabelText('邮箱'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('联系电话'), '010-12345678');
    await userEvent.click(screen.getByTestId('submit-enquiry'));
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('邮箱'));
    await userEvent.type(screen.getByLabelText('邮箱'), 'buyer@example.com');
    await userEvent.type(screen.getByLabelText('备注'), '两年');
    await userEvent.click(screen.getByTestId('submit-enquiry'));
    const done = await screen.findByTestId('enquiry-done');
    expect(done.textContent).toContain('询价提交成功');
    expect(done.textContent).toContain('询价单号：42');
    const sent = calls.find((c) => c.call === 'POST /api/common/order')!.body!;
    expect(sent).toEqual({
      enterprise: '某某贸易',
      email: 'buyer@example.com',
      telephone: '010-12345678',
      remark: '两年',
      categories: [10101, 10102, 10103],
      locale: 'zh_cn',
    });
  });

  it('prefills a signed-in user, and shows the docs/product.md §8 failure with the server reason', async () => {
    priceApi();
    server.use(http.post('*/api/common/order', () => fail(429, '请求过于频繁，请 60 秒后重试')));
    renderPrice(
      '/price/payment?c=40301',
      userOf(7, 'wang', 'general', { enterprise: '王氏集团', email: 'wang@example.com', telephone: '139 0000 0000' }),
    );
    await waitFor(() => expect((screen.getByLabelText('企业名称') as HTMLInputElement).value).toBe('王氏集团'), FIRST);
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('wang@example.com');
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('139 0000 0000');
    expect(screen.getByRole('button', { name: '返回系统' })).toBeTruthy();
    await screen.findByTestId('quote-line-403');
    await userEvent.click(screen.getByTestId('submit-enquiry'));
    const error = await screen.findByTestId('enquiry-error');
    expect(error.textContent).toContain('询价提交失败，请稍后重试');
    expect(error.textContent).toContain('请求过于频繁');
    expect(screen.queryByTestId('enquiry-done')).toBeNull();
  });

  it("an account's placeholder telephone ('-') is not offered, and a dash is refused in the form's words", async () => {
    priceApi();
    renderPrice(
      '/price/payment?c=40301',
      userOf(1, 'root', 'root', { enterprise: 'MarketLens', email: 'root@example.com', telephone: '-' }),
    );
    await waitFor(
      () => expect((screen.getByLabelText('企业名称') as HTMLInputElement).value).toBe('MarketLens'),
      FIRST,
    );
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('');
    await screen.findByTestId('quote-line-403');
    await userEvent.type(screen.getByLabelText('联系电话'), '-');
    await userEvent.click(screen.getByTestId('submit-enquiry'));
    expect(await screen.findByText('请输入有效的联系电话：数字，可带 +、空格、连字符或括号')).toBeTruthy();
    expect(calls.some((c) => c.call === 'POST /api/common/order')).toBe(false);
  });

  it('without a cart the form asks for categories first and cannot be sent', async () => {
    priceApi();
    renderPrice('/price/payment');
    expect(await screen.findByText('请先选择要订阅的品类', undefined, FIRST)).toBeTruthy();
    expect((screen.getByTestId('submit-enquiry') as HTMLButtonElement).disabled).toBe(true);
    expect(quoteCalls()).toHaveLength(0);
  });
});

describe('enquiries of the administration area', () => {
  const ORDER = (id: number, status: Order['status'], user: boolean): Order => ({
    id,
    status,
    enterprise: `Enterprise ${id}`,
    email: `e${id}@example.com`,
    telephone: '010',
    remark: id === 2 ? 'call after 3pm' : '',
    user_id: user ? 7 : null,
    username: user ? 'wang' : '',
    categories: [10101, 10102, 10103],
    quote: quoteOf([10101, 10102, 10103]),
    total: 104_100,
    created_at: '2026-11-24T08:00:00.000Z',
    updated_at: '2026-11-24T08:00:00.000Z',
  });

  it('lists enquiries with their cart, filters by status and changes a status', async () => {
    await act(() => setLocale('en'));
    let items = [ORDER(2, 'new', false), ORDER(1, 'contacted', true)];
    server.use(
      http.get('*/api/common/orders', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const shown = status ? items.filter((o) => o.status === status) : items;
        return ok({ items: shown, total: shown.length, page: 1, page_size: 20 });
      }),
      http.put('*/api/common/orders/:id/status', async ({ params, request }) => {
        const { status } = (await request.json()) as { status: Order['status'] };
        items = items.map((o) => (String(o.id) === params.id ? { ...o, status } : o));
        return ok(items.find((o) => String(o.id) === params.id));
      }),
    );
    renderAdmin([{ path: '/enquiries', element: <EnquiriesPage /> }], '/enquiries', userOf(1, 'boss', 'admin'));
    const table = await screen.findByTestId('enquiry-table', undefined, FIRST);
    await within(table).findByText('Enterprise 2');
    expect(within(table).getByText('Visitor (not signed in)')).toBeTruthy();
    expect(within(table).getByText('wang')).toBeTruthy();
    expect(within(table).getAllByText('¥104 100')).toHaveLength(2);

    await userEvent.click(within(table).getAllByRole('button', { name: /expand/i })[0]!);
    const cart = await screen.findByTestId('enquiry-cart-2');
    expect(within(cart).getByText('call after 3pm')).toBeTruthy();
    // The cart's code loads when the row is expanded.
    expect((await within(cart).findByTestId('quote-line-101')).dataset.kind).toBe('merged');

    await userEvent.click(within(screen.getByTestId('enquiry-status-filter')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Contacted'));
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('contacted'));
    await waitFor(() => expect(within(table).queryByText('Enterprise 2')).toBeNull());

    await userEvent.click(within(screen.getByTestId('enquiry-status-1')).getByRole('combobox'));
    const closed = await screen.findAllByText('Closed');
    await userEvent.click(closed.at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.call === 'PUT /api/common/orders/1/status')).toBe(true));
    expect(calls.find((c) => c.call === 'PUT /api/common/orders/1/status')!.body).toMatchObject({ status: 'closed' });
    expect(await screen.findByText('Status updated')).toBeTruthy();
    await act(() => setLocale('zh-CN'));
  });
});
