import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';

/**
 * Who the client is behind a load balancer (TRUST_PROXY, docs/deployment.md "Behind a load
 * balancer"): only the configured proxies' word counts, so a client cannot choose the address the
 * per-address limits and the audit log go by; and the https-only headers follow the protocol the
 * client used.
 */
const LB = '10.0.0.2';
const STRANGER = '192.0.2.9';
const CLIENT = '203.0.113.7';
const SPOOFED = '198.51.100.1';

const whoAmI = (app: FastifyInstance) =>
  app.get('/api/test/who', async (req) => ({ ip: req.ip, protocol: req.protocol }));

async function proxied(t: TestApp, from: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: '/api/test/who', remoteAddress: from, headers });
  return res.json() as { ip: string; protocol: string };
}

const headersOf = async (t: TestApp, from: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ url: '/api/health', remoteAddress: from, headers })).headers;

describe.each([
  ['a hop count', '1'],
  ['a list of networks', '10.0.0.0/8, fd00::/8'],
])('behind one trusted proxy given as %s', (_name, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: trust, RATE_LIMIT_PER_IP: '2' }, routes: whoAmI });
  });
  afterAll(() => t.close());

  it("takes the proxy's own entry, the last of X-Forwarded-For, as the client; what the client wrote before it is ignored", async () => {
    expect(await proxied(t, LB, { 'x-forwarded-for': `${SPOOFED}, ${CLIENT}` })).toEqual({
      ip: CLIENT,
      protocol: 'http',
    });
    expect((await proxied(t, LB)).ip).toBe(LB);
  });

  it('limits sign-ins per client however the client varies what it forwards, and audits its address', async () => {
    const statuses = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: LB,
        headers: { 'x-forwarded-for': `${spoofed}, ${CLIENT}` },
        payload: { username: 'nobody', password: 'Wrong-pass1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const [failure] = await t.ctx.metadata.audit.listRecent({ action: 'auth.login', outcome: 'failure', limit: 1 });
    expect(failure?.ip).toBe(CLIENT);
  });

  it('sends upgrade-insecure-requests and HSTS only when the proxy says the client came over https', async () => {
    const overHttps = await headersOf(t, LB, { 'x-forwarded-proto': 'https', 'x-forwarded-for': CLIENT });
    expect(String(overHttps['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(overHttps['strict-transport-security']).toContain('max-age=');
    const overHttp = await headersOf(t, LB, { 'x-forwarded-proto': 'http', 'x-forwarded-for': CLIENT });
    expect(String(overHttp['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(overHttp['strict-transport-security']).toBeUndefined();
  });
});

describe('behind proxies at trusted networks, reached by someone else', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' }, routes: whoAmI });
  });
  afterAll(() => t.close());

  it('ignores the forwarded headers of a peer outside them: its own address, its own protocol', async () => {
    const headers = { 'x-forwarded-for': CLIENT, 'x-forwarded-proto': 'https' };
    expect(await proxied(t, STRANGER, headers)).toEqual({ ip: STRANGER, protocol: 'http' });
    const sent = await headersOf(t, STRANGER, headers);
    expect(String(sent['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('walks back through every trusted proxy to the first address outside them', async () => {
    expect((await proxied(t, LB, { 'x-forwarded-for': `${SPOOFED}, ${CLIENT}, 10.1.2.3` })).ip).toBe(CLIENT);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ routes: whoAmI });
  });
  afterAll(() => t.close());

  it('the peer is the client and plain http gets no https-only headers, whatever the request claims', async () => {
    const headers = { 'x-forwarded-for': CLIENT, 'x-forwarded-proto': 'https' };
    expect(await proxied(t, LB, headers)).toEqual({ ip: LB, protocol: 'http' });
    const sent = await headersOf(t, LB, headers);
    const csp = String(sent['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(sent['strict-transport-security']).toBeUndefined();
  });
});
