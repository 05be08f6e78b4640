import { describe, expect, it } from 'vitest';
import { formatAmount } from '../src/format.js';

/** The expected text written with a plain space between digits: the separator is U+202F (docs/product.md §9). */
const g = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u202F');

describe('formatAmount — exact prices with docs/product.md §9 grouping', () => {
  it.each([
    [106_000, { currency: '¥' }, g('¥106 000')],
    [999_999, {}, g('999 999')],
    [1_042_999, { currency: '¥' }, g('¥1 042 999')],
    [0, { currency: '¥' }, '¥0'],
    [5, { currency: '¥' }, '¥5'],
    [-1234.5, { decimals: 2 }, g('-1 234.50')],
    [-0.001, {}, '0'],
    ['20000', {}, g('20 000')],
    [null, {}, '-'],
    ['-', { currency: '¥' }, '-'],
  ] as const)('%s %o → %s', (value, opts, text) => {
    expect(formatAmount(value, opts)).toBe(text);
  });
});
