import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * Pages and panels reach the warehouse one way only: through the analysis request (`a.query` for
 * facts, `a.dims` for dimension data), both bound to the request's dataset and the user's grant.
 * A dimension read that takes a grant by hand, or a statement sent past the request, is not
 * written there; this keeps it so as the pages grow.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const folders = ['analytics/pages', 'analytics/panels', 'routes/common/analysis'];
/** The areas' registry hands the warehouse to openAnalysis: wiring, not a page. */
const WIRING = new Set(['index.ts', 'register.ts']);
const files = folders.flatMap((folder) =>
  readdirSync(path.join(src, folder))
    .filter((f) => f.endsWith('.ts') && !(folder.startsWith('routes') && WIRING.has(f)))
    .map((f) => ({ name: `${folder}/${f}`, text: readFileSync(path.join(src, folder, f), 'utf8') })),
);

/** What dimensions.ts may lend a page besides types: rules that read nothing. */
const PURE = new Set(['categoryGranted', 'bandsFromCuts', 'niceNumber', 'interpolatedQuantile']);

it('pages and panels import no dimension read: only types and rules that read nothing', () => {
  expect(files.length).toBeGreaterThan(10);
  for (const { name, text } of files) {
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'[./]*\/engine\/dimensions\.js'/g)) {
      if (m[1]) continue;
      const values = m[2]!
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !s.startsWith('type '));
      expect(
        values.filter((v) => !PURE.has(v)),
        name,
      ).toEqual([]);
    }
  }
});

it('pages and panels send nothing past the request: no warehouse, no engine call, no SQL text', () => {
  for (const { name, text } of files) {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code, name).not.toMatch(/\.warehouse\b/);
    expect(code, name).not.toMatch(/\bengine\.\w+\(/);
    expect(code, name).not.toMatch(/\bSELECT\b|\bFROM\s+\$\{/);
  }
});
