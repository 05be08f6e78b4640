/**
 * The fuzz targets and their properties (docs/api.md "Bad input"), one definition for the seeded test
 * slice (fuzz.test.ts) and the bench (bench/fuzz.mjs):
 * - super query: the parser returns a result (never throws), in bounded time; an accepted query
 *   prints and parses back to the same tree and compiles with one bound parameter per keyword;
 * - custom SQL: the parser answers a tree or a 400 AppError with a `customSql.*` message in both
 *   languages; an accepted tree names only allow-listed columns, and the SQL compiled from it names
 *   only the warehouse columns the compiler may read, with every user value bound;
 * - endpoints: every endpoint of the shared tables answers 200, or 400 with a catalogue message in
 *   the request's language (403/404, same message rule, for ids outside the data). Never a 500.
 */

import { buildMarket } from '@marketlens/datagen';
import {
  compileSuperQuery,
  type Locale,
  MESSAGES,
  PAGE_ID,
  parseSuperQuery,
  printSuperQuery,
  superQueryKeywords,
  translate,
} from '@marketlens/shared';
import * as contracts from '@marketlens/shared/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { parseCustomSql, type SqlParser } from '../../src/analytics/engine/custom-sql.js';
import { compileCustomSql } from '../../src/analytics/engine/filters.js';
import type { CustomSqlNode } from '../../src/analytics/engine/model.js';
import type { AppContext } from '../../src/context.js';
import { AppError } from '../../src/errors.js';
import { ParamList } from '../../src/warehouse/dialect.js';
import { duckdbDialect } from '../../src/warehouse/duckdb/dialect.js';
import { login, makeUser } from '../auth/helpers.js';
import { bodyFor, defaultHints, type JsonSchema, type KnownIds } from './arbitraries.js';

/** A broken property: thrown by a check, reported with the input by the runner. */
export class FuzzFailure extends Error {}
const fail = (message: string): never => {
  throw new FuzzFailure(message);
};

// ---------------------------------------------------------------------------------------------
// Super query

/** Checks one super-query text; throws FuzzFailure when a property breaks. */
export function checkSuperQuery(text: string): 'accepted' | 'refused' {
  const result = parseSuperQuery(text); // a throw here is itself the failure
  if (!result.ok) {
    if (result.error.key !== 'superQuery.invalidFormat') fail(`unknown error key ${result.error.key}`);
    const { position } = result.error;
    if (!Number.isInteger(position) || position < 0 || position > Math.max(text.length, 1000)) {
      fail(`error position ${position} outside the text`);
    }
    return 'refused';
  }
  const again = parseSuperQuery(printSuperQuery(result.ast));
  if (!again.ok || JSON.stringify(again.ast) !== JSON.stringify(result.ast)) fail('print → parse changed the tree');
  const compiled = compileSuperQuery(result.ast, 'title', (i) => `$${i + 1}`);
  if (compiled.params.length !== superQueryKeywords(result.ast).length) fail('a keyword was not bound');
  for (const keyword of superQueryKeywords(result.ast)) {
    if (keyword.length > 2 && compiled.sql.includes(keyword))
      fail(`keyword ${JSON.stringify(keyword)} pasted into SQL`);
  }
  return 'accepted';
}

// ---------------------------------------------------------------------------------------------
// Custom SQL

/**
 * What SQL compiled from a custom clause may name (filters.ts): the fact alias's id columns and the
 * dimension tables' name/id columns — never a sales figure, a metadata table or anything the user typed.
 */
export const COMPILED_COLUMNS: ReadonlySet<string> = new Set([
  'category_id',
  'level',
  'parent_id',
  'name_zh',
  'name_en',
  'brand_id',
  'shop_id',
  'platform_id',
  'code',
  'shop_type',
  'sku_id',
  'series',
  'title_zh',
  'title_en',
  'price',
  'attr_name',
  'value_zh',
  'value_en',
]);
export const COMPILED_TABLES: ReadonlySet<string> = new Set([
  'fact',
  'dim_category',
  'dim_brand',
  'dim_shop',
  'dim_platform',
  'dim_sku',
  'sku_attribute',
]);

const CATALOGUE_KEYS = new Set(Object.keys(MESSAGES.en));

/** Every key the message names exists and reads as a sentence (no key, no `{placeholder}`) in both languages. */
function checkTranslated(key: string, params: Record<string, string | number>): void {
  if (!CATALOGUE_KEYS.has(key)) fail(`message key ${key} is not in the catalogue`);
  for (const locale of ['en', 'zh-CN'] as Locale[]) {
    const text = translate(locale, key, params);
    if (text === key || text.trim() === '' || /\{\w+\}/.test(text)) fail(`untranslated ${locale} message: ${text}`);
  }
}

function treeColumns(node: CustomSqlNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.flatMap(treeColumns);
    case 'not':
      return treeColumns(node.child);
    default:
      return [node.column];
  }
}

function treeValues(node: CustomSqlNode): (string | number)[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.flatMap(treeValues);
    case 'not':
      return treeValues(node.child);
    case 'compare':
      return [node.value];
    case 'in':
      return [...node.values];
    case 'between':
      return [node.low, node.high];
    case 'like':
      return [node.pattern];
    case 'null':
      return [];
  }
}

/** Column and table names and constants of DuckDB's JSON syntax tree. */
function namesIn(tree: unknown, out: { columns: string[]; tables: string[]; constants: unknown[] }) {
  if (Array.isArray(tree)) for (const t of tree) namesIn(t, out);
  else if (tree && typeof tree === 'object') {
    const node = tree as Record<string, unknown>;
    if (node.class === 'COLUMN_REF') out.columns.push((node.column_names as string[]).at(-1)!);
    if (node.type === 'BASE_TABLE') out.tables.push(String(node.table_name));
    if (node.class === 'CONSTANT') out.constants.push((node.value as { value: unknown }).value);
    for (const v of Object.values(node)) namesIn(v, out);
  }
  return out;
}

/**
 * Checks one custom-SQL text; throws FuzzFailure when a property breaks. `columns` is the dataset's
 * allow-list (customSqlColumns).
 */
export async function checkCustomSql(
  parser: SqlParser,
  text: string,
  columns: Parameters<typeof parseCustomSql>[2],
): Promise<'accepted' | 'refused'> {
  let tree: CustomSqlNode;
  try {
    tree = await parseCustomSql(parser, text, columns);
  } catch (e) {
    if (!(e instanceof AppError)) return fail(`threw ${e instanceof Error ? e.stack : String(e)}`);
    if (e.status !== 400 || !e.messageKey.startsWith('customSql.')) fail(`refused with ${e.status} ${e.messageKey}`);
    checkTranslated(e.messageKey, e.params);
    return 'refused';
  }
  for (const c of treeColumns(tree)) if (!columns.has(c)) fail(`tree names ${c}, not allow-listed`);
  // Re-emit the tree as the engine would and read the SQL back with the same real parser.
  const params = new ParamList(duckdbDialect);
  const scope = { dialect: duckdbDialect, params, tables: (t: string) => t, alias: 'f', customColumns: columns };
  const sql = compileCustomSql(tree, scope);
  const parsed = await parser.parse(`SELECT * FROM fact AS f WHERE ${sql}`);
  if (parsed.error) fail(`compiled SQL does not parse: ${sql}`);
  const names = namesIn(parsed.statements, { columns: [], tables: [], constants: [] });
  for (const c of names.columns) if (!COMPILED_COLUMNS.has(c)) fail(`compiled SQL names column ${c}`);
  for (const t of names.tables) if (!COMPILED_TABLES.has(t)) fail(`compiled SQL names table ${t}`);
  // Only the compiler's own level numbers are literals: every user value travels as a parameter.
  for (const k of names.constants) {
    if (typeof k !== 'boolean' && !(typeof k === 'number' && k >= 1 && k <= 3)) fail(`literal ${String(k)} in SQL`);
  }
  const bound = new Set(params.values.map((v) => JSON.stringify(v)));
  for (const v of treeValues(tree)) if (!bound.has(JSON.stringify(v))) fail(`value ${String(v)} not bound`);
  return 'accepted';
}

// ---------------------------------------------------------------------------------------------
// Endpoints

export interface FuzzEndpoint {
  /** `<TABLE>.<key>`, e.g. `INSIGHT_ENDPOINTS.summary`. */
  name: string;
  method: contracts.HttpMethod;
  path: string;
  body: JsonSchema;
  params?: JsonSchema;
}

/**
 * Every analysis endpoint and every administration read of the shared contracts' tables, with its
 * request schema (no hand list). The administration writes are left out: a valid body of "delete
 * project" or "disable account" would take away the project and accounts the rest of the run
 * needs; their bad input is covered by their own route tests.
 */
export function allEndpoints(): FuzzEndpoint[] {
  const table = contracts as unknown as Record<string, Record<string, contracts.Endpoint>>;
  const schemas = contracts as unknown as Record<string, Record<string, contracts.EndpointSchemas>>;
  const out: FuzzEndpoint[] = [];
  for (const name of Object.keys(contracts).filter((n) => n.endsWith('_ENDPOINTS'))) {
    const schemaTable = schemas[name.replace(/_ENDPOINTS$/, '_SCHEMAS')];
    if (!schemaTable) throw new Error(`${name} has no schema table`);
    for (const [key, e] of Object.entries(table[name]!)) {
      // The analysis tables name the pages an entry serves; the administration tables do not.
      const administrationWrite = (e as { pages?: unknown }).pages === undefined && e.method !== 'GET';
      if (administrationWrite) continue;
      const s = schemaTable[key];
      if (!s) throw new Error(`${name}.${key} has no schemas`);
      out.push({
        name: `${name}.${key}`,
        method: e.method,
        path: e.path,
        body: s.body as JsonSchema,
        ...(s.params ? { params: s.params as JsonSchema } : {}),
      });
    }
  }
  return out;
}

/** A pattern per catalogue message: the template with every `{placeholder}` as any text. */
function templates(locale: Locale): RegExp[] {
  return Object.values(MESSAGES[locale]).map(
    (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[\\s\\S]*')}$`),
  );
}
const TEMPLATES = { en_us: templates('en'), zh_cn: templates('zh-CN') };

export interface FuzzRequest {
  method: contracts.HttpMethod;
  url: string;
  payload?: unknown;
  locale: 'en_us' | 'zh_cn';
}

/** The request for a generated body (a GET sends it as the query) and path parameters. */
export function requestFor(
  e: FuzzEndpoint,
  body: unknown,
  params: Record<string, unknown>,
  locale: 'en_us' | 'zh_cn',
): FuzzRequest {
  let path = `/api/common${e.path}`.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
  if (path.endsWith('/')) path += 'x';
  if (e.method !== 'GET') return { method: e.method, url: `${path}?locale=${locale}`, payload: body, locale };
  const query = new URLSearchParams();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body)) {
      if (k === 'locale') continue;
      for (const item of Array.isArray(v) ? v : [v]) {
        query.append(k, item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item));
      }
    }
  }
  query.set('locale', locale);
  return { method: 'GET', url: `${path}?${query}`, locale };
}

/** Requests for one endpoint: generated (and mutated) bodies and path parameters, in either language. */
export function endpointRequests(
  e: FuzzEndpoint,
  dataScopeId: number,
  customSqlColumns: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const hint = defaultHints(dataScopeId, customSqlColumns, TINY_IDS);
  return fc
    .tuple(
      bodyFor(e.body, hint),
      e.params ? bodyFor(e.params, hint) : fc.constant({}),
      fc.constantFrom('en_us' as const, 'zh_cn' as const),
    )
    .map(([body, params, locale]) => requestFor(e, body, params as Record<string, unknown>, locale));
}

/** The ids of the tiny demo market (seed 7, as the test run and the bench import it). */
const TINY_IDS: KnownIds = (() => {
  const { dims } = buildMarket({ scale: 'tiny', seed: 7, asOf: '2026-11-01', dataset: 'cn_monthly' });
  return {
    categories: dims.dim_category.map((c) => c.category_id),
    brands: dims.dim_brand.map((b) => b.brand_id),
    shops: dims.dim_shop.map((s) => `${s.platform_id},${s.shop_id}`),
    shopIds: dims.dim_shop.map((s) => s.shop_id),
    skus: dims.dim_sku.slice(0, 100).map((s) => s.sku_id),
    platforms: dims.dim_platform.map((p) => p.platform_id),
    attributes: dims.dim_attribute.map((a) => a.attr_name),
  };
})();

/**
 * The project the endpoint fuzz runs in: every analysis page, the tiny market's categories, and a
 * root user (so refusals come from validation, not from access rules). Returns its id and a token.
 */
export async function fuzzProject(ctx: AppContext, app: FastifyInstance): Promise<{ project: number; token: string }> {
  const root = await makeUser(ctx, 'fuzz_root', { role: 'root' });
  const pages = Object.values(PAGE_ID);
  const project = (await ctx.metadata.projects.create({ name: 'fuzz', dataset: 'cn_monthly', ownerId: root.id, pages }))
    .id;
  await ctx.metadata.projectCategories.add(project, [1, 4, 101], 'ready');
  return { project, token: (await login(app, 'fuzz_root')).access_token };
}

/** Sends one request and checks the answer; throws FuzzFailure when a property breaks. */
export async function checkEndpoint(app: FastifyInstance, token: string, r: FuzzRequest): Promise<number> {
  const res = await app.inject({
    method: r.method,
    url: r.url,
    headers: { authorization: `Bearer ${token}` },
    ...(r.payload !== undefined ? { payload: JSON.stringify(r.payload) } : {}),
    ...(r.payload !== undefined
      ? { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }
      : {}),
  });
  // Besides 400: 404 for a well-formed id of nothing (brand_id 999999), 403 for ids outside the
  // user's data or another data scope — refusals about the data, with a catalogue message too.
  const allowed = [200, 400, 403, 404];
  const status = res.statusCode;
  if (!allowed.includes(status)) fail(`answered ${status}: ${res.body.slice(0, 300)}`);
  if (status === 200) return status;
  const body = res.json() as { ok?: boolean; msg?: unknown };
  if (body.ok !== false || typeof body.msg !== 'string')
    fail(`${status} without the error envelope: ${res.body.slice(0, 300)}`);
  const msg = body.msg as string;
  if (!TEMPLATES[r.locale].some((t) => t.test(msg)))
    fail(`${status} message not from the ${r.locale} catalogue: ${msg}`);
  return status;
}

// ---------------------------------------------------------------------------------------------
// Runner

export interface TargetReport {
  target: string;
  runs: number;
  /** The first failures (input and what broke); `failed` counts them all. */
  failures: { input: unknown; error: string }[];
  failed: number;
  /** What the checks answered (status codes, accepted/refused), counted. */
  outcomes: Record<string, number>;
  slowest: { ms: number; input: unknown };
  totalMs: number;
}

/**
 * Runs `check` on `runs` inputs of `arb` drawn with `seed` (the same inputs every time), in chunks so
 * a long run never holds them all. A check that throws, or takes longer than `limitMs`, is a failure.
 */
export async function runTarget<T>(
  target: string,
  arb: fc.Arbitrary<T>,
  check: (input: T) => unknown,
  opts: { runs: number; seed: number; limitMs: number },
): Promise<TargetReport> {
  const report: TargetReport = {
    target,
    runs: 0,
    failures: [],
    failed: 0,
    outcomes: {},
    slowest: { ms: 0, input: null },
    totalMs: 0,
  };
  const CHUNK = 500;
  for (let done = 0; done < opts.runs; done += CHUNK) {
    const inputs = fc.sample(arb, { seed: opts.seed + done, numRuns: Math.min(CHUNK, opts.runs - done) });
    for (const input of inputs) {
      const start = performance.now();
      let error: string | undefined;
      try {
        const outcome = String(await check(input));
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      } catch (e) {
        error = e instanceof FuzzFailure ? e.message : `threw ${e instanceof Error ? e.stack : String(e)}`;
      }
      const ms = performance.now() - start;
      if (error === undefined && ms > opts.limitMs) error = `took ${Math.round(ms)} ms (limit ${opts.limitMs} ms)`;
      report.runs++;
      report.totalMs += ms;
      if (ms > report.slowest.ms) report.slowest = { ms, input };
      if (error !== undefined) {
        report.failed++;
        if (report.failures.length < 5) report.failures.push({ input, error });
      }
    }
  }
  return report;
}

/** An input for a report: long strings and arrays cut, so one huge input cannot flood it. */
export function preview(input: unknown, max = 300): string {
  const text = JSON.stringify(input, (_k, v) =>
    typeof v === 'string' && v.length > 240
      ? `${v.slice(0, 200)}…(${v.length} chars)`
      : Array.isArray(v) && v.length > 20
        ? [...v.slice(0, 5), `…(${v.length} items)`]
        : v,
  );
  return text === undefined ? String(input) : text.length > max ? `${text.slice(0, max)}…` : text;
}
