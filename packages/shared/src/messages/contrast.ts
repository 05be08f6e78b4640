import { defineMessages } from './area.js';

/** Texts of Brand Comparison and Favourite Brands (keys prefixed 'contrast.'). */
export const contrastMessages = defineMessages({
  en: {
    'contrast.brandNoData': 'This brand has no sales under this filter.',
    'contrast.download.title': 'Brand comparison',
    'contrast.download.sheet.overview': 'Overview',
    'contrast.download.sheet.trend': 'Trend',
    'contrast.download.sheet.categories': 'Category mix',
    'contrast.download.sheet.channels': 'Channel mix',
    'contrast.download.sheet.bands': 'Price-band mix',
    'contrast.download.sheet.products': 'Top products',
    'contrast.download.col.slot': 'Slot',
    'contrast.download.col.categories': 'Slot categories',
    'contrast.download.col.partOfBrand': 'Part of the brand sales',
    'contrast.download.col.contribution': 'Contribution',
    'contrast.download.col.band': 'Price band',
    'contrast.download.value.filter': 'As the filter',
  },
  'zh-CN': {
    'contrast.brandNoData': '该品牌在当前筛选条件下没有销售数据',
    'contrast.download.title': '品牌对比',
    'contrast.download.sheet.overview': '概览',
    'contrast.download.sheet.trend': '趋势',
    'contrast.download.sheet.categories': '品类构成',
    'contrast.download.sheet.channels': '渠道构成',
    'contrast.download.sheet.bands': '价格段构成',
    'contrast.download.sheet.products': '热销商品',
    'contrast.download.col.slot': '对比位',
    'contrast.download.col.categories': '对比位品类',
    'contrast.download.col.partOfBrand': '占品牌销售额',
    'contrast.download.col.contribution': '贡献度',
    'contrast.download.col.band': '价格段',
    'contrast.download.value.filter': '同筛选条件',
  },
});
