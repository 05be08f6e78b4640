import { defineArea } from '../../shared/i18n/area.js';

/** Strings of the Brand Detail page. */
export const brandMessages = defineArea({
  'zh-CN': {},
  en: {},
});
