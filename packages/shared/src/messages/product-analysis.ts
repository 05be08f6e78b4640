import { defineMessages } from './area.js';

/** Texts of the Product Analysis area (keys prefixed 'products.'). */
export const productAnalysisMessages = defineMessages({
  en: {
    'products.noAccess': 'These products are not in the data you may see: {ids}.',
    'products.download.file': 'Products',
    'products.download.title': 'Product analysis: products',
    'products.download.sheet': 'Products',
    'products.col.series': 'Series',
    'products.col.firstPeriod': 'First period on sale',
    'products.line.selection': 'Selection',
    'products.seriesLabel': 'Series',
  },
  'zh-CN': {
    'products.noAccess': '以下商品不在您可查看的数据范围内：{ids}',
    'products.download.file': '商品列表',
    'products.download.title': '商品分析：商品列表',
    'products.download.sheet': '商品',
    'products.col.series': '系列',
    'products.col.firstPeriod': '首次销售时间',
    'products.line.selection': '所选范围',
    'products.seriesLabel': '系列',
  },
});
