import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser } from './auth/helpers.js';
import { buildTestApp, type TestApp } from './support/app.js';

/** Favourites API (docs/product.md §7): the favourites folder and a project's favourite brands. */
describe('favourites API', () => {
  let t: TestApp;
  let project: number;
  let member: string;
  let other: string;
  let stranger: string;
  let brands: number[];

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata, warehouse } = t.ctx;
    const root = await makeUser(t.ctx, 'f_root', { role: 'root' });
    const m = await makeUser(t.ctx, 'f_member', { role: 'general' });
    const o = await makeUser(t.ctx, 'f_other', { role: 'general' });
    await makeUser(t.ctx, 'f_stranger', { role: 'general' });
    project = (
      await metadata.projects.create({ name: 'fav', dataset: 'cn_monthly', ownerId: root.id, pages: [1, 2, 3] })
    ).id;
    await metadata.projectCategories.add(project, [1, 4], 'ready');
    await metadata.members.add({ projectId: project, userId: m.id, role: 'general', pages: [1, 2] });
    await metadata.members.add({ projectId: project, userId: o.id, role: 'general', pages: [1, 2] });
    const rows = await warehouse.query<{ brand_id: number }>(
      `select brand_id from ${warehouse.tableName('cn_monthly', 'dim_brand')} order by brand_id limit 3`,
    );
    brands = rows.map((r) => Number(r.brand_id));
    member = (await login(t.app, 'f_member')).access_token;
    other = (await login(t.app, 'f_other')).access_token;
    stranger = (await login(t.app, 'f_stranger')).access_token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/common${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  describe('favourites folder', () => {
    it('adds, lists newest first with the collection time, and deletes', async () => {
      const first = await call('POST', member, '/collections', { kind: 'brand', ref: 'b1', title: 'Brand one' });
      expect(first.statusCode, first.body).toBe(200);
      const item = first.json().data.item;
      expect(item).toMatchObject({ kind: 'brand', ref: 'b1', title: 'Brand one', project_id: null });
      expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);
      const second = await call('POST', member, '/collections', {
        kind: 'page',
        ref: '/hot',
        project_id: project,
        payload: { filter: { brands: [1] } },
      });
      expect(second.statusCode, second.body).toBe(200);

      const list = await call('GET', member, '/collections');
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().data.items;
      expect(items.map((i: { ref: string }) => i.ref)).toEqual(['/hot', 'b1']);
      expect(items[0]).toMatchObject({ project_id: project, payload: { filter: { brands: [1] } } });
      for (const i of items) expect(typeof i.created_at).toBe('string');
      const inProject = (await call('GET', member, `/collections?project_id=${project}`)).json().data.items;
      expect(inProject.map((i: { ref: string }) => i.ref)).toEqual(['/hot']);

      const del = await call('DELETE', member, `/collections/${item.id}`);
      expect(del.statusCode, del.body).toBe(200);
      const after = (await call('GET', member, '/collections')).json().data.items;
      expect(after.map((i: { ref: string }) => i.ref)).toEqual(['/hot']);
      expect((await call('DELETE', member, `/collections/${item.id}`)).statusCode).toBe(404);
    });

    it('another user neither sees nor deletes someone’s collection', async () => {
      const mine = (await call('POST', member, '/collections', { kind: 'brand', ref: 'secret' })).json().data.item;
      const theirs = (await call('GET', other, '/collections')).json().data.items;
      expect(theirs.map((i: { id: number }) => i.id)).not.toContain(mine.id);
      const del = await call('DELETE', other, `/collections/${mine.id}`);
      expect([403, 404]).toContain(del.statusCode);
      const still = (await call('GET', member, '/collections')).json().data.items;
      expect(still.map((i: { id: number }) => i.id)).toContain(mine.id);
    });

    it('collecting into a project needs membership of it', async () => {
      const res = await call('POST', stranger, '/collections', { kind: 'page', ref: '/hot', project_id: project });
      expect(res.statusCode).toBe(403);
      expect((await call('GET', stranger, '/collections')).json().data.items).toEqual([]);
    });

    it('rejects a malformed item and anonymous calls', async () => {
      expect((await call('POST', member, '/collections', { ref: 'no kind' })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/common/collections' })).statusCode).toBe(401);
    });

    it('speaks both languages', async () => {
      const zh = await call('DELETE', member, '/collections/999999', { locale: 'zh_cn' });
      expect(zh.statusCode).toBe(404);
      expect(zh.json().msg).toBe('该收藏不存在');
      const en = await call('DELETE', member, '/collections/999999', { locale: 'en_us' });
      expect(en.json().msg).toBe('The favorite does not exist.');
    });
  });

  describe('favourite brands of a project', () => {
    it('follows brands with a collection time, lists and unfollows them', async () => {
      const [a, b] = brands as [number, number];
      const put = await call('PUT', member, `/projects/${project}/collections`, { brands: [a, b, a] });
      expect(put.statusCode, put.body).toBe(200);
      const followed = put.json().data.brands;
      expect(followed.map((x: { brand_id: number }) => x.brand_id).sort()).toEqual([a, b].sort());
      for (const x of followed) {
        expect(Number.isNaN(Date.parse(x.created_at))).toBe(false);
        expect(x.brand_name).not.toBe('');
      }
      // Following again keeps the original collection time.
      const again = (await call('PUT', member, `/projects/${project}/collections`, { brands: [a] })).json().data.brands;
      expect(again.find((x: { brand_id: number }) => x.brand_id === a).created_at).toBe(
        followed.find((x: { brand_id: number }) => x.brand_id === a).created_at,
      );

      // Another member of the project has their own (empty) list.
      expect((await call('GET', other, `/projects/${project}/collections`)).json().data.brands).toEqual([]);
      // The analytics layer reads the same favourites.
      expect(
        await t.ctx.metadata.favoriteBrands.ids(project, (await t.ctx.metadata.users.getByUsername('f_member'))!.id),
      ).toEqual([a, b].sort((x, y) => x - y));

      const del = await call('DELETE', member, `/projects/${project}/collections`, { brands: [a] });
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json().data.brands.map((x: { brand_id: number }) => x.brand_id)).toEqual([b]);
      const list = await call('GET', member, `/projects/${project}/collections`);
      expect(list.json().data.brands.map((x: { brand_id: number }) => x.brand_id)).toEqual([b]);
    });

    it('is closed to non-members of the project', async () => {
      expect((await call('GET', stranger, `/projects/${project}/collections`)).statusCode).toBe(403);
      const put = await call('PUT', stranger, `/projects/${project}/collections`, { brands: [brands[0]] });
      expect(put.statusCode).toBe(403);
      const del = await call('DELETE', stranger, `/projects/${project}/collections`, { brands: [brands[0]] });
      expect(del.statusCode).toBe(403);
    });

    it('following in a project that limits brands needs the brand grant', async () => {
      const { metadata } = t.ctx;
      const root = (await metadata.users.getByUsername('f_root'))!;
      const m = (await metadata.users.getByUsername('f_member'))!;
      const limited = (
        await metadata.projects.create({
          name: 'fav-limited',
          dataset: 'cn_monthly',
          ownerId: root.id,
          pages: [8],
          limitBrands: true,
        })
      ).id;
      await metadata.projectCategories.add(limited, [1, 4], 'ready');
      await metadata.members.add({ projectId: limited, userId: m.id, role: 'general', pages: [8] });
      const [a, b, c] = brands as [number, number, number];
      await metadata.grants.replaceMany(limited, m.id, { category: ['1', '4'], brand: [String(a)] });
      const denied = await call('PUT', member, `/projects/${limited}/collections`, { brands: [a, b, c] });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe(`您没有以下品牌的数据权限：${b}, ${c}，请联系管理员开通`);
      const en = await call('PUT', member, `/projects/${limited}/collections`, { brands: [b], locale: 'en_us' });
      expect(en.json().msg).toBe(
        `You have no access to these brands: ${b}. Contact an administrator to request access.`,
      );
      // Nothing was followed by the refused call; the granted brand can be followed.
      expect((await call('GET', member, `/projects/${limited}/collections`)).json().data.brands).toEqual([]);
      const ok = await call('PUT', member, `/projects/${limited}/collections`, { brands: [a] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.brands.map((x: { brand_id: number }) => x.brand_id)).toEqual([a]);
      // Administrators see every brand, so they may follow any; a project without the limit checks nothing.
      const admin = (await login(t.app, 'f_root')).access_token;
      expect((await call('PUT', admin, `/projects/${limited}/collections`, { brands: [b] })).statusCode).toBe(200);
      expect((await call('PUT', member, `/projects/${project}/collections`, { brands: [c] })).statusCode).toBe(200);
    });

    it('rejects a brand that is not in the project’s dataset, in both languages', async () => {
      const zh = await call('PUT', member, `/projects/${project}/collections`, { brands: [987654321] });
      expect(zh.statusCode).toBe(400);
      expect(zh.json().msg).toBe('品牌不存在于该项目的数据中：987654321');
      const en = await call('PUT', member, `/projects/${project}/collections`, {
        brands: [987654321],
        locale: 'en_us',
      });
      expect(en.statusCode).toBe(400);
      expect(en.json().msg).toBe('The brand does not exist in the project data: 987654321');
      expect((await call('PUT', member, `/projects/${project}/collections`, { brands: [] })).statusCode).toBe(400);
    });
  });
});
