import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/metadata/index.js';
import { newUser, stores, useStore } from './stores.js';

describe.each(stores())('auth and catalogue repositories on $name', (target) => {
  const store = useStore(target);

  it('refresh tokens rotate once; a second rotation of the same token fails; families revoke together', async () => {
    const s = store();
    const u = await s.users.create(newUser('ann'));
    const later = new Date(Date.now() + 3600_000);
    const client = { ip: '10.0.0.1', userAgent: 'test' };
    const session = (id: string, parentId: string | null = null) => ({
      id,
      userId: u.id,
      parentId,
      appKey: 'marketlens',
      expiresAt: later,
      client,
    });
    await s.refreshTokens.startSession(session('fam-1'), { tokenHash: 'h1', expiresAt: later });
    const first = (await s.refreshTokens.getByHash('h1'))!;
    expect(await s.refreshTokens.isFamilyActive('fam-1')).toBe(true);
    const second = await s.refreshTokens.rotate(
      first.id,
      { userId: u.id, familyId: 'fam-1', tokenHash: 'h2', expiresAt: later },
      { ip: '10.0.0.2', userAgent: 'moved' },
    );
    expect(second).toMatchObject({ familyId: 'fam-1', tokenHash: 'h2', revokedAt: null });
    expect(await s.refreshTokens.getSession('fam-1')).toMatchObject({ ip: '10.0.0.2', userAgent: 'moved' });
    expect(
      await s.refreshTokens.rotate(first.id, { userId: u.id, familyId: 'fam-1', tokenHash: 'h3', expiresAt: later }),
    ).toBeUndefined();
    expect(await s.refreshTokens.getByHash('h3')).toBeUndefined();
    expect((await s.refreshTokens.getByHash('h1'))!.replacedBy).toBe(second!.id);
    await s.refreshTokens.startSession(session('fam-2'), { tokenHash: 'h9', expiresAt: later });
    await s.refreshTokens.startSession(session('fam-1-child', 'fam-1'), { tokenHash: 'hc', expiresAt: later });
    // Ending a session ends the sessions handed over from it.
    expect(await s.refreshTokens.revokeFamily('fam-1')).toBe(2);
    expect(await s.refreshTokens.isFamilyActive('fam-1')).toBe(false);
    expect(await s.refreshTokens.isFamilyActive('fam-1-child')).toBe(false);
    expect((await s.refreshTokens.getByHash('hc'))!.revokedAt).not.toBeNull();
    expect(await s.refreshTokens.isFamilyActive('fam-2')).toBe(true);
    expect(await s.refreshTokens.revokeAllForUser(u.id)).toBe(1);
    expect(await s.refreshTokens.isFamilyActive('fam-2')).toBe(false);
  });

  it('a session is live until the nearer of its absolute limit and its newest token; a family without a session is not', async () => {
    const s = store();
    const u = await s.users.create(newUser('abe'));
    const soon = new Date(Date.now() + 60_000);
    const past = new Date(Date.now() - 1000);
    const client = { ip: null, userAgent: null };
    const base = { userId: u.id, parentId: null, appKey: 'marketlens', client };
    // Absolute limit passed, token still valid.
    await s.refreshTokens.startSession({ ...base, id: 'abs', expiresAt: past }, { tokenHash: 'a1', expiresAt: soon });
    // Token expired (idle), absolute limit ahead.
    await s.refreshTokens.startSession({ ...base, id: 'idle', expiresAt: soon }, { tokenHash: 'i1', expiresAt: past });
    await s.refreshTokens.startSession({ ...base, id: 'live', expiresAt: soon }, { tokenHash: 'l1', expiresAt: soon });
    await s.refreshTokens.create({ userId: u.id, familyId: 'orphan', tokenHash: 'o1', expiresAt: soon });
    expect(await s.refreshTokens.isFamilyActive('abs')).toBe(false);
    expect(await s.refreshTokens.isFamilyActive('idle')).toBe(false);
    expect(await s.refreshTokens.isFamilyActive('live')).toBe(true);
    expect(await s.refreshTokens.isFamilyActive('orphan')).toBe(false);
    expect((await s.refreshTokens.listLive(u.id)).map((r) => r.id)).toEqual(['live']);
    // Housekeeping: the idle session's token is gone, and with it the session.
    expect(await s.refreshTokens.deleteExpired(new Date())).toBe(1);
    expect(await s.refreshTokens.getSession('idle')).toBeUndefined();
    expect(await s.refreshTokens.getSession('live')).toBeDefined();
  });

  it('revokeOthers keeps the named sessions and their children only', async () => {
    const s = store();
    const u = await s.users.create(newUser('ada'));
    const v = await s.users.create(newUser('ava'));
    const later = new Date(Date.now() + 3600_000);
    const client = { ip: null, userAgent: null };
    const open = (id: string, userId: number, parentId: string | null = null) =>
      s.refreshTokens.startSession(
        { id, userId, parentId, appKey: 'marketlens', expiresAt: later, client },
        { tokenHash: `h-${id}`, expiresAt: later },
      );
    await open('here', u.id);
    await open('here-child', u.id, 'here');
    await open('there', u.id);
    await open('there-child', u.id, 'there');
    await open('hers', v.id);
    expect(await s.refreshTokens.revokeOthers(u.id, ['here'])).toBe(2);
    const live = async (id: string) => s.refreshTokens.isFamilyActive(id);
    expect([await live('here'), await live('here-child'), await live('there'), await live('there-child')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(await live('hers')).toBe(true);
  });

  it('password resets and OAuth states are single-use and expire', async () => {
    const s = store();
    const u = await s.users.create(newUser('bea'));
    const later = new Date(Date.now() + 60_000);
    await s.passwordResets.create(u.id, 'r1', later);
    await s.passwordResets.create(u.id, 'r-old', new Date(Date.now() - 1000));
    expect(await s.passwordResets.consume('r1')).toBe(u.id);
    expect(await s.passwordResets.consume('r1')).toBeUndefined();
    expect(await s.passwordResets.consume('r-old')).toBeUndefined();
    await s.oauthStates.create({
      state: 'st',
      purpose: 'wechat_bind',
      userId: u.id,
      payload: { a: 1 },
      expiresAt: later,
    });
    expect(await s.oauthStates.consume('st')).toMatchObject({
      purpose: 'wechat_bind',
      userId: u.id,
      payload: { a: 1 },
    });
    expect(await s.oauthStates.consume('st')).toBeUndefined();
  });

  it('outbox and applications', async () => {
    const s = store();
    const u = await s.users.create(newUser('cat'));
    await s.outbox.add({ to: 'cat@example.com', subject: 'Hi', body: 'Body' });
    expect(await s.outbox.list('cat@example.com')).toMatchObject([{ subject: 'Hi', sentAt: null }]);
    const app = await s.applications.create('wechat_unbind', u.id, { reason: 'x' });
    expect(await s.applications.list({ status: 'pending' })).toHaveLength(1);
    expect(await s.applications.review(app.id, 'approved', u.id)).toMatchObject({
      status: 'approved',
      reviewerId: u.id,
    });
    expect(await s.applications.review(app.id, 'rejected', u.id)).toBeUndefined();
    expect(await s.applications.updatePayload(app.id, { reason: 'y' })).toBeUndefined();
  });

  it('project categories, bands, attributes and custom attributes', async () => {
    const s = store();
    const u = await s.users.create(newUser('dan'));
    const p = await s.projects.create({ name: 'p', dataset: 'd' });
    await s.projectCategories.add(p.id, [30, 10, 20]);
    expect(await s.projectCategories.ids(p.id)).toEqual([10, 20, 30]);
    // All or nothing: one duplicate refuses the whole batch.
    await expect(s.projectCategories.add(p.id, [40, 10])).rejects.toBeInstanceOf(ConflictError);
    expect(await s.projectCategories.ids(p.id)).toEqual([10, 20, 30]);
    expect(await s.projectCategories.setStatus(p.id, [10, 20], 'ready')).toBe(2);
    await s.members.add({ projectId: p.id, userId: u.id });
    await s.grants.replace(p.id, u.id, 'category', ['10', '20']);
    await s.bands.set(p.id, 10, 'price', [
      [0, 100],
      [100, null],
    ]);
    await s.bands.set(p.id, 10, 'price', [
      [0, 50],
      [50, null],
    ]);
    expect(await s.bands.get(p.id, 10, 'price')).toEqual([
      [0, 50],
      [50, null],
    ]);
    expect(await s.projectCategories.remove(p.id, 10)).toBe(true);
    expect(await s.grants.listValues(p.id, u.id, 'category')).toEqual(['20']);
    expect(await s.bands.get(p.id, 10, 'price')).toBeUndefined();
    expect(await s.projectCategories.replace(p.id, 20, 25)).toBe(true);
    expect(await s.projectCategories.ids(p.id)).toEqual([25, 30]);

    await s.projectAttributes.replaceAll(p.id, [
      { attrName: 'skin', title: '肤质', titleEn: 'Skin', sortOrder: 1, config: {} },
      { attrName: 'efficacy', title: '功效', titleEn: 'Efficacy', sortOrder: 0, config: { top: 5 } },
    ]);
    expect((await s.projectAttributes.list(p.id)).map((a) => a.attrName)).toEqual(['efficacy', 'skin']);
    expect(await s.projectAttributes.remove(p.id, ['skin'])).toBe(1);

    await s.customAttributes.replaceForUser(p.id, u.id, [
      { categoryId: null, name: '保湿', nameEn: 'Moist', rules: [{ value: 'a', query: '"x"' }] },
    ]);
    expect(await s.customAttributes.list(p.id, u.id)).toMatchObject([{ name: '保湿', rules: [{ value: 'a' }] }]);
  });
});
