/**
 * The languages and the key set of the web app's strings. The shared catalogue of @marketlens/shared
 * adds server messages, route names and validation texts.
 *
 * Where the strings live, and when they load (each user downloads only what is on screen):
 * - core/<language>.ts: the frame's strings (sign-in, layout, errors, administration), one chunk per
 *   language, loaded when the language is chosen (`loadCore`);
 * - an area's messages.ts beside its code (both languages, typed alike by `defineArea`), registered by the
 *   area's entry module (`registerArea`), so a page's strings come with the page's chunk.
 * Only types are imported here, so nothing below reaches the entry chunk.
 */
import type { auditScreenMessages } from '../../features/audit/messages.js';
import type { brandMessages } from '../../features/brand/messages.js';
import type { contrastMessages } from '../../features/contrast/messages.js';
import type { discoverMessages } from '../../features/discover/messages.js';
import type { exploreMessages } from '../../features/explore/messages.js';
import type { favoriteBrandMessages } from '../../features/favorite-brand/messages.js';
import type { hotMessages } from '../../features/hot/messages.js';
import type { potentialMessages } from '../../features/potential/messages.js';
import type { enquiryMessages } from '../../features/price/enquiryMessages.js';
import type { priceMessages } from '../../features/price/messages.js';
import type { productAnalysisMessages } from '../../features/product-analysis/messages.js';
import type { shopMessages } from '../../features/shop/messages.js';
import type { analysisMessages } from '../analysis/messages.js';
import type { AreaMessages } from './area.js';
import type { CoreKey, CoreMessages } from './core/zh-CN.js';

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

type Areas =
  | typeof analysisMessages
  | typeof auditScreenMessages
  | typeof discoverMessages
  | typeof brandMessages
  | typeof hotMessages
  | typeof exploreMessages
  | typeof priceMessages
  | typeof enquiryMessages
  | typeof potentialMessages
  | typeof productAnalysisMessages
  | typeof contrastMessages
  | typeof favoriteBrandMessages
  | typeof shopMessages;
type AreaKey = Areas extends infer A ? (A extends AreaMessages<infer K> ? K : never) : never;
export type WebMessageKey = CoreKey | AreaKey;
export type { CoreMessages };

/** One language's frame strings, in its own chunk. */
export function loadCore(locale: Locale): Promise<CoreMessages> {
  return locale === 'en' ? import('./core/en.js').then((m) => m.en) : import('./core/zh-CN.js').then((m) => m.zhCN);
}

/** Each language named in itself, so anyone can find theirs in the switch. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };
