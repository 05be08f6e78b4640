/**
 * Every web string of every area in every language, merged: for the checks of test/i18n.test.ts (same
 * keys in both languages, nothing left untranslated). The app never imports this module: it loads one
 * language's core and each area with its page (shared/i18n/locales.ts).
 *
 * The areas are found, not listed: every features/<feature>/…messages.ts (each feature's strings, next
 * to its page declaration), the shared analysis frame's and its panels' own (shared/analysis/<panel>/messages.ts:
 * the chart layer, the event review, saved views). A new page's or panel's strings are checked without an
 * entry here; test/i18n.test.ts counts the `defineArea` calls of the sources against AREAS.
 */
import { analysisMessages } from '../shared/analysis/messages.js';
import type { AreaMessages } from '../shared/i18n/area.js';
import { en } from '../shared/i18n/core/en.js';
import { zhCN } from '../shared/i18n/core/zh-CN.js';
import type { Locale, WebMessageKey } from '../shared/i18n/locales.js';

const isArea = (value: unknown): value is AreaMessages<string> =>
  typeof value === 'object' && value !== null && 'zh-CN' in value && 'en' in value;

const featureModules = import.meta.glob<Record<string, unknown>>(
  ['../features/*/messages.ts', '../features/*/*Messages.ts', '../shared/analysis/*/messages.ts'],
  {
    eager: true,
  },
);

export const AREAS: readonly AreaMessages<string>[] = [
  analysisMessages,
  ...Object.keys(featureModules)
    .sort()
    .flatMap((file) => Object.values(featureModules[file]!).filter(isArea)),
];

type Messages = { readonly [K in WebMessageKey]: string };
export const MESSAGES: Record<Locale, Messages> = {
  'zh-CN': Object.assign({}, zhCN, ...AREAS.map((a) => a['zh-CN'])) as Messages,
  en: Object.assign({}, en, ...AREAS.map((a) => a.en)) as Messages,
};
