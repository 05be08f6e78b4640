/**
 * fast-check arbitraries for bad input (docs/api.md "Bad input"), shared by the seeded `npm test` slice
 * (fuzz.test.ts) and the 100 000-input bench (bench/fuzz.mjs):
 * - super-query strings (docs/product.md §5): printed trees, their near misses, and hostile text;
 * - custom-SQL where-clauses: a small SQL grammar over allow-listed and foreign identifiers, with
 *   quotes, comments, functions, subqueries, casts and statement separators;
 * - request bodies generated FROM an endpoint's TypeBox (JSON Schema) request schema, then mutated
 *   (wrong types, missing fields, huge arrays, out-of-range numbers, bad dates, unknown fields), so
 *   every endpoint of the tables is covered without a hand-written list.
 */
import { printSuperQuery, type SuperQueryNode } from '@marketlens/shared';
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Text pieces

/** Words users type, SQL and LIKE specials, CJK, emoji (surrogate pairs), control and RTL marks. */
const WORDS = [
  '口红',
  '哑光',
  'lipstick',
  'a',
  'x or y',
  '100%',
  'a_b',
  'c\\d',
  "O'Brien",
  "'; DROP TABLE fact_sales; --",
  '\u0000',
  '\u202e',
  '🙂',
  '\ud83d',
  '　',
  '%',
  '_',
  'NULL',
];
const word = fc.oneof(fc.constantFrom(...WORDS), fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }));

/** Arbitrary text, including lone surrogates and control characters. */
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength, unit: 'binary' }),
    fc.string({ maxLength, unit: fc.constantFrom(...'()"“”＂ andortAND\t\u3000\n\'\\;-/*') }),
  );

// ---------------------------------------------------------------------------------------------
// Super query (docs/product.md §5)

const superAst: fc.Arbitrary<SuperQueryNode> = fc.letrec<{ node: SuperQueryNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word
      .map((w) => w.replace(/"/g, '').trim())
      .filter((w) => w !== '')
      .map((value): SuperQueryNode => ({ type: 'keyword', value })),
    tie('node').map((operand): SuperQueryNode => ({ type: 'not', operand })),
    fc
      .tuple(fc.constantFrom('and' as const, 'or' as const), fc.array(tie('node'), { minLength: 2, maxLength: 4 }))
      .map(([type, operands]): SuperQueryNode => ({ type, operands })),
  ),
})).node;

/** Edits that turn a valid query into a near miss: a character in, a character out. */
const nearMiss = (text: string) =>
  fc
    .tuple(fc.nat(), fc.constantFrom('(', ')', '"', '“', ' ', 'and', 'not ', 'xor', '', '\u3000'), fc.boolean())
    .map(([at, piece, drop]) => {
      const i = text.length === 0 ? 0 : at % text.length;
      return text.slice(0, i) + piece + text.slice(drop ? i + 1 : i);
    });

const deep = (open: string, close: string) =>
  fc.integer({ min: 1, max: 5000 }).map((n) => `${open.repeat(n)}"a"${close.repeat(n)}`);

/** Super-query text: valid, near-valid and hostile (unbalanced, deeply nested, huge, unicode, SQL). */
export const superQueryText: fc.Arbitrary<string> = fc.oneof(
  superAst.map(printSuperQuery),
  superAst.map(printSuperQuery).chain(nearMiss),
  fc
    .array(fc.constantFrom('(', ')', '"a"', ' and ', ' or ', 'not ', '"', ' '), { maxLength: 60 })
    .map((p) => p.join('')),
  deep('(', ')'),
  deep('not ', ''),
  deep('(', ''),
  fc.integer({ min: 990, max: 1010 }).map((n) => `"${'a'.repeat(Math.max(0, n - 2))}"`),
  fc.integer({ min: 1, max: 400 }).map((n) => `"a"${' or "b"'.repeat(n)}`),
  fc.constantFrom(
    `"a') OR 1=1 --"`,
    `"a" or 1=1`,
    `"a" and (SELECT * FROM users)`,
    `"%" and "_"`,
    `"\\" or "\\%"`,
    '“口红”',
    '"口红"and"哑光"',
  ),
  anyText(200),
);

// ---------------------------------------------------------------------------------------------
// Custom SQL (docs/product.md §5)

const FOREIGN_IDENTIFIERS = [
  'password_hash',
  'users',
  'fact_sales',
  'sku_id',
  'category_id',
  'name_zh',
  '__filter',
  't.brand',
  'main.fact_sales.sales',
  '"brand"',
  '"brand""x"',
  '*',
  'current_user',
  'rowid',
  '$1',
  '?',
  'BRAND',
];

const sqlString = fc.oneof(word, anyText(20)).map((s) => `'${s.replace(/'/g, "''")}'`);
const sqlNumber = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom('1e308', '-0', '.5', '1.', '0x10', '1_000', '99999999999999999999999999999', 'NaN', 'Infinity'),
);
const sqlHostileValue = fc.constantFrom(
  '(SELECT 1)',
  '(SELECT password_hash FROM users)',
  "CAST('1' AS DOUBLE)",
  "'1'::DOUBLE",
  "lower('X')",
  "read_csv('/etc/passwd')",
  "getenv('HOME')",
  'NULL',
  'TRUE',
  'brand',
  'price + 1',
  "DATE '2025-01-01'",
  '[1, 2]',
  '{a: 1}',
  '$1',
  '?',
  "E'\\x27'",
);

/** Custom-SQL where-clauses over the given allow-listed columns (and identifiers outside it). */
export function customSqlText(allowed: readonly string[]): fc.Arbitrary<string> {
  const column = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.constantFrom(...FOREIGN_IDENTIFIERS) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z_][a-z0-9_]{0,12}$/) },
    { weight: 1, arbitrary: fc.constantFrom(...allowed).map((c) => c.toUpperCase()) },
  );
  const value = fc.oneof({ weight: 3, arbitrary: sqlString }, { weight: 3, arbitrary: sqlNumber }, sqlHostileValue);
  const op = fc.constantFrom('=', '<>', '!=', '<', '<=', '>', '>=', '==', '<=>', 'IS', 'IS NOT');
  const atom = fc.oneof(
    fc.tuple(column, op, value).map(([c, o, v]) => `${c} ${o} ${v}`),
    fc.tuple(value, op, column).map(([v, o, c]) => `${v} ${o} ${c}`),
    fc
      .tuple(column, fc.boolean(), fc.array(value, { minLength: 0, maxLength: 6 }))
      .map(([c, n, vs]) => `${c} ${n ? 'NOT IN' : 'IN'} (${vs.join(', ')})`),
    fc.tuple(column, fc.constantFrom('LIKE', 'NOT LIKE', 'ILIKE', 'GLOB', 'SIMILAR TO'), value).map((p) => p.join(' ')),
    fc.tuple(column, fc.boolean(), value, value).map(([c, n, a, b]) => `${c} ${n ? 'NOT ' : ''}BETWEEN ${a} AND ${b}`),
    fc.tuple(column, fc.boolean()).map(([c, n]) => `${c} IS ${n ? 'NOT ' : ''}NULL`),
    fc
      .tuple(fc.constantFrom('lower', 'upper', 'length', 'regexp_matches', 'read_parquet'), column, value)
      .map(([f, c, v]) => `${f}(${c}) = ${v}`),
    fc.constantFrom('TRUE', '1 = 1', 'EXISTS (SELECT 1)', 'price IN (SELECT price FROM fact_sales)'),
  );
  const clause = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small' },
      atom,
      atom,
      tie('expr').map((e) => `NOT (${e})`),
      tie('expr').map((e) => `(${e})`),
      fc
        .tuple(tie('expr'), fc.constantFrom(' AND ', ' OR ', ' and ', ' XOR ', ' '), tie('expr'))
        .map(([a, j, b]) => a + j + b),
    ),
  })).expr;
  const suffix = fc.constantFrom(
    '',
    '',
    '',
    ' -- x',
    ' /* x */',
    '; DROP TABLE users',
    ' UNION SELECT * FROM users',
    ' ORDER BY 1',
    ' LIMIT 1',
    ' GROUP BY brand',
    ')',
    '(',
    "'",
    '"',
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(clause, suffix).map(([c, s]) => c + s) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => `${'('.repeat(n)}price > 1${')'.repeat(n)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => `${'NOT '.repeat(n)}price > 1`) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 1500 })
        .map((n) => `price IN (${Array.from({ length: n }, (_, i) => i).join(',')})`),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 600 }).map((n) => Array(n).fill("brand = 'a'").join(' OR ')) },
    { weight: 1, arbitrary: anyText(120) },
  );
}

// ---------------------------------------------------------------------------------------------
// Request bodies from JSON Schema (TypeBox)

/** The JSON Schema keywords the request schemas use (TypeBox 1.x output). */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

/**
 * A better-than-random value for a field, by its path (property names from the root) and schema:
 * the fuzzer reaches the handlers only when the data scope exists and the dates are plausible.
 * Undefined: generate from the schema.
 */
export type Hint = (path: readonly string[], schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

/** A month start (docs/product.md §7: the filters' dates are first days of months) in and around the data. */
export const monthStart = fc
  .tuple(fc.integer({ min: 2016, max: 2027 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}-01`);

/** A month start inside the tiny demo data (its 60 months end at 2026-10). */
const recentMonth = fc
  .tuple(fc.integer({ min: 2023, max: 2026 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(Math.min(m, y === 2026 ? 10 : 12)).padStart(2, '0')}-01`);

/** Ids of the data the fuzz runs on (the tiny demo market), so bodies name things that exist. */
export interface KnownIds {
  categories: readonly number[];
  brands: readonly number[];
  /** 'platform_id,shop_id' as the filter writes shops. */
  shops: readonly string[];
  shopIds: readonly number[];
  skus: readonly number[];
  platforms: readonly number[];
  attributes: readonly string[];
}

const SHOP_PATTERN = '^\\d{1,9},\\d{1,16}$';

/** Mostly known ids, sometimes one of nothing (0, 999 999) — only those within the field's bounds. */
function idsOf(known: readonly number[], schema: JsonSchema): fc.Arbitrary<number> | undefined {
  const fits = (n: number) => n >= (schema.minimum ?? 0) && n <= (schema.maximum ?? Number.POSITIVE_INFINITY);
  const real = known.filter(fits);
  const none = [0, 999_999].filter(fits);
  if (real.length === 0 && none.length === 0) return undefined;
  if (real.length === 0) return fc.constantFrom(...none);
  if (none.length === 0) return fc.constantFrom(...real);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(...none) },
  );
}

/** Hints every body shares: real data scope and ids, month dates, super queries, custom SQL, locales. */
export function defaultHints(dataScopeId: number, customSqlColumns: readonly string[], known: KnownIds): Hint {
  const sql = customSqlText(customSqlColumns);
  return (path, schema) => {
    const name = path.at(-1);
    if (name === '*key' && path.at(-2) === 'attributes') return fc.constantFrom(...known.attributes, 'nope');
    if (schema.type === 'string' && schema.pattern === SHOP_PATTERN) return fc.constantFrom(...known.shops, '1,1');
    if (schema.type === 'integer') {
      const field = path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
      const ids = /brand/.test(field)
        ? known.brands
        : /categor/.test(field)
          ? known.categories
          : /sku|product/.test(field)
            ? known.skus
            : /shop/.test(field)
              ? known.shopIds
              : /platform/.test(field)
                ? known.platforms
                : undefined;
      const arb = ids ? idsOf(ids, schema) : undefined;
      if (arb) return arb;
    }
    if (name === 'data_scope_id') return fc.constant(dataScopeId);
    if (name === 'locale') return fc.constantFrom('en_us', 'zh_cn', 'en', 'EN', 'en-US', 'zh', 'xx');
    const items = Array.isArray(schema.items) ? schema.items : [];
    if (items.length === 2 && items.every((s) => s.pattern === DAY)) {
      // A period is mostly ordered and inside the data (bad ones come from the mutations).
      return fc.oneof(
        { weight: 4, arbitrary: fc.tuple(recentMonth, recentMonth).map(([a, b]) => (a <= b ? [a, b] : [b, a])) },
        { weight: 1, arbitrary: fc.tuple(monthStart, monthStart) },
      );
    }
    if (schema.type === 'string' && schema.pattern === DAY) return monthStart;
    if (path.length >= 2 && path.at(-2) === 'sql' && name === 'value') {
      return sql.filter((s) => s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
    }
    if (path.length >= 2 && path.at(-2) === 'goodsKeywords' && name === 'value' && schema.type === 'string') {
      return superQueryText.filter((s) => s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
    }
    return undefined;
  };
}

const ABSENT = Symbol('absent');

/** A value valid for `schema` (shapes and bounds), with `hint` overriding fields. */
export function fromSchema(schema: JsonSchema, hint: Hint, path: readonly string[] = []): fc.Arbitrary<unknown> {
  const hinted = hint(path, schema);
  if (hinted) return hinted;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, hint, path)));
  switch (schema.type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, hint, [...path, k])]),
      );
      // Optional fields one time in four: with every optional filter field at 50 %, nearly every body
      // broke a rule between fields (channel sources without shops …) and never reached a handler.
      const required = new Set(schema.required ?? []);
      const record = fc
        .record(
          Object.fromEntries(
            Object.entries(props).map(([k, a]) => [
              k,
              required.has(k)
                ? a
                : fc.oneof({ weight: 3, arbitrary: fc.constant(ABSENT) }, { weight: 1, arbitrary: a }),
            ]),
          ),
        )
        .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ABSENT)));
      const pattern = Object.values(schema.patternProperties ?? {})[0];
      if (!pattern) return record;
      const key =
        (hint([...path, '*key'], { type: 'string' }) as fc.Arbitrary<string> | undefined) ??
        fc.string({ maxLength: 16 });
      const extra = fc.dictionary(key, fromSchema(pattern, hint, [...path, '*']), {
        maxKeys: 3,
      });
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
    case 'array': {
      if (Array.isArray(schema.items))
        return fc.tuple(...schema.items.map((s, i) => fromSchema(s, hint, [...path, String(i)])));
      const item = fromSchema(schema.items ?? {}, hint, [...path, '0']);
      const bounds = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 6, 6) };
      return schema.uniqueItems
        ? fc.uniqueArray(item, { ...bounds, selector: (v) => JSON.stringify(v) })
        : fc.array(item, bounds);
    }
    case 'string': {
      const max = schema.maxLength ?? 64;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 40), unit: 'grapheme' });
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(schema.minimum ?? -10, -10), max: Math.min(schema.maximum ?? 1000, 1000) }),
        fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 }),
      );
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(schema.minimum !== undefined ? { min: schema.minimum } : {}),
        ...(schema.maximum !== undefined ? { max: schema.maximum } : {}),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of the wrong type, out of range or malformed (numbers past any bound, impossible dates). */
const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  'x',
  '1',
  '🙂'.repeat(3000),
  'a'.repeat(70_000),
  '2025-13-01',
  '2025-02-30',
  '2025-00-01',
  '0000-01-01',
  '9999-12-01',
  '2025-1-1',
  '2025-01-01T00:00:00Z',
  '\u0000',
  "' OR 1=1 --",
  [],
  [null],
  ['2025-01-01'],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
];

type Mutation = 'delete' | 'retype' | 'huge' | 'unknownField' | 'swapDates' | 'none';
const MUTATIONS: readonly Mutation[] = ['delete', 'retype', 'retype', 'huge', 'unknownField', 'swapDates', 'none'];

/** Every path into a JSON value (the root is []). */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const out = [path];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...pathsOf(v, [...path, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]));
  }
  return out;
}

function mutate(value: unknown, mutation: Mutation, pick: number, bad: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const paths = pathsOf(copy).filter((p) => p.length > 0);
  if (mutation === 'none' || paths.length === 0) return copy;
  const path = paths[pick % paths.length]!;
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as never, copy);
  const key = path.at(-1)!;
  switch (mutation) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 'retype':
      parent[key] = structuredClone(bad);
      break;
    case 'huge': {
      const target = parent[key];
      const item = Array.isArray(target) && target.length > 0 ? target[0] : 1;
      parent[key] = Array.from({ length: 10_001 }, () => item);
      break;
    }
    case 'unknownField':
      if (parent && typeof parent === 'object' && !Array.isArray(parent)) parent.__fuzz_unknown = bad;
      else copy.__fuzz_unknown = bad;
      break;
    case 'swapDates':
      if (Array.isArray(copy.date)) copy.date = [...(copy.date as unknown[])].reverse();
      else parent[key] = '2025-02-30';
      break;
  }
  return copy;
}

/**
 * Bodies for one request schema: about a third valid as generated (reaching the handlers with real
 * filters), the rest with one mutation at a random place.
 */
export function bodyFor(schema: JsonSchema, hint: Hint): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema, hint);
  return fc.oneof(
    valid,
    fc
      .tuple(valid, fc.constantFrom(...MUTATIONS), fc.nat(), fc.constantFrom(...BAD_VALUES))
      .map(([v, m, pick, bad]) => mutate(v, m, pick, bad)),
    fc
      .tuple(valid, fc.constantFrom(...MUTATIONS), fc.nat(), fc.constantFrom(...BAD_VALUES), fc.nat())
      .map(([v, m, pick, bad, pick2]) => mutate(mutate(v, m, pick, bad), 'retype', pick2, bad)),
  );
}
