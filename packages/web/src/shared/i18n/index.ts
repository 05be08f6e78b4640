import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale, MESSAGES } from './locales.js';

const STORAGE_KEY = 'marketlens.locale';

/**
 * Spec §4 language order: the `locale` query parameter (then removed from the address), the
 * stored preference, the browser language (zh → zh-CN, en → en), else zh-CN.
 */
export function detectLocale(): Locale {
  const url = new URL(window.location.href);
  const fromQuery = url.searchParams.get('locale');
  if (fromQuery !== null) {
    url.searchParams.delete('locale');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if ((LOCALES as readonly string[]).includes(fromQuery)) {
      localStorage.setItem(STORAGE_KEY, fromQuery);
      return fromQuery as Locale;
    }
  }
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  const browser = navigator.language.toLowerCase();
  if (browser.startsWith('zh')) return 'zh-CN';
  if (browser.startsWith('en')) return 'en';
  return 'zh-CN';
}

export function setLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEY, locale);
  void i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export function initI18n(locale: Locale) {
  document.documentElement.lang = locale;
  return i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: MESSAGES[l] }])),
    interpolation: { escapeValue: false },
    keySeparator: false,
    returnNull: false,
  });
}
