import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { facts, market } from '../support/tiny-market.js';
import { audited, type Caller, caller, data, refused } from './helpers.js';

/**
 * Notes on chart points (docs/product.md "Notes on charts"): members write and read them within their
 * data grant (the rule of the project's events), non-members and other customers see none, a note is
 * deleted only by its author or the project's administrator, bad input is refused in both languages,
 * writes are audited — on SQLite and PostgreSQL.
 */

interface NoteItem {
  id: number;
  entity_kind: string;
  entity_id: number;
  date: string;
  text: string;
  author: string;
  created_at: string;
  can_delete: boolean;
}

const brands = market.dims.dim_brand.map((b) => b.brand_id).sort((a, b) => a - b);
const [SEEN_BRAND, HIDDEN_BRAND] = [brands[0]!, brands[1]!];
const tops = market.dims.dim_category
  .filter((c) => c.level === 1)
  .map((c) => c.category_id)
  .sort((a, b) => a - b);
const [SEEN_CATEGORY, HIDDEN_CATEGORY] = [tops[0]!, tops[1]!];
/** The dataset's first and latest period, from the generator's fact rows. */
const periods = [...new Set(facts.map((f) => f.period))].sort();
const [FIRST, LATEST] = [periods[0]!, periods.at(-1)!];

describe.each(stores())('chart notes on $name', (store) => {
  let t: TestApp;
  let pid: number;
  let otherPid: number;
  let root: Caller;
  let boss: Caller;
  let member: Caller;
  let colleague: Caller;
  let outsider: Caller;

  beforeAll(async () => {
    expect(tops.length).toBeGreaterThan(1);
    t = await buildTestApp({ withData: true, store, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const r = await makeUser(t.ctx, 'nt_root', { role: 'root' });
    const b = await makeUser(t.ctx, 'nt_boss', { role: 'enterprise', enterprise: 'Acme' });
    const m = await makeUser(t.ctx, 'nt_member', { role: 'enterprise', enterprise: 'Acme' });
    const c = await makeUser(t.ctx, 'nt_colleague', { role: 'enterprise', enterprise: 'Acme' });
    const o = await makeUser(t.ctx, 'nt_outsider', { role: 'enterprise', enterprise: 'Initech' });
    const project = (name: string, limitBrands: boolean) =>
      metadata.projects.create({ name, dataset: 'cn_monthly', ownerId: r.id, pages: [4, 5], limitBrands });
    pid = (await project('notes', true)).id;
    otherPid = (await project('notes of another customer', false)).id;
    for (const p of [pid, otherPid]) await metadata.projectCategories.add(p, tops, 'ready');
    await metadata.members.add({ projectId: pid, userId: b.id, role: 'admin', pages: [4, 5] });
    for (const u of [m, c])
      await metadata.members.add({ projectId: pid, userId: u.id, role: 'general', pages: [4, 5] });
    await metadata.members.add({ projectId: otherPid, userId: o.id, role: 'admin', pages: [4, 5] });
    await metadata.grants.replace(pid, b.id, 'category', tops.map(String));
    await metadata.grants.replace(pid, b.id, 'brand', [SEEN_BRAND, HIDDEN_BRAND].map(String));
    for (const u of [m, c]) {
      await metadata.grants.replace(pid, u.id, 'category', [String(SEEN_CATEGORY)]);
      await metadata.grants.replace(pid, u.id, 'brand', [String(SEEN_BRAND)]);
    }
    await metadata.grants.replace(otherPid, o.id, 'category', tops.map(String));
    const as = async (name: string) => caller(t.app, (await login(t.app, name)).access_token);
    root = await as('nt_root');
    boss = await as('nt_boss');
    member = await as('nt_member');
    colleague = await as('nt_colleague');
    outsider = await as('nt_outsider');
  });
  afterAll(() => t.close());

  const note = (over: Record<string, unknown> = {}) => ({
    entity_kind: 'brand',
    entity_id: SEEN_BRAND,
    date: LATEST,
    text: 'price cut from ¥399 to ¥349',
    ...over,
  });
  const list = async (who: Caller, project = pid, query = '') =>
    data<{ items: NoteItem[] }>(await who('GET', `/projects/${project}/notes${query}`)).items;
  const create = async (who: Caller, over: Record<string, unknown> = {}, project = pid) =>
    data<{ item: NoteItem }>(await who('POST', `/projects/${project}/notes`, note(over))).item;

  it('creates, lists (all or by entity) and deletes a note, with its author, time and audit entries', async () => {
    const created = await create(member, { text: '  price cut from ¥399 to ¥349  ' });
    expect(created).toMatchObject({
      entity_kind: 'brand',
      entity_id: SEEN_BRAND,
      date: LATEST,
      text: 'price cut from ¥399 to ¥349',
      author: 'nt_member',
      can_delete: true,
    });
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false);
    const onCategory = await create(member, { entity_kind: 'category', entity_id: SEEN_CATEGORY, date: FIRST });

    // The colleague reads both, may delete neither; by entity, only that entity's.
    const seen = await list(colleague);
    expect(seen.map((n) => n.id)).toEqual([onCategory.id, created.id]);
    expect(seen.map((n) => n.can_delete)).toEqual([false, false]);
    const brandOnly = await list(colleague, pid, `?entity_kind=brand&entity_id=${SEEN_BRAND}`);
    expect(brandOnly.map((n) => n.id)).toEqual([created.id]);
    // The project's administrator may delete every note.
    expect((await list(boss)).every((n) => n.can_delete)).toBe(true);

    expect(data(await member('DELETE', `/projects/${pid}/notes/${created.id}`))).toEqual({ message: 'ok' });
    expect(data(await boss('DELETE', `/projects/${pid}/notes/${onCategory.id}`))).toEqual({ message: 'ok' });
    expect(await list(colleague)).toEqual([]);
    expect(refused(await member('DELETE', `/projects/${pid}/notes/${created.id}?locale=en`), 404)).toBe(
      'The note does not exist in this project.',
    );

    const [add] = await audited(t, 'project.note_create');
    expect(add).toMatchObject({ target: `project:${pid}`, username: 'nt_member', outcome: 'success' });
    expect(add!.detail).toMatchObject({ entity_kind: 'category', entity_id: SEEN_CATEGORY, date: FIRST });
    const deletions = await audited(t, 'project.note_delete');
    expect(deletions.map((d) => d.username).sort()).toEqual(['nt_boss', 'nt_member']);
  });

  it("hides a note from a member without the entity's grant, on the list and on delete", async () => {
    const onHiddenBrand = await create(boss, { entity_id: HIDDEN_BRAND, text: 'hidden brand' });
    const onHiddenCategory = await create(boss, {
      entity_kind: 'category',
      entity_id: HIDDEN_CATEGORY,
      text: 'hidden category',
    });
    const open = await create(boss, { text: 'open' });
    expect((await list(member)).map((n) => n.text)).toEqual(['open']);
    expect(await list(member, pid, `?entity_kind=brand&entity_id=${HIDDEN_BRAND}`)).toEqual([]);
    expect(await list(member, pid, `?entity_kind=category&entity_id=${HIDDEN_CATEGORY}`)).toEqual([]);
    expect((await list(boss)).map((n) => n.text).sort()).toEqual(['hidden brand', 'hidden category', 'open']);
    expect((await list(root)).length).toBe(3);
    // Nobody learns of a hidden note through a delete: it is as absent as a missing one.
    for (const n of [onHiddenBrand, onHiddenCategory])
      expect((await member('DELETE', `/projects/${pid}/notes/${n.id}`)).statusCode).toBe(404);
    // Nor writes about what they may not see.
    expect(
      refused(await member('POST', `/projects/${pid}/notes?locale=en`, note({ entity_id: HIDDEN_BRAND })), 403),
    ).toBe('You have no access to this brand. Contact an administrator to request access.');
    // A reader cannot delete someone else's note.
    expect(refused(await member('DELETE', `/projects/${pid}/notes/${open.id}?locale=en`), 403)).toBe(
      'Only its author or an administrator of the project may delete a note.',
    );
    expect(refused(await member('DELETE', `/projects/${pid}/notes/${open.id}`), 403)).toBe(
      '只有备注的作者或项目管理员可以删除备注',
    );
    for (const n of [onHiddenBrand, onHiddenCategory, open])
      data(await boss('DELETE', `/projects/${pid}/notes/${n.id}`));
  });

  it("answers a non-member as other sub-resources do and never shows another customer's notes", async () => {
    const mine = await create(boss, { text: 'ours' });
    const theirs = await create(outsider, { text: 'theirs' }, otherPid);
    const categories = await outsider('GET', `/projects/${pid}/categories`);
    expect(categories.statusCode).toBe(403);
    for (const res of [
      await outsider('GET', `/projects/${pid}/notes`),
      await outsider('POST', `/projects/${pid}/notes`, note()),
      await outsider('DELETE', `/projects/${pid}/notes/${mine.id}`),
    ]) {
      expect(res.statusCode).toBe(categories.statusCode);
      expect(res.json()).toEqual(categories.json());
    }
    const missing = await outsider('GET', '/projects/999999/notes');
    expect(missing.statusCode).toBe((await outsider('GET', '/projects/999999/categories')).statusCode);
    // Members of one customer's project see nothing of the other's, not even by id.
    expect((await member('GET', `/projects/${otherPid}/notes`)).statusCode).toBe(403);
    expect((await list(boss)).map((n) => n.text)).toEqual(['ours']);
    expect((await list(outsider, otherPid)).map((n) => n.text)).toEqual(['theirs']);
    expect((await boss('DELETE', `/projects/${pid}/notes/${theirs.id}`)).statusCode).toBe(404);
    expect((await root('DELETE', `/projects/${pid}/notes/${theirs.id}`)).statusCode).toBe(404);
    expect((await list(outsider, otherPid)).length).toBe(1);
    data(await boss('DELETE', `/projects/${pid}/notes/${mine.id}`));
  });

  it('refuses bad input with clear messages in both languages', async () => {
    const range = { min: FIRST, max: LATEST };
    const outside = `请选择 ${range.min} 至 ${range.max} 之间的周期（数据覆盖的周期）`;
    const outsideEn = `Please choose a period between ${range.min} and ${range.max}, the periods of the data.`;
    const dayBefore = new Date(Date.parse(`${FIRST}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: '   ' }, 'Please enter the note.', '请输入备注内容'],
      [{ text: 'x'.repeat(501) }, 'At most 500 characters.', '最多 500 个字符'],
      [
        { entity_kind: 'shop' },
        'Notes can be written about a category or a brand, not "shop".',
        '备注只能针对品类或品牌，不支持“shop”',
      ],
      [{ entity_id: 987654321 }, 'This category or brand is not in the project.', '此项目中没有该品类或品牌'],
      [
        { entity_kind: 'category', entity_id: 987654321 },
        'This category or brand is not in the project.',
        '此项目中没有该品类或品牌',
      ],
      [{ date: dayBefore }, outsideEn, outside],
      [{ date: '2100-01-01' }, outsideEn, outside],
      [{ date: '2025-02-30' }, outsideEn, outside],
    ];
    for (const [over, en, zh] of cases) {
      expect(refused(await boss('POST', `/projects/${pid}/notes?locale=en`, note(over)), 400)).toBe(en);
      expect(refused(await boss('POST', `/projects/${pid}/notes`, note(over)), 400)).toBe(zh);
    }
    // 500 characters are accepted.
    const longest = await create(boss, { text: '价'.repeat(500) });
    expect(longest.text.length).toBe(500);
    data(await boss('DELETE', `/projects/${pid}/notes/${longest.id}`));
    expect(await t.ctx.metadata.chartNotes.count(pid)).toBe(0);
  });

  it('removes the notes with their project', async () => {
    const { metadata } = t.ctx;
    const gone = (await metadata.projects.create({ name: 'notes gone', dataset: 'cn_monthly', pages: [4] })).id;
    await metadata.projectCategories.add(gone, tops, 'ready');
    await create(root, {}, gone);
    expect(await metadata.chartNotes.count(gone)).toBe(1);
    data(await root('DELETE', `/projects/${gone}`));
    expect(await metadata.chartNotes.count(gone)).toBe(0);
  });
});
