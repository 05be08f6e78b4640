import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PICTURE_BASE, pictureUrl } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { baseFixture, PNG, tempDir, writeFixture } from './warehouse/fixtures.js';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** A picture the tiny demo data brings (datagen writes one per product). */
function demoPicture(): { id: string; bytes: Buffer } {
  const dir = path.join(inject('tinySourceDir'), 'cn_monthly', 'pictures');
  const file = readdirSync(dir).sort()[0]!;
  return { id: file.replace(/\.svg$/, ''), bytes: readFileSync(path.join(dir, file)) };
}

describe('GET /api/common/pictures/:id', () => {
  let t: TestApp;
  const picture = demoPicture();
  const get = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/${id}`, headers });
  beforeAll(async () => {
    t = await buildTestApp({ withData: true });
  });
  afterAll(() => t.close());

  it('serves the imported picture without a session, cacheable for a year with a strong ETag', async () => {
    const res = await get(picture.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(picture.bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An SVG opened on its own can run nothing and load nothing.
    expect(res.headers['content-security-policy']).toBe(SVG_CSP);
    // The id with its extension is the same picture; the URL the answers carry points here.
    expect((await get(`${picture.id}.svg`)).rawPayload.equals(picture.bytes)).toBe(true);
    expect(pictureUrl(PICTURE_BASE, picture.id)).toBe(`/api/common/pictures/${picture.id}`);
  });

  it('answers 304 to a request that holds the ETag', async () => {
    const { etag } = (await get(picture.id)).headers as { etag: string };
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(picture.id, { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    expect((await get(picture.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // HEAD: the headers without the bytes.
    const head = await t.app.inject({ method: 'HEAD', url: `${PICTURE_BASE}/${picture.id}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe('');
  });

  it('answers an unknown id with 404 in the API error shape and the request’s language', async () => {
    const res = await get('0000000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, code: 404, msg: '没有该 id 的图片' });
    const en = await get('0000000000000000?locale=en_us');
    expect(en.json()).toEqual({ ok: false, code: 404, msg: 'There is no picture with this id.' });
    expect((await get(`${picture.id}?size=2`)).statusCode).toBe(400);
  });

  it('is in the API document: public, tagged, answering picture bytes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/common/pictures/{id}'].get;
    expect(op).toMatchObject({ tags: ['pictures'], security: [] });
    expect(op.summary).toMatch(/picture/);
    expect(Object.keys(op.responses['200'].content)).toEqual(['image/*']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '302', '304']));
  });

  it('never answers with another file: paths, dots and files beside the pictures are refused', async () => {
    const warehouse = inject('tinyWarehouseDir');
    const version = readdirSync(path.join(warehouse, 'cn_monthly')).find((f) => f.endsWith('.duckdb'))!;
    for (const id of [
      '..%2f..%2fcatalog.json',
      `..%2Fcn_monthly%2F${version}`,
      '%2e%2e',
      '.',
      '..',
      '%2Fetc%2Fpasswd',
      `..%5c${picture.id}.svg`,
      `${picture.id}.svg%00.png`,
      'a'.repeat(129),
    ]) {
      // 400 from the id pattern, or 404 where the router already sees another path ('%2e%2e' is '..').
      const res = await get(id);
      expect([400, 404], id).toContain(res.statusCode);
      expect(res.json(), id).toMatchObject({ ok: false, code: res.statusCode });
    }
    // A valid id that names a file of the warehouse, not a picture of a version's folder.
    for (const id of ['catalog.json', version, version.replace(/\.duckdb$/, '')]) {
      expect((await get(id)).statusCode, id).toBe(404);
    }
    const res = await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/../../health` });
    expect(res.headers['content-type']).not.toMatch(/^image\//);
  });
});

describe('pictures with an external file service (PICTURE_BASE_URL)', () => {
  let t: TestApp;
  const picture = demoPicture();
  beforeAll(async () => {
    t = await buildTestApp({ withData: true, env: { PICTURE_BASE_URL: 'https://img.example.com/p/' } });
  });
  afterAll(() => t.close());

  it('redirects ids the datasets do not bring, serves those they do, and lets the page load them', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/abc.jpg` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://img.example.com/p/abc.jpg');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect((await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/${picture.id}` })).statusCode).toBe(200);
    // Invalid ids are refused before any redirect.
    expect((await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/..%2fx` })).statusCode).toBe(400);
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/img\.example\.com;/);
  });
});

describe('a customer dataset with PNG pictures', () => {
  let t: TestApp;
  const root = tempDir('ml-pictures-api-');
  beforeAll(async () => {
    t = await buildTestApp();
    const src = await writeFixture(baseFixture('fx_png'), path.join(root.dir, 'src'), 'csv');
    mkdirSync(path.join(src, 'pictures'));
    writeFileSync(path.join(src, 'pictures', 'img-50001.png'), PNG);
    await t.ctx.warehouse.importDataset(src);
  });
  afterAll(async () => {
    await t.close();
    root.cleanup();
  });

  it('serves them as image/png, without the SVG policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/img-50001` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // The app's own strict policy, not the SVG one.
    expect(res.headers['content-security-policy']).not.toBe(SVG_CSP);
    expect((await t.app.inject({ method: 'GET', url: `${PICTURE_BASE}/img-50001.png` })).statusCode).toBe(200);
  });
});
