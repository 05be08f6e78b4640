import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrlQuery } from '../src/logging.js';

describe('log redaction', () => {
  it.each([
    ['/login?tk=abc.def&rtk=xyz&locale=en', '/login?tk=***&rtk=***&locale=en'],
    ['/api/auth/refresh?refresh_token=r1', '/api/auth/refresh?refresh_token=***'],
    ['/api/health', '/api/health'],
    ['/cb?code=c&state=s', '/cb?code=***&state=***'],
  ])('%s → %s', (url, expected) => expect(redactUrlQuery(url)).toBe(expected));

  it('never writes tokens, authorization headers or passwords to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const opts = loggerOptions('info') as Record<string, unknown>;
    const app = Fastify({ logger: { ...opts, stream } });
    app.post('/echo', async (req) => {
      req.log.info({ body: req.body }, 'got body');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/echo?tk=SECRET-TK&rtk=SECRET-RTK',
      headers: { authorization: 'Bearer SECRET-JWT' },
      payload: { username: 'u', password: 'SECRET-PW' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/echo?tk=***&rtk=***');
    for (const secret of ['SECRET-TK', 'SECRET-RTK', 'SECRET-JWT', 'SECRET-PW']) expect(log).not.toContain(secret);
  });
});
