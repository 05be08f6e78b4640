/**
 * The languages and the key set of the web app's strings. The shared catalogue of @marketlens/shared
 * adds server messages, route names and validation texts.
 *
 * Where the strings live, and when they load (each user downloads only what is on screen):
 * - core/<language>.ts: the frame's strings (sign-in, layout, errors, administration), one chunk per
 *   language, loaded when the language is chosen (`loadCore`);
 * - an area's messages.ts beside its code (both languages, typed alike by `defineArea`), registered by the
 *   area's entry module (`registerArea`), so a page's strings come with the page's chunk.
 * Only types are imported here, so nothing below reaches the entry chunk, and no feature is named:
 * the features' keys arrive through WebAreas (area.ts).
 */
import type { WebAreaKey } from './area.js';
import type { CoreKey, CoreMessages } from './core/zh-CN.js';

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The frame's strings, and the analysis frame's and every feature's (each adds itself to WebAreas: area.ts). */
export type WebMessageKey = CoreKey | WebAreaKey;
export type { CoreMessages };

/** One language's frame strings, in its own chunk. */
export function loadCore(locale: Locale): Promise<CoreMessages> {
  return locale === 'en' ? import('./core/en.js').then((m) => m.en) : import('./core/zh-CN.js').then((m) => m.zhCN);
}

/** Each language named in itself, so anyone can find theirs in the switch. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };
