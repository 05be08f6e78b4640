import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { buildTestApp, type TestApp } from '../support/app.js';

describe.each(stores())('account administration, batches and password recovery ($name)', (target) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000', PUBLIC_URL: 'https://ml.example' },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
    await makeUser(t.ctx, 'adm', { role: 'admin' });
    await makeUser(t.ctx, 'taken');
    root = (await login(t.app, 'root')).access_token;
    admin = (await login(t.app, 'adm')).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/common${url}`, headers: bearer(token), payload: payload as object });
  const count = async () => (await t.ctx.metadata.users.list({ pageSize: 1000 })).total;

  const rows = [
    { username: 'n1', email: 'n1@example.com', enterprise: 'A', telephone: '1' },
    { username: 'taken', email: 'x@example.com', enterprise: 'A', telephone: '1' },
    { username: 'n3', email: 'not-an-email', enterprise: '', telephone: '1', role: 'wizard' },
    { username: 'n1', email: 'taken@example.com', enterprise: 'A', telephone: '1', password: 'weak' },
  ];

  it('batch add check reports every bad row (row, field, problem) and writes nothing', async () => {
    const before = await count();
    const res = await post('/users/batch/add/check', root, { rows, locale: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      valid: false,
      rows: 4,
      errors: [
        { row: 2, field: 'username', problem: 'username already exists' },
        { row: 3, field: 'enterprise', problem: 'Please enter enterprise.' },
        { row: 3, field: 'email', problem: 'Email format error.' },
        { row: 3, field: 'role', problem: 'unknown role' },
        {
          row: 4,
          field: 'password',
          problem:
            'The password must have at least 8 characters, including a number, a lowercase letter and an uppercase letter.',
        },
        { row: 4, field: 'username', problem: 'appears more than once in the file' },
        { row: 4, field: 'email', problem: 'email already exists' },
      ],
    });
    const zh = await post('/users/batch/add/check', root, { rows: [rows[1]] });
    expect(zh.json().data.errors[0].problem).toBe('用户名已存在');
    expect(await count()).toBe(before);
  });

  it('a batch add with one bad row writes nothing; a clean one writes all and returns generated passwords', async () => {
    const before = await count();
    const bad = await post('/users/batch/add', root, { rows: [rows[0], rows[1]], locale: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ok: false, code: 'batch_invalid', msg: 'Some rows are invalid; nothing was saved.' });
    expect(await count()).toBe(before);
    const good = await post('/users/batch/add', root, {
      rows: [
        rows[0],
        { username: 'n2', email: 'n2@example.com', enterprise: 'B', telephone: '2', password: 'Given123' },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    const created = good.json().data.created;
    expect(created).toHaveLength(2);
    expect(created[0].password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,10}$/);
    expect(created[1].password).toBeUndefined();
    await login(t.app, 'n1', created[0].password);
    expect(await count()).toBe(before + 2);
  });

  it('batch update checks every row, and one bad row leaves every account unchanged', async () => {
    const update = [
      { username: 'n1', enterprise: 'Changed' },
      { username: 'ghost', enterprise: 'X' },
      { username: 'n2', email: 'n1@example.com' },
    ];
    const check = await post('/users/batch/update/check', root, { rows: update, locale: 'en' });
    expect(check.json().data.errors).toEqual([
      { row: 2, field: 'username', problem: 'the user does not exist' },
      { row: 3, field: 'email', problem: 'email already exists' },
    ]);
    const res = await post('/users/batch/update', root, { rows: update });
    expect(res.statusCode).toBe(400);
    expect((await t.ctx.metadata.users.getByUsername('n1'))!.enterprise).toBe('A');
    const ok = await post('/users/batch/update', root, { rows: [update[0]] });
    expect(ok.json().data).toEqual({ updated: 1 });
    expect((await t.ctx.metadata.users.getByUsername('n1'))!.enterprise).toBe('Changed');
  });

  it('batch operations are root only', async () => {
    expect((await post('/users/batch/add/check', admin, { rows })).statusCode).toBe(403);
  });

  it('single create: required fields, duplicate messages in both languages, admin openings wait for root', async () => {
    const missing = await post('/users', root, {
      username: 'x1',
      email: 'x1@example.com',
      enterprise: 'A',
      telephone: ' ',
      locale: 'en',
    });
    expect(missing.json().msg).toBe('Please enter telephone.');
    const dupe = await post('/users', root, {
      username: 'taken',
      email: 'q@example.com',
      enterprise: 'A',
      telephone: '1',
    });
    expect(dupe.json().msg).toBe('用户名已存在');
    const dupeMail = await post('/users', root, {
      username: 'q',
      email: 'TAKEN@example.com',
      enterprise: 'A',
      telephone: '1',
      locale: 'en',
    });
    expect(dupeMail.json().msg).toBe('email already exists');
    const escalate = await post('/users', admin, {
      username: 'q2',
      email: 'q2@example.com',
      enterprise: 'A',
      telephone: '1',
      role: 'admin',
    });
    expect(escalate.statusCode).toBe(403);
    const opened = await post('/users', admin, {
      username: 'q3',
      email: 'q3@example.com',
      enterprise: 'A',
      telephone: '1',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { user, password } = opened.json().data;
    expect(user.status).toBe('pending');
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'q3', password },
    });
    expect(pending.json().code).toBe('account_pending');
    const apps = await t.app.inject({ url: '/api/common/users/applications?status=pending', headers: bearer(root) });
    const app = apps.json().data.items.find((a: { username: string }) => a.username === 'q3');
    // An admin may not approve their own opening; root may.
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/common/users/application/${app.id}/status`,
        headers: bearer(token),
        payload: { status: 'approved' },
      });
    expect((await put(admin)).statusCode).toBe(403);
    expect((await put(root)).statusCode).toBe(200);
    expect((await put(root)).statusCode).toBe(409);
    await login(t.app, 'q3', password);
    const audit = await t.ctx.metadata.audit.listRecent({ action: 'application.approve' });
    expect(audit[0]).toMatchObject({ username: 'root', outcome: 'success' });
  });

  it('forgot password mails a single-use link through the outbox; the reset works once', async () => {
    const u = await makeUser(t.ctx, 'forgetful');
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { username: 'forgetful', locale: 'en' },
    });
    expect(ask.json().data.message).toBe('If the account exists, a reset link has been sent to its email.');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { username: 'nobody', locale: 'en' },
    });
    expect(unknown.json()).toEqual(ask.json());
    const mails = await t.ctx.metadata.outbox.list(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your MarketLens password');
    const token = /reset_token=([A-Za-z0-9_-]+)/.exec(mails[0]!.body)![1]!;
    expect(mails[0]!.body).toContain('https://ml.example/login?reset_token=');
    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password, locale: 'en' } });
    expect((await reset('weak')).statusCode).toBe(400);
    const done = await reset('Recovered1');
    expect(done.json().data.message).toBe('Password reset. Please sign in with the new password.');
    const reused = await reset('Recovered2');
    expect(reused.json().msg).toBe('The reset link is invalid or has expired.');
    await login(t.app, 'forgetful', 'Recovered1');
  });
});
