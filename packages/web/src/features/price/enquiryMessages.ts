import { defineArea } from '../../shared/i18n/area.js';

/** Strings of the sales team's enquiries screen (/enquiries); the quotes it shows use priceMessages. */
export const enquiryMessages = defineArea({
  'zh-CN': {
    'enquiries.subtitle': '访客与用户提交的订阅询价，跟进后更新状态',
    'enquiries.search': '企业、邮箱、电话或用户名',
    'enquiries.status': '状态',
    'enquiries.status.new': '新询价',
    'enquiries.status.contacted': '已联系',
    'enquiries.status.closed': '已关闭',
    'enquiries.from': '提交日期起',
    'enquiries.to': '提交日期止',
    'enquiries.id': '单号',
    'enquiries.enterprise': '企业',
    'enquiries.contact': '联系方式',
    'enquiries.requester': '提交人',
    'enquiries.anonymous': '未登录访客',
    'enquiries.categories': '品类',
    'enquiries.categoryCount': '{count} 个品类',
    'enquiries.total': '年度报价',
    'enquiries.createdAt': '提交时间',
    'enquiries.remark': '备注',
    'enquiries.statusChanged': '状态已更新',
  },
  en: {
    'enquiries.subtitle': 'Subscription enquiries from visitors and users; update the status as you follow them up',
    'enquiries.search': 'Enterprise, email, telephone or username',
    'enquiries.status': 'Status',
    'enquiries.status.new': 'New',
    'enquiries.status.contacted': 'Contacted',
    'enquiries.status.closed': 'Closed',
    'enquiries.from': 'Submitted from',
    'enquiries.to': 'Submitted to',
    'enquiries.id': 'No.',
    'enquiries.enterprise': 'Enterprise',
    'enquiries.contact': 'Contact',
    'enquiries.requester': 'Requester',
    'enquiries.anonymous': 'Visitor (not signed in)',
    'enquiries.categories': 'Categories',
    'enquiries.categoryCount': '{count} categories',
    'enquiries.total': 'Yearly quote',
    'enquiries.createdAt': 'Submitted at',
    'enquiries.remark': 'Remark',
    'enquiries.statusChanged': 'Status updated',
  },
});

// This area's keys join the web's key type (shared/i18n/area.ts): t() accepts them, in both languages.
declare module '../../shared/i18n/area.js' {
  interface WebAreas {
    enquiries: typeof enquiryMessages;
  }
}
