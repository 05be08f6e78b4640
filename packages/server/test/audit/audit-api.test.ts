import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { type Caller, caller, data, refused } from '../projects/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

interface Entry {
  id: number;
  at: string;
  username: string;
  action: string;
  target: string;
  outcome: string;
  ip: string;
  detail: unknown;
}
interface AuditPage {
  items: Entry[];
  total: number;
  page: number;
  page_size: number;
}

const COLUMNS = 8;

/** The rows of the first sheet from the table head on (the header block above it names the filters). */
async function sheetRows(
  res: LightMyRequestResponse,
): Promise<{ head: string[]; rows: string[][]; lines: string[][] }> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const all: string[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
    all.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  // Title, then label/value lines, then the table head (the only row with every column).
  const headAt = all.findIndex((r) => r.length === COLUMNS);
  return { lines: all.slice(1, headAt).filter((r) => r.length > 0), head: all[headAt]!, rows: all.slice(headAt + 1) };
}

/**
 * The audit trail screen's API (docs/security.md "Audit trail"): filters, paging, the
 * reader's scope (root every entry, global admins project entries, project admins their projects,
 * others nothing) and the download, which lists what the list lists.
 */
describe.each(stores())('audit trail API ($name)', (target) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let boss: Caller; // enterprise account, project admin of `mine` only
  let member: Caller; // general member of `mine`
  let mine: number;
  let other: number;
  const list = async (who: Caller, query = '') => data<AuditPage>(await who('GET', `/audit${query}`));

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      store: target,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USERNAME: '100000' },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    const bossUser = await makeUser(t.ctx, 'boss', { role: 'enterprise' });
    const memberUser = await makeUser(t.ctx, 'member', { role: 'general' });
    root = caller(t.app, (await login(t.app, 'root')).access_token);
    admin = caller(t.app, (await login(t.app, 'adm')).access_token);
    boss = caller(t.app, (await login(t.app, 'boss')).access_token);
    member = caller(t.app, (await login(t.app, 'member')).access_token);
    mine = data<{ id: number }>(
      await admin('POST', '/projects', { name: 'Mine', data_scope: 'cn_monthly', pages: [1] }),
    ).id;
    other = data<{ id: number }>(
      await root('POST', '/projects', { name: 'Other', data_scope: 'cn_monthly', pages: [1] }),
    ).id;
    data(await root('POST', `/projects/${mine}/users`, { user_id: bossUser.id, role: 'admin', pages: [1] }));
    data(await root('POST', `/projects/${mine}/users`, { user_id: memberUser.id, pages: [1] }));
    data(await root('PUT', `/projects/${other}`, { name: 'Other 2' }));
    // Older entries at known times, for the time range.
    await t.ctx.metadata.audit.record({
      action: 'project.status',
      outcome: 'success',
      username: 'adm',
      target: `project:${other}`,
      at: '2025-01-10T08:00:00.000Z',
    });
    await t.ctx.metadata.audit.record({
      action: 'auth.login',
      outcome: 'failure',
      username: 'Intruder',
      ip: '10.9.8.7',
      at: '2025-01-11T08:00:00.000Z',
    });
  });
  afterAll(() => t.close());

  it('root reads every entry, newest first, in pages that add up to the whole trail', async () => {
    const all = await list(root, '?page_size=200');
    const stored = await t.ctx.metadata.audit.listRecent({ limit: 1000 });
    expect(all.total).toBe(stored.length);
    expect(all.items.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    expect(all.items.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.login', 'project.create']));
    const p1 = await list(root, '?page_size=3');
    const p2 = await list(root, '?page_size=3&page=2');
    expect(p1).toMatchObject({ page: 1, page_size: 3, total: all.total });
    expect(p2.page).toBe(2);
    expect([...p1.items, ...p2.items].map((e) => e.id)).toEqual(all.items.slice(0, 6).map((e) => e.id));
    const beyond = await list(root, `?page_size=3&page=${Math.ceil(all.total / 3) + 1}`);
    expect(beyond.items).toEqual([]);
  });

  it('filters by actor (part, any case), action, target, outcome and time range, combined', async () => {
    const intruder = await list(root, '?actor=intrud');
    expect(intruder.items.map((e) => e.username)).toEqual(['Intruder']);
    expect(intruder.items[0]).toMatchObject({ action: 'auth.login', outcome: 'failure', ip: '10.9.8.7' });

    const created = await list(root, '?action=project.create');
    expect(created.items.map((e) => e.target).sort()).toEqual([`project:${mine}`, `project:${other}`].sort());
    expect(created.items.every((e) => e.action === 'project.create')).toBe(true);

    const aboutOther = await list(root, `?target=project:${other}`);
    expect(aboutOther.items.map((e) => e.action).sort()).toEqual([
      'project.create',
      'project.status',
      'project.update',
    ]);

    const failures = await list(root, '?outcome=failure');
    expect(failures.items.length).toBeGreaterThan(0);
    expect(failures.items.every((e) => e.outcome === 'failure')).toBe(true);

    const january = await list(root, '?from=2025-01-10T00:00:00Z&to=2025-01-10T23:59:59Z');
    expect(january.items.map((e) => e.action)).toEqual(['project.status']);
    const combined = await list(
      root,
      '?from=2025-01-01T00:00:00Z&to=2025-02-01T00:00:00Z&outcome=failure&actor=INTRUDER',
    );
    expect(combined.items.map((e) => e.username)).toEqual(['Intruder']);
    const none = await list(root, '?from=2025-01-10T00:00:00Z&to=2025-01-11T23:59:59Z&action=project.create');
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('refuses filters the server does not know, in the request language', async () => {
    expect((await root('GET', '/audit?action=user.nonsense')).statusCode).toBe(400);
    expect((await root('GET', '/audit?outcome=maybe')).statusCode).toBe(400);
    expect((await root('GET', '/audit?from=yesterday')).statusCode).toBe(400);
    expect((await root('GET', '/audit?page_size=500')).statusCode).toBe(400);
    expect((await root('GET', '/audit?limit=5')).statusCode).toBe(400);
  });

  it('refuses a time of the right shape that names no moment, list and download alike', async () => {
    for (const path of ['/audit', '/audit/downloads'])
      for (const [field, time] of [
        ['from', '2026-13-45T25:61Z'],
        ['to', '1619-42-46T23:80+59:05'],
      ]) {
        const res = await root('GET', `${path}?${field}=${encodeURIComponent(time!)}&locale=en_us`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg).toBe(`invalid argument: ${field}`);
      }
  });

  it('a global admin sees the entries of projects only: no sign-ins, accounts or other targets', async () => {
    const seen = await list(admin, '?page_size=200');
    expect(seen.items.length).toBeGreaterThan(0);
    expect(seen.items.every((e) => e.target.startsWith('project:'))).toBe(true);
    expect(new Set(seen.items.map((e) => e.target))).toEqual(new Set([`project:${mine}`, `project:${other}`]));
    const projectEntries = (await list(root, '?page_size=200&target=project:')).items;
    expect(seen.total).toBe(projectEntries.length);
    // Asking for what lies outside the scope finds nothing, rather than leaking it.
    expect((await list(admin, '?actor=Intruder')).total).toBe(0);
  });

  it('a project admin sees the entries of the projects they administer, nothing else', async () => {
    const seen = await list(boss, '?page_size=200');
    expect(seen.items.length).toBeGreaterThan(0);
    expect(new Set(seen.items.map((e) => e.target))).toEqual(new Set([`project:${mine}`]));
    expect(seen.items.map((e) => e.action)).toEqual(expect.arrayContaining(['project.create', 'project.member_add']));
    expect((await list(boss, `?target=project:${other}`)).total).toBe(0);
    const download = await boss('GET', `/audit/downloads?target=project:${other}&locale=en`);
    expect(refused(download, 400)).toBe('There is no data to download for this filter.');
  });

  it('members and accounts without an administered project are refused, list and download alike', async () => {
    refused(await member('GET', '/audit'), 403);
    refused(await member('GET', '/audit/downloads'), 403);
    expect((await t.app.inject({ method: 'GET', url: '/api/common/audit' })).statusCode).toBe(401);
  });

  it('the download lists what the list lists: same filters, same order, first row = first entry', async () => {
    for (const [query, who] of [
      ['', root],
      ['?outcome=success&target=project', root],
      ['', admin],
      ['', boss],
    ] as const) {
      const first = (await list(who, query)).items[0]!;
      const sep = query ? '&' : '?';
      const en = await sheetRows(await who('GET', `/audit/downloads${query}${sep}locale=en`));
      expect(en.head).toEqual(['Time', 'User', 'IP address', 'Action', 'Action code', 'Target', 'Outcome', 'Detail']);
      const row = en.rows[0]!;
      expect(row[0]).toBe(`${first.at.slice(0, 19).replace('T', ' ')} UTC`);
      expect(row.slice(1, 3)).toEqual([first.username, first.ip]);
      expect(row[4]).toBe(first.action);
      expect(row[5]).toBe(first.target);
      expect(row[6]).toBe({ success: 'Success', failure: 'Failure', denied: 'Denied' }[first.outcome]);
      expect(en.rows.length).toBe((await list(who, `${query}${sep}page_size=200`)).total);
    }
    const zh = await sheetRows(await root('GET', '/audit/downloads?action=project.create&locale=zh_cn'));
    expect(zh.head[3]).toBe('操作');
    expect(zh.rows.map((r) => r[3])).toEqual(['创建项目', '创建项目']);
    expect(zh.lines).toContainEqual(['操作', '创建项目']);
    const en = await sheetRows(await root('GET', '/audit/downloads?action=project.create&locale=en'));
    expect(en.rows.map((r) => r[3])).toEqual(['Project created', 'Project created']);
  });

  it('an empty download says so in the request language', async () => {
    const res = await root('GET', '/audit/downloads?actor=nobody-at-all&locale=en');
    expect(refused(res, 400)).toBe('There is no data to download for this filter.');
  });
});
