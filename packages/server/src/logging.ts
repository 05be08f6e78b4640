import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Query parameters that carry credentials; their values never reach a log line. */
const SECRET_QUERY_PARAMS = ['tk', 'rtk', 'refresh_token', 'access_token', 'token', 'password', 'code', 'state'];

/** Replaces the values of credential-bearing query parameters with '***'. */
export function redactUrlQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_QUERY_PARAMS.includes(name) && eq >= 0 ? `${pair.slice(0, eq)}=***` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * pino settings: authorization headers, cookies, passwords and URL tokens are redacted. Lines go to
 * stdout asynchronously: the synchronous write of each request's line held up the main thread
 * under load. Each line is still written at once, not held back
 * for a batch, and pino flushes what is pending when the process exits.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    stream: pino.destination({ dest: 1, sync: false }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.old_password',
        '*.new_password',
        '*.access_token',
        '*.refresh_token',
        '*.tk',
        '*.rtk',
      ],
      censor: '***',
    },
    serializers: {
      req(req) {
        return {
          method: req.method,
          url: redactUrlQuery(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        };
      },
    },
  };
}
