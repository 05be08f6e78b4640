import { defineMessages } from './area.js';

/** Texts of the Concept Explore area (keys prefixed 'explore.'). */
export const exploreMessages = defineMessages({
  en: {
    'explore.conceptRequired': 'Enter a concept: one or more keywords, or a super query.',
  },
  'zh-CN': {
    'explore.conceptRequired': '请输入概念：一个或多个关键词，或高级查询语句',
  },
});
