import { defineMessages } from './area.js';

/** Texts of the analysis area (keys prefixed 'analysis.'). */
export const analysisMessages = defineMessages({
  en: {},
  'zh-CN': {},
});
