import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeUser, PASSWORD } from '../auth/helpers.js';
import { stores } from '../metadata/stores.js';
import { type Caller, caller, data } from '../projects/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';

interface Dates {
  valid_from: string | null;
  valid_to: string | null;
}
type Edited = Dates & { id: number; email: string; enterprise: string; telephone: string };

/**
 * Account validity is two calendar dates in UTC (docs/security.md "Account validity"): the API
 * answers the dates it was given, so a client that sends back what it read — as the edit form does —
 * changes nothing, whatever its own zone; and the dates end at UTC midnight for sign-in.
 */
describe.each(stores())('account validity dates ($name)', (target) => {
  let now = new Date('2031-05-01T08:00:00.000Z');
  let t: TestApp;
  let root: Caller;
  beforeAll(async () => {
    t = await buildTestApp({
      store: target,
      clock: () => now,
      env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' },
    });
    await makeUser(t.ctx, 'root', { role: 'root' });
    root = caller(t.app, (await login(t.app, 'root')).access_token);
  });
  afterAll(() => t.close());

  const open = async (username: string, dates: Dates) =>
    data<{ user: Edited }>(
      await root('POST', '/users', {
        username,
        email: `${username}@example.com`,
        enterprise: 'ACME',
        telephone: '123',
        password: PASSWORD,
        ...dates,
      }),
    ).user;
  const read = async (id: number) => data<{ user: Edited }>(await root('GET', `/users/${id}`)).user;

  it('answers the dates it was given, and a save of what was read leaves them as they were', async () => {
    const dates = { valid_from: '2031-01-01', valid_to: '2031-12-31' };
    const created = await open('round-trip', dates);
    expect(created).toMatchObject(dates);
    for (let save = 0; save < 2; save++) {
      const u = await read(created.id);
      expect(u).toMatchObject(dates);
      const { email, enterprise, telephone, valid_from, valid_to } = u;
      data(await root('PUT', `/users/${u.id}`, { email, enterprise, telephone, valid_from, valid_to }));
    }
    // A save that does not name the dates keeps them.
    data(await root('PUT', `/users/${created.id}`, { telephone: '456' }));
    expect(await read(created.id)).toMatchObject({ ...dates, telephone: '456' });

    // The list and the account's own view (personal centre) show the same dates.
    const list = data<{ items: Edited[] }>(await root('GET', '/users?search=round-trip'));
    expect(list.items.find((u) => u.id === created.id)).toMatchObject(dates);
    const own = caller(t.app, (await login(t.app, 'round-trip')).access_token);
    expect(data<{ user: Dates }>(await own('GET', '/users/me')).user).toMatchObject(dates);

    // null clears one bound, the other stays.
    data(await root('PUT', `/users/${created.id}`, { valid_from: null }));
    expect(await read(created.id)).toMatchObject({ valid_from: null, valid_to: '2031-12-31' });
  });

  it('an account is usable from UTC midnight of its first day to UTC midnight after its last', async () => {
    await open('dated', { valid_from: '2031-05-02', valid_to: '2031-05-03' });
    const signIn = async (at: string) => {
      now = new Date(at);
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'dated', password: PASSWORD },
        })
      ).statusCode;
    };
    // 08:00 on 2 May in Beijing is the first instant of 2 May in UTC.
    expect(await signIn('2031-05-01T23:59:59.999Z')).toBe(409);
    expect(await signIn('2031-05-02T00:00:00.000Z')).toBe(200);
    expect(await signIn('2031-05-03T23:59:59.999Z')).toBe(200);
    expect(await signIn('2031-05-04T00:00:00.000Z')).toBe(409);
  });
});
