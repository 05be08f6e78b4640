import { createTrackId } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingRepository } from '../src/metadata/repositories/tracking.js';
import { bearer, login, makeUser } from './auth/helpers.js';
import { buildTestApp, type TestApp } from './support/app.js';

describe('POST /api/logs/logs (spec §7 tracking)', () => {
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

  it('needs a sign-in and rejects malformed track ids, times and unknown fields', async () => {
    const good = { track_id: '1234567812345678' };
    expect((await send(good, {})).statusCode).toBe(401);
    expect((await send({ track_id: '12ab' })).statusCode).toBe(400);
    expect((await send({ ...good, event_start: '2024-02-30 10:00:00' })).statusCode).toBe(400);
    expect((await send({ ...good, event_end: 'yesterday' })).statusCode).toBe(400);
    expect((await send({ ...good, password: 'x' })).statusCode).toBe(400);
  });
});
