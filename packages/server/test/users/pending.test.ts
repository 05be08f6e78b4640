import { translate } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { audited, type Caller, caller, data, refused } from '../projects/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/**
 * Root's approval cannot be skipped (docs/security.md "Accounts and sign-in"): an account an admin
 * opens waits in `pending` until root decides; only root moves it out, by reviewing the application
 * or by setting the status — which closes the application as a review would.
 */
describe.each(stores())('pending accounts wait for root ($name)', (target) => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;
  let rootId: number;

  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' },
    });
    rootId = (await makeUser(t.ctx, 'root', { role: 'root' })).id;
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    root = caller(t.app, (await login(t.app, 'root')).access_token);
    admin = caller(t.app, (await login(t.app, 'adm')).access_token);
  });
  afterAll(() => t.close());

  /** An account the admin opens: pending, with its application for root. */
  async function opened(username: string) {
    const res = await admin('POST', '/users', {
      username,
      email: `${username}@example.com`,
      enterprise: 'A',
      telephone: '1',
      password: 'Given123',
    });
    const user = data<{ user: { id: number; status: string } }>(res).user;
    expect(user.status).toBe('pending');
    const [application] = await t.ctx.metadata.applications.list({ kind: 'account_opening', userId: user.id });
    expect(application).toMatchObject({ status: 'pending' });
    return { id: user.id, applicationId: application!.id };
  }
  const statusOf = async (id: number) => (await t.ctx.metadata.users.getById(id))!.status;
  const put = (who: Caller, id: number, body: object) => who('PUT', `/users/${id}?locale=en`, body);

  it('an admin cannot activate or disable a pending account, only edit it; the application stays open', async () => {
    const q = await opened('p1');
    expect(refused(await put(admin, q.id, { status: 'active' }), 403)).toBe(translate('en', 'users.pendingRootOnly'));
    refused(await put(admin, q.id, { status: 'disabled' }), 403);
    expect(await statusOf(q.id)).toBe('pending');
    // The edit form sends the status it shows: unchanged, the rest of the edit goes through.
    data(await put(admin, q.id, { status: 'pending', telephone: '2' }));
    expect((await t.ctx.metadata.users.getById(q.id))!.telephone).toBe('2');
    expect(await t.ctx.metadata.applications.get(q.applicationId)).toMatchObject({ status: 'pending' });
    // And the pending account still cannot sign in.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'p1', password: 'Given123' },
    });
    expect(signIn.json().code).toBe('account_pending');
  });

  it('nobody puts an account back to pending; an admin toggles active and disabled', async () => {
    const u = await makeUser(t.ctx, 'act1');
    for (const who of [admin, root]) {
      expect(refused(await put(who, u.id, { status: 'pending' }), 403)).toBe(
        translate('en', 'users.pendingNotSettable'),
      );
    }
    data(await put(admin, u.id, { status: 'disabled' }));
    expect(await statusOf(u.id)).toBe('disabled');
    data(await put(admin, u.id, { status: 'active' }));
    expect(await statusOf(u.id)).toBe('active');
  });

  it("root's direct activation approves the application: audited, owner mailed, a later review is refused", async () => {
    const q = await opened('p2');
    expect(await t.ctx.metadata.outbox.list('p2@example.com')).toEqual([]);
    const res = await put(root, q.id, { status: 'active' });
    expect(data<{ user: { status: string } }>(res).user.status).toBe('active');
    expect(await t.ctx.metadata.applications.get(q.applicationId)).toMatchObject({
      status: 'approved',
      reviewerId: rootId,
    });
    const approvals = (await audited(t, 'application.approve')).filter(
      (e) => e.target === `application:${q.applicationId}`,
    );
    expect(approvals).toMatchObject([{ username: 'root', outcome: 'success', detail: { user_id: q.id } }]);
    const mails = await t.ctx.metadata.outbox.list('p2@example.com');
    expect(mails.map((m) => m.subject)).toEqual([translate('zh-CN', 'mail.openingSubject')]);
    await login(t.app, 'p2', 'Given123');
    const review = await root('PUT', `/users/application/${q.applicationId}/status`, { status: 'approved' });
    expect(review.statusCode).toBe(409);
  });

  it("root's direct disabling rejects the application, audited, with no mail", async () => {
    const q = await opened('p3');
    data(await put(root, q.id, { status: 'disabled' }));
    expect(await t.ctx.metadata.applications.get(q.applicationId)).toMatchObject({ status: 'rejected' });
    const rejections = (await audited(t, 'application.reject')).filter(
      (e) => e.target === `application:${q.applicationId}`,
    );
    expect(rejections).toHaveLength(1);
    expect(await t.ctx.metadata.outbox.list('p3@example.com')).toEqual([]);
  });

  it('the batch update decides pending accounts the same way and sets none to pending', async () => {
    const q = await opened('p4');
    const toPending = await root('POST', '/users/batch/update/check?locale=en', {
      rows: [{ username: 'act1', status: 'pending' }],
    });
    expect(data(toPending)).toEqual({
      valid: false,
      rows: 1,
      errors: [{ row: 1, field: 'status', problem: translate('en', 'users.pendingNotSettable') }],
    });
    data(await root('POST', '/users/batch/update', { rows: [{ username: 'p4', status: 'active' }] }));
    expect(await statusOf(q.id)).toBe('active');
    expect(await t.ctx.metadata.applications.get(q.applicationId)).toMatchObject({ status: 'approved' });
    expect(await t.ctx.metadata.outbox.list('p4@example.com')).toHaveLength(1);
  });

  it('reviewing the application still works, and mails as before', async () => {
    const q = await opened('p5');
    const review = await root('PUT', `/users/application/${q.applicationId}/status`, { status: 'approved' });
    expect(data(review)).toEqual({ id: q.applicationId, status: 'approved' });
    expect(await statusOf(q.id)).toBe('active');
    expect(await t.ctx.metadata.outbox.list('p5@example.com')).toHaveLength(1);
  });
});
