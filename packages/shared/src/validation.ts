/**
 * docs/product.md §5 validation rules, shared by web forms and server request checks.
 *
 * Every validator returns a message KEY of messages.ts (render it with `translate`) or null when the
 * value is valid, so both sides reject the same inputs with the same words in either language.
 */
import { type DateRange, isIsoDate } from './dates.js';
import { MAX_ATTRIBUTE_VALUES, PASSWORD_MIN_LENGTH } from './limits.js';
import type { MessageKey } from './messages.js';

export type ValidationKey = Extract<MessageKey, `validation.${string}`>;

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/**
 * Password strength: at least 8 characters (code points) including an ASCII digit, lowercase and
 * uppercase letter. Any other characters (symbols, spaces, CJK) are allowed and count toward the length.
 */
export function isStrongPassword(password: string): boolean {
  return (
    [...password].length >= PASSWORD_MIN_LENGTH &&
    /[0-9]/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password)
  );
}

/**
 * | input | key |
 * |---|---|
 * | `''`, `null` | `validation.password.required` |
 * | `'Abc12345'` | null |
 * | `'abc12345'`, `'Abc1234'` | `validation.password.weak` |
 *
 * Unlike the other required checks, whitespace is NOT trimmed: a password of spaces is a (weak)
 * password, not an empty one.
 */
export function validatePassword(password: string | null | undefined): ValidationKey | null {
  if (password === null || password === undefined || password === '') return 'validation.password.required';
  return isStrongPassword(password) ? null : 'validation.password.weak';
}

/** The "repeat password" field: required, and equal to the first entry. */
export function validatePasswordRepeat(password: string, repeat: string | null | undefined): ValidationKey | null {
  if (repeat === null || repeat === undefined || repeat === '') return 'validation.password.repeatRequired';
  return repeat === password ? null : 'validation.password.mismatch';
}

// The WHATWG HTML "valid e-mail address" grammar, additionally requiring a dot in the domain:
// customer accounts never live on a bare host like `user@localhost`.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Required, then format (surrounding spaces ignored). */
export function validateEmail(email: string | null | undefined): ValidationKey | null {
  if (isBlank(email)) return 'validation.email.required';
  return isEmail((email ?? '').trim()) ? null : 'validation.email.invalid';
}

const TELEPHONE = /^\+?\(?\d[\d\s().-]*$/;

/**
 * A telephone number as people write one (docs/product.md §5): digits, optionally a leading `+`, with
 * spaces, hyphens, dots or brackets between them, 5 to 20 digits in all. A placeholder such as `-`
 * (what an account opened without one holds) is not a number.
 */
export function isTelephone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return TELEPHONE.test(value) && digits >= 5 && digits <= 20;
}

/** Required, then the telephone pattern (surrounding spaces ignored). */
export function validateTelephone(telephone: string | null | undefined): ValidationKey | null {
  if (isBlank(telephone)) return 'validation.telephone.required';
  return isTelephone((telephone ?? '').trim()) ? null : 'validation.telephone.invalid';
}

export const REQUIRED_FIELDS = ['username', 'email', 'enterprise', 'telephone'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];

/** docs/product.md §5 required fields; whitespace-only counts as empty. */
export function validateRequired(field: RequiredField, value: string | null | undefined): ValidationKey | null {
  return isBlank(value) ? `validation.${field}.required` : null;
}

/** docs/product.md §5 float: optional minus, digits, optional fraction ('-1.5', '3'; not '.5', '5.', '+1', '1e3'). */
export function isFloat(text: string): boolean {
  return /^-?\d+(?:\.\d+)?$/.test(text);
}

export type RangeBound = string | number | null | undefined;

/**
 * A [min, max] range filter (sales, price bands …). Each bound may be left empty (open-ended)
 * unless `required`. Checks, in order, per bound then across bounds:
 *
 * | input | key |
 * |---|---|
 * | `['', '']` with `{ required: true }` | `validation.range.required` |
 * | `['abc', '']`, `['1e3', '']`, `[NaN, 1]` | `validation.range.notNumber` |
 * | `['-1', '5']`, `[0, -2]` | `validation.range.negative` |
 * | `['10', '5']` | `validation.range.order` |
 * | `['5', '5']`, `['', '5']`, `[0, 1.5]` | null |
 */
export function validateRange(
  range: readonly [RangeBound, RangeBound],
  opts: { required?: boolean } = {},
): ValidationKey | null {
  const values: (number | null)[] = [];
  for (const bound of range) {
    let n: number;
    if (typeof bound === 'number') {
      if (!Number.isFinite(bound)) return 'validation.range.notNumber';
      n = bound;
    } else {
      const text = (bound ?? '').trim();
      if (text === '') {
        if (opts.required) return 'validation.range.required';
        values.push(null);
        continue;
      }
      if (!isFloat(text)) return 'validation.range.notNumber';
      n = Number(text);
    }
    if (n < 0) return 'validation.range.negative';
    values.push(n);
  }
  const [min, max] = values;
  if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
    return 'validation.range.order';
  }
  return null;
}

/** A float input field (the float check of docs/product.md §5) that may be left empty. */
export function validateFloat(text: string | null | undefined): ValidationKey | null {
  if (isBlank(text)) return null;
  return isFloat((text ?? '').trim()) ? null : 'validation.float.invalid';
}

/**
 * Benchmark vs target period (potential brand, custom comparison). "Earlier" means the benchmark is
 * shifted back in time: it must START before the target starts AND END before the target ends.
 * Overlap is allowed (a 13-month target compared year on year overlaps its benchmark by one month);
 * a benchmark that merely contains the target is not earlier.
 *
 * | benchmark | target | key |
 * |---|---|---|
 * | 2023-01 … 2023-03 | 2024-01 … 2024-03 | null |
 * | 2023-06 … 2024-06 | 2024-01 … 2024-12 | null (overlap) |
 * | 2024-01 … 2024-03 | 2024-01 … 2024-03 | `validation.period.benchmarkNotEarlier` |
 * | 2023-01 … 2025-01 | 2024-01 … 2024-03 | `validation.period.benchmarkNotEarlier` |
 * | either range with start > end or not YYYY-MM-DD | | `validation.period.invalid` |
 */
export function validateBenchmarkPeriod(benchmark: DateRange, target: DateRange): ValidationKey | null {
  for (const r of [benchmark, target]) {
    if (!isIsoDate(r.start) || !isIsoDate(r.end) || r.start > r.end) return 'validation.period.invalid';
  }
  // YYYY-MM-DD strings compare in calendar order.
  return benchmark.start < target.start && benchmark.end < target.end ? null : 'validation.period.benchmarkNotEarlier';
}

/**
 * A new keyword against the existing list. Compared trimmed and case-insensitively, because keyword
 * matching (super query, concept search) is case-insensitive: 'Lipstick' duplicates 'lipstick'.
 */
export function validateNewKeyword(
  keyword: string | null | undefined,
  existing: readonly string[],
): ValidationKey | null {
  if (isBlank(keyword)) return 'validation.keyword.required';
  const k = (keyword ?? '').trim().toLowerCase();
  return existing.some((e) => e.trim().toLowerCase() === k) ? 'validation.keyword.duplicate' : null;
}

/**
 * At most 10 attribute values may be selected (docs/product.md §5, §9); render with `{ max:
 * MAX_ATTRIBUTE_VALUES }`.
 */
export function validateAttributeValueCount(selected: number | readonly unknown[]): ValidationKey | null {
  const n = typeof selected === 'number' ? selected : selected.length;
  return n > MAX_ATTRIBUTE_VALUES ? 'validation.attributeValues.tooMany' : null;
}

const DIGITS = '23456789';
// Look-alikes (0/O, 1/l/I) are left out: people copy these passwords by eye from an admin screen.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ANY = DIGITS + LOWER + UPPER;

interface CryptoLike {
  getRandomValues(array: Uint32Array): Uint32Array;
}

function defaultRandom(): number {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (crypto) return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
  return Math.random();
}

/**
 * docs/product.md §9 random password: 5 to 7 random characters plus one digit, one lowercase and one uppercase
 * letter, shuffled — 8 to 10 characters that always satisfy {@link isStrongPassword}.
 * `random` returns [0, 1) like Math.random; the default uses the platform CSPRNG (Web Crypto,
 * available in browsers and Node 20).
 */
export function generateRandomPassword(random: () => number = defaultRandom): string {
  const pick = (n: number) => Math.min(n - 1, Math.max(0, Math.floor(random() * n)));
  const from = (alphabet: string) => alphabet[pick(alphabet.length)]!;
  const chars = [from(DIGITS), from(LOWER), from(UPPER)];
  const extra = 5 + pick(3);
  for (let i = 0; i < extra; i++) chars.push(from(ANY));
  // Fisher–Yates, so the guaranteed classes are not always in the first three places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
