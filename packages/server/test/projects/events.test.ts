import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { market } from '../support/tiny-market.js';
import { audited, type Caller, caller, data, refused } from './helpers.js';

/**
 * The events calendar of a project (docs/product.md "Events calendar"): the dataset's calendar as the
 * generator wrote it, the project's own events with the reader's brand grant applied, who writes,
 * validation in both languages, audit entries, and the events going with their project — on SQLite
 * and PostgreSQL.
 */

interface EventItem {
  id: number | null;
  source: 'dataset' | 'project';
  code: string | null;
  year: number | null;
  phase: string | null;
  name_zh: string;
  name_en: string;
  kind: string;
  start_date: string;
  end_date: string;
  platforms: string[];
  brand_id: number | null;
  brand_name_en: string;
}

const calendar = market.dims.calendar_event;
const brands = market.dims.dim_brand.map((b) => b.brand_id).sort((a, b) => a - b);
const [SEEN_BRAND, HIDDEN_BRAND] = [brands[0]!, brands[1]!];
const tops = market.dims.dim_category.filter((c) => c.level === 1).map((c) => c.category_id);
/** What the generator's rows say the API answers: one key per event row, in start date order. */
const keyOf = (e: { code: string | null; year: number | null; phase: string | null; start_date: string }) =>
  `${e.start_date} ${e.code} ${e.year} ${e.phase}`;

const launch = (over: Record<string, unknown> = {}) => ({
  name_zh: '新品上市',
  name_en: 'Spring launch',
  kind: 'launch',
  start_date: '2025-03-01',
  end_date: '2025-03-15',
  platforms: ['tmall', 'jd'],
  ...over,
});

describe.each(stores())('project events on $name', (store) => {
  let t: TestApp;
  let pid: number;
  let root: Caller;
  let boss: Caller;
  let member: Caller;
  let outsider: Caller;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, store, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const r = await makeUser(t.ctx, 'ev_root', { role: 'root' });
    const b = await makeUser(t.ctx, 'ev_boss', { role: 'enterprise', enterprise: 'Acme' });
    const m = await makeUser(t.ctx, 'ev_member', { role: 'enterprise', enterprise: 'Acme' });
    await makeUser(t.ctx, 'ev_outsider', { role: 'enterprise', enterprise: 'Initech' });
    pid = (
      await metadata.projects.create({
        name: 'events',
        dataset: 'cn_monthly',
        ownerId: r.id,
        pages: [4],
        limitBrands: true,
      })
    ).id;
    await metadata.projectCategories.add(pid, tops, 'ready');
    await metadata.members.add({ projectId: pid, userId: b.id, role: 'admin', pages: [4] });
    await metadata.members.add({ projectId: pid, userId: m.id, role: 'general', pages: [4] });
    for (const [u, granted] of [
      [b, [SEEN_BRAND, HIDDEN_BRAND]],
      [m, [SEEN_BRAND]],
    ] as const) {
      await metadata.grants.replace(pid, u.id, 'category', tops.map(String));
      await metadata.grants.replace(pid, u.id, 'brand', granted.map(String));
    }
    const as = async (name: string) => caller(t.app, (await login(t.app, name)).access_token);
    root = await as('ev_root');
    boss = await as('ev_boss');
    member = await as('ev_member');
    outsider = await as('ev_outsider');
  });
  afterAll(() => t.close());

  const list = async (who: Caller, query = '') =>
    data<{ items: EventItem[]; can_edit: boolean }>(await who('GET', `/projects/${pid}/events${query}`));

  it("gives a member the dataset's calendar as the generator wrote it, in both languages", async () => {
    expect(calendar.length).toBeGreaterThan(0);
    const got = await list(member);
    const fromDataset = got.items.filter((e) => e.source === 'dataset');
    const expected = [...calendar].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    expect(fromDataset.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
    for (const row of calendar) {
      const e = fromDataset.find((x) => keyOf(x) === keyOf(row))!;
      expect(e).toMatchObject({
        id: null,
        name_zh: row.name_zh,
        name_en: row.name_en,
        kind: row.kind,
        end_date: row.end_date,
        platforms: row.platforms ? row.platforms.split(',') : [],
      });
    }
    // Sorted by start date.
    const starts = got.items.map((e) => e.start_date);
    expect(starts).toEqual([...starts].sort());
    expect(got.can_edit).toBe(false);
    // Double 11 of the demo calendar is there (the generator's row, not a pasted date).
    const d11 = calendar.find((c) => c.code === 'double11' && c.phase === 'peak')!;
    expect(fromDataset.some((e) => e.code === 'double11' && e.start_date === d11.start_date)).toBe(true);

    // A period: the events that overlap it, both ends inclusive.
    const year = d11.year;
    const within = calendar.filter((c) => c.end_date >= `${year}-11-01` && c.start_date <= `${year}-11-30`);
    const inNovember = await list(member, `?from=${year}-11-01&to=${year}-11-30`);
    expect(inNovember.items.map(keyOf).sort()).toEqual(within.map(keyOf).sort());
  });

  it('answers a non-member as every other project sub-resource does', async () => {
    const events = await outsider('GET', `/projects/${pid}/events`);
    const categories = await outsider('GET', `/projects/${pid}/categories`);
    expect(events.statusCode).toBe(categories.statusCode);
    expect(events.json()).toEqual(categories.json());
    const missing = await outsider('GET', '/projects/999999/events');
    const missingCategories = await outsider('GET', '/projects/999999/categories');
    expect(missing.statusCode).toBe(missingCategories.statusCode);
    expect(missing.json()).toEqual(missingCategories.json());
    // The same for a non-member who knows an event id.
    const put = await outsider('PUT', `/projects/${pid}/events/1`, launch());
    expect(put.statusCode).toBe(categories.statusCode);
  });

  it('lets the project admin create, change and delete, with audit entries; a plain member cannot write', async () => {
    expect((await list(boss)).can_edit).toBe(true);
    expect((await list(root)).can_edit).toBe(true);
    const created = data<{ item: EventItem }>(await boss('POST', `/projects/${pid}/events`, launch())).item;
    expect(created).toMatchObject({
      source: 'project',
      kind: 'launch',
      platforms: ['tmall', 'jd'],
      name_en: 'Spring launch',
    });
    const id = created.id!;
    const seen = await list(member);
    expect(seen.items.filter((e) => e.source === 'project').map((e) => e.id)).toEqual([id]);

    const changed = data<{ item: EventItem }>(
      await boss('PUT', `/projects/${pid}/events/${id}`, launch({ end_date: '2025-03-31', kind: 'price_change' })),
    ).item;
    expect(changed).toMatchObject({ id, end_date: '2025-03-31', kind: 'price_change' });

    expect((await member('POST', `/projects/${pid}/events`, launch())).statusCode).toBe(403);
    expect((await member('PUT', `/projects/${pid}/events/${id}`, launch())).statusCode).toBe(403);
    expect((await member('DELETE', `/projects/${pid}/events/${id}`)).statusCode).toBe(403);

    expect(data(await boss('DELETE', `/projects/${pid}/events/${id}`))).toEqual({ message: 'ok' });
    expect((await list(member)).items.some((e) => e.source === 'project')).toBe(false);
    expect(refused(await boss('DELETE', `/projects/${pid}/events/${id}?locale=en`), 404)).toBe(
      'The event does not exist in this project.',
    );

    const target = `project:${pid}`;
    const [add] = await audited(t, 'project.event_create');
    expect(add).toMatchObject({ target, username: 'ev_boss', outcome: 'success' });
    expect(add!.detail).toMatchObject({ event_id: id, name: '新品上市', kind: 'launch', start_date: '2025-03-01' });
    const [upd] = await audited(t, 'project.event_update');
    expect(upd!.detail).toMatchObject({ event_id: id, kind: 'price_change', fields: ['kind', 'end_date'] });
    const [del] = await audited(t, 'project.event_delete');
    expect(del).toMatchObject({ target, username: 'ev_boss' });
  });

  it("hides an event about a brand from a member without that brand's grant", async () => {
    const hidden = data<{ item: EventItem }>(
      await boss('POST', `/projects/${pid}/events`, launch({ name_en: 'Hidden', brand_id: HIDDEN_BRAND })),
    ).item;
    const open = data<{ item: EventItem }>(
      await boss('POST', `/projects/${pid}/events`, launch({ name_en: 'Open', brand_id: SEEN_BRAND })),
    ).item;
    const brandName = market.dims.dim_brand.find((b) => b.brand_id === SEEN_BRAND)!.name_en;
    expect(open.brand_name_en).toBe(brandName);
    const own = (await list(member)).items.filter((e) => e.source === 'project');
    expect(own.map((e) => e.name_en)).toEqual(['Open']);
    const bosses = (await list(boss)).items.filter((e) => e.source === 'project');
    expect(bosses.map((e) => e.name_en).sort()).toEqual(['Hidden', 'Open']);
    // The admin of the project sees it, a global admin too; nobody learns of it through a write.
    expect((await list(root)).items.some((e) => e.id === hidden.id)).toBe(true);
    for (const e of [hidden, open]) await boss('DELETE', `/projects/${pid}/events/${e.id}`);
  });

  it('refuses bad input with clear messages in both languages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ end_date: '2025-02-01' }, 'The end date cannot be before the start date.', '结束日期不能早于开始日期'],
      [{ kind: 'party' }, 'Unknown kind of event: "party".', '未知的事件类型：“party”'],
      [{ platforms: ['tmall', 'mars'] }, 'Unknown platform codes: mars.', '未知的平台代码：mars'],
      [{ name_zh: '  ' }, 'Please enter a name.', '请输入名称'],
      [{ name_en: 'x'.repeat(101) }, 'At most 100 characters.', '最多 100 个字符'],
      [
        { start_date: '1999-12-31' },
        'Please enter a date between 2000-01-01 and 2100-12-31.',
        '请输入 2000-01-01 至 2100-12-31 之间的日期',
      ],
      [
        { end_date: '2025-02-30' },
        'Please enter a date between 2000-01-01 and 2100-12-31.',
        '请输入 2000-01-01 至 2100-12-31 之间的日期',
      ],
      [{ brand_id: 987654321 }, "The brand is not in the project's dataset.", '该品牌不在项目的数据集中'],
    ];
    for (const [over, en, zh] of cases) {
      expect(refused(await boss('POST', `/projects/${pid}/events?locale=en`, launch(over)), 400)).toBe(en);
      expect(refused(await boss('POST', `/projects/${pid}/events`, launch(over)), 400)).toBe(zh);
    }
    expect(await t.ctx.metadata.projectEvents.count(pid)).toBe(0);
  });

  it('removes the events with their project', async () => {
    const { metadata } = t.ctx;
    const other = (await metadata.projects.create({ name: 'events gone', dataset: 'cn_monthly', pages: [4] })).id;
    const call = (path: string) => root('POST', `/projects/${other}/events${path}`, launch());
    const first = data<{ item: EventItem }>(await call('')).item;
    data(await call(''));
    expect(await metadata.projectEvents.count(other)).toBe(2);
    // Every read and write names its project: another project's event id is not found here.
    expect(refused(await root('PUT', `/projects/${pid}/events/${first.id}?locale=en`, launch()), 404)).toBe(
      'The event does not exist in this project.',
    );
    expect((await root('DELETE', `/projects/${pid}/events/${first.id}`)).statusCode).toBe(404);
    expect(await metadata.projectEvents.count(other)).toBe(2);
    data(await root('DELETE', `/projects/${other}`));
    expect(await metadata.projectEvents.count(other)).toBe(0);
    const rows = await metadata.db.selectFrom('project_events').select('id').where('project_id', '=', other).execute();
    expect(rows).toEqual([]);
  });
});
