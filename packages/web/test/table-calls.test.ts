import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every call under /api/common goes through an entry of the shared endpoint tables
 * (`call(ENTRY, input, opts)`, shared/api/call.ts), so its address, method and wire types are the
 * server's: a string or template literal starting with '/api/common' in the web's source is a
 * hand-typed call that bypasses them. Comments do not count. The /api/auth routes have no table and
 * are not checked here.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** Files allowed such a literal, with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  // The tables' paths are under this prefix: the one place that joins them.
  'shared/api/call.ts': 'the prefix of the table paths',
  // Names the tracking endpoint so its own calls are not tracked; not a call.
  'shared/tracking.ts': 'the tracking calls left out of tracking',
};

/**
 * Calls not converted yet; each has its table entry. Remove a file once its calls use `call`: the
 * test fails while a listed file holds no such literal any more, so the list only shrinks.
 */
const NOT_YET_CONVERTED: readonly string[] = [];

function sourceFiles(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The string and template literals of a file that start with '/api/common', as written. */
function commonLiterals(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : undefined;
    if (literal?.startsWith('/api/common')) found.push(node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('calls under /api/common', () => {
  const files = sourceFiles();
  const holding = new Map(files.map((f) => [f, commonLiterals(f)] as const).filter(([, l]) => l.length > 0));

  it('go through the endpoint tables, not hand-typed addresses', () => {
    const offending = [...holding].filter(([f]) => !(f in ALLOWED) && !NOT_YET_CONVERTED.includes(f));
    expect(Object.fromEntries(offending)).toEqual({});
  });

  it('the list of files not yet converted holds only files that still need it', () => {
    expect(NOT_YET_CONVERTED.filter((f) => !holding.has(f))).toEqual([]);
  });
});
