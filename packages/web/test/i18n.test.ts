import { describe, expect, it } from 'vitest';
import { LOCALES, MESSAGES } from '../src/shared/i18n/locales.js';

describe('web strings', () => {
  const zhKeys = Object.keys(MESSAGES['zh-CN']).sort();
  it.each(LOCALES)('%s has exactly the keys of zh-CN, none empty', (locale) => {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(zhKeys);
    for (const [key, text] of Object.entries(MESSAGES[locale])) expect(text.trim(), key).not.toBe('');
  });
  it('English strings are not left in Chinese', () => {
    for (const [key, text] of Object.entries(MESSAGES.en)) expect(/[\u4e00-\u9fff]/.test(text), key).toBe(false);
  });
});
