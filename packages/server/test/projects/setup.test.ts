import { buildMarket } from '@marketlens/datagen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { TINY_AS_OF, TINY_SEED } from '../global-setup.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { audited, type Caller, caller, data, refused } from './helpers.js';

interface Node {
  category_id: number;
  category_name: string;
  category_name_en: string;
  level: number;
  parent: number | null;
  status: string | null;
}

/**
 * Setting a project up without the manual: the dataset's category tree to pick from, categories
 * usable at once unless a review is asked for, and deletion by root with what goes with it.
 */
describe.each(stores())('project setup ($name)', (target) => {
  // The generator's own rows, in memory: the tree the warehouse was loaded from.
  const cn = buildMarket({ scale: 'tiny', seed: TINY_SEED, asOf: TINY_AS_OF, dataset: 'cn_monthly' });
  const tree = cn.dims.dim_category;
  const leaves = tree.filter((c) => c.level === 3);
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let boss: Caller;
  let bossId: number;
  let pid: number;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, store: target });
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'adm', { role: 'admin', enterprise: 'MarketLens' });
    bossId = (await makeUser(t.ctx, 'boss', { role: 'enterprise', enterprise: 'Globex' })).id;
    root = caller(t.app, (await login(t.app, 'root')).access_token);
    admin = caller(t.app, (await login(t.app, 'adm')).access_token);
    boss = caller(t.app, (await login(t.app, 'boss')).access_token);
    pid = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Setup', data_scope: 'cn_monthly', pages: [1, 2, 3] }),
    ).id;
    // The enterprise user administers the project's members, not its settings.
    data(await admin('POST', `/projects/${pid}/users`, { user_id: bossId, role: 'admin', pages: [1] }));
  });
  afterAll(() => t.close());

  it("lists the dataset's whole category tree, each node with its status in the project; settings administrators only", async () => {
    const before = data<{ items: Node[] }>(await admin('GET', `/projects/${pid}/dataset/categories`)).items;
    const expected = tree
      .map((c) => ({
        category_id: c.category_id,
        category_name: c.name_zh,
        category_name_en: c.name_en,
        level: c.level,
        parent: c.parent_id,
        status: null,
      }))
      .sort((a, b) => a.category_id - b.category_id);
    expect(before).toEqual(expected);
    // The project's own administrator manages members, not categories: the server refuses the tree.
    expect((await boss('GET', `/projects/${pid}/dataset/categories`)).statusCode).toBe(403);
    expect((await admin('GET', '/projects/999999/dataset/categories')).statusCode).toBe(404);
  });

  it('adds categories ready unless a review is asked for; the tree shows each status', async () => {
    const [a, b, c, d] = leaves.map((l) => l.category_id);
    data(await admin('POST', `/projects/${pid}/categories`, { categories: [a!, b!] }));
    data(await admin('POST', `/projects/${pid}/categories`, { categories: [c!], status: 'not_ready' }));
    const csv = Buffer.from(`category\r\n${d}\r\n`).toString('base64');
    expect(
      data(await admin('POST', `/projects/${pid}/categories/upload`, { file: csv, status: 'not_ready' })),
    ).toMatchObject({ valid: true, added: 1 });
    const status = new Map(
      data<{ items: Node[] }>(await admin('GET', `/projects/${pid}/dataset/categories`)).items.map((n) => [
        n.category_id,
        n.status,
      ]),
    );
    expect([a, b, c, d].map((id) => status.get(id!))).toEqual(['ready', 'ready', 'not_ready', 'not_ready']);
    expect([...status.values()].filter((s) => s !== null)).toHaveLength(4);
    const adds = await audited(t, 'project.category_add');
    expect(adds.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        { count: 2, status: 'ready' },
        { count: 1, status: 'not_ready' },
      ]),
    );
    // An upload without a choice adds them ready too.
    const e = leaves[4]!.category_id;
    const plain = Buffer.from(`${e}\r\n`).toString('base64');
    data(await admin('POST', `/projects/${pid}/categories/upload`, { file: plain }));
    expect((await t.ctx.metadata.projectCategories.list(pid)).find((x) => x.categoryId === e)?.status).toBe('ready');
  });

  it('root alone deletes a project, after counting what goes with it; the audit keeps the counts', async () => {
    const gone = data<{ id: number }>(
      await root('POST', '/projects', { name: 'To delete', data_scope: 'cn_monthly', pages: [1, 2] }),
    ).id;
    data(await root('POST', `/projects/${gone}/users`, { user_id: bossId, pages: [1], categories: [] }));
    const picked = leaves.slice(0, 3).map((l) => l.category_id);
    data(await root('POST', `/projects/${gone}/categories`, { categories: picked }));
    data(await boss('PUT', `/users/projects/${gone}/config`, { config: { potential: { category_id: picked[0] } } }));
    await t.ctx.metadata.favoriteBrands.add(gone, bossId, [cn.dims.dim_brand[0]!.brand_id]);
    await t.ctx.metadata.projectEvents.create(
      gone,
      {
        code: null,
        nameZh: '上新',
        nameEn: 'Launch',
        kind: 'launch',
        startDate: '2026-03-01',
        endDate: '2026-03-01',
        platforms: [],
        brandId: null,
        categoryId: null,
        note: '',
      },
      { id: bossId, username: 'boss' },
    );
    await t.ctx.metadata.savedViews.create(gone, bossId, { name: 'mine', page: '/discover', query: '', shared: false });

    const ties = data(await root('GET', `/projects/${gone}/ties`));
    // root (the creator) and boss; boss saved a config; three categories; one followed brand; one own
    // event; no notes; one saved view.
    expect(ties).toMatchObject({
      members: 2,
      saved_configs: 1,
      categories: 3,
      favorite_brands: 1,
      collections: 0,
      events: 1,
      notes: 0,
      views: 1,
    });
    // A global admin may read the counts (they manage the project) but not delete it.
    expect(data(await admin('GET', `/projects/${gone}/ties`))).toEqual(ties);
    expect(refused(await admin('DELETE', `/projects/${gone}?locale=en`), 403)).toBe('Only root may delete a project.');
    expect(refused(await admin('DELETE', `/projects/${gone}`), 403)).toBe('只有超级管理员（root）可以删除项目');
    expect((await boss('DELETE', `/projects/${gone}`)).statusCode).toBe(403);
    expect(await t.ctx.metadata.projects.getById(gone)).toBeDefined();

    expect(data(await root('DELETE', `/projects/${gone}`))).toEqual({ message: 'ok' });
    expect(await t.ctx.metadata.projects.getById(gone)).toBeUndefined();
    expect(await t.ctx.metadata.members.get(gone, bossId)).toBeUndefined();
    expect(await t.ctx.metadata.projectCategories.ids(gone)).toEqual([]);
    expect(await t.ctx.metadata.favoriteBrands.ids(gone, bossId)).toEqual([]);
    const event = (await audited(t, 'project.delete')).find((e) => e.target === `project:${gone}`);
    expect(event).toMatchObject({
      username: 'root',
      outcome: 'success',
      detail: { name: 'To delete', members: 2, categories: 3, saved_configs: 1 },
    });
    const list = data<{ items: { id: number }[] }>(await root('GET', '/projects'));
    expect(list.items.map((p) => p.id)).not.toContain(gone);
    expect((await root('DELETE', `/projects/${gone}`)).statusCode).toBe(404);
  });
});
