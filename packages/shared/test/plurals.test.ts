import { MESSAGES, type MessageKey, translate } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

const keys = Object.keys(MESSAGES.en) as MessageKey[];
const singulars = keys.filter((k) => k.endsWith('_one'));
/** Counted texts that read the same for one and for many ("… and 1 more", "Brands: 1 chosen"). */
const SAME_FOR_ONE = new Set<string>([
  'download.value.more',
  'analysis.info.categories',
  'analysis.info.brands',
  'analysis.info.shops',
  'analysis.info.others',
]);

describe('plurals', () => {
  it.each([
    ['auth.invalidCredentials', 1, 'invalid login or password, 1 attempt left before the account is locked'],
    ['auth.invalidCredentials', 2, 'invalid login or password, 2 attempts left before the account is locked'],
    ['auth.invalidCredentials', 0, 'invalid login or password, 0 attempts left before the account is locked'],
    [
      'auth.locked',
      1,
      'The account is locked after too many failed sign-ins. Contact your administrator or try again in 1 minute.',
    ],
    [
      'auth.locked',
      30,
      'The account is locked after too many failed sign-ins. Contact your administrator or try again in 30 minutes.',
    ],
    ['auth.rateLimited', 1, 'Too many attempts. Please try again in 1 second.'],
    ['auth.rateLimited', 59, 'Too many attempts. Please try again in 59 seconds.'],
    ['shop.tooMany', 1, 'Choose at most 1 shop.'],
    ['shop.tooMany', 10, 'Choose at most 10 shops.'],
  ] as const)('en %s with count %d', (key, count, text) => {
    expect(translate('en', key, { count })).toBe(text);
  });

  it('picks the singular by the count, for link-bearing mail texts too', () => {
    expect(translate('en', 'auth.resetMailBody', { count: 1, link: 'L' })).toBe(
      'Open this link within 1 minute to set a new password: L',
    );
    expect(translate('en', 'auth.resetMailBody', { count: 30, link: 'L' })).toBe(
      'Open this link within 30 minutes to set a new password: L',
    );
    expect(translate('en', 'mail.lockoutBody', { count: 1, username: 'u', address: 'a' })).toBe(
      '1 wrong password was entered for your account "u" from the address a.',
    );
  });

  it('leaves zh-CN as it was: one form for every number', () => {
    expect(translate('zh-CN', 'auth.invalidCredentials', { count: 1 })).toBe(
      '用户名或密码错误，再失败 1 次账号将被锁定',
    );
    expect(translate('zh-CN', 'auth.invalidCredentials', { count: 3 })).toBe(
      '用户名或密码错误，再失败 3 次账号将被锁定',
    );
    for (const key of singulars) {
      expect(MESSAGES['zh-CN'][key], key).toBe(MESSAGES['zh-CN'][key.replace(/_one$/, '') as MessageKey]);
    }
  });

  it('takes the count only from a number named count', () => {
    expect(translate('en', 'auth.rateLimited', { count: '1' })).toBe(
      'Too many attempts. Please try again in 1 seconds.',
    );
    expect(translate('en', 'auth.rateLimited', Object.create({ count: 1 }))).toBe(
      'Too many attempts. Please try again in {count} seconds.',
    );
  });

  it.each(singulars)('%s is the singular of a counted message', (key) => {
    const base = key.replace(/_one$/, '') as MessageKey;
    expect(keys).toContain(base);
    expect(MESSAGES.en[key]).toContain('{count}');
    expect(MESSAGES.en[base]).toContain('{count}');
    expect(MESSAGES.en[key]).not.toBe(MESSAGES.en[base]);
  });

  it('every English text with a count has its singular', () => {
    const counted = keys.filter((k) => !k.endsWith('_one') && MESSAGES.en[k].includes('{count}'));
    const missing = counted.filter((k) => !SAME_FOR_ONE.has(k) && !Object.hasOwn(MESSAGES.en, `${k}_one`));
    expect(counted.length).toBeGreaterThan(8);
    expect(missing).toEqual([]);
  });
});
