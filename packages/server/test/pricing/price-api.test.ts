import type { Order, PriceCatalog, Quote } from '@marketlens/shared/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { cents, facts, inRange, market } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';

/**
 * Price enquiry API (docs/pages/price.md) on the tiny warehouse. The expected prices are worked out
 * here from the generator's rows and the rules as docs/pricing.md states them, never from the
 * pricing module.
 */

const { dim_category } = market.dims;
/** The tiny cn_monthly data ends in 2026-10: its last year is 2025-11 … 2026-10. */
const YEAR = ['2025-11-01', '2026-10-01'] as const;
const yearRows = inRange(facts, ...YEAR);
const leafSales = (id: number) => cents(yearRows.filter((f) => f.category_id === id));
const thirdsOf = (second: number) => dim_category.filter((c) => c.parent_id === second).map((c) => c.category_id);
const salesOf = (id: number) => {
  const c = dim_category.find((x) => x.category_id === id)!;
  return c.level === 3 ? leafSales(id) : thirdsOf(id).reduce((s, t) => s + leafSales(t), 0);
};
/** docs/pricing.md: 20 000 + 200 per billion of the last year's sales, rounded up to 100, then the level's limit. */
const expectedPrice = (id: number) => {
  const level = dim_category.find((x) => x.category_id === id)!.level;
  const sales = salesOf(id);
  const base = sales > 0 ? Math.ceil((20_000 + (sales / 1e9) * 200) / 100 - 1e-9) * 100 : 20_000;
  return Math.min(base, level === 2 ? 999_999 : 99_999);
};

// A second-level category whose third-level categories, bought together, cost more than it does.
const SECONDS = dim_category.filter((c) => c.level === 2).map((c) => c.category_id);
const MERGED = SECONDS.find((s) => {
  const ts = thirdsOf(s);
  return ts.length >= 2 && ts.slice(0, 2).reduce((sum, t) => sum + expectedPrice(t), 0) > expectedPrice(s);
})!;
const MERGED_PAIR = thirdsOf(MERGED).slice(0, 2);

const FORM = { enterprise: 'Acme Trading', email: 'buyer@acme.example', telephone: '+86 10 1234 5678' };

describeOnEach(await warehouseTargets(), 'price enquiry API', (target) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let general: string;
  let generalId: number;
  let ip = 0;
  /** Each anonymous call from its own address, so the rate limit test starts from zero. */
  const anon = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = `10.0.0.${++ip}`) =>
    t.app.inject({ method, url: `/api/common${url}`, remoteAddress, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    await makeUser(t.ctx, 'p_root', { role: 'root' });
    await makeUser(t.ctx, 'p_admin', { role: 'admin' });
    generalId = (await makeUser(t.ctx, 'p_general', { role: 'general', enterprise: 'General Co' })).id;
    root = (await login(t.app, 'p_root')).access_token;
    admin = (await login(t.app, 'p_admin')).access_token;
    general = (await login(t.app, 'p_general')).access_token;
  });
  afterAll(() => t.close());

  it('the catalogue: every category of the tree, levels 2 and 3 priced from their last year, no sales figure', async () => {
    const res = await anon('GET', '/price/categories?locale=en');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PriceCatalog;
    expect(data.terms).toMatchObject({
      currency: 'CNY',
      history_from: '2017-01',
      limit_second: 999_999,
      limit_third: 99_999,
      limit_all_third: 50_000,
      sales_from: YEAR[0],
      sales_to: YEAR[1],
    });
    expect(data.categories.map((c) => c.category_id).sort((a, b) => a - b)).toEqual(
      dim_category.map((c) => c.category_id).sort((a, b) => a - b),
    );
    for (const c of data.categories) {
      const dim = dim_category.find((x) => x.category_id === c.category_id)!;
      expect([c.name, c.name_en, c.level, c.parent]).toEqual([dim.name_zh, dim.name_en, dim.level, dim.parent_id]);
      expect(c.price, `${c.category_id}`).toBe(dim.level === 1 ? null : expectedPrice(c.category_id));
    }
    expect(Object.keys(data.categories[0]!).sort()).toEqual([
      'category_id',
      'level',
      'name',
      'name_en',
      'parent',
      'price',
    ]);
  });

  it('a quote merges several third-level categories at their second-level price when that is cheaper', async () => {
    const res = await anon('POST', '/price/quote', { categories: MERGED_PAIR });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data as Quote;
    const subtotal = MERGED_PAIR.reduce((s, id) => s + expectedPrice(id), 0);
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]).toMatchObject({ category_id: MERGED, kind: 'merged', subtotal, price: expectedPrice(MERGED) });
    expect(q.lines[0]!.items.map((i) => [i.category_id, i.price])).toEqual(
      MERGED_PAIR.map((id) => [id, expectedPrice(id)]),
    );
    expect(q.total).toBe(expectedPrice(MERGED));
  });

  it('a quote refuses an empty cart and ids that are not sellable (level 1, unknown)', async () => {
    const empty = await anon('POST', '/price/quote?locale=en', { categories: [] });
    expect([empty.statusCode, empty.json().msg]).toEqual([400, 'Please choose at least one category.']);
    const level1 = dim_category.find((c) => c.level === 1)!.category_id;
    const bad = await anon('POST', '/price/quote?locale=en', { categories: [MERGED, level1, 987654] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(`These categories cannot be subscribed to: ${level1}, 987654`);
  });

  it('POST /order checks the form with the messages of docs/product.md §5, in both languages', async () => {
    const cases: [object, string, string][] = [
      [{ enterprise: ' ' }, 'Please enter enterprise.', '请输入企业名称'],
      [{ telephone: '' }, 'Please enter telephone.', '请输入联系电话'],
      // The placeholder an account without a number holds (the bootstrap root's) is no telephone.
      [
        { telephone: '-' },
        'Enter a valid telephone number: digits, optionally with +, spaces, hyphens or brackets.',
        '请输入有效的联系电话：数字，可带 +、空格、连字符或括号',
      ],
      [
        { telephone: 'call me' },
        'Enter a valid telephone number: digits, optionally with +, spaces, hyphens or brackets.',
        '请输入有效的联系电话：数字，可带 +、空格、连字符或括号',
      ],
      [{ email: '' }, 'Please enter email.', '请输入邮箱'],
      [{ email: 'not-an-email' }, 'Email format error.', '邮箱格式不正确'],
    ];
    for (const [patch, en, zh] of cases) {
      for (const [locale, msg] of [
        ['en', en],
        ['zh-CN', zh],
      ] as const) {
        const res = await anon('POST', `/order?locale=${locale}`, { ...FORM, ...patch, categories: [MERGED] });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg, JSON.stringify(patch)).toBe(msg);
      }
    }
    // A client cannot send a price: the body is closed.
    const priced = await anon('POST', '/order', { ...FORM, categories: [MERGED], total: 1 });
    expect(priced.statusCode).toBe(400);
    expect(await t.ctx.metadata.db.selectFrom('orders').selectAll().execute()).toEqual([]);
  });

  it('POST /order stores the cart, the recomputed quote and the requester, and writes the audit trail', async () => {
    const cart = [...MERGED_PAIR, MERGED_PAIR[0]!];
    const res = await anon('POST', '/order?locale=en', { ...FORM, remark: ' call after 3pm ', categories: cart });
    expect(res.statusCode, res.body).toBe(200);
    const { id, quote } = res.json().data as { id: number; quote: Quote };
    expect(quote.total).toBe(expectedPrice(MERGED));
    const row = await t.ctx.metadata.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      username: '',
      enterprise: FORM.enterprise,
      email: FORM.email,
      telephone: FORM.telephone,
      remark: 'call after 3pm',
      status: 'new',
      total: expectedPrice(MERGED),
    });
    expect(JSON.parse(row.categories)).toEqual([...MERGED_PAIR].sort((a, b) => a - b));
    expect(JSON.parse(row.quote)).toEqual(quote);
    const audit = await t.ctx.metadata.audit.listRecent({ action: 'order.create' });
    expect(audit[0]).toMatchObject({ target: `order:${id}`, outcome: 'success', userId: null });

    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/common/order',
      headers: bearer(general),
      payload: { ...FORM, categories: [MERGED] },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const mine = await t.ctx.metadata.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', signed.json().data.id)
      .executeTakeFirstOrThrow();
    expect([mine.user_id, mine.username, mine.total]).toEqual([generalId, 'p_general', expectedPrice(MERGED)]);
  });

  it('rate-limits anonymous enquiries per address (5 an hour), not other addresses', async () => {
    const send = (address: string) =>
      anon('POST', '/order?locale=en', { ...FORM, categories: [MERGED_PAIR[0]!] }, address);
    for (let i = 0; i < 5; i++) expect((await send('10.9.9.9')).statusCode).toBe(200);
    const refused = await send('10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect((await send('10.9.9.8')).statusCode).toBe(200);
  });

  it('the enquiries list and its status are for root and admins only', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [general, 403],
    ] as const) {
      const headers = token ? bearer(token) : {};
      expect((await t.app.inject({ method: 'GET', url: '/api/common/orders', headers })).statusCode).toBe(status);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/common/orders/1/status',
        headers,
        payload: { status: 'closed' },
      });
      expect(put.statusCode).toBe(status);
    }
    for (const token of [root, admin]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/common/orders', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('lists enquiries newest first with their cart, filters by status and text, and records status changes', async () => {
    const list = async (query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/common/orders${query}`, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: Order[]; total: number };
    };
    const all = await list();
    const stored = await t.ctx.metadata.db.selectFrom('orders').select('id').execute();
    expect(all.total).toBe(stored.length);
    expect(all.items.map((o) => o.id)).toEqual(stored.map((o) => o.id).sort((a, b) => b - a));
    const first = all.items.find((o) => o.remark === 'call after 3pm')!;
    expect(first.categories).toEqual([...MERGED_PAIR].sort((a, b) => a - b));
    expect(first.quote.lines[0]!.kind).toBe('merged');

    const mine = await list('?search=p_GENERAL');
    expect(mine.items.map((o) => o.username)).toEqual(['p_general']);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/common/orders/${first.id}/status`,
      headers: bearer(admin),
      payload: { status: 'contacted' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list('?status=contacted')).items.map((o) => o.id)).toEqual([first.id]);
    expect((await list('?status=new')).total).toBe(all.total - 1);
    const audit = await t.ctx.metadata.audit.listRecent({ action: 'order.status' });
    expect(audit[0]).toMatchObject({ target: `order:${first.id}`, username: 'p_admin' });
    expect(audit[0]!.detail).toEqual({ from: 'new', to: 'contacted' });

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await list('?to=2000-01-01')).total).toBe(0);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/common/orders/999999/status?locale=en',
      headers: bearer(admin),
      payload: { status: 'closed' },
    });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, 'The enquiry does not exist.']);
  });
});
