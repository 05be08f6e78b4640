import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, isMessageKey, MESSAGES } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * Every action the server writes to the audit trail, read from its source: the `action:` of an
 * Auditor entry (each quoted code of the expression, e.g. both sides of a conditional) and the
 * action argument of a project route's `kit.audit(req, '…')`.
 */
const written = new Map<string, string>();
const computed: string[] = [];
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8');
  const where = path.relative(SRC, file);
  for (const m of text.matchAll(/\baction:\s*([^\n]+)/g)) {
    if (m[1]!.trimStart().startsWith('`')) computed.push(`${where}: ${m[0]}`);
    for (const q of m[1]!.matchAll(/'([a-z_]+\.[a-z_.]+)'/g)) written.set(q[1]!, where);
  }
  for (const m of text.matchAll(/\baudit\(\s*req,\s*(['`])([^'`]+)\1/g)) {
    if (m[1] === '`') computed.push(`${where}: ${m[0]}`);
    else written.set(m[2]!, where);
  }
}

describe('audit action labels', () => {
  it('the scan finds the server’s audit writes', () => {
    expect(written.size).toBeGreaterThanOrEqual(30);
  });

  it('no action code is put together at run time (it could not be checked or labelled)', () => {
    expect(computed).toEqual([]);
  });

  it.each([...written])('%s (%s) is a listed action with a label in zh-CN and en', (action) => {
    expect(AUDIT_ACTIONS).toContain(action);
    const key = `audit.action.${action}`;
    expect(isMessageKey(key), key).toBe(true);
    const zh = (MESSAGES['zh-CN'] as Record<string, string>)[key];
    const en = (MESSAGES.en as Record<string, string>)[key];
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(en?.trim()).toBeTruthy();
    expect(en).not.toBe(action);
  });

  it('every listed action is written somewhere (no stale codes on the screen’s filter)', () => {
    expect(AUDIT_ACTIONS.filter((a) => !written.has(a))).toEqual([]);
  });

  it('labels are distinct within a language, so the filter never offers two identical choices', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const labels = AUDIT_ACTIONS.map((a) => (MESSAGES[lang] as Record<string, string>)[`audit.action.${a}`]);
      expect(new Set(labels).size, lang).toBe(AUDIT_ACTIONS.length);
    }
  });

  it('every outcome has a label in both languages', () => {
    for (const o of AUDIT_OUTCOMES) {
      expect(isMessageKey(`audit.outcome.${o}`)).toBe(true);
    }
  });
});
