import {
  compileSuperQuery,
  escapeLikePattern,
  matchesSuperQuery,
  parseSuperQuery,
  printSuperQuery,
  SUPER_QUERY_MAX_DEPTH,
  SUPER_QUERY_MAX_LENGTH,
  type SuperQueryErrorReason,
  type SuperQueryNode,
  superQueryErrorMessage,
  superQueryKeywords,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const kw = (value: string): SuperQueryNode => ({ type: 'keyword', value });
const and = (...operands: SuperQueryNode[]): SuperQueryNode => ({ type: 'and', operands });
const or = (...operands: SuperQueryNode[]): SuperQueryNode => ({ type: 'or', operands });
const not = (operand: SuperQueryNode): SuperQueryNode => ({ type: 'not', operand });

function parsed(text: string): SuperQueryNode {
  const r = parseSuperQuery(text);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to parse, got ${JSON.stringify(r.error)}`);
  return r.ast;
}

describe('parseSuperQuery — accepted queries', () => {
  it.each([
    ['"a"', kw('a')],
    [' "口红" ', kw('口红')],
    ['" 口红 "', kw('口红')],
    ['"a" and "b" and "c"', and(kw('a'), kw('b'), kw('c'))],
    ['"a" AND "b" Or "c"', or(and(kw('a'), kw('b')), kw('c'))],
    ['"a" or "b" and "c"', or(kw('a'), and(kw('b'), kw('c')))],
    ['not "a" and "b"', and(not(kw('a')), kw('b'))],
    ['not "a" or "b"', or(not(kw('a')), kw('b'))],
    ['NOT ("a" or "b")', not(or(kw('a'), kw('b')))],
    ['not("a")', not(kw('a'))],
    ['"a" and not not "b"', and(kw('a'), not(not(kw('b'))))],
    ['("a" or "b")and "c"', and(or(kw('a'), kw('b')), kw('c'))],
    ['"a" and ("b" or "c")', and(kw('a'), or(kw('b'), kw('c')))],
    ['("a" and "b") and "c"', and(and(kw('a'), kw('b')), kw('c'))],
    ['(("a"))', kw('a')],
    ['"a"\u3000and\u3000"b"', and(kw('a'), kw('b'))],
    ['"a" and\n\t"b"', and(kw('a'), kw('b'))],
    ['"a(b)" and "x or y"', and(kw('a(b)'), kw('x or y'))],
    ['"100%" or "a_b" or "c\\d"', or(kw('100%'), kw('a_b'), kw('c\\d'))],
  ])('%j', (text, ast) => expect(parsed(text)).toEqual(ast));
});

describe('parseSuperQuery — errors carry the key, the position and a reason', () => {
  const longQuery = `"a"${' or "a"'.repeat(200)}`;
  it.each([
    ['', 0, 'empty'],
    ['   ', 0, 'empty'],
    ['""', 0, 'emptyKeyword'],
    ['"a" or "  "', 7, 'emptyKeyword'],
    ['"a', 0, 'unterminatedQuote'],
    ['"a" and "b', 8, 'unterminatedQuote'],
    ['"a" and', 7, 'unexpectedEnd'],
    ['not', 3, 'unexpectedEnd'],
    ['"a" "b"', 4, 'unexpectedToken'],
    ['"a"and "b"', 3, 'missingSpace'],
    ['"a" and"b"', 7, 'missingSpace'],
    ['not"a"', 3, 'missingSpace'],
    ['("a"', 0, 'unbalancedParenthesis'],
    ['"a")', 3, 'unbalancedParenthesis'],
    ['()', 1, 'unexpectedToken'],
    ['"a" and ()', 9, 'unexpectedToken'],
    ['("a" "b")', 5, 'unexpectedToken'],
    ['and "a"', 0, 'unexpectedToken'],
    ['"a" or or "b"', 7, 'unexpectedToken'],
    ['a', 0, 'unknownWord'],
    ['"a" xor "b"', 4, 'unknownWord'],
    ['"a" andnot "b"', 4, 'unknownWord'],
    ['口红', 0, 'unexpectedCharacter'],
    ['"a" & "b"', 4, 'unexpectedCharacter'],
    ['“口红”', 0, 'fullWidthQuote'],
    ['"a" and ＂b＂', 8, 'fullWidthQuote'],
    [longQuery, SUPER_QUERY_MAX_LENGTH, 'tooLong'],
    [`${'('.repeat(21)}"a"${')'.repeat(21)}`, 20, 'tooDeep'],
    [`${'not '.repeat(21)}"a"`, 80, 'tooDeep'],
    [`${'(not '.repeat(10)}not "a"${')'.repeat(10)}`, 50, 'tooDeep'],
  ] as [string, number, SuperQueryErrorReason][])('%j → position %i, %s', (text, position, reason) => {
    expect(parseSuperQuery(text)).toEqual({ ok: false, error: { key: 'superQuery.invalidFormat', position, reason } });
  });

  it('accepts exactly the limits', () => {
    expect(parseSuperQuery(`${'('.repeat(SUPER_QUERY_MAX_DEPTH)}"a"${')'.repeat(SUPER_QUERY_MAX_DEPTH)}`).ok).toBe(
      true,
    );
    expect(parseSuperQuery(`${'(not '.repeat(10)}"a"${')'.repeat(10)}`).ok).toBe(true);
    const atLimit = `"${'x'.repeat(SUPER_QUERY_MAX_LENGTH - 2)}"`;
    expect(atLimit).toHaveLength(SUPER_QUERY_MAX_LENGTH);
    expect(parseSuperQuery(atLimit).ok).toBe(true);
    expect(parseSuperQuery(`${atLimit} `).ok).toBe(false);
  });

  it('renders the error for the user with a 1-based position', () => {
    const r = parseSuperQuery('"a"and "b"');
    if (r.ok) throw new Error('expected an error');
    expect(superQueryErrorMessage('en', r.error)).toBe(
      'The format of the super query clause is incorrect (near character 4).',
    );
    expect(superQueryErrorMessage('zh-CN', r.error)).toBe('超级查询语句格式不正确（第 4 个字符附近）');
  });
});

describe('printSuperQuery', () => {
  it.each([
    [or(and(kw('a'), kw('b')), kw('c')), '"a" and "b" or "c"'],
    [and(or(kw('a'), kw('b')), kw('c')), '("a" or "b") and "c"'],
    [and(and(kw('a'), kw('b')), kw('c')), '("a" and "b") and "c"'],
    [or(kw('a'), or(kw('b'), kw('c'))), '"a" or ("b" or "c")'],
    [not(and(kw('a'), kw('b'))), 'not ("a" and "b")'],
    [not(not(kw('a'))), 'not not "a"'],
  ])('%j → %s', (ast, text) => expect(printSuperQuery(ast)).toBe(text));

  it.each(['', ' a', 'a"b'])('refuses a keyword it cannot write: %j', (value) => {
    expect(() => printSuperQuery(kw(value))).toThrow(RangeError);
  });
});

describe('matchesSuperQuery — case-insensitive substring semantics', () => {
  const q = parsed('"口红" and ("Matte" or "丝绒") and not "小样"');
  it.each([
    ['YSL 口红 matte 哑光', true],
    ['迪奥 丝绒 口红', true],
    ['口红 小样 matte', false],
    ['Matte 唇釉', false],
    ['口红', false],
  ])('%j → %s', (title, expected) => expect(matchesSuperQuery(q, title)).toBe(expected));

  it('lists keywords in reading order', () => {
    expect(superQueryKeywords(q)).toEqual(['口红', 'Matte', '丝绒', '小样']);
  });
});

describe('compileSuperQuery', () => {
  const pg = (i: number) => `$${i + 1}`;

  it('builds bound ILIKE conditions with escaped wildcards', () => {
    expect(compileSuperQuery(parsed('"a" and not ("b" or "c")'), 'title', pg)).toEqual({
      sql: "(title ILIKE $1 ESCAPE '\\' AND NOT ((title ILIKE $2 ESCAPE '\\' OR title ILIKE $3 ESCAPE '\\')))",
      params: ['%a%', '%b%', '%c%'],
    });
    expect(compileSuperQuery(parsed('"100%_\\x"'), 's.title', () => '?')).toEqual({
      sql: "s.title ILIKE ? ESCAPE '\\'",
      params: ['%100\\%\\_\\\\x%'],
    });
  });

  it('can leave out the ESCAPE clause (ClickHouse escapes with backslash already)', () => {
    expect(compileSuperQuery(parsed('"a_b"'), 'title', () => '?', { escapeClause: false })).toEqual({
      sql: 'title ILIKE ?',
      params: ['%a\\_b%'],
    });
  });

  it("binds the keywords themselves into the caller's keyword SQL (substring test, no LIKE pattern)", () => {
    const keyword = (ph: string) => `contains(lower(t), lower(${ph}))`;
    expect(compileSuperQuery(parsed('"50%" and not "a_b"'), 'title', pg, { keyword })).toEqual({
      sql: '(contains(lower(t), lower($1)) AND NOT (contains(lower(t), lower($2))))',
      params: ['50%', 'a_b'],
    });
  });

  it('passes the 0-based parameter index to the placeholder', () => {
    const seen: number[] = [];
    compileSuperQuery(parsed('"a" or "b" or "c"'), 'title', (i) => {
      seen.push(i);
      return `{p${i}:String}`;
    });
    expect(seen).toEqual([0, 1, 2]);
  });

  it.each(['title; DROP TABLE x', 'title--', '"title"', '1title', 'a.', ''])(
    'rejects a column that is not a plain identifier: %j',
    (column) => {
      expect(() => compileSuperQuery(kw('a'), column, pg)).toThrow(TypeError);
    },
  );
});

// Property tests -----------------------------------------------------------------------------------

const KEYWORD_CHARS = ['a', 'B', 'c', ' ', '%', '_', '\\', "'", ';', '口', '红', '(', ')'];
const keywordArb = fc
  .string({ unit: fc.constantFrom(...KEYWORD_CHARS), minLength: 1, maxLength: 4 })
  .filter((s) => s.trim() === s && s !== '');

const astArb: fc.Arbitrary<SuperQueryNode> = fc.letrec<{ node: SuperQueryNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'ast' },
    keywordArb.map(kw),
    tie('node').map(not),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((operands) => and(...operands)),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((operands) => or(...operands)),
  ),
})).node;

const titleArb = fc.string({ unit: fc.constantFrom(...KEYWORD_CHARS, 'A', 'b', 'C'), maxLength: 12 });

describe('super query properties', () => {
  it('printing then parsing gives back the same AST', () => {
    fc.assert(
      fc.property(astArb, (ast) => {
        expect(parsed(printSuperQuery(ast))).toEqual(ast);
      }),
      { numRuns: 500 },
    );
  });

  it('any text either parses to an AST that round-trips, or fails at a position inside the text', () => {
    const piece = fc.constantFrom('"a"', '"口红"', ' ', 'and', 'or', 'not', 'AND', '(', ')', '"', 'x', '“', '\u3000');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        ),
        (text) => {
          const r = parseSuperQuery(text);
          if (r.ok) expect(parsed(printSuperQuery(r.ast))).toEqual(r.ast);
          else {
            expect(r.error.key).toBe('superQuery.invalidFormat');
            expect(r.error.position).toBeGreaterThanOrEqual(0);
            expect(r.error.position).toBeLessThanOrEqual(text.length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the SQL depends only on the tree shape: keywords never reach the SQL text', () => {
    fc.assert(
      fc.property(astArb, (ast) => {
        const { sql, params } = compileSuperQuery(ast, 'title', (i) => `$${i + 1}`);
        const keywords = superQueryKeywords(ast);
        expect(params).toHaveLength(keywords.length);
        const blank = (n: SuperQueryNode): SuperQueryNode =>
          n.type === 'keyword'
            ? kw('x')
            : n.type === 'not'
              ? not(blank(n.operand))
              : { type: n.type, operands: n.operands.map(blank) };
        expect(compileSuperQuery(blank(ast), 'title', (i) => `$${i + 1}`).sql).toBe(sql);
        for (const k of keywords) if (/[aBc口红%_;]/.test(k)) expect(sql).not.toContain(k);
      }),
      { numRuns: 300 },
    );
  });

  it('an escaped %keyword% LIKE pattern matches exactly the titles containing the keyword', () => {
    // A reference LIKE matcher: backslash escapes, % any run, _ one character, case-insensitive.
    const likeToRegExp = (pattern: string) => {
      let re = '';
      for (let i = 0; i < pattern.length; i++) {
        const ch = pattern[i]!;
        if (ch === '\\') re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        else if (ch === '%') re += '.*';
        else if (ch === '_') re += '.';
        else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }
      return new RegExp(`^${re}$`, 'isu');
    };
    fc.assert(
      fc.property(keywordArb, titleArb, (k, title) => {
        const matches = likeToRegExp(`%${escapeLikePattern(k)}%`).test(title);
        expect(matches).toBe(title.toLowerCase().includes(k.toLowerCase()));
      }),
      { numRuns: 1000 },
    );
  });
});

// The compiled SQL against a real engine: DuckDB (the embedded warehouse) must agree with
// matchesSuperQuery on every title. Skipped when the server's DuckDB binding is not installed.
const duckdb = await import('@duckdb/node-api').catch(() => null);

describe.skipIf(duckdb === null)('compiled SQL in DuckDB agrees with matchesSuperQuery', () => {
  it('for random queries over a fixed set of titles', async () => {
    const instance = await duckdb!.DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const titles = fc.sample(titleArb, { numRuns: 300, seed: 7 });
    await conn.run('CREATE TABLE t (id INTEGER, title VARCHAR)');
    const appender = await conn.createAppender('t');
    titles.forEach((title, id) => {
      appender.appendInteger(id);
      appender.appendVarchar(title);
      appender.endRow();
    });
    appender.closeSync();
    try {
      await fc.assert(
        fc.asyncProperty(astArb, async (ast) => {
          const { sql, params } = compileSuperQuery(ast, 'title', (i) => `$${i + 1}`);
          const reader = await conn.runAndReadAll(`SELECT id FROM t WHERE ${sql} ORDER BY id`, params);
          const fromSql = reader.getRowObjectsJS().map((r) => Number(r.id));
          const expected = titles.flatMap((title, id) => (matchesSuperQuery(ast, title) ? [id] : []));
          expect(fromSql).toEqual(expected);
        }),
        { numRuns: 150 },
      );
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
