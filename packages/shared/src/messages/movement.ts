import { defineMessages } from './area.js';

/** Texts of the "What moved it" panel (keys prefixed 'movement.'). */
export const movementMessages = defineMessages({
  en: {
    'movement.oneFocus': 'Ask for the share of a brand or of a shop, not both.',
  },
  'zh-CN': {
    'movement.oneFocus': '请只选择一个品牌或一个店铺来分析份额变化，不能同时选择两者',
  },
});
