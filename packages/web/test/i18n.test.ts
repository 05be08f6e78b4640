import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES as SHARED_MESSAGES } from '@marketlens/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AREAS, MESSAGES } from '../src/app/catalogue.js';
import { LOCALES } from '../src/shared/i18n/locales.js';

const SRC = path.resolve(import.meta.dirname, '../src');

describe('web strings', () => {
  const all = Object.fromEntries(
    LOCALES.map((l) => [l, { translation: { ...SHARED_MESSAGES[l], ...MESSAGES[l] } as Record<string, string> }]),
  );
  const zhKeys = Object.keys(all['zh-CN']!.translation).sort();

  it.each(LOCALES)('%s has exactly the keys of zh-CN (web + shared catalogue), none empty', (locale) => {
    expect(Object.keys(all[locale]!.translation).sort()).toEqual(zhKeys);
    for (const [key, text] of Object.entries(all[locale]!.translation)) expect(text.trim(), key).not.toBe('');
  });

  it('English strings are not left in Chinese', () => {
    for (const [key, text] of Object.entries(MESSAGES.en)) expect(/[\u4e00-\u9fff]/.test(text), key).toBe(false);
  });

  it('placeholders are the same in both languages', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, zh] of Object.entries(all['zh-CN']!.translation)) {
      expect(names(all.en!.translation[key]!), key).toEqual(names(zh));
    }
  });
});

/** Brand and product names, the language names (each in itself) and symbols are not translated. */
const ALLOWED = new Set(['MarketLens', '市场透镜', '中文', 'English', '#']);
/** Props whose string values reach the screen. */
const VISIBLE_PROPS = new Set([
  'title',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'okText',
  'cancelText',
  'description',
  'tip',
  'content',
  'message',
  'subTitle',
  'extra',
  'tooltip',
  'addonBefore',
  'addonAfter',
  'help',
  'emptyText',
]);
const WORDS = /[A-Za-z\u3400-\u9fff]/;

/** Literal user-visible strings in a TSX source: JSX text and string values of visible props. */
export function literalStrings(source: string, file = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().trim();
      if (text && WORDS.test(text) && !ALLOWED.has(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText())) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression.text
            : undefined;
      if (literal !== undefined && WORDS.test(literal) && !ALLOWED.has(literal)) found.push(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? tsxFiles(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

describe('no literal user-visible strings in components', () => {
  it('the check itself finds JSX text and visible props, and lets keys and brand names through', () => {
    const sample = `const A = () => <div title="Hello" aria-label={'你好'}>Save now<b>{t('k')}</b>MarketLens<i placeholder={t('p')} /></div>;`;
    expect(literalStrings(sample)).toEqual(['Hello', '你好', 'Save now']);
  });

  it.each(tsxFiles(SRC).map((f) => path.relative(SRC, f)))('%s', (file) => {
    expect(literalStrings(readFileSync(path.join(SRC, file), 'utf8'), file)).toEqual([]);
  });
});

describe('area strings load with their areas', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(p) ? [p] : [];
    });
  const files = sources(SRC).map((f) => ({ file: path.relative(SRC, f), text: readFileSync(f, 'utf8') }));
  const defined = files.flatMap(({ file, text }) =>
    [...text.matchAll(/export const (\w+) = defineArea\(/g)].map((m) => ({ file, name: m[1]! })),
  );

  it('every defineArea is in the checked catalogue', () => {
    expect(defined.length).toBe(AREAS.length);
  });

  // An area nobody registers would show raw keys on its page: its strings are not in the entry chunk.
  it.each(defined.map((d) => [d.name, d.file]))('%s (%s) is registered by an entry module', (name) => {
    const registrars = files.filter(({ text }) => new RegExp(`registerArea\\([^)]*\\b${name}\\b`).test(text));
    expect(registrars.map((r) => r.file)).not.toEqual([]);
  });
});
