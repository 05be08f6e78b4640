import {
  formatNumber,
  formatPercent,
  formatRatio,
  formatShare,
  GROUP_SEPARATOR,
  isNoChange,
  type NumberFormatOptions,
  type NumericInput,
  type PercentFormatOptions,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The expected text written with a plain space between digits, the separator as docs/product.md §9 has it. */
const NNBSP = '\u202F';
const g = (text: string) => text.replace(/(\d) (?=\d)/g, `$1${NNBSP}`);

describe('the thousands separator (docs/product.md §9)', () => {
  it('is U+202F narrow no-break space, never a breaking space', () => {
    expect(GROUP_SEPARATOR).toBe(NNBSP);
    for (const text of [
      formatNumber(1234),
      formatNumber(1234.5, { decimals: 2 }),
      formatNumber(-1e10, { currency: '¥' }),
    ]) {
      expect(text).not.toMatch(/ /);
    }
    expect(formatNumber(2_513, { currency: '¥' })).toBe('¥2\u202F513');
    expect(formatPercent(1_234_567, { locale: 'en' })).toBe('12\u202F346 times higher');
  });
});

describe('formatNumber — docs/product.md §9 rules', () => {
  const cases: [string, NumericInput, NumberFormatOptions, string][] = [
    // 0 shows 0
    ['zero', 0, {}, '0'],
    ['negative zero', -0, {}, '0'],
    ['zero string', '0', {}, '0'],
    ['zero with decimals stays 0', 0, { decimals: 2 }, '0'],
    // empty or dash shows dash
    ['null', null, {}, '-'],
    ['undefined', undefined, {}, '-'],
    ['empty string', '', {}, '-'],
    ['dash', '-', {}, '-'],
    ['NaN', Number.NaN, {}, '-'],
    ['Infinity', Number.POSITIVE_INFINITY, {}, '-'],
    ['non-numeric string', 'abc', {}, '-'],
    // under 10: '<10' / '>-10'
    ['9.999', 9.999, {}, '<10'],
    ['-9.999', -9.999, {}, '>-10'],
    ['0.001', 0.001, {}, '<10'],
    ['-0.001', -0.001, {}, '>-10'],
    ['5', 5, {}, '<10'],
    // ... unless decimals are requested
    ['4.56789 with 2 decimals', 4.56789, { decimals: 2 }, '4.57'],
    ['-4.56789 with 2 decimals', -4.56789, { decimals: 2 }, '-4.57'],
    ['9.999 with 2 decimals rounds up', 9.999, { decimals: 2 }, '10.00'],
    ['tiny negative rounding to zero has no sign', -0.001, { decimals: 2 }, '0.00'],
    ['1.005 rounds half away on the decimal value', 1.005, { decimals: 2 }, '1.01'],
    // under 10 000: full, grouped by a space
    ['10', 10, {}, '10'],
    ['-10', -10, {}, '-10'],
    ['999', 999, {}, '999'],
    ['1234', 1234, {}, g('1 234')],
    ['9999', 9999, {}, g('9 999')],
    ['-9999', -9999, {}, g('-9 999')],
    ['9999.4 rounds down', 9999.4, {}, g('9 999')],
    ['9999.5 rounds into the next unit', 9999.5, {}, '10K'],
    ['1234.5 with 2 decimals', 1234.5, { decimals: 2 }, g('1 234.50')],
    // under 10 million: thousands with K
    ['10000', 10_000, {}, '10K'],
    ['-10000', -10_000, {}, '-10K'],
    ['123456', 123_456, {}, '123K'],
    ['123500 rounds half away', 123_500, {}, '124K'],
    ['9 999 499', 9_999_499, {}, g('9 999K')],
    ['9 999 999 rounds into M', 9_999_999, {}, '10M'],
    ['-9 999 999', -9_999_999, {}, '-10M'],
    ['12345 with 1 decimal (on the scaled value)', 12_345, { decimals: 1 }, '12.3K'],
    // under 10 billion: millions with M
    ['10 000 000', 10_000_000, {}, '10M'],
    ['-10 000 000', -10_000_000, {}, '-10M'],
    ['123 456 789', 123_456_789, {}, '123M'],
    ['9 999 499 999', 9_999_499_999, {}, g('9 999M')],
    ['9 999 999 999 rounds into B', 9_999_999_999, {}, '10B'],
    // else billions with B
    ['1e10', 1e10, {}, '10B'],
    ['-1e10', -1e10, {}, '-10B'],
    ['12 345 678 901 234 (B keeps grouping)', 12_345_678_901_234, {}, g('12 346B')],
    ['1.5e10 with 1 decimal', 1.5e10, { decimals: 1 }, '15.0B'],
    ['beyond 1e21 still plain digits', 1e30, {}, g('1 000 000 000 000 000 000 000B')],
    // fraction digits grouped in threes from 5 digits on
    ['4 fraction digits are not grouped', 1.2345, { decimals: 4 }, '1.2345'],
    ['5 fraction digits', 1.23456, { decimals: 5 }, g('1.234 56')],
    ['7 fraction digits', 0.1234567, { decimals: 7 }, g('0.123 456 7')],
    ['6 fraction digits with grouped integer', 12_345.123456, { decimals: 6 }, g('12.345 123K')],
    // currency prefix
    ['currency', 1234, { currency: '¥' }, g('¥1 234')],
    ['currency after the sign', -1234, { currency: '¥' }, g('-¥1 234')],
    ['currency under 10', 5, { currency: '¥' }, '<¥10'],
    ['currency negative under 10', -5, { currency: '$' }, '>-$10'],
    ['currency zero', 0, { currency: '¥' }, '¥0'],
    ['currency empty', null, { currency: '¥' }, '-'],
    ['currency with unit', 12_345_678, { currency: '$' }, '$12M'],
    // numeric strings from the API
    ['numeric string', '12345', {}, '12K'],
    ['padded numeric string', ' 9999 ', {}, g('9 999')],
    ['exponent string', '1e4', {}, '10K'],
  ];
  it.each(cases)('%s: %s → %s', (_name, input, opts, expected) => {
    expect(formatNumber(input, opts)).toBe(expected);
  });

  it.each([-1, 1.5, 21])('rejects decimals = %s', (decimals) => {
    expect(() => formatNumber(12, { decimals })).toThrow(RangeError);
  });

  const UNITS: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9 };
  const parse = (s: string) => {
    const m = /^(-?)(\d{1,3}(?:\u202F\d{3})*)([KMB]?)$/.exec(s);
    if (!m) throw new Error(`unexpected shape ${s}`);
    return { sign: m[1] === '-' ? -1 : 1, mantissa: Number(m[2]!.replace(/\u202F/g, '')), unit: m[3]! };
  };

  it('property: from 10 on, the text is within half a display unit of the value and uses the right unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 10, max: 1e15, noNaN: true }), fc.boolean(), (abs, negative) => {
        const n = negative ? -abs : abs;
        const { sign, mantissa, unit } = parse(formatNumber(n));
        const divisor = UNITS[unit]!;
        expect(sign).toBe(negative ? -1 : 1);
        expect(Math.abs(mantissa * divisor - abs)).toBeLessThanOrEqual(0.5 * divisor * (1 + 1e-9));
        // Never a mantissa that belongs to the next unit, never a unit too large for the value.
        if (unit !== 'B') expect(mantissa).toBeLessThan(10_000);
        if (unit !== '') expect(mantissa).toBeGreaterThanOrEqual(10);
      }),
    );
  });

  it('property: any double gives text without NaN/Infinity, and magnitude under 10 gives <10 or >-10', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.double({ min: 1e15, max: Number.MAX_VALUE })), (n) => {
        const s = formatNumber(n);
        expect(s).not.toMatch(/NaN|Infinity|e/);
        if (Number.isFinite(n) && n !== 0 && Math.abs(n) < 10) expect(s).toBe(n < 0 ? '>-10' : '<10');
      }),
    );
  });
});

describe('formatPercent — docs/product.md §9 rules (input in percent)', () => {
  const cases: [string, NumericInput, PercentFormatOptions, string][] = [
    ['empty', null, {}, '-'],
    ['dash', '-', {}, '-'],
    ['NaN', Number.NaN, {}, '-'],
    ['zero', 0, {}, '0%'],
    // below 1
    ['0.4', 0.4, {}, '<1%'],
    ['0.999', 0.999, {}, '<1%'],
    ['-0.4', -0.4, {}, '>-1%'],
    // below 1 with zero-decimal display requested: one decimal
    ['0.44, decimals 0', 0.44, { decimals: 0 }, '0.4%'],
    ['-0.45, decimals 0 (half away)', -0.45, { decimals: 0 }, '-0.5%'],
    ['0.04, decimals 0', 0.04, { decimals: 0 }, '0.0%'],
    ['-0.04, decimals 0 has no sign', -0.04, { decimals: 0 }, '0.0%'],
    ['0.96, decimals 0 reaches 1 → whole', 0.96, { decimals: 0 }, '1%'],
    ['12.5, decimals 0 is whole', 12.5, { decimals: 0 }, '13%'],
    // under 10 000: whole percent
    ['1', 1, {}, '1%'],
    ['12.5 (half away)', 12.5, {}, '13%'],
    ['-12.5', -12.5, {}, '-13%'],
    ['99.4', 99.4, {}, '99%'],
    ['9999 grouped', 9999, {}, g('9 999%')],
    ['-9999', -9999, {}, g('-9 999%')],
    ['9999.4', 9999.4, {}, g('9 999%')],
    // explicit decimals
    ['12.345, 2 decimals', 12.345, { decimals: 2 }, '12.35%'],
    ['0.456, 2 decimals (no <1%)', 0.456, { decimals: 2 }, '0.46%'],
    // at or above 10 000: multiple
    ['10000 en', 10_000, { locale: 'en' }, '100 times higher'],
    ['10000 zh', 10_000, { locale: 'zh-CN' }, '高100倍'],
    ['default locale is zh-CN', 25_000, {}, '高250倍'],
    ['25000 en', 25_000, { locale: 'en' }, '250 times higher'],
    ['9999.5 rounds into the multiple', 9999.5, { locale: 'en' }, '100 times higher'],
    ['1234567 grouped', 1_234_567, { locale: 'en' }, g('12 346 times higher')],
    ['25050 with 1 decimal', 25_050, { locale: 'en', decimals: 1 }, '250.5 times higher'],
    ['-25000 en', -25_000, { locale: 'en' }, '250 times lower'],
    ['-25000 zh', -25_000, { locale: 'zh-CN' }, '低250倍'],
    ['numeric string', '42.4', {}, '42%'],
  ];
  it.each(cases)('%s: %s → %s', (_name, input, opts, expected) => {
    expect(formatPercent(input, opts)).toBe(expected);
  });

  it.each([
    [0.285, '29%'],
    [0.004, '<1%'],
    [-0.2, '-20%'],
    [250, '高250倍'],
    [null, '-'],
  ] as const)('formatRatio(%s) → %s', (ratio, expected) => {
    expect(formatRatio(ratio)).toBe(expected);
  });

  it('property: never prints NaN, Infinity or exponent notation', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.double({ min: 1e15, max: Number.MAX_VALUE })),
        fc.constantFrom(undefined, 0, 1, 2),
        (n, decimals) => {
          expect(formatPercent(n, { decimals, locale: 'en' })).not.toMatch(/NaN|Infinity|\de/);
        },
      ),
    );
  });
});

describe('formatShare — docs/product.md §9 rules (input in percent, absolute value)', () => {
  it.each([
    [null, '-'],
    ['-', '-'],
    ['', '-'],
    [0, '0%'],
    [0.099, '<0.1%'],
    [1e-9, '<0.1%'],
    [-0.05, '<0.1%'],
    [0.1, '0.1%'],
    [0.15, '0.2%'],
    [12.345, '12.3%'],
    [-12.3, '12.3%'],
    [99.94, '99.9%'],
    [99.949, '99.9%'],
    [99.95, '100%'],
    [-99.95, '100%'],
    [100, '100%'],
  ] as const)('%s → %s', (input, expected) => {
    expect(formatShare(input)).toBe(expected);
  });

  it('property: a share is 0%, <0.1%, one decimal below 99.95, or whole — never signed', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (p) => {
        const s = formatShare(p);
        const abs = Math.abs(p);
        if (abs === 0) expect(s).toBe('0%');
        else if (abs < 0.1) expect(s).toBe('<0.1%');
        else if (abs < 99.95) expect(s).toMatch(/^\d{1,2}\.\d%$/);
        else expect(s).toMatch(/^\d{3,}%$|^\d\u202F\d{3}%$/);
      }),
    );
  });
});

describe('isNoChange — docs/product.md §9', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['  ', true],
    ['-', true],
    [Number.NaN, true],
    ['NaN', true],
    ['NaN%', true],
    [0, true],
    [-0, true],
    ['0', true],
    ['0%', true],
    ['0.0%', true],
    [0.001, false],
    [-3, false],
    ['<1%', false],
    ['-3%', false],
    ['abc', false],
  ] as const)('%s → %s', (input, expected) => {
    expect(isNoChange(input)).toBe(expected);
  });
});
