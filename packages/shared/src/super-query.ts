/**
 * docs/product.md §5 "super query": a small boolean language over product-title keywords.
 *
 *     "口红" and ("哑光" or "丝绒") and not "小样"
 *
 * Grammar (operators case-insensitive; precedence not > and > or):
 *
 *     query   := or
 *     or      := and ( 'or' and )*
 *     and     := not ( 'and' not )*
 *     not     := 'not' not | primary
 *     primary := '"' keyword '"' | '(' or ')'
 *
 * Lexical rules
 * - Keywords are in half-width double quotes; a keyword cannot contain `"` and is trimmed; an empty
 *   keyword is an error. Full-width quotes (“ ” ＂) are an error at their position, not a keyword.
 * - A keyword and an operator must be separated by whitespace (`"a" and "b"`, not `"a"and "b"`).
 *   Parentheses need no spaces: `not("a")`, `("a" or "b")`. Any Unicode whitespace separates
 *   (including the full-width space U+3000 that Chinese input methods produce).
 * - Two keywords need an operator between them: `"a" "b"` is an error (no implicit and).
 * - At most {@link SUPER_QUERY_MAX_LENGTH} characters and {@link SUPER_QUERY_MAX_DEPTH} nested levels,
 *   where each parenthesis and each `not` opens a level. Both limits report the same error kind.
 *
 * Every error is `{ key: 'superQuery.invalidFormat', position, reason }`, `position` being the 0-based
 * UTF-16 index in the text (what `input.setSelectionRange` uses) where the problem starts.
 *
 * The AST keeps unparenthesised chains flat (`"a" and "b" and "c"` is one `and` with three operands)
 * and keeps explicit groups as nested nodes, so printing then parsing gives back the same tree.
 */
import { type Locale, translate } from './messages.js';

export const SUPER_QUERY_MAX_LENGTH = 1000;
export const SUPER_QUERY_MAX_DEPTH = 20;

export type SuperQueryNode =
  | { readonly type: 'keyword'; readonly value: string }
  | { readonly type: 'not'; readonly operand: SuperQueryNode }
  | { readonly type: 'and' | 'or'; readonly operands: readonly SuperQueryNode[] };

export type SuperQueryErrorReason =
  | 'empty'
  | 'tooLong'
  | 'tooDeep'
  | 'unterminatedQuote'
  | 'emptyKeyword'
  | 'fullWidthQuote'
  | 'unexpectedCharacter'
  | 'unknownWord'
  | 'missingSpace'
  | 'unexpectedToken'
  | 'unexpectedEnd'
  | 'unbalancedParenthesis';

export interface SuperQueryError {
  readonly key: 'superQuery.invalidFormat';
  readonly position: number;
  readonly reason: SuperQueryErrorReason;
}

export type SuperQueryParseResult =
  | { readonly ok: true; readonly ast: SuperQueryNode }
  | { readonly ok: false; readonly error: SuperQueryError };

type Operator = 'and' | 'or' | 'not';
type Token =
  | { kind: 'keyword'; value: string; start: number; end: number }
  | { kind: Operator | '(' | ')'; start: number; end: number };

class Failure extends Error {
  constructor(
    readonly position: number,
    readonly reason: SuperQueryErrorReason,
  ) {
    super(reason);
  }
}

const WHITESPACE = /\s/;
const LETTER = /[A-Za-z]/;
const FULL_WIDTH_QUOTES = new Set(['“', '”', '＂']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (WHITESPACE.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch, start: i, end: i + 1 });
      i++;
    } else if (ch === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) throw new Failure(i, 'unterminatedQuote');
      const value = text.slice(i + 1, close).trim();
      if (value === '') throw new Failure(i, 'emptyKeyword');
      tokens.push({ kind: 'keyword', value, start: i, end: close + 1 });
      i = close + 1;
    } else if (LETTER.test(ch)) {
      let j = i + 1;
      while (j < text.length && LETTER.test(text[j]!)) j++;
      const word = text.slice(i, j).toLowerCase();
      if (word !== 'and' && word !== 'or' && word !== 'not') throw new Failure(i, 'unknownWord');
      tokens.push({ kind: word, start: i, end: j });
      i = j;
    } else {
      throw new Failure(i, FULL_WIDTH_QUOTES.has(ch) ? 'fullWidthQuote' : 'unexpectedCharacter');
    }
  }
  // docs/product.md §5: "space between keywords and operators".
  for (let k = 1; k < tokens.length; k++) {
    const a = tokens[k - 1]!;
    const b = tokens[k]!;
    const isOp = (t: Token) => t.kind === 'and' || t.kind === 'or' || t.kind === 'not';
    const touching = a.end === b.start;
    if (touching && ((a.kind === 'keyword' && isOp(b)) || (isOp(a) && b.kind === 'keyword'))) {
      throw new Failure(b.start, 'missingSpace');
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  parse(): SuperQueryNode {
    if (this.tokens.length === 0) throw new Failure(0, 'empty');
    const node = this.or(0);
    const rest = this.tokens[this.index];
    if (rest) throw new Failure(rest.start, rest.kind === ')' ? 'unbalancedParenthesis' : 'unexpectedToken');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private chain(op: 'and' | 'or', depth: number, next: (depth: number) => SuperQueryNode): SuperQueryNode {
    const operands = [next(depth)];
    while (this.peek()?.kind === op) {
      this.index++;
      operands.push(next(depth));
    }
    return operands.length === 1 ? operands[0]! : { type: op, operands };
  }

  private or(depth: number): SuperQueryNode {
    return this.chain('or', depth, (d) => this.and(d));
  }

  private and(depth: number): SuperQueryNode {
    return this.chain('and', depth, (d) => this.not(d));
  }

  private not(depth: number): SuperQueryNode {
    const t = this.peek();
    if (t?.kind !== 'not') return this.primary(depth);
    if (depth + 1 > SUPER_QUERY_MAX_DEPTH) throw new Failure(t.start, 'tooDeep');
    this.index++;
    return { type: 'not', operand: this.not(depth + 1) };
  }

  private primary(depth: number): SuperQueryNode {
    const t = this.peek();
    if (!t) throw new Failure(this.length, 'unexpectedEnd');
    if (t.kind === 'keyword') {
      this.index++;
      return { type: 'keyword', value: t.value };
    }
    if (t.kind !== '(') throw new Failure(t.start, 'unexpectedToken');
    if (depth + 1 > SUPER_QUERY_MAX_DEPTH) throw new Failure(t.start, 'tooDeep');
    this.index++;
    const inner = this.or(depth + 1);
    const close = this.peek();
    if (close?.kind !== ')') {
      throw new Failure(close ? close.start : t.start, close ? 'unexpectedToken' : 'unbalancedParenthesis');
    }
    this.index++;
    return inner;
  }
}

/**
 * Parses a super query.
 *
 * | text | result |
 * |---|---|
 * | `"a"` | keyword a |
 * | `"a" AND "b" or "c"` | or(and(a, b), c) |
 * | `not "a" and "b"` | and(not(a), b) |
 * | `"a" and ("b" or "c")` | and(a, or(b, c)) |
 * | `""`, `"a" and`, `"a" "b"`, `"a"and "b"`, `("a"`, `"a")`, `a`, `“a”`, `"a" xor "b"` | error |
 */
export function parseSuperQuery(text: string): SuperQueryParseResult {
  if (text.length > SUPER_QUERY_MAX_LENGTH) return fail(SUPER_QUERY_MAX_LENGTH, 'tooLong');
  try {
    return { ok: true, ast: new Parser(tokenize(text), text.length).parse() };
  } catch (e) {
    if (e instanceof Failure) return fail(e.position, e.reason);
    throw e;
  }
}

function fail(position: number, reason: SuperQueryErrorReason): SuperQueryParseResult {
  return { ok: false, error: { key: 'superQuery.invalidFormat', position, reason } };
}

/** The error as a sentence for the user, with a 1-based character position. */
export function superQueryErrorMessage(locale: Locale, error: SuperQueryError): string {
  return translate(locale, 'superQuery.invalidFormatAt', { position: error.position + 1 });
}

/**
 * Canonical text of an AST: lowercase operators, single spaces, parentheses only where the tree
 * needs them. Throws for a keyword that could not be written (empty, untrimmed or containing `"`).
 */
export function printSuperQuery(node: SuperQueryNode): string {
  switch (node.type) {
    case 'keyword':
      if (node.value === '' || node.value !== node.value.trim() || node.value.includes('"')) {
        throw new RangeError(`keyword cannot be written in a super query: ${JSON.stringify(node.value)}`);
      }
      return `"${node.value}"`;
    case 'not': {
      const inner = printSuperQuery(node.operand);
      return node.operand.type === 'and' || node.operand.type === 'or' ? `not (${inner})` : `not ${inner}`;
    }
    default:
      return node.operands
        .map((child) => {
          const inner = printSuperQuery(child);
          // A same-operator child was an explicit group; an `or` inside `and` binds looser.
          const group = child.type === node.type || (node.type === 'and' && child.type === 'or');
          return group ? `(${inner})` : inner;
        })
        .join(` ${node.type} `);
  }
}

/** The keywords of a query in reading order (for highlighting matches in titles). */
export function superQueryKeywords(node: SuperQueryNode): string[] {
  switch (node.type) {
    case 'keyword':
      return [node.value];
    case 'not':
      return superQueryKeywords(node.operand);
    default:
      return node.operands.flatMap(superQueryKeywords);
  }
}

/** Case-insensitive substring semantics of the query: the reference the compiled SQL must agree with. */
export function matchesSuperQuery(node: SuperQueryNode, title: string): boolean {
  const haystack = title.toLowerCase();
  const test = (n: SuperQueryNode): boolean => {
    switch (n.type) {
      case 'keyword':
        return haystack.includes(n.value.toLowerCase());
      case 'not':
        return !test(n.operand);
      case 'and':
        return n.operands.every(test);
      case 'or':
        return n.operands.some(test);
    }
  };
  return test(node);
}

/** Escapes LIKE wildcards (`%`, `_`) and the escape character itself (`\`) with a backslash. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

export interface CompiledSuperQuery {
  readonly sql: string;
  /** In placeholder order: `%keyword%` patterns with wildcards escaped, or the keywords (`keyword` option). */
  readonly params: string[];
}

export interface CompileSuperQueryOptions {
  /**
   * Append `ESCAPE '\'` (default true; PostgreSQL, DuckDB). ClickHouse has no ESCAPE clause and
   * already treats backslash as LIKE's escape character: pass false there.
   */
  escapeClause?: boolean;
  /**
   * SQL that matches one keyword bound as it is (no LIKE pattern) at the given placeholder, e.g. a
   * case-insensitive substring test over two title columns. When set, `column` is not used in the
   * SQL and `params` hold the keywords themselves; without it, `column ILIKE '%keyword%'`.
   */
  keyword?: (placeholder: string) => string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * Compiles a parsed query to a boolean SQL expression over `column`.
 * Keywords only ever travel as bound parameters; the SQL text is built from the tree shape, the
 * caller's column and the caller's placeholders alone. `placeholder(i)` receives the 0-based index
 * of the parameter in `params` (PostgreSQL: `(i) => '$' + (i + 1 + offset)`; DuckDB: `() => '?'`).
 *
 * `"a" and not ("b" or "c")` over `title` →
 * `(title ILIKE $1 ESCAPE '\' AND NOT ((title ILIKE $2 ESCAPE '\' OR title ILIKE $3 ESCAPE '\')))`
 * with params `['%a%', '%b%', '%c%']`.
 *
 * `column` is trusted (from the server's catalogue) but is still checked to be a plain or dotted
 * identifier, so a mistake cannot turn into injection.
 */
export function compileSuperQuery(
  ast: SuperQueryNode,
  column: string,
  placeholder: (index: number) => string,
  opts: CompileSuperQueryOptions = {},
): CompiledSuperQuery {
  if (!IDENTIFIER.test(column)) throw new TypeError(`not a plain SQL identifier: ${JSON.stringify(column)}`);
  const escapeSql = opts.escapeClause === false ? '' : ` ESCAPE '\\'`;
  const params: string[] = [];
  const build = (n: SuperQueryNode): string => {
    switch (n.type) {
      case 'keyword': {
        const ph = placeholder(params.length);
        if (opts.keyword) {
          params.push(n.value);
          return opts.keyword(ph);
        }
        params.push(`%${escapeLikePattern(n.value)}%`);
        return `${column} ILIKE ${ph}${escapeSql}`;
      }
      case 'not':
        return `NOT (${build(n.operand)})`;
      default:
        return `(${n.operands.map(build).join(n.type === 'and' ? ' AND ' : ' OR ')})`;
    }
  };
  return { sql: build(ast), params };
}
