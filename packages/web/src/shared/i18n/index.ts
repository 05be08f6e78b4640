import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AreaMessages } from './area.js';
import { LOCALES, type Locale, loadCore } from './locales.js';

const STORAGE_KEY = 'marketlens.locale';

function isLocale(value: string | null): value is Locale {
  return value !== null && (LOCALES as readonly string[]).includes(value);
}

/**
 * docs/product.md §4 language order: the `locale` query parameter (then removed from the address), the
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

/** The areas registered so far (their pages' chunks have loaded); added again after every init. */
const areas = new Set<AreaMessages<string>>();
/** Languages whose core strings are in i18next. */
const loaded = new Set<Locale>();

function addArea(area: AreaMessages<string>) {
  for (const locale of LOCALES) i18next.addResourceBundle(locale, 'translation', area[locale], true, true);
}

/**
 * Makes an area's strings available: call it at the top of the area's entry module, so the strings
 * arrive with the area's chunk and before any of its components renders.
 */
export function registerArea(...list: AreaMessages<string>[]) {
  for (const area of list) {
    if (areas.has(area)) continue;
    areas.add(area);
    if (i18next.isInitialized) addArea(area);
  }
}

/**
 * One language's frame strings and the shared catalogue (server messages, route names, validation
 * texts), two chunks requested side by side: neither is part of the shell.
 */
function loadStrings(locale: Locale): Promise<Record<string, string>> {
  // One language of the shared catalogue (build/sharedMessages.ts), not both.
  const shared = locale === 'en' ? import('virtual:shared-messages/en') : import('virtual:shared-messages/zh-CN');
  return Promise.all([shared, loadCore(locale)]).then(([strings, core]) => ({ ...strings.default, ...core }));
}

/** Puts one language's strings into i18next, once. `strings` is their download when the caller has already started it. */
async function loadLanguage(locale: Locale, strings: Promise<Record<string, string>> = loadStrings(locale)) {
  if (loaded.has(locale)) return;
  i18next.addResourceBundle(locale, 'translation', await strings, true, true);
  loaded.add(locale);
}

/** Switches the language, loading its strings first, and remembers the choice (docs/product.md §4). */
export async function setLocale(locale: Locale): Promise<unknown> {
  localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  await loadLanguage(locale);
  return i18next.changeLanguage(locale);
}

export async function initI18n(locale: Locale) {
  // Requested first, before the screens' chunks (main.tsx), so it does not queue behind them.
  const strings = loadStrings(locale);
  document.documentElement.lang = locale;
  loaded.clear();
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: {},
    // The shared catalogue writes placeholders as {name}; use the same syntax everywhere.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
  });
  await loadLanguage(locale, strings);
  for (const area of areas) addArea(area);
}
