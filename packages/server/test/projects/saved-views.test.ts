import { SAVED_VIEW_NAME_MAX, SAVED_VIEWS_MAX } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { type Caller, caller, data, refused } from './helpers.js';

/**
 * Saved views (docs/product.md "Saved views") on SQLite and PostgreSQL: private and shared views,
 * only of the pages a member may open, never the sign-in hand-over in a stored query, who may rename,
 * share and delete, refusals in both languages, nothing across projects or customers — and a shared
 * view opened by a member with a narrower grant answers within that member's grant.
 */

interface View {
  id: number;
  name: string;
  page: string;
  query: string;
  shared: boolean;
  own: boolean;
  can_edit: boolean;
  owner: string;
}

const BEAUTY = 1;
const FOOD = 4;

describe.each(stores())('saved views on $name', (store) => {
  let t: TestApp;
  let pid: number;
  let other: number;
  let boss: Caller;
  let ana: Caller;
  let narrow: Caller;
  let outsider: Caller;
  let anaToken: string;
  let narrowToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, store, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const r = await makeUser(t.ctx, 'sv_root', { role: 'root' });
    const b = await makeUser(t.ctx, 'sv_boss', { role: 'enterprise', enterprise: 'Acme' });
    const a = await makeUser(t.ctx, 'sv_ana', { role: 'enterprise', enterprise: 'Acme' });
    const n = await makeUser(t.ctx, 'sv_narrow', { role: 'enterprise', enterprise: 'Acme' });
    await makeUser(t.ctx, 'sv_outsider', { role: 'enterprise', enterprise: 'Initech' });
    pid = (await metadata.projects.create({ name: 'views', dataset: 'cn_monthly', ownerId: r.id, pages: [4, 5, 1] }))
      .id;
    other = (await metadata.projects.create({ name: 'views-2', dataset: 'cn_monthly', ownerId: r.id, pages: [4] })).id;
    await metadata.projectCategories.add(pid, [BEAUTY, FOOD], 'ready');
    await metadata.members.add({ projectId: pid, userId: b.id, role: 'admin', pages: [4, 5, 1] });
    await metadata.members.add({ projectId: pid, userId: a.id, role: 'general', pages: [4, 5] });
    // A member who may open Category Insight only, granted Beauty only.
    await metadata.members.add({ projectId: pid, userId: n.id, role: 'general', pages: [4] });
    await metadata.members.add({ projectId: other, userId: a.id, role: 'general', pages: [4] });
    for (const u of [b, a]) await metadata.grants.replace(pid, u.id, 'category', [String(BEAUTY), String(FOOD)]);
    await metadata.grants.replace(pid, n.id, 'category', [String(BEAUTY)]);
    await metadata.grants.replace(other, a.id, 'category', [String(BEAUTY)]);
    const token = async (name: string) => (await login(t.app, name)).access_token;
    anaToken = await token('sv_ana');
    narrowToken = await token('sv_narrow');
    boss = caller(t.app, await token('sv_boss'));
    ana = caller(t.app, anaToken);
    narrow = caller(t.app, narrowToken);
    outsider = caller(t.app, await token('sv_outsider'));
  });
  afterAll(() => t.close());

  const list = async (who: Caller, project = pid, query = '') =>
    data<{ items: View[] }>(await who('GET', `/projects/${project}/views${query}`)).items;
  const save = (who: Caller, body: object, project = pid) => who('POST', `/projects/${project}/views`, body);

  it('keeps a private view to its owner and a shared one for the members who open its page', async () => {
    const q = '?t=2025-01-01,2025-12-01&vs=yoy&c=1,4&tk=SECRET&rtk=SECRET2&locale=en&mv=lifecycle';
    const mine = data<{ item: View }>(await save(ana, { name: '  Beauty & Food yoy ', page: '/discover', query: q }));
    // Trimmed; the sign-in hand-over and the language are never kept; the rest in its order.
    expect(mine.item).toMatchObject({ name: 'Beauty & Food yoy', page: '/discover', shared: false, own: true });
    expect(mine.item.query).toBe('t=2025-01-01,2025-12-01&vs=yoy&c=1,4&mv=lifecycle');
    const brandView = data<{ item: View }>(
      await save(ana, { name: 'Brand', page: '/brand', query: 'brand=10001', shared: true }),
    ).item;

    expect((await list(ana)).map((v) => v.name)).toEqual(['Beauty & Food yoy', 'Brand']);
    expect(await list(narrow)).toEqual([]);
    expect((await list(boss)).map((v) => v.name)).toEqual(['Brand']);
    // Share the discover view: the narrow member (who opens /discover) now sees it, not the brand one.
    const shared = data<{ item: View }>(await ana('PUT', `/projects/${pid}/views/${mine.item.id}`, { shared: true }));
    expect(shared.item.shared).toBe(true);
    const seen = await list(narrow);
    expect(seen.map((v) => [v.name, v.own, v.can_edit, v.owner])).toEqual([
      ['Beauty & Food yoy', false, false, 'sv_ana'],
    ]);
    expect((await list(ana, pid, '?page=/brand')).map((v) => v.name)).toEqual(['Brand']);
    // A view of a page the reader cannot open is as absent as a missing one.
    refused(await narrow('DELETE', `/projects/${pid}/views/${brandView.id}`), 404);
  });

  it("opens a shared view within the reader's own grant", async () => {
    const view = (await list(narrow))[0]!;
    const params = new URLSearchParams(view.query);
    const body = {
      data_scope_id: pid,
      date: params.get('t')!.split(','),
      selector: params.get('vs'),
      category: { enable: true, value: params.get('c')!.split(',').map(Number) },
    };
    const total = (token: string) => postAs(t.app, token, '/summary', body);
    const wide = await total(anaToken);
    expect(wide.statusCode, wide.body).toBe(200);
    // The narrow member asks for Beauty and Food as the view says; the grant holds Beauty only.
    const mine = await total(narrowToken);
    const onlyBeauty = await postAs(t.app, narrowToken, '/summary', {
      ...body,
      category: { enable: true, value: [BEAUTY] },
    });
    // The grant narrows the view's categories: the answer is Beauty's alone, less than the owner's.
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.sales).toBe(onlyBeauty.json().data.sales);
    expect(mine.json().data.sales).toBeLessThan(wide.json().data.sales);
  });

  it('lets the owner and the project admin change and delete, nobody else', async () => {
    const view = (await list(ana)).find((v) => v.name === 'Brand')!;
    refused(await narrow('PUT', `/projects/${pid}/views/${view.id}`, { name: 'x' }), 404);
    const renamed = data<{ item: View }>(await boss('PUT', `/projects/${pid}/views/${view.id}`, { name: 'Leader' }));
    expect(renamed.item).toMatchObject({ name: 'Leader', own: false, can_edit: true });
    const shared = (await list(narrow))[0]!;
    expect(refused(await narrow('PUT', `/projects/${pid}/views/${shared.id}`, { name: 'mine now' }), 403)).toBe(
      '只有保存该视图的人（或项目管理员）可以修改或删除它',
    );
    refused(await narrow('DELETE', `/projects/${pid}/views/${shared.id}`), 403);
    data(await boss('DELETE', `/projects/${pid}/views/${view.id}`));
    expect((await list(ana)).map((v) => v.name)).toEqual(['Beauty & Food yoy']);
  });

  it('refuses bad input with the rule, in the request language', async () => {
    const en = (body: object) => save(ana, { locale: 'en_us', ...body });
    expect(refused(await en({ name: ' ', page: '/discover', query: '' }), 400)).toBe(
      'Please enter a name for the view.',
    );
    expect(refused(await en({ name: 'x'.repeat(SAVED_VIEW_NAME_MAX + 1), page: '/discover', query: '' }), 400)).toBe(
      `A view name has at most ${SAVED_VIEW_NAME_MAX} characters.`,
    );
    expect(refused(await en({ name: 'a', page: '/projects', query: '' }), 400)).toBe(
      'Views can be saved of the analysis pages only.',
    );
    expect(refused(await save(ana, { name: 'Beauty & Food yoy', page: '/discover', query: '' }), 400)).toBe(
      '您在本项目中已有名为“Beauty & Food yoy”的视图',
    );
    // A page the member may not open (Trend Overview is not among ana's pages).
    refused(await en({ name: 'hot', page: '/hot', query: '' }), 403);
    // Renaming onto another of one's names is the duplicate too.
    const second = data<{ item: View }>(await save(ana, { name: 'Second', page: '/discover', query: '' })).item;
    refused(await ana('PUT', `/projects/${pid}/views/${second.id}`, { name: 'Beauty & Food yoy' }), 400);
    // The cap.
    const { metadata } = t.ctx;
    const anaId = (await metadata.users.getByUsername('sv_ana'))!.id;
    for (let i = await metadata.savedViews.countOwned(pid, anaId); i < SAVED_VIEWS_MAX; i++)
      await metadata.savedViews.create(pid, anaId, { name: `bulk ${i}`, page: '/discover', query: '', shared: false });
    expect(refused(await en({ name: 'one more', page: '/discover', query: '' }), 400)).toBe(
      `You can keep at most ${SAVED_VIEWS_MAX} views in a project; delete one first.`,
    );
  });

  it('shows nothing across projects or customers', async () => {
    expect(await list(ana, other)).toEqual([]);
    const own = (await list(ana))[0]!;
    // Another project of the same member: the id is not found there.
    refused(await ana('PUT', `/projects/${other}/views/${own.id}`, { name: 'moved' }), 404);
    // A user of another customer is not a member: refused like every project sub-resource.
    const views = await outsider('GET', `/projects/${pid}/views`);
    const categories = await outsider('GET', `/projects/${pid}/categories`);
    expect(views.statusCode).toBe(categories.statusCode);
    expect(views.json()).toEqual(categories.json());
    refused(await save(outsider, { name: 'x', page: '/discover', query: '' }), categories.statusCode);
  });

  it('goes with its project', async () => {
    const { metadata } = t.ctx;
    const anaId = (await metadata.users.getByUsername('sv_ana'))!.id;
    await metadata.savedViews.create(other, anaId, { name: 'gone', page: '/discover', query: '', shared: false });
    await metadata.projects.delete(other);
    expect(await metadata.savedViews.visible(other, anaId)).toEqual([]);
  });
});
