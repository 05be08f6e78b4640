import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ICONS from '../src/features/icons/iconSet.js';

const SRC = path.resolve(import.meta.dirname, '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(p) ? [p] : [];
  });

/** Names imported from '@ant-design/icons' by a source file. */
export function importedIcons(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  );
}

describe('the icon set of /icons', () => {
  it('reads named imports, several per statement, over lines', () => {
    expect(importedIcons("import {\n  A,\n  B,\n} from '@ant-design/icons';\nimport { C } from 'x';")).toEqual([
      'A',
      'B',
    ]);
  });

  it('names exactly the icons the screens import', () => {
    const used = new Set(
      sources(SRC)
        .filter((f) => !f.endsWith(path.join('icons', 'iconSet.ts')))
        .flatMap((f) => importedIcons(readFileSync(f, 'utf8'))),
    );
    expect(Object.keys(ICONS).sort()).toEqual([...used].sort());
  });
});
