import { MESSAGES as SHARED_MESSAGES } from '@marketlens/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale, MESSAGES } from './locales.js';

const STORAGE_KEY = 'marketlens.locale';

function isLocale(value: string | null): value is Locale {
  return value !== null && (LOCALES as readonly string[]).includes(value);
}

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
    if (isLocale(fromQuery)) {
      localStorage.setItem(STORAGE_KEY, fromQuery);
      return fromQuery;
    }
  }
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const browser = (navigator.language ?? '').toLowerCase();
  if (browser.startsWith('zh')) return 'zh-CN';
  if (browser.startsWith('en')) return 'en';
  return 'zh-CN';
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : 'zh-CN';
}

export function setLocale(locale: Locale): Promise<unknown> {
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  return i18next.changeLanguage(locale);
}

/** One dictionary per language: the shared catalogue (server messages, routes) plus the web's own keys. */
export function resources() {
  return Object.fromEntries(LOCALES.map((l) => [l, { translation: { ...SHARED_MESSAGES[l], ...MESSAGES[l] } }]));
}

export function initI18n(locale: Locale) {
  document.documentElement.lang = locale;
  return i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: resources(),
    // The shared catalogue writes placeholders as {name}; use the same syntax everywhere.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
  });
}
