import { DEFAULT_ELLIPSIS, displayLength, truncateDisplay } from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('displayLength — docs/product.md §5: above code 255 counts 2', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['口红', 4],
    ['a口', 3],
    ['\u00ff', 1], // ÿ = 255: still 1
    ['\u0100', 2], // Ā = 256: 2
    ['é', 1],
    ['ＡＢ', 4], // full-width letters
    ['😀', 2], // one code point outside the BMP, not two halves
    ['雅诗兰黛 ANR', 12],
  ] as const)('%j → %i', (text, expected) => expect(displayLength(text)).toBe(expected));
});

describe('truncateDisplay', () => {
  it.each([
    ['abcdef', 6, 'abcdef'],
    ['abcdefg', 6, 'abc...'],
    ['雅诗兰黛小棕瓶', 14, '雅诗兰黛小棕瓶'],
    ['雅诗兰黛小棕瓶', 9, '雅诗兰...'],
    ['雅诗兰黛小棕瓶', 10, '雅诗兰...'],
    ['ab口红x', 6, 'ab...'], // after 'ab' one unit is left and 口 needs 2
    ['a😀bcd', 5, 'a...'], // never half an emoji
    ['abcdef', 3, '...'],
    ['abcdef', 2, 'ab'],
    ['口红', 1, ''],
    ['abc', 0, ''],
    ['abc', -1, ''],
    ['abc', Number.NaN, ''],
  ] as const)('(%j, %s) → %j', (text, max, expected) => expect(truncateDisplay(text, max)).toBe(expected));

  it('takes a custom ellipsis, which counts by the same rule', () => {
    expect(truncateDisplay('雅诗兰黛小棕瓶', 9, '…')).toBe('雅诗兰…'); // … is U+2026: width 2
  });

  const text = fc.string({
    unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', 'é', 'ÿ'), fc.constantFrom('口', '红', '😀', 'Ā')),
  });

  it('property: never longer than maxLen, unchanged when it fits, otherwise a maximal prefix + ellipsis', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 40 }), (s, max) => {
        const out = truncateDisplay(s, max);
        expect(displayLength(out)).toBeLessThanOrEqual(max);
        if (displayLength(s) <= max) {
          expect(out).toBe(s);
          return;
        }
        const hasEllipsis = max >= displayLength(DEFAULT_ELLIPSIS);
        const kept = hasEllipsis ? out.slice(0, -DEFAULT_ELLIPSIS.length) : out;
        if (hasEllipsis) expect(out.endsWith(DEFAULT_ELLIPSIS)).toBe(true);
        expect(s.startsWith(kept)).toBe(true);
        // Maximal: the next character would not have fitted.
        const next = [...s.slice(kept.length)][0]!;
        const budget = hasEllipsis ? max - displayLength(DEFAULT_ELLIPSIS) : max;
        expect(displayLength(kept + next)).toBeGreaterThan(budget);
      }),
    );
  });
});
