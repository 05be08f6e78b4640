import { describe, expect, it } from 'vitest';
import {
  isCheckViolation,
  isForeignKeyViolation,
  type MetadataStore,
  settingsScope,
} from '../../src/metadata/index.js';
import { newUser, type StoreTarget, stores, useStore } from './stores.js';

async function setup(s: MetadataStore) {
  const alice = await s.users.create(newUser('alice'));
  const bob = await s.users.create(newUser('bob'));
  const p1 = await s.projects.create({ name: 'P1', dataset: 'd', pages: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  const p2 = await s.projects.create({ name: 'P2', dataset: 'd' });
  return { alice, bob, p1, p2 };
}

describe.each(stores())('members on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('adds, reads, updates and lists memberships', async () => {
    const s = store();
    const { alice, bob, p1, p2 } = await setup(s);
    const m = await s.members.add({
      projectId: p1.id,
      userId: alice.id,
      role: 'admin',
      pages: [5, 1, 1],
      discountPriceOn: true,
      config: { potential: { category_level: 2, categories: '1;2' }, flags: [true, null] },
    });
    expect(m).toMatchObject({
      projectId: p1.id,
      userId: alice.id,
      role: 'admin',
      pages: [1, 5],
      discountPriceOn: true,
      config: { potential: { category_level: 2, categories: '1;2' }, flags: [true, null] },
    });
    expect(await s.members.get(p1.id, alice.id)).toEqual(m);
    const plain = await s.members.add({ projectId: p2.id, userId: alice.id });
    expect(plain).toMatchObject({ role: '', pages: [], discountPriceOn: false, config: {} });
    await s.members.add({ projectId: p1.id, userId: bob.id, role: 'general' });

    expect((await s.members.listForUser(alice.id)).map((x) => x.projectId)).toEqual([p1.id, p2.id]);
    expect((await s.members.listForProject(p1.id)).map((x) => x.userId)).toEqual([alice.id, bob.id]);

    const updated = await s.members.update(p1.id, alice.id, { discountPriceOn: false, config: { a: 1 } });
    expect(updated).toMatchObject({ role: 'admin', pages: [1, 5], discountPriceOn: false, config: { a: 1 } });
    expect(await s.members.update(p2.id, bob.id, { role: 'admin' })).toBeUndefined();
    expect(await s.members.get(p2.id, bob.id)).toBeUndefined();
  });

  it('rejects a second membership as a conflict and a missing user as a foreign-key error', async () => {
    const s = store();
    const { alice, p1 } = await setup(s);
    await s.members.add({ projectId: p1.id, userId: alice.id });
    await expect(s.members.add({ projectId: p1.id, userId: alice.id })).rejects.toMatchObject({
      name: 'ConflictError',
      field: 'member',
    });
    const err = await s.members.add({ projectId: p1.id, userId: 99999 }).catch((e: unknown) => e);
    expect(isForeignKeyViolation(err)).toBe(true);
  });

  it('removing a member removes their grants and favourites in that project only', async () => {
    const s = store();
    const { alice, p1, p2 } = await setup(s);
    for (const p of [p1, p2]) {
      await s.members.add({ projectId: p.id, userId: alice.id });
      await s.grants.replace(p.id, alice.id, 'brand', ['10']);
      await s.db
        .insertInto('favorite_brands')
        .values({ project_id: p.id, user_id: alice.id, brand_id: 10, created_at: new Date().toISOString() })
        .execute();
    }
    expect(await s.members.remove(p1.id, alice.id)).toBe(true);
    expect(await s.members.remove(p1.id, alice.id)).toBe(false);
    expect(await s.grants.listValues(p1.id, alice.id, 'brand')).toEqual([]);
    expect(await s.grants.listValues(p2.id, alice.id, 'brand')).toEqual(['10']);
    const favs = await s.db.selectFrom('favorite_brands').select('project_id').execute();
    expect(favs.map((f) => f.project_id)).toEqual([p2.id]);
  });

  it('deleting a user cascades to memberships, grants, favourites, tokens and applications', async () => {
    const s = store();
    const { alice, bob, p1 } = await setup(s);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3600_000).toISOString();
    for (const u of [alice, bob]) {
      await s.members.add({ projectId: p1.id, userId: u.id });
      await s.grants.replace(p1.id, u.id, 'category', ['1']);
      await s.db
        .insertInto('favorite_brands')
        .values({ project_id: p1.id, user_id: u.id, brand_id: 1, created_at: now })
        .execute();
      await s.db
        .insertInto('refresh_tokens')
        .values({ user_id: u.id, family_id: `f${u.id}`, token_hash: `h${u.id}`, expires_at: later, created_at: now })
        .execute();
      await s.db
        .insertInto('password_resets')
        .values({ token_hash: `r${u.id}`, user_id: u.id, expires_at: later, created_at: now })
        .execute();
      await s.db
        .insertInto('applications')
        .values({
          kind: 'wechat_unbind',
          user_id: u.id,
          created_at: now,
          reviewer_id: u.id === alice.id ? bob.id : alice.id,
        })
        .execute();
      await s.db
        .insertInto('collections')
        .values({ user_id: u.id, project_id: p1.id, kind: 'product', created_at: now })
        .execute();
    }
    await s.settings.set(settingsScope.user(alice.id), 'lang', 'en');
    await s.audit.record({ action: 'auth.login', outcome: 'success', userId: alice.id, username: 'alice' });

    expect(await s.users.delete(alice.id)).toBe(true);

    const userIds = async (
      table: 'project_members' | 'grants' | 'favorite_brands' | 'refresh_tokens' | 'password_resets' | 'collections',
    ) => (await s.db.selectFrom(table).select('user_id').execute()).map((r) => r.user_id);
    for (const table of [
      'project_members',
      'grants',
      'favorite_brands',
      'refresh_tokens',
      'password_resets',
      'collections',
    ] as const) {
      expect(await userIds(table), table).toEqual([bob.id]);
    }
    const apps = await s.db.selectFrom('applications').select(['user_id', 'reviewer_id']).execute();
    // Alice's application is gone; Bob's, which she reviewed, stays without a reviewer.
    expect(apps).toEqual([{ user_id: bob.id, reviewer_id: null }]);
    expect(await s.settings.list(settingsScope.user(alice.id))).toEqual({});
    // The audit trail outlives the account.
    expect((await s.audit.listRecent({ userId: alice.id })).map((e) => e.username)).toEqual(['alice']);
  });
});

describe.each(stores())('grants on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('replaces one kind at a time, de-duplicating, and lists them grouped', async () => {
    const s = store();
    const { alice, bob, p1, p2 } = await setup(s);
    expect(await s.grants.list(p1.id, alice.id)).toEqual({ category: [], brand: [], shop: [] });
    expect(await s.grants.replace(p1.id, alice.id, 'category', ['3', '1', '2', '1'])).toEqual(['1', '2', '3']);
    await s.grants.replace(p1.id, alice.id, 'shop', ['tmall,100', 'jd,7']);
    await s.grants.replace(p1.id, bob.id, 'category', ['9']);
    await s.grants.replace(p2.id, alice.id, 'category', ['8']);
    expect(await s.grants.list(p1.id, alice.id)).toEqual({
      category: ['1', '2', '3'],
      brand: [],
      shop: ['jd,7', 'tmall,100'],
    });

    expect(await s.grants.replace(p1.id, alice.id, 'category', ['4'])).toEqual(['4']);
    expect(await s.grants.listValues(p1.id, alice.id, 'shop')).toEqual(['jd,7', 'tmall,100']);
    expect(await s.grants.replace(p1.id, alice.id, 'shop', [])).toEqual([]);
    expect(await s.grants.listValues(p1.id, bob.id, 'category')).toEqual(['9']);
    expect(await s.grants.listValues(p2.id, alice.id, 'category')).toEqual(['8']);

    const perUser = await s.grants.listForProject(p1.id, 'category');
    expect([...perUser.entries()]).toEqual([
      [alice.id, ['4']],
      [bob.id, ['9']],
    ]);

    const set = await s.grants.replaceMany(p1.id, alice.id, { brand: ['b2', 'b1'], category: ['5', '6'] });
    expect(set).toEqual({ category: ['5', '6'], brand: ['b1', 'b2'], shop: [] });
  });

  it('handles lists larger than one insert statement', async () => {
    const s = store();
    const { alice, p1 } = await setup(s);
    const many = Array.from({ length: 1234 }, (_, i) => String(100000 + i));
    const stored = await s.grants.replace(p1.id, alice.id, 'category', many);
    expect(stored).toHaveLength(1234);
    expect(stored).toEqual([...many].sort());
  });

  it('is atomic: a failure part-way leaves the previous grants', async () => {
    const s = store();
    const { alice, p1 } = await setup(s);
    await s.grants.replace(p1.id, alice.id, 'category', ['1', '2']);
    await s.grants.replace(p1.id, alice.id, 'brand', ['b']);

    // The bad value (too long for the CHECK constraint) comes after a full first chunk was inserted.
    const values = [...Array.from({ length: 600 }, (_, i) => `c${i}`), 'x'.repeat(300)];
    const err = await s.grants.replace(p1.id, alice.id, 'category', values).catch((e: unknown) => e);
    expect(isCheckViolation(err)).toBe(true);
    expect(await s.grants.listValues(p1.id, alice.id, 'category')).toEqual(['1', '2']);

    // Several kinds at once: the first kind's change is rolled back with the failing second one.
    const err2 = await s.grants.replaceMany(p1.id, alice.id, { category: ['7'], brand: [''] }).catch((e: unknown) => e);
    expect(isCheckViolation(err2)).toBe(true);
    expect(await s.grants.list(p1.id, alice.id)).toEqual({ category: ['1', '2'], brand: ['b'], shop: [] });
  });

  it('joins an outer transaction: a later failure rolls the grants back too', async () => {
    const s = store();
    const { alice, p1 } = await setup(s);
    await s.grants.replace(p1.id, alice.id, 'category', ['1']);
    const err = await s
      .transaction(async (tx) => {
        await tx.grants.replace(p1.id, alice.id, 'category', ['2', '3']);
        expect(await tx.grants.listValues(p1.id, alice.id, 'category')).toEqual(['2', '3']);
        await tx.users.create(newUser('alice', { email: 'new@example.com' })); // duplicate username: fails
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ConflictError', field: 'username' });
    expect(await s.grants.listValues(p1.id, alice.id, 'category')).toEqual(['1']);

    await s.transaction(async (tx) => {
      const carol = await tx.users.create(newUser('carol'));
      await tx.members.add({ projectId: p1.id, userId: carol.id, pages: [1] });
      await tx.grants.replace(p1.id, carol.id, 'category', ['5']);
    });
    const carol = await s.users.getByUsername('carol');
    expect(carol && (await s.grants.listValues(p1.id, carol.id, 'category'))).toEqual(['5']);
  });
});
