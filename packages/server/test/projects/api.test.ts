import { buildMarket } from '@marketlens/datagen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { TINY_AS_OF, TINY_SEED } from '../global-setup.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { audited, type Caller, caller, data, refused } from './helpers.js';

/** What a project administrator and a project's users depend on, through the HTTP API. */
describe.each(stores())('project API ($name)', (target) => {
  const cn = buildMarket({ scale: 'tiny', seed: TINY_SEED, asOf: TINY_AS_OF, dataset: 'cn_monthly' });
  const leaves = cn.dims.dim_category.filter((c) => c.level === 3).map((c) => c.category_id);
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let boss: Caller; // enterprise user, project admin of the project
  let member: Caller; // general member
  let ids: Record<'boss' | 'member' | 'outsider' | 'adm', number>;
  let pid: number;

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      store: target,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
    const adm = await makeUser(t.ctx, 'adm', { role: 'admin', enterprise: 'MarketLens' });
    const bossUser = await makeUser(t.ctx, 'boss', { role: 'enterprise', enterprise: 'Globex' });
    const memberUser = await makeUser(t.ctx, 'member', { role: 'general', enterprise: 'Globex' });
    const outsider = await makeUser(t.ctx, 'outsider', { role: 'general', enterprise: 'Initech' });
    ids = { boss: bossUser.id, member: memberUser.id, outsider: outsider.id, adm: adm.id };
    root = caller(t.app, (await login(t.app, 'root')).access_token);
    admin = caller(t.app, (await login(t.app, 'adm')).access_token);
    boss = caller(t.app, (await login(t.app, 'boss')).access_token);
    member = caller(t.app, (await login(t.app, 'member')).access_token);
    pid = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Skin care', data_scope: 'cn_monthly', pages: [1, 2, 3, 4] }),
    ).id;
    data(await admin('POST', `/projects/${pid}/categories`, { categories: leaves.slice(0, 4) }));
  });
  afterAll(() => t.close());

  it('creates a project with the messages of docs/product.md §5 for a taken name, no pages and an unknown dataset', async () => {
    const dup = await admin('POST', '/projects', {
      name: ' Skin care ',
      data_scope: 'cn_monthly',
      pages: [1],
      locale: 'en',
    });
    expect(refused(dup, 400)).toBe('the project already exists');
    expect(
      refused(await admin('POST', '/projects', { name: 'Skin care', data_scope: 'cn_monthly', pages: [1] }), 400),
    ).toBe('该项目已存在');
    const noPages = await admin('POST', '/projects', { name: 'X', data_scope: 'cn_monthly', pages: [], locale: 'en' });
    expect(refused(noPages, 400)).toBe('A project needs at least one valid page.');
    const noData = await admin('POST', '/projects', { name: 'X', data_scope: 'nothing_here', pages: [1] });
    expect(refused(noData, 400)).toBe('数据集不存在');
    const badOwner = await admin('POST', '/projects', {
      name: 'X',
      data_scope: 'cn_monthly',
      pages: [1],
      owner_id: 999_999,
    });
    expect(refused(badOwner, 400)).toBe('参数无效');
    const created = (await audited(t, 'project.create')).find((e) => e.target === `project:${pid}`);
    expect(created).toMatchObject({ username: 'adm', outcome: 'success', detail: { name: 'Skin care' } });
  });

  it('refuses a granularity or currency the dataset does not have, on create and update (both languages)', async () => {
    const weekly = await admin('POST', '/projects', {
      name: 'Mismatch',
      data_scope: 'cn_monthly',
      date_field: 'week',
      pages: [1],
      locale: 'en',
    });
    expect(refused(weekly, 400)).toBe("The granularity does not match the dataset's (by month or by week).");
    const usd = await admin('POST', '/projects', {
      name: 'Mismatch',
      data_scope: 'cn_monthly',
      currency_unit: 'USD',
      pages: [1],
    });
    expect(refused(usd, 400)).toBe('币种与数据集不一致');
    expect(await t.ctx.metadata.projects.getByName('Mismatch')).toBeUndefined();
    expect(refused(await admin('PUT', `/projects/${pid}`, { date_field: 'week' }), 400)).toBe(
      '时间粒度与数据集不一致（按月或按周）',
    );
    expect(refused(await admin('PUT', `/projects/${pid}`, { currency_unit: 'USD', locale: 'en' }), 400)).toBe(
      "The currency does not match the dataset's.",
    );
    // The dataset's own values pass; a weekly project on a weekly dataset too.
    data(await admin('PUT', `/projects/${pid}`, { date_field: 'month', currency_unit: 'CNY' }));
    const weeklyOk = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Weekly', data_scope: 'cn_weekly', date_field: 'week', pages: [1] }),
    );
    expect(data(await root('DELETE', `/projects/${weeklyOk.id}`))).toEqual({ message: 'ok' });
  });

  it("the creator becomes a member with the project's pages, so their own config can be saved", async () => {
    const created = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Mine', data_scope: 'cn_monthly', pages: [1, 2] }),
    );
    expect(await t.ctx.metadata.members.get(created.id, ids.adm)).toMatchObject({ role: '', pages: [1, 2] });
    expect(data(await admin('GET', `/projects/${created.id}/pages`))).toEqual({ pages: [1, 2] });
    const config = { potential: { category_id: 1 } };
    expect(data(await admin('PUT', `/users/projects/${created.id}/config`, { config }))).toEqual({ config });
    expect(data(await root('DELETE', `/projects/${created.id}`))).toEqual({ message: 'ok' });
  });

  it('checks a name, updates, sets status and deletes, auditing each change', async () => {
    expect(data(await admin('POST', '/projects/check', { name: 'skin care ', locale: 'en' }))).toEqual({
      exists: false,
      message: '',
    });
    expect(data(await admin('POST', '/projects/check', { name: 'Skin care', locale: 'en' }))).toEqual({
      exists: true,
      message: 'the project already exists',
    });
    expect(data(await admin('POST', '/projects/check', { name: 'Skin care', id: pid }))).toMatchObject({
      exists: false,
    });

    const other = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Temp', data_scope: 'cn_weekly', pages: [2] }),
    );
    const upd = await admin('PUT', `/projects/${other.id}`, { name: 'Temp 2', hide_keywords: true, pages: [2, 5] });
    expect(data(upd)).toMatchObject({ name: 'Temp 2', hide_keywords: true, pages: [2, 5], date_field: 'week' });
    expect(refused(await admin('PUT', `/projects/${other.id}`, { name: 'Skin care', locale: 'en' }), 400)).toBe(
      'the project already exists',
    );
    expect((await audited(t, 'project.update'))[0]).toMatchObject({
      target: `project:${other.id}`,
      detail: { fields: ['name', 'hide_keywords', 'pages'] },
    });
    expect(data(await admin('PUT', `/projects/${other.id}/status`, { status: 'stopped' }))).toMatchObject({
      status: 'stopped',
    });
    expect((await audited(t, 'project.status'))[0]).toMatchObject({ detail: { status: 'stopped' } });
    const list = data<{ items: { name: string }[] }>(await admin('GET', '/projects?status=stopped'));
    expect(list.items.map((p) => p.name)).toEqual(['Temp 2']);
    expect(data(await root('DELETE', `/projects/${other.id}`))).toEqual({ message: 'ok' });
    expect((await audited(t, 'project.delete'))[0]).toMatchObject({ detail: { name: 'Temp 2' } });
    expect((await admin('GET', `/projects/${other.id}`)).statusCode).toBe(404);
  });

  it('members: added with pages, categories and a project role; a project admin manages them but cannot hand out admin', async () => {
    const add = await admin('POST', `/projects/${pid}/users`, {
      username: 'boss',
      role: 'admin',
      pages: [1, 2, 3, 4],
      categories: leaves.slice(0, 4),
    });
    // The creator (adm) is a member from the start; see 'the creator becomes a member'.
    expect(data<{ items: unknown[] }>(add).items).toEqual([
      expect.objectContaining({ user_id: ids.adm, role: '', pages: [1, 2, 3, 4] }),
      expect.objectContaining({ user_id: ids.boss, role: 'admin', pages: [1, 2, 3, 4], enterprise: 'Globex' }),
    ]);
    // The project admin adds a general member of their enterprise by user name, but may not make anyone admin.
    const denied = await boss('POST', `/projects/${pid}/users`, { username: 'member', role: 'admin', locale: 'en' });
    expect(refused(denied, 403)).toBe('You cannot assign or change this role.');
    const ok = await boss('POST', `/projects/${pid}/users`, {
      username: 'member',
      role: 'general',
      pages: [1, 2, 9],
      categories: [leaves[0]!],
    });
    expect(
      data<{ items: { user_id: number }[] }>(ok)
        .items.map((m) => m.user_id)
        .sort(),
    ).toEqual([ids.adm, ids.boss, ids.member].sort());
    const again = await boss('POST', `/projects/${pid}/users`, { username: 'member', locale: 'en' });
    expect(refused(again, 400)).toBe('The user is already a member of this project.');
    const foreign = await boss('PUT', `/projects/${pid}/users/${ids.member}`, {
      categories: [leaves.at(-1)!],
      locale: 'en',
    });
    expect(refused(foreign, 400)).toBe('The category is not in this project.');
    expect(refused(await boss('PUT', `/projects/${pid}/users/${ids.boss}`, { pages: [1] }), 403)).toBe(
      '您无权设置或修改该角色',
    );
    const upd = data<{ items: { user_id: number; pages: number[]; categories: number[] }[] }>(
      await boss('PUT', `/projects/${pid}/users/${ids.member}`, { pages: [1, 2, 3] }),
    );
    expect(upd.items.find((m) => m.user_id === ids.member)).toMatchObject({
      pages: [1, 2, 3],
      categories: [leaves[0]],
    });
    // Pages: the intersection of the member's and the project's pages; the project admin role is not global.
    expect(data(await member('GET', `/projects/${pid}/pages`))).toEqual({ pages: [1, 2, 3] });
    expect(data(await root('GET', `/projects/${pid}/pages`))).toEqual({ pages: [1, 2, 3, 4] });
    expect((await boss('GET', `/projects/${pid}/categories`)).statusCode).toBe(200);
    expect((await boss('PUT', `/projects/${pid}`, { hide_keywords: true })).statusCode).toBe(403);
    for (const action of ['project.member_add', 'project.member_update']) {
      expect((await audited(t, action)).length).toBeGreaterThan(0);
    }
  });

  it("member tables say 'all' for a root/admin account and for a grant of every category of the project", async () => {
    type Coverage = { user_id: number; sees_all: boolean; all_categories: boolean };
    const temp = await makeUser(t.ctx, 'coverage', { role: 'general' });
    const project = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Coverage', data_scope: 'cn_monthly', pages: [1] }),
    ).id;
    // No category in the project yet: a grant cannot hold "all" of none; the admin still sees everything.
    const none = data<{ items: Coverage[] }>(
      await admin('POST', `/projects/${project}/users`, { user_id: temp.id, pages: [1] }),
    ).items;
    expect(none.find((m) => m.user_id === temp.id)).toMatchObject({ sees_all: false, all_categories: false });
    expect(none.find((m) => m.user_id === ids.adm)).toMatchObject({ sees_all: true, all_categories: true });
    data(await admin('POST', `/projects/${project}/categories`, { categories: leaves.slice(0, 2) }));
    const part = await admin('PUT', `/projects/${project}/users/${temp.id}`, { categories: [leaves[0]!] });
    expect(data<{ items: Coverage[] }>(part).items.find((m) => m.user_id === temp.id)).toMatchObject({
      sees_all: false,
      all_categories: false,
    });
    // The account screen's memberships (PUT /users/{id}/auth and GET /users/{id}) say the same.
    const whole = await admin('PUT', `/users/${temp.id}/auth`, { project_id: project, categories: leaves.slice(0, 2) });
    expect(data(whole)).toMatchObject({ sees_all: false, all_categories: true });
    const account = data<{ projects: (Coverage & { project_id: number })[] }>(await admin('GET', `/users/${temp.id}`));
    expect(account.projects.find((m) => m.project_id === project)).toMatchObject({
      sees_all: false,
      all_categories: true,
    });
    const adm = data<{ projects: (Coverage & { project_id: number })[] }>(await root('GET', `/users/${ids.adm}`));
    expect(adm.projects.find((m) => m.project_id === project)).toMatchObject({ sees_all: true, all_categories: true });
    expect(data(await root('DELETE', `/projects/${project}`))).toEqual({ message: 'ok' });
  });

  it('removing a member ends access at once; grants do not come back when re-added', async () => {
    const temp = await makeUser(t.ctx, 'temp', { role: 'general' });
    data(await admin('POST', `/projects/${pid}/users`, { user_id: temp.id, pages: [1], categories: [leaves[1]!] }));
    const tempCall = caller(t.app, (await login(t.app, 'temp')).access_token);
    expect(data<{ items: unknown[] }>(await tempCall('GET', `/projects/${pid}/categories`)).items).toHaveLength(1);
    expect(data(await admin('DELETE', `/projects/${pid}/users/${temp.id}`))).toEqual({ message: 'ok' });
    expect((await tempCall('GET', `/projects/${pid}/categories`)).statusCode).toBe(403);
    expect((await audited(t, 'project.member_remove'))[0]).toMatchObject({ detail: { user_id: temp.id } });
    data(await admin('POST', `/projects/${pid}/users`, { user_id: temp.id, pages: [1] }));
    expect(data<{ items: unknown[] }>(await tempCall('GET', `/projects/${pid}/categories`)).items).toEqual([]);
    expect(refused(await admin('DELETE', `/projects/${pid}/users/${ids.outsider}?locale=en`), 404)).toBe(
      'The user is not a member of this project.',
    );
  });

  it('PUT /users/{id}/auth grants categories and pages; members see exactly their grant', async () => {
    const res = await admin('PUT', `/users/${ids.member}/auth`, {
      project_id: pid,
      pages: [1, 2],
      categories: [leaves[1]!, leaves[2]!],
    });
    expect(data(res)).toMatchObject({ project_name: 'Skin care', pages: [1, 2] });
    const seen = data<{ items: { category_id: number }[] }>(await member('GET', `/projects/${pid}/categories`));
    expect(seen.items.map((c) => c.category_id).sort()).toEqual([leaves[1], leaves[2]].sort());
    const bad = await admin('PUT', `/users/${ids.member}/auth`, {
      project_id: pid,
      categories: [leaves.at(-1)!],
      locale: 'en',
    });
    expect(refused(bad, 400)).toBe('The category is not in this project.');
    expect((await audited(t, 'user.auth'))[0]).toMatchObject({ target: `user:${ids.member}`, username: 'adm' });
    // Outsiders see nothing of the project.
    const outsider = caller(t.app, (await login(t.app, 'outsider')).access_token);
    expect((await outsider('GET', `/projects/${pid}/categories`)).statusCode).toBe(403);
  });

  it('categories: replace, status, delete; a bad row in a batch adds nothing', async () => {
    const [a, , , d] = leaves;
    const bad = await admin('POST', `/projects/${pid}/categories`, {
      categories: [leaves[5]!, 999_999_999],
      locale: 'en',
    });
    expect(refused(bad, 400)).toBe('Some rows are invalid; nothing was saved.');
    expect(await t.ctx.metadata.projectCategories.ids(pid)).not.toContain(leaves[5]);
    expect(
      data(await admin('PUT', `/projects/${pid}/categories/status`, { categories: [a!], status: 'ready' })),
    ).toEqual({
      updated: 1,
    });
    const swap = data<{ items: { category_id: number; status: string }[] }>(
      await admin('PUT', `/projects/${pid}/categories/${d}`, { category_id: leaves[6]! }),
    );
    expect(swap.items.map((c) => c.category_id)).toContain(leaves[6]);
    expect(swap.items.map((c) => c.category_id)).not.toContain(d);
    expect(swap.items.find((c) => c.category_id === a)?.status).toBe('ready');
    const exists = await admin('PUT', `/projects/${pid}/categories/${leaves[6]}`, { category_id: a!, locale: 'en' });
    expect(refused(exists, 400)).toBe('the category is already in the project');
    const outside = await admin('PUT', `/projects/${pid}/categories/${leaves[6]}`, { category_id: 999_999_999 });
    expect(refused(outside, 400)).toBe('数据集中不存在该品类');
    expect(data(await admin('DELETE', `/projects/${pid}/categories/${leaves[6]}`))).toEqual({ message: 'ok' });
    expect(refused(await admin('DELETE', `/projects/${pid}/categories/${leaves[6]}?locale=en`), 404)).toBe(
      'The category is not in this project.',
    );
    for (const action of [
      'project.category_add',
      'project.category_status',
      'project.category_update',
      'project.category_delete',
    ]) {
      expect((await audited(t, action)).length, action).toBeGreaterThan(0);
    }
  });

  it('bands: first value not above the second, no negatives (docs/product.md §5, both languages); members read their categories only', async () => {
    const cat = leaves[1]!;
    const put = (bands: unknown, locale?: string) =>
      admin('PUT', `/projects/${pid}/categories/bands`, { category_id: cat, bands, ...(locale ? { locale } : {}) });
    expect(refused(await put([[-1, 10]], 'en'), 400)).toBe('Do not input negative numbers');
    expect(refused(await put([[-1, 10]]), 400)).toBe('请勿输入负数');
    expect(refused(await put([[20, 10]], 'en'), 400)).toBe('The first value cannot be greater than the second.');
    expect(refused(await put([[20, 10]]), 400)).toBe('最小值不能大于最大值');
    expect(
      refused(
        await put(
          [
            [0, 50],
            [40, null],
          ],
          'en',
        ),
        400,
      ),
    ).toBe('Bands must be non-negative ranges in increasing order.');
    expect(
      refused(
        await put(
          [
            [0, null],
            [50, 100],
          ],
          'en',
        ),
        400,
      ),
    ).toBe('Bands must be non-negative ranges in increasing order.');
    const bands = [
      [0, 50],
      [50, 50],
      [50, 200.5],
      [200.5, null],
    ];
    expect(data(await put(bands))).toEqual({ category_id: cat, kind: 'price', bands });
    const weight = [
      [0, 100],
      [100, null],
    ];
    data(
      await admin('PUT', `/projects/${pid}/categories/bands`, {
        category_id: leaves[0]!,
        kind: 'weight',
        bands: weight,
      }),
    );
    const notIn = await admin('PUT', `/projects/${pid}/categories/bands`, {
      category_id: leaves.at(-1)!,
      bands,
      locale: 'en',
    });
    expect(refused(notIn, 404)).toBe('The category is not in this project.');
    expect(data(await admin('POST', `/projects/${pid}/categories/bands`, {}))).toEqual({
      items: [{ category_id: cat, kind: 'price', bands }],
    });
    expect(data(await admin('POST', `/projects/${pid}/categories/bands`, { kind: 'weight' }))).toEqual({
      items: [{ category_id: leaves[0], kind: 'weight', bands: weight }],
    });
    // The member is granted leaves[1] and leaves[2]: the weight bands of leaves[0] are not theirs.
    expect(data(await member('POST', `/projects/${pid}/categories/bands`, {}))).toEqual({
      items: [{ category_id: cat, kind: 'price', bands }],
    });
    expect(data(await member('POST', `/projects/${pid}/categories/bands`, { kind: 'weight' }))).toEqual({ items: [] });
    expect((await member('PUT', `/projects/${pid}/categories/bands`, { category_id: cat, bands })).statusCode).toBe(
      403,
    );
    expect((await audited(t, 'project.bands_update')).length).toBe(2);
  });

  it('attributes: put, delete, draft config, check and cancel', async () => {
    const names = cn.dims.dim_attribute.map((a) => a.attr_name).sort();
    const attr = (name: string) => ({ name, title: `t-${name}`, title_en: `T ${name}` });
    const unknown = await admin('PUT', `/projects/${pid}/attributes`, { attributes: [attr('nope')], locale: 'en' });
    expect(refused(unknown, 400)).toBe('The attribute does not exist in the dataset.');
    // docs/product.md §5: a name twice is "name already exists", in the request's language.
    const twice = await admin('PUT', `/projects/${pid}/attributes`, { attributes: [attr(names[0]!), attr(names[0]!)] });
    expect(refused(twice, 400)).toBe('名称已存在');
    const twiceEn = { attributes: [attr(names[0]!), attr(names[0]!)], locale: 'en' };
    expect(refused(await admin('PUT', `/projects/${pid}/attributes`, twiceEn), 400)).toBe('name already exists');
    const saved = data<{ items: { name: string }[] }>(
      await admin('PUT', `/projects/${pid}/attributes`, { attributes: names.slice(0, 3).map(attr) }),
    );
    expect(saved.items.map((a) => a.name)).toEqual(names.slice(0, 3));
    const left = data<{ items: { name: string }[] }>(
      await admin('DELETE', `/projects/${pid}/attributes`, { names: [names[1]!] }),
    );
    expect(left.items.map((a) => a.name)).toEqual([names[0], names[2]]);

    expect(data(await admin('GET', `/projects/${pid}/attributes/config/check`))).toEqual({
      pending: false,
      attributes: [],
      valid: true,
      rows: 0,
      errors: [],
    });
    const draft = [attr(names[3]!), attr('nope'), attr(names[3]!)];
    data(await admin('POST', `/projects/${pid}/attributes/config`, { attributes: draft }));
    expect(data(await admin('GET', `/projects/${pid}/attributes/config/check?locale=en`))).toEqual({
      pending: true,
      attributes: draft,
      valid: false,
      rows: 3,
      errors: [
        { row: 2, field: 'name', problem: 'The attribute does not exist in the dataset.' },
        { row: 3, field: 'name', problem: 'name already exists' },
      ],
    });
    // The draft does not touch the live configuration; cancel discards it.
    expect(data<{ items: unknown[] }>(await admin('GET', `/projects/${pid}/attributes`)).items).toHaveLength(2);
    data(await admin('POST', `/projects/${pid}/attributes/config/cancel`, {}));
    expect(data(await admin('GET', `/projects/${pid}/attributes/config/check`))).toMatchObject({ pending: false });
    for (const action of [
      'project.attributes_update',
      'project.attributes_delete',
      'project.attributes_draft',
      'project.attributes_draft_cancel',
    ]) {
      expect((await audited(t, action)).length, action).toBe(1);
    }
    // Members read the filter list, not the configuration.
    expect((await member('GET', `/projects/${pid}/attributes`)).statusCode).toBe(403);
    const filters = data<{ items: { name: string }[] }>(await member('GET', `/filter/projects/${pid}/attributes`));
    expect(filters.items.map((a) => a.name)).toEqual([names[0], names[2]]);
  });

  it('custom attributes: super-query rules are checked (both languages), stored per user, queried by category', async () => {
    const url = `/users/projects/${pid}/categories/custom_attributes`;
    // Names are unique among a user's attributes (custom-attributes.test.ts): one per category here.
    const item = (category_id: number | null, query: string) => ({
      category_id,
      name: `功效 ${category_id ?? ''}`,
      name_en: `Effect ${category_id ?? ''}`,
      rules: [{ value: '保湿', query }],
    });
    expect(refused(await member('POST', url, { items: [item(null, '保湿 and')], locale: 'en' }), 400)).toBe(
      'The format of the super query clause is incorrect.',
    );
    expect(refused(await member('POST', url, { items: [item(null, '"a" "b"')] }), 400)).toBe('超级查询语句格式不正确');
    const saved = data<{ items: { category_id: number | null; rules: unknown[] }[] }>(
      await member('POST', url, {
        items: [item(null, '"保湿" or "补水"'), item(leaves[1]!, '"美白" and not "敏感"'), item(leaves[2]!, '"a"')],
      }),
    );
    expect(saved.items).toHaveLength(3);
    expect(saved.items[1]).toMatchObject({
      category_id: leaves[1],
      rules: [{ value: '保湿', query: '"美白" and not "敏感"' }],
    });
    const forCat = data<{ items: { category_id: number | null }[] }>(
      await member('POST', `${url}/queries`, { category_id: leaves[1]! }),
    );
    expect(forCat.items.map((c) => c.category_id)).toEqual([null, leaves[1]]);
    expect(data<{ items: unknown[] }>(await member('POST', `${url}/queries`, {})).items).toHaveLength(3);
    // Another user's list is their own.
    expect(data<{ items: unknown[] }>(await admin('POST', `${url}/queries`, {})).items).toEqual([]);
  });

  it('discount-price switch and brief; enterprises for administrators and others', async () => {
    expect(data(await member('PUT', `/projects/${pid}/users/discount_price`, { discount_price_on: true }))).toEqual({
      discount_price_on: true,
    });
    expect(data(await member('GET', `/projects/${pid}/brief`))).toMatchObject({
      discount_price: true,
      discount_price_on: true,
      data_scope: 'cn_monthly',
      series_name: '系列',
    });
    // The root's own switch is not a member's: root is no member.
    expect(refused(await root('PUT', `/projects/${pid}/users/discount_price`, { discount_price_on: true }), 400)).toBe(
      '该用户不是此项目的成员',
    );
    data(await admin('PUT', `/projects/${pid}`, { discount_price: false }));
    expect(data(await member('GET', `/projects/${pid}/brief`))).toMatchObject({ discount_price_on: false });
    expect(data(await member('PUT', `/projects/${pid}/users/discount_price`, { discount_price_on: true }))).toEqual({
      discount_price_on: false,
    });
    expect(data(await admin('GET', '/enterprises'))).toEqual({ items: ['ACME', 'Globex', 'Initech', 'MarketLens'] });
    expect(data(await boss('GET', '/enterprises'))).toEqual({ items: ['Globex'] });
    expect((await member('GET', '/enterprises')).statusCode).toBe(403);
  });

  it('a stopped project is closed to its members, not to administrators', async () => {
    data(await admin('PUT', `/projects/${pid}/status`, { status: 'stopped' }));
    expect((await member('GET', `/projects/${pid}/brief`)).statusCode).toBe(403);
    expect((await admin('GET', `/projects/${pid}/brief`)).statusCode).toBe(200);
    data(await admin('PUT', `/projects/${pid}/status`, { status: 'in_service' }));
    expect((await member('GET', `/projects/${pid}/brief`)).statusCode).toBe(200);
  });
});
