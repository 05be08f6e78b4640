import { defineMessages } from './area.js';

/** Texts of the Concept Explore area (keys prefixed 'explore.'). */
export const exploreMessages = defineMessages({
  en: {
    'explore.conceptRequired': 'Enter a concept: one or more keywords, or a super query.',
    'explore.download.brandsTitle': 'Concept explore — top brands',
    'explore.download.productsTitle': 'Concept explore — top products',
    'explore.download.file.brands': 'concept-top-brands',
    'explore.download.file.products': 'concept-top-products',
  },
  'zh-CN': {
    'explore.conceptRequired': '请输入概念：一个或多个关键词，或高级查询语句',
    'explore.download.brandsTitle': '概念探索 — 品牌排行',
    'explore.download.productsTitle': '概念探索 — 商品排行',
    'explore.download.file.brands': '概念品牌排行',
    'explore.download.file.products': '概念商品排行',
  },
});
