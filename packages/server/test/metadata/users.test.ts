import { describe, expect, it } from 'vitest';
import { ConflictError, isUniqueViolation, type User } from '../../src/metadata/index.js';
import { ISO_UTC, newUser, type StoreTarget, stores, useStore } from './stores.js';

async function conflictOf(promise: Promise<unknown>): Promise<ConflictError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConflictError);
  return err as ConflictError;
}

describe.each(stores())('users on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('creates a user with defaults and reads it back by id, username and email', async () => {
    const user = await store().users.create(newUser('alice'));
    expect(user).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      passwordHash: 'hash-alice',
      role: '',
      enterprise: '',
      group: '',
      telephone: '',
      status: 'active',
      failedAttempts: 0,
      lockedUntil: null,
      validFrom: null,
      validTo: null,
      mustChangePassword: false,
      wechatOpenid: null,
      wechatState: 'unbound',
      tokenVersion: 0,
      lastLoginAt: null,
    });
    expect(typeof user.id).toBe('number');
    expect(user.createdAt).toMatch(ISO_UTC);
    expect(user.updatedAt).toBe(user.createdAt);
    expect(await store().users.getById(user.id)).toEqual(user);
    expect(await store().users.getByUsername('alice')).toEqual(user);
    expect(await store().users.getByEmail('ALICE@Example.com ')).toEqual(user);
    expect(await store().users.getByUsername('Alice')).toBeUndefined();
    expect(await store().users.getById(9999)).toBeUndefined();
  });

  it('round-trips booleans, optional fields and timestamps (as ISO-8601 UTC strings)', async () => {
    const user = await store().users.create(
      newUser('bob', {
        email: 'Bob@Example.COM',
        role: 'enterprise',
        enterprise: '示例公司',
        group: 'A 组',
        telephone: '+86 138 0000 0000',
        status: 'pending',
        validFrom: '2026-01-01',
        validTo: new Date(Date.UTC(2026, 11, 31, 23, 59, 59)),
        mustChangePassword: true,
        wechatOpenid: 'wx-1',
      }),
    );
    const read = await store().users.getById(user.id);
    expect(read).toMatchObject({
      email: 'bob@example.com',
      role: 'enterprise',
      enterprise: '示例公司',
      group: 'A 组',
      telephone: '+86 138 0000 0000',
      status: 'pending',
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2026-12-31T23:59:59.000Z',
      mustChangePassword: true,
      wechatOpenid: 'wx-1',
      wechatState: 'bound',
    });
    expect(read?.mustChangePassword).toBe(true);
    expect((await store().users.getByWechatOpenid('wx-1'))?.id).toBe(user.id);

    const updated = await store().users.update(user.id, {
      mustChangePassword: false,
      lockedUntil: '2026-03-01T08:00:00+08:00',
      lastLoginAt: new Date(0),
    });
    expect(updated?.mustChangePassword).toBe(false);
    expect(updated?.lockedUntil).toBe('2026-03-01T00:00:00.000Z');
    expect(updated?.lastLoginAt).toBe('1970-01-01T00:00:00.000Z');
    await expect(store().users.update(user.id, { validTo: 'not a date' })).rejects.toThrow(RangeError);
  });

  it('reports a duplicate username or email as a typed conflict naming the field', async () => {
    await store().users.create(newUser('carol', { wechatOpenid: 'wx-carol' }));
    const byName = await conflictOf(store().users.create(newUser('carol', { email: 'other@example.com' })));
    expect(byName.field).toBe('username');
    expect(byName.code).toBe('conflict');
    expect(isUniqueViolation(byName.cause, 'username')).toBe(true);
    expect(isUniqueViolation(byName.cause, 'email')).toBe(false);

    // Emails collide whatever their case.
    const byEmail = await conflictOf(store().users.create(newUser('carol2', { email: 'CAROL@example.com' })));
    expect(byEmail.field).toBe('email');
    expect(isUniqueViolation(byEmail.cause, 'email')).toBe(true);

    const byOpenid = await conflictOf(store().users.create(newUser('carol3', { wechatOpenid: 'wx-carol' })));
    expect(byOpenid.field).toBe('wechat_openid');

    // Unbound users (NULL openid) never collide.
    await store().users.create(newUser('dave'));
    await store().users.create(newUser('erin'));
  });

  it('reports a conflict on update too, and leaves the row unchanged', async () => {
    await store().users.create(newUser('frank'));
    const grace = await store().users.create(newUser('grace'));
    const err = await conflictOf(store().users.update(grace.id, { username: 'frank' }));
    expect(err.field).toBe('username');
    expect((await conflictOf(store().users.update(grace.id, { email: 'frank@example.com' }))).field).toBe('email');
    expect(await store().users.getById(grace.id)).toEqual(grace);
  });

  it('updates fields and the updated_at time; unknown ids give undefined', async () => {
    const user = await store().users.create(newUser('henry'));
    await new Promise((r) => setTimeout(r, 5));
    const updated = await store().users.update(user.id, {
      role: 'admin',
      enterprise: 'ACME',
      status: 'disabled',
      passwordHash: 'new-hash',
      wechatState: 'unbind_pending',
    });
    expect(updated).toMatchObject({
      role: 'admin',
      enterprise: 'ACME',
      status: 'disabled',
      passwordHash: 'new-hash',
      wechatState: 'unbind_pending',
      createdAt: user.createdAt,
    });
    expect(updated?.updatedAt && updated.updatedAt > user.updatedAt).toBe(true);
    expect(await store().users.update(9999, { role: 'admin' })).toBeUndefined();
  });

  it('bumps the token version and counts failed logins atomically', async () => {
    const user = await store().users.create(newUser('ivan'));
    expect(await store().users.bumpTokenVersion(user.id)).toBe(1);
    expect(await store().users.bumpTokenVersion(user.id)).toBe(2);
    expect(await store().users.bumpTokenVersion(9999)).toBeUndefined();

    const counts = await Promise.all([1, 2, 3].map(() => store().users.recordFailedLogin(user.id)));
    expect(counts.sort()).toEqual([1, 2, 3]);
    expect(await store().users.recordFailedLogin(user.id, '2030-01-01T00:00:00Z')).toBe(4);
    const read = await store().users.getById(user.id);
    expect(read).toMatchObject({ failedAttempts: 4, lockedUntil: '2030-01-01T00:00:00.000Z', tokenVersion: 2 });
  });

  it('pages, searches and filters the list', async () => {
    const made: User[] = [];
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      made.push(
        await store().users.create(
          newUser(`user${n}`, {
            enterprise: i % 2 === 0 ? 'Even Corp' : '奇数公司',
            role: i <= 5 ? 'admin' : 'general',
            status: i === 25 ? 'pending' : 'active',
          }),
        ),
      );
    }
    await store().users.create(newUser('under_score', { enterprise: '100% Real' }));

    const first = await store().users.list({ pageSize: 10 });
    expect(first.total).toBe(26);
    expect(first.page).toBe(1);
    expect(first.items.map((u) => u.username)).toEqual(made.slice(0, 10).map((u) => u.username));
    const third = await store().users.list({ page: 3, pageSize: 10 });
    expect(third.items.map((u) => u.username)).toEqual([...made.slice(20).map((u) => u.username), 'under_score']);
    expect((await store().users.list({ page: 4, pageSize: 10 })).items).toEqual([]);

    // Search ignores case on both databases and covers enterprise/email.
    expect((await store().users.list({ search: 'EVEN corp' })).total).toBe(12);
    expect((await store().users.list({ search: '奇数' })).total).toBe(13);
    expect((await store().users.list({ search: 'USER0' })).total).toBe(9);
    expect((await store().users.list({ search: 'user25@EXAMPLE' })).items.map((u) => u.username)).toEqual(['user25']);
    // % and _ are literal, not wildcards.
    expect((await store().users.list({ search: '_' })).items.map((u) => u.username)).toEqual(['under_score']);
    expect((await store().users.list({ search: '%' })).items.map((u) => u.username)).toEqual(['under_score']);
    expect((await store().users.list({ search: 'nobody' })).total).toBe(0);

    expect((await store().users.list({ role: 'admin' })).total).toBe(5);
    expect((await store().users.list({ status: 'pending' })).items.map((u) => u.username)).toEqual(['user25']);
    expect((await store().users.list({ enterprise: 'Even Corp', role: 'admin' })).total).toBe(2);
    const ids = [made[3]?.id ?? 0, made[7]?.id ?? 0];
    expect((await store().users.list({ ids })).items.map((u) => u.id)).toEqual(ids);
    expect(await store().users.list({ ids: [] })).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    const desc = await store().users.list({ orderBy: 'id', order: 'desc', pageSize: 2 });
    expect(desc.items.map((u) => u.username)).toEqual(['under_score', 'user25']);
    // Out-of-range paging input is clamped rather than failing.
    const clamped = await store().users.list({ page: -3, pageSize: 0 });
    expect([clamped.page, clamped.pageSize, clamped.items.length]).toEqual([1, 1, 1]);
  });

  it('deletes a user', async () => {
    const user = await store().users.create(newUser('judy'));
    expect(await store().users.delete(user.id)).toBe(true);
    expect(await store().users.delete(user.id)).toBe(false);
    expect(await store().users.getById(user.id)).toBeUndefined();
    // Ids are not reused after a delete.
    const next = await store().users.create(newUser('judy'));
    expect(next.id).toBeGreaterThan(user.id);
  });
});

describe.each(stores())('users with an injected clock on $name', (target: StoreTarget) => {
  let now = new Date('2026-05-01T10:00:00Z');
  const store = useStore(target, { clock: () => now });

  it('stamps created_at and updated_at from the clock', async () => {
    const user = await store().users.create(newUser('kate'));
    expect(user.createdAt).toBe('2026-05-01T10:00:00.000Z');
    now = new Date('2026-05-02T11:30:00Z');
    const updated = await store().users.update(user.id, { telephone: '1' });
    expect(updated?.createdAt).toBe('2026-05-01T10:00:00.000Z');
    expect(updated?.updatedAt).toBe('2026-05-02T11:30:00.000Z');
  });
});
