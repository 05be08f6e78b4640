import {
  generateRandomPassword,
  isEmail,
  isFloat,
  isStrongPassword,
  isTelephone,
  type RangeBound,
  REQUIRED_FIELDS,
  translate,
  validateAttributeValueCount,
  validateBenchmarkPeriod,
  validateEmail,
  validateFloat,
  validateNewKeyword,
  validatePassword,
  validatePasswordRepeat,
  validateRange,
  validateRequired,
  validateTelephone,
} from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('password (docs/product.md §5)', () => {
  it.each([
    ['', 'validation.password.required'],
    [null, 'validation.password.required'],
    [undefined, 'validation.password.required'],
    ['Abc12345', null],
    ['aB3aaaaa', null],
    ['Abc 1234 密码', null],
    ['Abc1234', 'validation.password.weak'], // 7 characters
    ['abc12345', 'validation.password.weak'], // no uppercase
    ['ABC12345', 'validation.password.weak'], // no lowercase
    ['Abcdefgh', 'validation.password.weak'], // no digit
    ['        ', 'validation.password.weak'], // spaces are a weak password, not an empty one
    ['Ａｂｃ１２３４５', 'validation.password.weak'], // full-width letters and digits do not count
  ] as const)('%j → %s', (password, key) => expect(validatePassword(password)).toBe(key));

  it('renders the weak message with the minimum length', () => {
    expect(translate('en', 'validation.password.weak', { min: 8 })).toMatch(/at least 8 characters/);
  });

  it.each([
    ['Abc12345', 'Abc12345', null],
    ['Abc12345', 'abc12345', 'validation.password.mismatch'],
    ['Abc12345', 'Abc12345 ', 'validation.password.mismatch'],
    ['Abc12345', '', 'validation.password.repeatRequired'],
    ['Abc12345', undefined, 'validation.password.repeatRequired'],
  ] as const)('repeat of %j: %j → %s', (password, repeat, key) => {
    expect(validatePasswordRepeat(password, repeat)).toBe(key);
  });
});

describe('email', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.com.cn', true],
    ['x_y@sub-domain.example.org', true],
    ['USER@EXAMPLE.COM', true],
    ['a@b', false],
    ['ab.com', false],
    ['a@@b.com', false],
    ['a b@c.com', false],
    ['a@-b.com', false],
    ['a@b-.com', false],
    ['@b.com', false],
    ['a@.com', false],
    ['a@b..com', false],
    ['用户@例子.中国', false],
    [`${'a'.repeat(250)}@b.com`, false],
  ] as const)('isEmail(%j) → %s', (email, ok) => expect(isEmail(email)).toBe(ok));

  it.each([
    ['', 'validation.email.required'],
    ['   ', 'validation.email.required'],
    [null, 'validation.email.required'],
    ['nope', 'validation.email.invalid'],
    [' a@b.co ', null],
  ] as const)('validateEmail(%j) → %s', (email, key) => expect(validateEmail(email)).toBe(key));
});

describe('telephone (docs/product.md §5: digits with + ( ) - . or spaces, 5 to 20 digits)', () => {
  it.each([
    ['13900000000', true],
    ['+86 139 0000 0000', true],
    ['010-12345678', true],
    ['(021) 6123-4567', true],
    ['+1 (555) 010.2030', true],
    ['12345', true],
    ['1234', false],
    ['1'.repeat(21), false],
    ['-', false],
    ['--', false],
    ['+', false],
    ['abc123456', false],
    ['139 0000 0000 ext 5', false],
    ['-13900000000', false],
  ] as const)('isTelephone(%j) → %s', (value, ok) => expect(isTelephone(value)).toBe(ok));

  it.each([
    ['', 'validation.telephone.required'],
    ['  ', 'validation.telephone.required'],
    [null, 'validation.telephone.required'],
    ['-', 'validation.telephone.invalid'],
    [' 010-12345678 ', null],
  ] as const)('validateTelephone(%j) → %s', (value, key) => expect(validateTelephone(value)).toBe(key));
});

describe('required fields (docs/product.md §5: username, email, enterprise, telephone)', () => {
  it.each(REQUIRED_FIELDS)('%s', (field) => {
    expect(validateRequired(field, '')).toBe(`validation.${field}.required`);
    expect(validateRequired(field, '  \t')).toBe(`validation.${field}.required`);
    expect(validateRequired(field, null)).toBe(`validation.${field}.required`);
    expect(validateRequired(field, 'x')).toBeNull();
  });
});

describe('float check (docs/product.md §5: optional minus, digits, optional fraction)', () => {
  it.each([
    ['0', true],
    ['12', true],
    ['-12', true],
    ['3.14', true],
    ['-0.5', true],
    ['007', true],
    ['', false],
    ['-', false],
    ['.5', false],
    ['5.', false],
    ['+1', false],
    ['1e3', false],
    ['1,000', false],
    [' 1', false],
    ['1.2.3', false],
    ['--1', false],
    ['１２', false],
  ] as const)('%j → %s', (text, ok) => expect(isFloat(text)).toBe(ok));

  it.each([
    ['', null],
    ['1.5', null],
    [' 2 ', null],
    ['abc', 'validation.float.invalid'],
  ] as const)('validateFloat(%j) → %s', (text, key) => expect(validateFloat(text)).toBe(key));
});

describe('range filter (docs/product.md §5)', () => {
  it.each([
    [['', ''], {}, null],
    [[null, undefined], {}, null],
    [['', ''], { required: true }, 'validation.range.required'],
    [['1', ''], { required: true }, 'validation.range.required'],
    [['abc', ''], {}, 'validation.range.notNumber'],
    [['', '1e3'], {}, 'validation.range.notNumber'],
    [[Number.NaN, 1], {}, 'validation.range.notNumber'],
    [[1, Number.POSITIVE_INFINITY], {}, 'validation.range.notNumber'],
    [['-1', '5'], {}, 'validation.range.negative'],
    [[0, -2], {}, 'validation.range.negative'],
    [['-0', '0'], {}, null],
    [['10', '5'], {}, 'validation.range.order'],
    [[10.5, 10.4], {}, 'validation.range.order'],
    [['5', '5'], {}, null],
    [['', '5'], {}, null],
    [['5', ''], {}, null],
    [[0, 1.5], {}, null],
    [[' 2 ', ' 3 '], {}, null],
    [['9', '10'], {}, null], // numeric, not string, comparison
  ] as [[RangeBound, RangeBound], { required?: boolean }, string | null][])('%j %j → %s', (range, opts, key) => {
    expect(validateRange(range, opts)).toBe(key);
  });

  it('property: a valid range of numbers is exactly "both non-negative and min ≤ max"', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          const valid = validateRange([a, b]) === null;
          expect(valid).toBe(a >= 0 && b >= 0 && a <= b);
        },
      ),
    );
  });
});

describe('benchmark period earlier than target (docs/product.md §5)', () => {
  const r = (start: string, end: string) => ({ start, end });
  it.each([
    [r('2023-01-01', '2023-03-01'), r('2024-01-01', '2024-03-01'), null],
    [r('2023-06-01', '2024-06-01'), r('2024-01-01', '2024-12-01'), null],
    [r('2023-12-01', '2023-12-01'), r('2024-01-01', '2024-01-01'), null],
    [r('2024-01-01', '2024-03-01'), r('2024-01-01', '2024-03-01'), 'validation.period.benchmarkNotEarlier'],
    [r('2023-01-01', '2025-01-01'), r('2024-01-01', '2024-03-01'), 'validation.period.benchmarkNotEarlier'],
    [r('2024-02-01', '2024-02-01'), r('2024-01-01', '2024-03-01'), 'validation.period.benchmarkNotEarlier'],
    [r('2025-01-01', '2025-03-01'), r('2024-01-01', '2024-03-01'), 'validation.period.benchmarkNotEarlier'],
    [r('2023-03-01', '2023-01-01'), r('2024-01-01', '2024-03-01'), 'validation.period.invalid'],
    [r('2023-01-01', '2023-02-30'), r('2024-01-01', '2024-03-01'), 'validation.period.invalid'],
    [r('2023-01-01', '2023-03-01'), r('2024-1-1', '2024-03-01'), 'validation.period.invalid'],
  ] as const)('%j vs %j → %s', (benchmark, target, key) => {
    expect(validateBenchmarkPeriod(benchmark, target)).toBe(key);
  });
});

describe('duplicate keyword (docs/product.md §5)', () => {
  const existing = ['口红', 'Lipstick', ' 面霜 '];
  it.each([
    ['粉底', null],
    ['口红', 'validation.keyword.duplicate'],
    [' 口红 ', 'validation.keyword.duplicate'],
    ['lipstick', 'validation.keyword.duplicate'],
    ['面霜', 'validation.keyword.duplicate'],
    ['口红 ', 'validation.keyword.duplicate'],
    ['', 'validation.keyword.required'],
    ['  ', 'validation.keyword.required'],
  ] as const)('%j → %s', (keyword, key) => expect(validateNewKeyword(keyword, existing)).toBe(key));

  it('renders the docs/product.md §5 message', () => {
    expect(translate('en', 'validation.keyword.duplicate')).toBe('This keyword already exists!');
  });
});

describe('attribute values at most 10 (docs/product.md §5, §9)', () => {
  it.each([
    [0, null],
    [10, null],
    [11, 'validation.attributeValues.tooMany'],
    [Array.from({ length: 10 }, (_, i) => i), null],
    [Array.from({ length: 11 }, (_, i) => i), 'validation.attributeValues.tooMany'],
  ] as const)('%j → %s', (selected, key) => expect(validateAttributeValueCount(selected)).toBe(key));
});

describe('generateRandomPassword (docs/product.md §9)', () => {
  const ALLOWED = /^[2-9a-km-np-zA-HJ-NP-Z]+$/;

  it('property: for any random source, 8–10 allowed characters that pass the password rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 }),
        (values) => {
          let i = 0;
          const random = () => values[i++ % values.length]!;
          const pw = generateRandomPassword(random);
          expect(pw.length).toBeGreaterThanOrEqual(8);
          expect(pw.length).toBeLessThanOrEqual(10);
          expect(pw).toMatch(ALLOWED);
          expect(isStrongPassword(pw)).toBe(true);
          expect(validatePassword(pw)).toBeNull();
        },
      ),
    );
  });

  it('stays in range even when the source misbehaves and returns 1', () => {
    const pw = generateRandomPassword(() => 1);
    expect(pw).toHaveLength(10);
    expect(isStrongPassword(pw)).toBe(true);
  });

  it('is a function of the random source', () => {
    let seed = 42;
    const lcg = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const first = generateRandomPassword(lcg);
    seed = 42;
    expect(generateRandomPassword(lcg)).toBe(first);
  });

  it('uses every length from 8 to 10 and rarely repeats with the default (crypto) source', () => {
    const seen = new Set<string>();
    const lengths = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const pw = generateRandomPassword();
      expect(isStrongPassword(pw)).toBe(true);
      seen.add(pw);
      lengths.add(pw.length);
    }
    expect([...lengths].sort((a, b) => a - b)).toEqual([8, 9, 10]);
    expect(seen.size).toBeGreaterThan(295);
  });
});
