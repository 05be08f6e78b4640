import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOpenApi30 } from '../src/openapi/schema30.js';
import { buildTestApp, type TestApp } from './support/app.js';

type Operation = { summary?: string; tags?: string[]; security?: unknown[] };
interface Document {
  openapi: string;
  tags: { name: string }[];
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document and reference page', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.0 document (the standard validator accepts it)', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(operations(doc).length).toBeGreaterThan(150);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('gives every operation an English summary and a declared tag', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name));
    for (const { name, op } of operations(doc)) {
      expect(op.summary, name).toMatch(/^[A-Z][\x20-\x7e]{8,}$/);
      expect(op.tags?.length, name).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declared.has(tag), `${name}: tag ${tag}`).toBe(true);
    }
    const summaries = operations(doc).map(({ op }) => op.summary);
    expect(new Set(summaries).size, 'summaries are told apart').toBeGreaterThan(summaries.length * 0.95);
  });

  it('marks public operations as needing no token, every other one the bearer token', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    expect(doc.paths['/api/common/users']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/common/summary']!.post!.security).toBeUndefined();
  });

  it('documents a date range as an array of exactly two days', () => {
    const body = doc.paths['/api/common/summary']!.post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(body.requestBody.content['application/json']!.schema.properties.date).toEqual({
      type: 'array',
      items: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      minItems: 2,
      maxItems: 2,
    });
  });

  it('serves /api/docs as a page whose scripts and styles come from the app, allowed by its CSP', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    const html = res.body;
    // No inline script: every <script> loads a file ('self'), and no event handler attributes.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const refs = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    const page = new URL('http://app.test/api/docs');
    for (const ref of refs) {
      const url = new URL(ref, page);
      expect(url.origin, ref).toBe(page.origin);
      const asset = await t.app.inject(url.pathname);
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.body.length, ref).toBeGreaterThan(100);
      const type = String(asset.headers['content-type']);
      if (ref.endsWith('.js')) expect(type, ref).toMatch(/javascript/);
      if (ref.endsWith('.css')) expect(type, ref).toMatch(/^text\/css/);
    }
    // The page's script points the viewer at the document, relative to the page.
    const init = await t.app.inject(new URL('docs/init.js', page).pathname);
    const documentUrl = /url: '([^']+)'/.exec(init.body)?.[1];
    expect(new URL(documentUrl!, page).pathname).toBe('/api/openapi.json');
    expect(init.body).toContain('validatorUrl: null');
  });

  it('serves only the viewer files the page loads, nothing else of the package', async () => {
    for (const other of ['index.html', 'swagger-initializer.js', 'package.json', '../../package.json']) {
      const res = await t.app.inject(`/api/docs/assets/${other}`);
      expect(res.statusCode, other).toBe(404);
    }
  });

  it('sends a client that asks /api/docs for JSON on to /api/openapi.json', async () => {
    const res = await t.app.inject({ url: '/api/docs', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(308);
    expect(new URL(String(res.headers.location), 'http://app.test/api/docs').pathname).toBe('/api/openapi.json');
  });
});

describe('JSON Schema → OpenAPI 3.0 schemas', () => {
  it('turns a tuple into one items schema with its length', () => {
    const day = { type: 'string', format: 'date' };
    expect(toOpenApi30({ type: 'array', items: [day, day], additionalItems: false, minItems: 2 })).toEqual({
      type: 'array',
      items: day,
      minItems: 2,
      maxItems: 2,
    });
    expect(toOpenApi30({ prefixItems: [{ type: 'integer' }, { type: 'string' }] })).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      minItems: 2,
      maxItems: 2,
    });
  });

  it('converts tuples at any depth and leaves the input as it was', () => {
    const pair = { type: 'array', items: [{ type: 'number' }, { type: 'number' }] };
    const input = { type: 'object', properties: { bands: { type: 'array', items: pair } } };
    const before = structuredClone(input);
    expect(toOpenApi30(input)).toEqual({
      type: 'object',
      properties: {
        bands: { type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } },
      },
    });
    expect(input).toEqual(before);
  });

  it('merges a union of string literals into one enum, and leaves mixed unions alone', () => {
    const lit = (v: string) => ({ type: 'string', enum: [v] });
    expect(toOpenApi30({ anyOf: [lit('ok'), lit('degraded')] })).toEqual({ type: 'string', enum: ['ok', 'degraded'] });
    const mixed = { anyOf: [lit('a'), { type: 'integer', enum: [1] }] };
    expect(toOpenApi30(mixed)).toEqual(mixed);
  });
});
