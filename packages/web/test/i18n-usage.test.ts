import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, auditActionKey, MESSAGES as SHARED_MESSAGES } from '@marketlens/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/app/catalogue.js';

/**
 * Every message key (the shared catalogue and the web's) is referenced by some source: a string that
 * nothing shows is dead weight both translators and readers pay for. A key counts as referenced when
 * the source of the web, the server or the shared package (tests do not count) holds it as a string,
 * when a template literal with a static `namespace.` head matches it, each `${…}` standing for one
 * key segment (`pa.trend.by.${b}`), or when a string literal ending in a dot is its prefix
 * (`'route.' + name`). `<key>_one` follows its plural key. Keys built another way are listed in
 * DYNAMIC below, computed by the code that builds them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['web/src', 'server/src', 'shared/src'].map((d) => path.join(ROOT, d));

/** Keys the one-segment rule cannot see, each family from the function the code builds it with. */
const DYNAMIC: ReadonlySet<string> = new Set([
  // shared/src/audit.ts: an action code has dots of its own ('auth.login' → 'audit.action.auth.login').
  ...AUDIT_ACTIONS.map(auditActionKey),
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A catalogue declares keys as property names; those declarations are not references. */
const isCatalogue = (file: string, source: string) =>
  /[/\\]shared[/\\]src[/\\]messages(\.ts|[/\\])/.test(file) ||
  /[/\\]i18n[/\\]core[/\\]/.test(file) ||
  /\bdefineArea\(\{/.test(source);

const NAMESPACED = /^[A-Za-z][\w-]*\./;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface References {
  literals: Set<string>;
  patterns: RegExp[];
  prefixes: string[];
}

function references(): References {
  const refs: References = { literals: new Set(), patterns: [], prefixes: [] };
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    const catalogue = isCatalogue(file, source);
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node)) {
        const declared = catalogue && ts.isPropertyAssignment(node.parent) && node.parent.name === node;
        if (!declared) {
          refs.literals.add(node.text);
          if (NAMESPACED.test(node.text) && node.text.endsWith('.')) refs.prefixes.push(node.text);
        }
      } else if (ts.isTemplateExpression(node) && NAMESPACED.test(node.head.text)) {
        const parts = [
          escapeRegExp(node.head.text),
          ...node.templateSpans.map((s) => `[^.]+${escapeRegExp(s.literal.text)}`),
        ];
        refs.patterns.push(new RegExp(`^${parts.join('')}$`));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return refs;
}

describe('message keys', () => {
  const keys = Object.keys({ ...SHARED_MESSAGES['zh-CN'], ...MESSAGES['zh-CN'] });
  const refs = references();
  const referenced = (key: string): boolean =>
    refs.literals.has(key) ||
    refs.patterns.some((p) => p.test(key)) ||
    refs.prefixes.some((p) => key.startsWith(p)) ||
    DYNAMIC.has(key);

  it('are each referenced by some source (or built by a listed dynamic family)', () => {
    const unused = keys.filter((k) => !referenced(k.endsWith('_one') ? k.slice(0, -'_one'.length) : k));
    expect(unused).toEqual([]);
  });
});
