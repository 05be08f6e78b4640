import type { FastifyRequest } from 'fastify';

/** A cookie's value when the request carries one of that name matching `shape` (anything else is absent). */
export function readCookie(req: FastifyRequest, name: string, shape: RegExp): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (shape.test(value)) return value;
  }
  return undefined;
}

/**
 * A Set-Cookie value for the server's own cookies: HttpOnly (no script reads it), SameSite=Lax (not
 * sent on cross-site subrequests), Secure on https, and only to the calls under `path`.
 */
export function serverCookie(
  name: string,
  value: string,
  opts: { path: string; maxAgeSeconds: number; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    `Path=${opts.path}`,
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
