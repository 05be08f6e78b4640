import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale } from '../src/shared/i18n/index.js';

const setBrowserLanguage = (lang: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(lang);

describe('language order (docs/product.md §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('1. the locale query parameter wins, is stored, and is removed from the address', () => {
    setBrowserLanguage('zh-CN');
    localStorage.setItem('marketlens.locale', 'zh-CN');
    window.history.replaceState(null, '', '/hot?locale=en&x=1#top');
    expect(detectLocale()).toBe('en');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
    expect(localStorage.getItem('marketlens.locale')).toBe('en');
  });

  it('an unknown locale value is removed but ignored', () => {
    setBrowserLanguage('en-US');
    window.history.replaceState(null, '', '/?locale=fr');
    expect(detectLocale()).toBe('en');
    expect(window.location.search).toBe('');
  });

  it('2. then the stored preference', () => {
    setBrowserLanguage('zh-CN');
    localStorage.setItem('marketlens.locale', 'en');
    expect(detectLocale()).toBe('en');
  });

  it('3. then the browser language: zh* → zh-CN, en* → en', () => {
    setBrowserLanguage('zh-TW');
    expect(detectLocale()).toBe('zh-CN');
    setBrowserLanguage('en-GB');
    expect(detectLocale()).toBe('en');
  });

  it('4. else zh-CN', () => {
    setBrowserLanguage('fr-FR');
    expect(detectLocale()).toBe('zh-CN');
  });

  it('weeks start on Monday in Chinese', () => {
    expect(dayjs('2024-05-15').locale('zh-cn').startOf('week').format('YYYY-MM-DD')).toBe('2024-05-13');
    expect(dayjs('2024-05-15').locale('en').startOf('week').format('YYYY-MM-DD')).toBe('2024-05-12');
  });
});
