import { type MessageKey, translate, type WireLocale } from '@marketlens/shared';

/** A translator for a request's wire locale (zh_cn | en_us), over the shared message catalogue. */
export function translateFor(locale: WireLocale) {
  const lang = locale === 'en_us' ? 'en' : 'zh-CN';
  return (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
}
