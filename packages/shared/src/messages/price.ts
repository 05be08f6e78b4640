import { defineMessages } from './area.js';

/** Server texts of the price enquiry (keys prefixed 'price.'): docs/product.md §8 quotation messages and refusals. */
export const priceMessages = defineMessages({
  en: {
    'price.submitted': 'Your enquiry has been submitted successfully. Our sales team will contact you soon.',
    'price.failed': 'Failed to submit the enquiry, please try again later.',
    'price.invalid': 'The information is invalid, please check it.',
    'price.emptyCart': 'Please choose at least one category.',
    'price.unknownCategories': 'These categories cannot be subscribed to: {ids}',
    'price.noCatalog': 'No categories are offered for subscription at the moment.',
    'price.orderNotFound': 'The enquiry does not exist.',
    'route.enquiries': 'Enquiries',
  },
  'zh-CN': {
    'price.submitted': '询价提交成功，我们的销售人员会尽快与您联系',
    'price.failed': '询价提交失败，请稍后重试',
    'price.invalid': '信息填写有误，请检查',
    'price.emptyCart': '请至少选择一个品类',
    'price.unknownCategories': '以下品类不可订阅：{ids}',
    'price.noCatalog': '目前没有可订阅的品类',
    'price.orderNotFound': '询价单不存在',
    'route.enquiries': '询价管理',
  },
});
