import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type MetadataStore, openMetadata } from '../../src/metadata/index.js';
import { rememberWhileUnchanged } from '../../src/metadata/remember.js';
import { newUser, stores, useStore } from './stores.js';

describe('rememberWhileUnchanged', () => {
  it('reads once per change stamp, again after a change, and forgets a failed read', async () => {
    let stamp = 's1';
    let reads = 0;
    const remember = rememberWhileUnchanged(() => stamp);
    const read = () => Promise.resolve(++reads);
    expect(await remember('a', read)).toBe(1);
    expect(await remember('a', read)).toBe(1);
    expect(await remember('b', read)).toBe(2);
    stamp = 's2';
    expect(await remember('a', read)).toBe(3);
    const failing = () => Promise.reject(new Error('database gone'));
    await expect(remember('c', failing)).rejects.toThrow('database gone');
    expect(await remember('c', read)).toBe(4);
  });

  it('keeps at most its limit of reads', async () => {
    let reads = 0;
    const remember = rememberWhileUnchanged(() => 'same', 2);
    const read = () => Promise.resolve(++reads);
    await remember('a', read);
    await remember('b', read);
    await remember('c', read);
    expect(await remember('a', read)).toBe(4);
  });
});

// The promise of docs/security.md, on every store: what a request reads before its handler (account,
// session, project, membership, grants) shows a change on the very next read.
describe.each(stores())('reads of the request path on $name see every change at once', (target) => {
  const store = useStore(target);

  it('an account, a membership and a grant changed through the store', async () => {
    const s = store();
    const u = await s.users.create(newUser('ann'));
    const p = await s.projects.create({ name: 'P1', dataset: 'cn_monthly', pages: [1, 2] });
    await s.members.add({ projectId: p.id, userId: u.id, pages: [1] });
    expect((await s.users.getById(u.id))!.status).toBe('active');
    expect((await s.members.get(p.id, u.id))!.pages).toEqual([1]);
    expect((await s.grants.list(p.id, u.id)).category).toEqual([]);
    await s.users.update(u.id, { status: 'disabled' });
    await s.grants.replace(p.id, u.id, 'category', ['11']);
    expect((await s.users.getById(u.id))!.status).toBe('disabled');
    expect((await s.grants.list(p.id, u.id)).category).toEqual(['11']);
    await s.members.remove(p.id, u.id);
    expect(await s.members.get(p.id, u.id)).toBeUndefined();
  });

  it('a transaction reads its own writes, and a rolled-back one leaves the earlier rows', async () => {
    const s = store();
    const u = await s.users.create(newUser('bea'));
    expect((await s.users.getById(u.id))!.username).toBe('bea');
    await expect(
      s.transaction(async (tx) => {
        await tx.users.update(u.id, { username: 'bea2' });
        expect((await tx.users.getById(u.id))!.username).toBe('bea2');
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await s.users.getById(u.id))!.username).toBe('bea');
    await s.transaction((tx) => tx.users.update(u.id, { username: 'bea3' }));
    expect((await s.users.getById(u.id))!.username).toBe('bea3');
  });
});

describe('SQLite: changes committed by another connection (a CLI, a second process)', () => {
  let dir: string | undefined;
  let s: MetadataStore | undefined;
  let now = new Date('2026-11-27T10:00:00.000Z');
  afterEach(async () => {
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are seen on the next read, and a session ends at its expiry without any write', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ml-remember-'));
    const file = join(dir, 'metadata.sqlite');
    s = await openMetadata(file, { clock: () => now });
    const u = await s.users.create(newUser('cai'));
    const p = await s.projects.create({ name: 'P2', dataset: 'cn_monthly', pages: [1] });
    await s.projectCategories.add(p.id, [1, 2]);
    await s.refreshTokens.startSession(
      {
        id: 'fam',
        userId: u.id,
        parentId: null,
        appKey: 'marketlens',
        expiresAt: new Date('2026-11-28T00:00:00.000Z'),
        client: { ip: null, userAgent: null },
      },
      { tokenHash: 'h', expiresAt: new Date('2026-11-27T11:00:00.000Z') },
    );
    expect((await s.users.getById(u.id))!.role).toBe('');
    expect(await s.projectCategories.ids(p.id)).toEqual([1, 2]);
    expect(await s.refreshTokens.isFamilyActive('fam')).toBe(true);

    const other = new Database(file);
    try {
      other.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(u.id);
      other.prepare('DELETE FROM project_categories WHERE project_id = ? AND category_id = 2').run(p.id);
    } finally {
      other.close();
    }
    expect((await s.users.getById(u.id))!.role).toBe('admin');
    expect(await s.projectCategories.ids(p.id)).toEqual([1]);

    now = new Date('2026-11-27T11:00:00.001Z');
    expect(await s.refreshTokens.isFamilyActive('fam')).toBe(false);
  });
});
