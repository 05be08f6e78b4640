import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { market } from '../support/tiny-market.js';
import { describeOnEach, warehouseTargets } from '../support/warehouses.js';
import { type Caller, caller, data, refused } from './helpers.js';

/**
 * Brand and shop grants name ids of the project's dataset: an id the dataset lacks is
 * refused with a 400 naming it, in the request's language, and nothing of the change is saved.
 * Both places that save grants are covered: project user management and the account's project access.
 */
describeOnEach(await warehouseTargets(), 'grant values are checked against the dataset', (target) => {
  const brands = market.dims.dim_brand.map((b) => String(b.brand_id));
  // Shops as the member editor sends them: 'platform,shop_id' selections (docs/product.md §4).
  const shops = market.dims.dim_shop.map((s) => `${s.platform_id},${s.shop_id}`);
  const firstShop = market.dims.dim_shop[0]!;
  const missingBrand = String(Math.max(...market.dims.dim_brand.map((b) => b.brand_id)) + 1000);
  const missingShop = `${firstShop.platform_id},${Math.max(...market.dims.dim_shop.map((s) => s.shop_id)) + 1000}`;
  const otherPlatform = market.dims.dim_platform.find((p) => p.platform_id !== firstShop.platform_id)!.platform_id;
  /** A shop that exists, selected on a platform it is not on. */
  const wrongPlatform = `${otherPlatform},${firstShop.shop_id}`;
  let t: TestApp;
  let admin: Caller;
  let pid: number;
  let memberId: number;
  const grantsOf = async () => t.ctx.metadata.grants.list(pid, memberId);

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    await makeUser(t.ctx, 'g_admin', { role: 'admin' });
    memberId = (await makeUser(t.ctx, 'g_member', { role: 'general' })).id;
    admin = caller(t.app, (await login(t.app, 'g_admin')).access_token);
    pid = data<{ id: number }>(
      await admin('POST', '/projects', {
        name: 'Limited',
        data_scope: 'cn_monthly',
        pages: [1],
        limit_brands: true,
        limit_shops: true,
      }),
    ).id;
  });
  afterAll(() => t.close());

  it('adding a member with unknown brands is refused, naming them (en, zh-CN); no membership is made', async () => {
    const en = await admin('POST', `/projects/${pid}/users`, {
      user_id: memberId,
      brands: [brands[0], missingBrand, 'abc'],
      locale: 'en',
    });
    expect(refused(en, 400)).toBe(`These brands are not in the project’s dataset: ${missingBrand}, abc`);
    const zh = await admin('POST', `/projects/${pid}/users`, { user_id: memberId, shops: [shops[0], missingShop] });
    expect(refused(zh, 400)).toBe(`以下店铺不在项目的数据集中：${missingShop}`);
    expect(await t.ctx.metadata.members.get(pid, memberId)).toBeUndefined();
  });

  it('known brands and shops are saved; an update with an unknown one changes nothing', async () => {
    data(
      await admin('POST', `/projects/${pid}/users`, {
        user_id: memberId,
        brands: brands.slice(0, 2),
        shops: shops.slice(0, 3),
      }),
    );
    expect(await grantsOf()).toMatchObject({ brand: brands.slice(0, 2).sort(), shop: shops.slice(0, 3).sort() });
    const bad = await admin('PUT', `/projects/${pid}/users/${memberId}`, {
      brands: [brands[2], missingBrand],
      shops: [missingShop],
      locale: 'en',
    });
    expect(refused(bad, 400)).toBe(`These brands are not in the project’s dataset: ${missingBrand}`);
    expect(await grantsOf()).toMatchObject({ brand: brands.slice(0, 2).sort(), shop: shops.slice(0, 3).sort() });
  });

  it('a shop selection must name the shop’s own platform; a bare shop id is accepted', async () => {
    const bad = await admin('PUT', `/projects/${pid}/users/${memberId}`, { shops: [wrongPlatform], locale: 'en' });
    expect(refused(bad, 400)).toBe(`These shops are not in the project’s dataset: ${wrongPlatform}`);
    const bare = String(firstShop.shop_id);
    data(await admin('PUT', `/projects/${pid}/users/${memberId}`, { shops: [...shops.slice(0, 3), bare] }));
    expect((await grantsOf()).shop).toEqual([...shops.slice(0, 3), bare].sort());
    data(await admin('PUT', `/projects/${pid}/users/${memberId}`, { shops: shops.slice(0, 3) }));
  });

  it('the account screen’s project access (PUT /users/{id}/auth) is checked the same way', async () => {
    const bad = await admin('PUT', `/users/${memberId}/auth`, { project_id: pid, shops: [missingShop], locale: 'en' });
    expect(refused(bad, 400)).toBe(`These shops are not in the project’s dataset: ${missingShop}`);
    expect((await grantsOf()).shop).toEqual(shops.slice(0, 3).sort());
    const ok = data<{ shops: string[]; brands: string[] }>(
      await admin('PUT', `/users/${memberId}/auth`, { project_id: pid, shops: [shops[4]!], brands: [] }),
    );
    expect(ok).toMatchObject({ shops: [shops[4]], brands: [] });
  });
});
