import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  comparesWithBase,
  MESSAGES,
  METRIC_DEFINITION_IDS,
  METRIC_DEFINITIONS,
  resolveDefinitions,
} from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

/**
 * docs/metrics.md "On-screen definitions" quotes the texts the "?" popovers show: the same words in
 * both languages, one row per definition of metric-definitions.ts, so neither can change alone.
 */
const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../docs/metrics.md'), 'utf8');

/** The rows of the table under the "On-screen definitions" heading: id → its four cells. */
function docRows(): Map<string, string[]> {
  const section = DOC.split(/^## /m).find((s) => s.startsWith('On-screen definitions'));
  if (!section) throw new Error('docs/metrics.md has no "On-screen definitions" section');
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([a-z_]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (!m) continue;
    rows.set(
      m[1]!,
      m[2]!.split('|').map((c) => c.trim()),
    );
  }
  return rows;
}

describe('metric definitions', () => {
  const rows = docRows();

  it('docs/metrics.md lists exactly the definitions of the source, in its order', () => {
    expect([...rows.keys()]).toEqual(METRIC_DEFINITION_IDS);
  });

  it.each(METRIC_DEFINITION_IDS)('%s: the docs quote the name and text of both languages', (id) => {
    const keys = METRIC_DEFINITIONS[id];
    expect(rows.get(id)).toEqual([
      MESSAGES.en[keys.name],
      MESSAGES.en[keys.text],
      MESSAGES['zh-CN'][keys.name],
      MESSAGES['zh-CN'][keys.text],
    ]);
    // Neither language shows a key or an empty text.
    for (const locale of ['en', 'zh-CN'] as const) {
      expect(MESSAGES[locale][keys.text].length).toBeGreaterThan(5);
      expect(MESSAGES[locale][keys.text]).not.toContain('analysis.def.');
    }
  });

  it("resolves 'growth' by the comparison selector, each definition once", () => {
    expect(resolveDefinitions(['sales', 'growth', 'growth_yoy'], 'yoy')).toEqual(['sales', 'growth_yoy']);
    expect(resolveDefinitions(['growth', 'share'], 'custom')).toEqual(['growth_custom', 'share']);
    expect(comparesWithBase(['sales', 'share'])).toBe(false);
    expect(comparesWithBase(resolveDefinitions(['growth'], 'mom'))).toBe(true);
  });
});
