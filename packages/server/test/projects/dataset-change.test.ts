import { buildMarket } from '@marketlens/datagen';
import { translate } from '@marketlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DatasetInUseError } from '../../src/metadata/index.js';
import { login, makeUser } from '../auth/helpers.js';
import { TINY_AS_OF, TINY_SEED } from '../global-setup.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type Caller, caller, data } from './helpers.js';

/** A project's dataset cannot change under the category, brand and shop ids its grants are made of. */
describe.each(stores())('changing the dataset of a project ($name)', (target) => {
  const cn = buildMarket({ scale: 'tiny', seed: TINY_SEED, asOf: TINY_AS_OF, dataset: 'cn_monthly' });
  const leaf = cn.dims.dim_category.find((c) => c.level === 3)!.category_id;
  const brand = cn.dims.dim_brand[0]!.brand_id;
  let t: TestApp;
  let admin: Caller;
  let memberId: number;
  let pid: number;

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      store: target,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' },
    });
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    memberId = (await makeUser(t.ctx, 'member', { role: 'general' })).id;
    admin = caller(t.app, (await login(t.app, 'adm')).access_token);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const name = `P${Math.random().toString(36).slice(2)}`;
    pid = data<{ id: number }>(await admin('POST', '/projects', { name, data_scope: 'cn_monthly', pages: [1] })).id;
    await t.ctx.metadata.members.add({ projectId: pid, userId: memberId });
  });

  const move = (locale?: string) =>
    admin('PUT', `/projects/${pid}`, { data_scope: 'cn_weekly', ...(locale ? { locale } : {}) });
  const datasetNow = async () => (await t.ctx.metadata.projects.getById(pid))!.dataset;

  it('is refused while the project has categories, with the reason in both languages; nothing changes', async () => {
    data(await admin('POST', `/projects/${pid}/categories`, { categories: [leaf] }));
    for (const [locale, lang] of [
      [undefined, 'zh-CN'],
      ['en', 'en'],
    ] as const) {
      const res = await move(locale);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'dataset_in_use', msg: translate(lang, 'projects.datasetInUse') });
    }
    expect(translate('en', 'projects.datasetInUse')).toMatch(/^The dataset cannot be changed while the project has/);
    expect(await datasetNow()).toBe('cn_monthly');
    expect(await t.ctx.metadata.projectCategories.ids(pid)).toEqual([leaf]);
    // The form sends the dataset with every save: the same dataset is no change, and other fields save.
    const same = await admin('PUT', `/projects/${pid}`, { data_scope: 'cn_monthly', hide_keywords: true });
    expect(data<{ hide_keywords: boolean }>(same).hide_keywords).toBe(true);
  });

  it('is refused while a member holds a brand or shop grant, even with no categories', async () => {
    await t.ctx.metadata.grants.replace(pid, memberId, 'brand', [String(brand)]);
    expect((await move()).statusCode).toBe(400);
    await t.ctx.metadata.grants.replace(pid, memberId, 'brand', []);
    const shop = cn.dims.dim_shop[0]!;
    await t.ctx.metadata.grants.replace(pid, memberId, 'shop', [`${shop.platform_id},${shop.shop_id}`]);
    expect((await move()).statusCode).toBe(400);
    expect(await datasetNow()).toBe('cn_monthly');
  });

  it('goes through once categories and grants are removed, and takes the favourite brands and events of the old dataset along', async () => {
    data(await admin('POST', `/projects/${pid}/categories`, { categories: [leaf] }));
    await t.ctx.metadata.grants.replace(pid, memberId, 'category', [String(leaf)]);
    await t.ctx.metadata.favoriteBrands.add(pid, memberId, [brand]);
    const event = (about: { brandId: number | null; categoryId: number | null }, nameEn: string) =>
      t.ctx.metadata.projectEvents.create(
        pid,
        {
          code: null,
          nameZh: nameEn,
          nameEn,
          kind: 'launch',
          startDate: '2026-03-01',
          endDate: '2026-03-02',
          platforms: [],
          note: '',
          ...about,
        },
        { id: memberId, username: 'member' },
      );
    await event({ brandId: brand, categoryId: null }, 'about a brand');
    await event({ brandId: null, categoryId: leaf }, 'about a category');
    await event({ brandId: null, categoryId: null }, 'about the market');
    expect((await move()).statusCode).toBe(400);
    data(await admin('DELETE', `/projects/${pid}/categories/${leaf}`));
    // Removing the category removed its grants too: nothing is left that would refuse the change.
    const moved = data<{ data_scope: string }>(await move());
    expect(moved.data_scope).toBe('cn_weekly');
    expect(await t.ctx.metadata.favoriteBrands.ids(pid, memberId)).toEqual([]);
    // Own events naming old ids go too; one about the whole market stays.
    expect((await t.ctx.metadata.projectEvents.list(pid)).map((e) => e.nameEn)).toEqual(['about the market']);
  });

  it('checks and changes in one transaction: a category being added meanwhile is seen, never missed', async () => {
    const store = t.ctx.metadata;
    let change: Promise<unknown> | undefined;
    await store.transaction(async (tx) => {
      await tx.projectCategories.add(pid, [leaf]);
      change = store.projects.update(pid, { dataset: 'cn_weekly' }).then(
        () => 'changed',
        (err: unknown) => err,
      );
      if (store.dialect === 'postgres') {
        // Commit only once the change waits for this transaction (its row lock), or has finished
        // without waiting, which would be the bug: then it decided without seeing the category.
        const me = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx.db)).rows[0]!.pid;
        let finished = false;
        const done = change!.then(() => {
          finished = true;
          return 'finished';
        });
        const waiting = async () => {
          while (!finished) {
            const { rows } = await sql<{ n: string }>`
              select count(*) as n from pg_stat_activity where ${me} = any(pg_blocking_pids(pid))`.execute(store.db);
            if (Number(rows[0]!.n) > 0) return 'waiting';
          }
          return 'finished';
        };
        expect(await Promise.race([done, waiting()])).toBe('waiting');
      }
      // SQLite: one writer at a time; the change runs once this transaction is done.
    });
    expect(await change).toBeInstanceOf(DatasetInUseError);
    expect(await datasetNow()).toBe('cn_monthly');
  });
});
