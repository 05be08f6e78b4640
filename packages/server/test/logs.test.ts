import { createTrackId } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingRepository } from '../src/metadata/repositories/tracking.js';
import { TRACKING_PARAMS_MAX_CHARS } from '../src/routes/logs.js';
import { bearer, login, makeUser } from './auth/helpers.js';
import { buildTestApp, type TestApp } from './support/app.js';

describe('POST /api/logs/logs (docs/product.md §7 tracking)', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_USERNAME: '1000' } });
    userId = (await makeUser(t.ctx, 'tracked', { role: 'general' })).id;
    token = (await login(t.app, 'tracked')).access_token;
  });
  afterAll(() => t.close());

  const send = (payload: object, headers: Record<string, string> = bearer(token)) =>
    t.app.inject({ method: 'POST', url: '/api/logs/logs', headers, payload });

  it('stores the event for the signed-in user and answers with the track id only', async () => {
    const trackId = createTrackId('tracked|/hot', Date.UTC(2024, 0, 2, 3, 4, 5));
    const res = await send({
      placement: 'web',
      route: 'Hot',
      track_id: trackId,
      last_track_id: '',
      event_start: '2024-01-02 11:04:05',
      event_end: '2024-01-02 11:04:06',
      full_url: 'https://ml.example/hot?tk=secret&x=1',
      response_status: 200,
      request_params: { data: { date: '2024-01-01' } },
      type: 'route',
      method: 'GET',
      credentials: 'same-origin',
      tz_offset: 480,
      locale: 'en_us',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { track_id: trackId } });
    const repo = new TrackingRepository({ db: t.ctx.metadata.db, dialect: t.ctx.metadata.dialect, now: () => '' });
    const [event] = await repo.listForUser(userId);
    expect(event).toMatchObject({
      trackId,
      route: 'Hot',
      placement: 'web',
      eventStart: '2024-01-02T03:04:05.000Z',
      eventEnd: '2024-01-02T03:04:06.000Z',
      responseStatus: 200,
      requestParams: { data: { date: '2024-01-01' } },
    });
    // Tokens in the reported address are never stored.
    expect(event!.fullUrl).toBe('https://ml.example/hot?tk=[redacted]&x=1');
  });

  const latest = async () => {
    const repo = new TrackingRepository({ db: t.ctx.metadata.db, dialect: t.ctx.metadata.dialect, now: () => '' });
    return (await repo.listForUser(userId))[0]!;
  };
  let n = 0;
  const event = (request_params: unknown) => ({
    track_id: createTrackId(`tracked|${n++}`, Date.now()),
    route: 'Discover',
    request_params,
    locale: 'en_us',
  });

  it.each(['/api/logs/logs', '/api/common/logs'])(
    '%s: records an API call, a download or a failure with its real status, method, type and credentials',
    async (url) => {
      const calls = [
        { type: 'api', method: 'POST', response_status: 500, credentials: 'include', full_url: '/api/common/summary' },
        {
          type: 'download',
          method: 'POST',
          response_status: 200,
          credentials: 'same-origin',
          full_url: '/api/common/top/downloads',
        },
        // No answer at all (the network failed): status 0.
        {
          type: 'api',
          method: 'GET',
          response_status: 0,
          credentials: 'same-origin',
          full_url: '/api/common/brands?q=a',
        },
      ];
      for (const call of calls) {
        const trackId = createTrackId(`tracked|${url}|${call.full_url}`, Date.now());
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          // docs/product.md §7 'kk' hours: 24 is midnight of that date, written by moment-style clients.
          payload: { ...call, track_id: trackId, route: 'Discover', event_start: '2024-01-02 24:00:05', tz_offset: 0 },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ ok: true, data: { track_id: trackId } });
        expect(await latest()).toMatchObject({
          trackId,
          type: call.type,
          method: call.method,
          responseStatus: call.response_status,
          credentials: call.credentials,
          fullUrl: call.full_url,
          eventStart: '2024-01-02T00:00:05.000Z',
        });
      }
    },
  );

  it("stores the page's filters and url, without any field named like a secret at any depth", async () => {
    const filters = {
      date: ['2025-01-01', '2025-06-01'],
      category: { enable: true, value: [101] },
      goodsKeywords: { enable: true, input_type: 'super', value: '"口红" and not "小样"' },
      nested: [{ access_token: 'a', deeper: { Password: 'b', clientSecret: 'c', Authorization: 'Bearer d', keep: 1 } }],
      refreshToken: 'e',
    };
    const res = await send(event({ data: filters, url: '/discover?t=2025-01-01,2025-06-01&tk=secret1' }));
    expect(res.statusCode, res.body).toBe(200);
    const { requestParams } = await latest();
    expect(requestParams).toEqual({
      data: {
        date: ['2025-01-01', '2025-06-01'],
        category: { enable: true, value: [101] },
        goodsKeywords: { enable: true, input_type: 'super', value: '"口红" and not "小样"' },
        nested: [{ deeper: { keep: 1 } }],
      },
      url: '/discover?t=2025-01-01,2025-06-01&tk=[redacted]',
    });
    expect(JSON.stringify(requestParams)).not.toMatch(/secret1|Bearer|"[abce]"/);
  });

  it('keeps null values of a tracked call, as the call sent them (an account without validity dates)', async () => {
    const data = { username: 'newbie', valid_from: null, valid_to: null, nested: [null, { a: null }] };
    const res = await send(event({ data, url: '/accounts/create' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await latest()).requestParams).toEqual({ data, url: '/accounts/create' });
  });

  it(`refuses request_params over ${TRACKING_PARAMS_MAX_CHARS} characters or nested too deep, with a message`, async () => {
    // The cap counts what is stored: secrets dropped first.
    const fits = 'x'.repeat(TRACKING_PARAMS_MAX_CHARS - 100);
    expect((await send(event({ data: { sql: fits, token: 'y'.repeat(5000) } }))).statusCode).toBe(200);
    expect((await latest()).requestParams).toEqual({ data: { sql: fits } });
    const tooLarge = await send(event({ data: { sql: 'x'.repeat(TRACKING_PARAMS_MAX_CHARS) } }));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ ok: false, code: 400, msg: 'The request is too large.' });
    // Nesting deep enough to overflow a recursive JSON.stringify is a 400 too, never a 500.
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/logs/logs?locale=en_us',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"track_id":"1234567812345678","request_params":{"data":${deep}}}`,
    });
    expect(nested.statusCode, nested.body).toBe(400);
    expect(nested.json().msg).toMatch(/invalid argument/);
  });

  it('needs a sign-in and rejects malformed track ids, times and unknown fields', async () => {
    const good = { track_id: '1234567812345678' };
    expect((await send(good, {})).statusCode).toBe(401);
    expect((await send({ track_id: '12ab' })).statusCode).toBe(400);
    expect((await send({ ...good, event_start: '2024-02-30 10:00:00' })).statusCode).toBe(400);
    expect((await send({ ...good, event_end: 'yesterday' })).statusCode).toBe(400);
    expect((await send({ ...good, password: 'x' })).statusCode).toBe(400);
  });
});
