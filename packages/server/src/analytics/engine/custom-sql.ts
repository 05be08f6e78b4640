import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { AppError } from '../../errors.js';
import type { CustomSqlNode, CustomSqlValue } from './model.js';

/**
 * Custom SQL where-clause (docs/product.md §5, docs/query-engine.md "Custom SQL"). The text is parsed by a
 * real SQL parser (DuckDB's own, `json_serialize_sql`, in a private instance with no data attached), the
 * syntax tree is walked and accepted only when every node is allow-listed, and the result is a {@link
 * CustomSqlNode} tree. The user's text is never pasted into a query: filters.ts re-emits SQL from the tree
 * with bound values.
 */

export const CUSTOM_SQL_MAX_LENGTH = 4000;
const MAX_DEPTH = 40;
const MAX_LIST = 1000;

/** A column users may name: text or number, and what it means (filters.ts compiles it). */
export type CustomSqlColumnKind =
  | { readonly type: 'text'; readonly source: 'category'; readonly level: 1 | 2 | 3; readonly lang: 'zh' | 'en' }
  | { readonly type: 'text'; readonly source: 'brand' | 'shop' | 'platform_name'; readonly lang: 'zh' | 'en' }
  | { readonly type: 'text'; readonly source: 'platform' | 'shop_type' | 'series' }
  | { readonly type: 'text'; readonly source: 'title'; readonly lang: 'zh' | 'en' }
  | { readonly type: 'number'; readonly source: 'price' }
  | { readonly type: 'text'; readonly source: 'attribute'; readonly attribute: string; readonly lang: 'zh' | 'en' };

const FIXED_COLUMNS: Readonly<Record<string, CustomSqlColumnKind>> = {
  category_name_1: { type: 'text', source: 'category', level: 1, lang: 'zh' },
  category_name_2: { type: 'text', source: 'category', level: 2, lang: 'zh' },
  category_name_3: { type: 'text', source: 'category', level: 3, lang: 'zh' },
  category_name_1_en: { type: 'text', source: 'category', level: 1, lang: 'en' },
  category_name_2_en: { type: 'text', source: 'category', level: 2, lang: 'en' },
  category_name_3_en: { type: 'text', source: 'category', level: 3, lang: 'en' },
  brand: { type: 'text', source: 'brand', lang: 'zh' },
  brand_en: { type: 'text', source: 'brand', lang: 'en' },
  shop: { type: 'text', source: 'shop', lang: 'zh' },
  shop_en: { type: 'text', source: 'shop', lang: 'en' },
  platform: { type: 'text', source: 'platform' },
  platform_name: { type: 'text', source: 'platform_name', lang: 'zh' },
  platform_name_en: { type: 'text', source: 'platform_name', lang: 'en' },
  shop_type: { type: 'text', source: 'shop_type' },
  series: { type: 'text', source: 'series' },
  title: { type: 'text', source: 'title', lang: 'zh' },
  title_en: { type: 'text', source: 'title', lang: 'en' },
  price: { type: 'number', source: 'price' },
};

/**
 * The columns of a dataset's custom SQL: the fixed ones plus one per attribute (`efficacy`, and
 * `efficacy_en` for the English values). Attribute names that collide with a fixed column lose.
 */
export function customSqlColumns(attributeNames: readonly string[]): ReadonlyMap<string, CustomSqlColumnKind> {
  const out = new Map<string, CustomSqlColumnKind>(Object.entries(FIXED_COLUMNS));
  for (const attribute of attributeNames) {
    const name = attribute.toLowerCase();
    if (!out.has(name)) out.set(name, { type: 'text', source: 'attribute', attribute, lang: 'zh' });
    if (!out.has(`${name}_en`)) out.set(`${name}_en`, { type: 'text', source: 'attribute', attribute, lang: 'en' });
  }
  return out;
}

/** A rejected clause: the message key names the rule; params fill it. */
export function customSqlError(
  key:
    | 'customSql.empty'
    | 'customSql.tooLong'
    | 'customSql.unbalancedBrackets'
    | 'customSql.comment'
    | 'customSql.multipleStatements'
    | 'customSql.syntax'
    | 'customSql.unknownColumn'
    | 'customSql.notAllowed'
    | 'customSql.typeMismatch'
    | 'customSql.notInAlone',
  params: Record<string, string | number> = {},
): AppError {
  return new AppError(400, 'custom_sql', key, params);
}

/**
 * Lexical checks the parser cannot make (it drops comments) or that deserve their own message:
 * length, comments, statement separators and bracket balance, all outside string literals.
 */
function lexicalCheck(text: string): void {
  if (text.trim() === '') throw customSqlError('customSql.empty');
  if (text.length > CUSTOM_SQL_MAX_LENGTH) throw customSqlError('customSql.tooLong', { count: CUSTOM_SQL_MAX_LENGTH });
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if ((ch === '-' && text[i + 1] === '-') || (ch === '/' && text[i + 1] === '*')) {
      throw customSqlError('customSql.comment');
    } else if (ch === ';') throw customSqlError('customSql.multipleStatements');
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw customSqlError('customSql.unbalancedBrackets');
    }
  }
  if (quote) throw customSqlError('customSql.syntax', { position: text.length });
  if (depth !== 0) throw customSqlError('customSql.unbalancedBrackets');
}

/** Parses SQL into DuckDB's JSON syntax tree. One private, locked-down instance; no data attached. */
export class SqlParser {
  private conn: Promise<{ instance: DuckDBInstance; conn: DuckDBConnection }> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  private open() {
    this.conn ??= (async () => {
      const instance = await DuckDBInstance.create(':memory:', {
        threads: '1',
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      const conn = await instance.connect();
      await conn.run('SET enable_external_access = false');
      await conn.run('SET lock_configuration = true');
      return { instance, conn };
    })();
    return this.conn;
  }

  /** The tree of one statement, or the parser's error with its position. */
  parse(sql: string): Promise<ParsedTree> {
    // One connection, one statement at a time (parsing takes microseconds).
    const run = this.queue.then(async () => {
      const { conn } = await this.open();
      const reader = await conn.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
      return JSON.parse(String(reader.getRows()[0]?.[0])) as ParsedTree;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const opened = await this.conn;
    this.conn = undefined;
    if (opened) {
      opened.conn.closeSync();
      opened.instance.closeSync();
    }
  }
}

type Json = { [key: string]: unknown };
interface ParsedTree {
  error: boolean;
  error_message?: string;
  position?: string;
  statements?: { node: Json }[];
}

const WRAP_PREFIX = 'SELECT * FROM __filter WHERE ';

/** Strips what differs between two parses of the same shape (positions), for the template compare. */
function shape(node: unknown): string {
  return JSON.stringify(node, (k, v) => (k === 'query_location' || k === 'where_clause' ? undefined : v));
}
let templateShape: string | undefined;

/**
 * Parses and validates a clause against the allow-list. Throws an AppError (400, code 'custom_sql')
 * naming the rule that failed; returns the validated tree otherwise.
 */
export async function parseCustomSql(
  parser: SqlParser,
  text: string,
  columns: ReadonlyMap<string, CustomSqlColumnKind>,
): Promise<CustomSqlNode> {
  lexicalCheck(text);
  const tree = await parser.parse(WRAP_PREFIX + text);
  if (tree.error) {
    const position = Math.max(1, Number(tree.position ?? 0) - WRAP_PREFIX.length + 1);
    throw customSqlError('customSql.syntax', { position });
  }
  if (tree.statements?.length !== 1) throw customSqlError('customSql.multipleStatements');
  const node = tree.statements[0]!.node;
  // Only "SELECT * FROM __filter WHERE <clause>": no UNION, ORDER BY, LIMIT, GROUP BY … smuggled in.
  templateShape ??= shape((await parser.parse(`${WRAP_PREFIX}TRUE`)).statements?.[0]?.node);
  if (shape(node) !== templateShape) throw customSqlError('customSql.notAllowed', { what: 'clause' });
  const result = walk(node.where_clause, columns, 0);
  if (result.kind === 'in' && result.negated) throw customSqlError('customSql.notInAlone');
  return result;
}

const COMPARE: Readonly<Record<string, '=' | '<>' | '<' | '<=' | '>' | '>='>> = {
  COMPARE_EQUAL: '=',
  COMPARE_NOTEQUAL: '<>',
  COMPARE_LESSTHAN: '<',
  COMPARE_LESSTHANOREQUALTO: '<=',
  COMPARE_GREATERTHAN: '>',
  COMPARE_GREATERTHANOREQUALTO: '>=',
};
const FLIPPED = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const;

function obj(v: unknown): Json {
  return v && typeof v === 'object' ? (v as Json) : {};
}
function list(v: unknown): Json[] {
  return Array.isArray(v) ? v.map(obj) : [];
}

function walk(raw: unknown, columns: ReadonlyMap<string, CustomSqlColumnKind>, depth: number): CustomSqlNode {
  if (depth > MAX_DEPTH) throw customSqlError('customSql.tooLong', { count: CUSTOM_SQL_MAX_LENGTH });
  const node = obj(raw);
  const cls = node.class;
  const type = String(node.type);
  const next = (child: unknown) => walk(child, columns, depth + 1);

  if (cls === 'CONJUNCTION' && (type === 'CONJUNCTION_AND' || type === 'CONJUNCTION_OR')) {
    return { kind: type === 'CONJUNCTION_AND' ? 'and' : 'or', children: list(node.children).map(next) };
  }
  if (cls === 'OPERATOR' && type === 'OPERATOR_NOT') {
    const [child] = list(node.children);
    const inner = next(child);
    // NOT (x BETWEEN …) / NOT (x LIKE …) stay one node, like the parser's own NOT IN.
    if (inner.kind === 'between' || inner.kind === 'like' || inner.kind === 'null') {
      return { ...inner, negated: !inner.negated };
    }
    return { kind: 'not', child: inner };
  }
  if (cls === 'OPERATOR' && (type === 'COMPARE_IN' || type === 'COMPARE_NOT_IN')) {
    const [subject, ...rest] = list(node.children);
    const column = columnOf(subject, columns);
    if (rest.length > MAX_LIST) throw customSqlError('customSql.tooLong', { count: CUSTOM_SQL_MAX_LENGTH });
    return {
      kind: 'in',
      column,
      negated: type === 'COMPARE_NOT_IN',
      values: rest.map((v) => literalFor(v, column, columns)),
    };
  }
  if (cls === 'OPERATOR' && (type === 'OPERATOR_IS_NULL' || type === 'OPERATOR_IS_NOT_NULL')) {
    const [subject] = list(node.children);
    return { kind: 'null', column: columnOf(subject, columns), negated: type === 'OPERATOR_IS_NOT_NULL' };
  }
  if (cls === 'COMPARISON' && COMPARE[type]) {
    const left = obj(node.left);
    const right = obj(node.right);
    const op = COMPARE[type]!;
    if (left.class === 'COLUMN_REF') {
      const column = columnOf(left, columns);
      return { kind: 'compare', column, op, value: literalFor(right, column, columns) };
    }
    const column = columnOf(right, columns);
    return { kind: 'compare', column, op: FLIPPED[op], value: literalFor(left, column, columns) };
  }
  if (cls === 'BETWEEN') {
    const column = columnOf(node.input, columns);
    return {
      kind: 'between',
      column,
      negated: false,
      low: literalFor(node.lower, column, columns),
      high: literalFor(node.upper, column, columns),
    };
  }
  if (
    cls === 'FUNCTION' &&
    node.is_operator === true &&
    (node.function_name === '~~' || node.function_name === '!~~')
  ) {
    const [subject, pattern] = list(node.children);
    const column = columnOf(subject, columns);
    const value = literalFor(pattern, column, columns);
    if (typeof value !== 'string') throw customSqlError('customSql.typeMismatch', { column });
    return { kind: 'like', column, negated: node.function_name === '!~~', pattern: value };
  }
  throw customSqlError('customSql.notAllowed', { what: describe(node) });
}

/** A short name of a rejected node for the message: the function's name or the node's kind. */
function describe(node: Json): string {
  if (node.class === 'FUNCTION') return `${String(node.function_name)}()`;
  if (node.class === 'SUBQUERY') return 'subquery';
  return String(node.class ?? node.type ?? 'expression').toLowerCase();
}

function columnOf(raw: unknown, columns: ReadonlyMap<string, CustomSqlColumnKind>): string {
  const node = obj(raw);
  if (node.class !== 'COLUMN_REF') throw customSqlError('customSql.notAllowed', { what: describe(node) });
  const names = Array.isArray(node.column_names) ? node.column_names.map(String) : [];
  const name = names.join('.').toLowerCase();
  if (names.length !== 1 || !columns.has(name)) throw customSqlError('customSql.unknownColumn', { column: name });
  return name;
}

/** A literal of the right type for the column; anything else (casts, functions, columns) is rejected. */
function literalFor(raw: unknown, column: string, columns: ReadonlyMap<string, CustomSqlColumnKind>): CustomSqlValue {
  const node = obj(raw);
  if (node.class !== 'CONSTANT') throw customSqlError('customSql.notAllowed', { what: describe(node) });
  const value = obj(node.value);
  const typeInfo = obj(obj(value.type).type_info);
  const typeId = String(obj(value.type).id);
  if (value.is_null === true) throw customSqlError('customSql.typeMismatch', { column });
  let literal: CustomSqlValue;
  if (typeId === 'VARCHAR' && typeof value.value === 'string') literal = value.value;
  else if (['INTEGER', 'BIGINT', 'DOUBLE'].includes(typeId) && typeof value.value === 'number') literal = value.value;
  else if (typeId === 'DECIMAL' && typeof value.value === 'number') {
    literal = value.value / 10 ** Number(typeInfo.scale ?? 0);
  } else throw customSqlError('customSql.typeMismatch', { column });
  const expected = columns.get(column)!.type;
  if ((expected === 'number') !== (typeof literal === 'number'))
    throw customSqlError('customSql.typeMismatch', { column });
  return literal;
}
