/**
 * Every web string of every area in every language, merged: for the checks of test/i18n.test.ts (same
 * keys in both languages, nothing left untranslated). The app never imports this module: it loads one
 * language's core and each area with its page (locales.ts).
 */
import { auditScreenMessages } from '../../features/audit/messages.js';
import { brandMessages } from '../../features/brand/messages.js';
import { contrastMessages } from '../../features/contrast/messages.js';
import { discoverMessages } from '../../features/discover/messages.js';
import { exploreMessages } from '../../features/explore/messages.js';
import { favoriteBrandMessages } from '../../features/favorite-brand/messages.js';
import { hotMessages } from '../../features/hot/messages.js';
import { potentialMessages } from '../../features/potential/messages.js';
import { enquiryMessages } from '../../features/price/enquiryMessages.js';
import { priceMessages } from '../../features/price/messages.js';
import { productAnalysisMessages } from '../../features/product-analysis/messages.js';
import { shopMessages } from '../../features/shop/messages.js';
import { analysisMessages } from '../analysis/messages.js';
import { en } from './core/en.js';
import { zhCN } from './core/zh-CN.js';
import type { Locale, WebMessageKey } from './locales.js';

/** Add a new area here too, so the checks cover it. */
export const AREAS = [
  analysisMessages,
  auditScreenMessages,
  discoverMessages,
  brandMessages,
  hotMessages,
  exploreMessages,
  priceMessages,
  enquiryMessages,
  potentialMessages,
  productAnalysisMessages,
  contrastMessages,
  favoriteBrandMessages,
  shopMessages,
] as const;

type Messages = { readonly [K in WebMessageKey]: string };
export const MESSAGES: Record<Locale, Messages> = {
  'zh-CN': Object.assign({}, zhCN, ...AREAS.map((a) => a['zh-CN'])) as Messages,
  en: Object.assign({}, en, ...AREAS.map((a) => a.en)) as Messages,
};
