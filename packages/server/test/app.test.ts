import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../src/errors.js';
import { buildTestApp, type TestApp } from './support/app.js';

describe('app: envelope, errors and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Routes that exist only in this test, to exercise the error mapping.
    t = await buildTestApp({
      routes(app) {
        app.get('/api/test/app-error', async () => {
          throw badRequest('server.usernameExists');
        });
        app.get('/api/test/crash', async () => {
          throw new Error('database password is hunter2');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('GET /api/health reports both stores and the version', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: {
        status: 'ok',
        version: 'test',
        metadata: { ok: true, dialect: 'sqlite' },
        warehouse: { ok: true, engine: 'duckdb', datasets: [] },
      },
    });
  });

  it('answers unknown API paths with the 404 envelope in the request locale', async () => {
    const zh = await t.app.inject('/api/nothing/here');
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ ok: false, code: 404, msg: '资源不存在' });
    const en = await t.app.inject('/api/nothing/here?locale=en');
    expect(en.json()).toEqual({ ok: false, code: 404, msg: 'not found' });
  });

  it('rejects unknown query fields instead of dropping them', async () => {
    const res = await t.app.inject('/api/health?locale=en_us&surprise=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, code: 400, msg: 'invalid argument: querystring.surprise' });
  });

  it('maps an AppError to its status and translated message', async () => {
    const res = await t.app.inject('/api/test/app-error?locale=en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, code: 400, msg: 'username already exists' });
    const zh = await t.app.inject('/api/test/app-error');
    expect(zh.json().msg).toBe('用户名已存在');
  });

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    const res = await t.app.inject('/api/test/crash?locale=en');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ok: false, code: 500, msg: expect.stringContaining('Something went wrong') });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
  });

  it("answers a body the JSON parser refuses in the query's language", async () => {
    // Found by the bad-input fuzz (test/fuzz): the parser fails before validation, where the locale was read.
    for (const payload of ['{bad json', '{"__proto__": {"polluted": true}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/health?locale=en_us',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, code: 400, msg: 'invalid argument' });
    }
  });

  it('answers what the router refuses (an over-long path parameter) with the 400 envelope in the query language', async () => {
    // Found by the bad-input fuzz: Fastify answered 414 with its own body and internal error code.
    const res = await t.app.inject(`/api/common/raw/second_categories/${'1'.repeat(5000)}?locale=en_us`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, code: 400, msg: 'invalid argument' });
  });

  it('sends a strict Content-Security-Policy with the configured frame ancestors', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /api/openapi.json', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});

describe('app: serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'marketlens-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the web build writes them (packages/web/build/precompress.ts).
    const big = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), big);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.map'), '{"version":3,"sources":[]}');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist, FRAME_ANCESTORS: "'self' https://portal.example.com" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes (history mode), never cached', async () => {
    for (const url of ['/', '/brand', '/projects/3/info?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends an asset's precompressed file in the best encoding the browser accepts", async () => {
    const br = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('word399');
    const gz = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject('/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('word399');
  });

  it("answers a browser's revalidation of an asset with 304 and no body", async () => {
    const first = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.vary).toBe('Accept-Encoding');
    const again = await t.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another file's tag does not match.
    const other = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe('console.log(1)');
  });

  it('serves source maps and HEAD requests of assets', async () => {
    const map = await t.app.inject('/assets/big-def456.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.json().version).toBe(3);
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('javascript');
  });

  it('answers a build file that is not there with 404, not the app page', async () => {
    const res = await t.app.inject('/assets/app-000000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('does not answer API paths or non-GET requests with the web app', async () => {
    expect((await t.app.inject('/api/unknown')).json().code).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/brand' })).statusCode).toBe(404);
  });

  it('lets the configured parent portal embed the app', async () => {
    const res = await t.app.inject('/');
    expect(String(res.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://portal.example.com",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('app on the tiny demo warehouse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ withData: true });
  });
  afterAll(() => t.close());

  it('reports the three imported demo datasets as healthy', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.warehouse.datasets.sort()).toEqual(['cn_monthly', 'cn_weekly', 'global_monthly']);
    const cn = t.ctx.warehouse.datasets().find((d) => d.manifest.name === 'cn_monthly');
    expect(cn?.manifest.date_field).toBe('month');
    expect(cn?.rows.fact_sales).toBeGreaterThan(10_000);
  });
});
