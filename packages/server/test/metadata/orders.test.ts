import { describe, expect, it } from 'vitest';
import { type NewOrder, OrdersRepository } from '../../src/metadata/repositories/orders.js';
import { newUser, type StoreTarget, stores, useStore } from './stores.js';

/** The enquiries repository (migration 0002) on SQLite and PostgreSQL alike. */
describe.each(stores())('price enquiries on $name', (target: StoreTarget) => {
  const store = useStore(target);
  let clock = '2026-11-20T10:00:00.000Z';
  const repo = () => {
    const s = store();
    return new OrdersRepository({ db: s.db, dialect: s.dialect, now: () => clock });
  };
  const order = (over: Partial<NewOrder> = {}): NewOrder => ({
    userId: null,
    username: '',
    enterprise: 'Acme',
    email: 'buyer@acme.example',
    telephone: '010',
    remark: '',
    ip: '10.0.0.1',
    locale: 'zh_cn',
    categories: [10102, 10101],
    quote: { total: 32_000, lines: [] },
    total: 32_000,
    ...over,
  });

  it('stores an enquiry with its cart and quote, and reads it back', async () => {
    const r = repo();
    const o = await r.create(order({ remark: 'call me' }));
    expect(o).toMatchObject({
      status: 'new',
      categories: [10102, 10101],
      quote: { total: 32_000, lines: [] },
      total: 32_000,
      remark: 'call me',
      userId: null,
      handledBy: null,
      createdAt: clock,
      updatedAt: clock,
    });
    expect(await r.get(o.id)).toEqual(o);
    expect(await r.get(o.id + 100)).toBeUndefined();
  });

  it('lists newest first, filters by status, text (any case) and dates, and pages', async () => {
    const s = store();
    const wang = await s.users.create(newUser('Wang_Li'));
    const r = repo();
    clock = '2026-11-01T08:00:00.000Z';
    const a = await r.create(order({ enterprise: 'Alpha Trading' }));
    clock = '2026-11-10T08:00:00.000Z';
    const b = await r.create(order({ enterprise: 'Beta', userId: wang.id, username: 'Wang_Li' }));
    clock = '2026-11-20T08:00:00.000Z';
    const c = await r.create(order({ enterprise: '上海某某', email: 'c@x.example', telephone: '021-555' }));
    const ids = async (q: Parameters<typeof r.list>[0]) => (await r.list(q)).items.map((o) => o.id);

    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ search: 'alpha' })).toEqual([a.id]);
    expect(await ids({ search: 'wang_' })).toEqual([b.id]);
    expect(await ids({ search: '某某' })).toEqual([c.id]);
    expect(await ids({ search: '555' })).toEqual([c.id]);
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({ from: '2026-11-05T00:00:00.000Z', to: '2026-11-20T23:59:59.999Z' })).toEqual([c.id, b.id]);
    const page = await r.list({ page: 2, pageSize: 2 });
    expect([page.total, page.items.map((o) => o.id)]).toEqual([3, [a.id]]);

    clock = '2026-11-21T09:00:00.000Z';
    const changed = await r.setStatus(b.id, 'contacted', wang.id);
    expect(changed).toMatchObject({ status: 'contacted', handledBy: wang.id, updatedAt: clock });
    expect(await ids({ status: 'contacted' })).toEqual([b.id]);
    expect(await ids({ status: 'new' })).toEqual([c.id, a.id]);
    expect(await r.setStatus(999_999, 'closed', wang.id)).toBeUndefined();

    // Deleting the account keeps the enquiry and its requester's name.
    await s.users.delete(wang.id);
    expect(await r.get(b.id)).toMatchObject({ userId: null, username: 'Wang_Li', handledBy: null });
  });
});
