import { defineArea } from '../../i18n/area.js';

/** Strings of the event review panel (Category Insight, Brand Detail). */
export const eventReviewMessages = defineArea({
  'zh-CN': {
    'analysis.eventReview.title': '活动复盘',
    'analysis.eventReview.subject': '活动复盘',
    'analysis.eventReview.pick': '选择要复盘的活动',
    'analysis.eventReview.edition': '{year} 年{name}：{start} 至 {end}（按 {from} 至 {to} 统计）',
    'analysis.eventReview.against': '对比',
    'analysis.eventReview.vsPrevious': '较 {year} 年',
    'analysis.eventReview.approximate': '月度数据：按覆盖活动的整月统计，包含活动之外的日期',
    'analysis.eventReview.brandShare': '品牌份额',
    'analysis.eventReview.categoryShare': '所选品类份额',
    'analysis.eventReview.col.change': '销售额变化',
    'analysis.eventReview.col.sales': '{year} 年销售额',
    'analysis.eventReview.gainers.brand': '增长最多的品牌',
    'analysis.eventReview.gainers.sku': '增长最多的商品',
    'analysis.eventReview.losers.brand': '下降最多的品牌',
    'analysis.eventReview.losers.sku': '下降最多的商品',
    'analysis.eventReview.none': '无',
  },
  en: {
    'analysis.eventReview.title': 'Event review',
    'analysis.eventReview.subject': 'the event review',
    'analysis.eventReview.pick': 'Choose the event to review',
    'analysis.eventReview.edition': '{name} {year}: {start} to {end} (figures of {from} to {to})',
    'analysis.eventReview.against': 'against',
    'analysis.eventReview.vsPrevious': 'vs {year}',
    'analysis.eventReview.approximate':
      'Monthly data: whole months covering each edition are compared, days outside the event included.',
    'analysis.eventReview.brandShare': 'Brand share',
    'analysis.eventReview.categoryShare': 'Share of the selected categories',
    'analysis.eventReview.col.change': 'Sales change',
    'analysis.eventReview.col.sales': 'Sales {year}',
    'analysis.eventReview.gainers.brand': 'Brands that gained most',
    'analysis.eventReview.gainers.sku': 'Products that gained most',
    'analysis.eventReview.losers.brand': 'Brands that lost most',
    'analysis.eventReview.losers.sku': 'Products that lost most',
    'analysis.eventReview.none': 'None',
  },
});

declare module '../../i18n/area.js' {
  interface WebAreas {
    eventReview: typeof eventReviewMessages;
  }
}
