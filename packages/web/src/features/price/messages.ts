import { defineArea } from '../../shared/i18n/area.js';

/**
 * Strings of the price enquiry (/price/goods, /price/payment) and of the quotes the sales team's
 * enquiries screen shows (its own strings: enquiryMessages.ts). The server's texts (docs/product.md §8
 * "submitted successfully / failed / invalid information", the refusals, the route name) come from the shared
 * catalogue ('price.*', 'route.enquiries').
 */
export const priceMessages = defineArea({
  'zh-CN': {
    'pricing.title': '订阅询价',
    'pricing.subtitle': '选择要订阅的品类，查看年度价格，提交询价后销售人员会与您联系',
    'pricing.step.goods': '选择品类',
    'pricing.step.payment': '填写询价信息',
    'pricing.signIn': '登录',
    'pricing.backToApp': '返回系统',

    'pricing.picker.title': '品类',
    'pricing.picker.search': '搜索二级或三级品类（中文或英文）',
    'pricing.picker.hint': '勾选二级品类订阅整个二级品类，或勾选其下的三级品类',
    'pricing.picker.none': '没有匹配的品类',
    'pricing.picker.perYear': '{price}/年',
    'pricing.loadFailed': '获取品类失败，请稍后重试',

    'pricing.cart.title': '已选品类与价格',
    'pricing.cart.empty': '尚未选择品类，请在左侧勾选要订阅的品类',
    'pricing.cart.clear': '清空',
    'pricing.cart.remove': '移除 {name}',
    'pricing.cart.total': '年度合计',
    'pricing.cart.next': '下一步：填写询价信息',
    'pricing.cart.back': '返回修改品类',
    'pricing.cart.updating': '正在计算价格…',
    'pricing.cart.quoteFailed': '价格计算失败，请稍后重试',

    'pricing.line.second': '整个二级品类',
    'pricing.line.thirds': '三级品类',
    'pricing.line.allThirds': '全部三级品类',
    'pricing.line.merged': '按二级品类价格合并',

    'pricing.reason.base': '基础价 {fee} + 近一年销售额 {billions} 十亿元 × {perBillion}/十亿元，向上取整到百元',
    'pricing.reason.noSales': '近一年无销售额：按基础价 {fee}',
    'pricing.reason.limitSecond': '二级品类价格上限 {limit}',
    'pricing.reason.limitThird': '三级品类价格上限 {limit}',
    'pricing.reason.limitAllThird': '选中该二级品类下全部三级品类：每个三级品类上限 {limit}',
    'pricing.reason.merged': '三级品类合计 {subtotal} 高于二级品类价格 {secondPrice}，按二级品类价格计，节省 {saving}',
    'pricing.reason.included': '已包含在所选二级品类中',

    'pricing.terms.title': '计价规则',
    'pricing.terms.perYear': '价格为每年的人民币价格',
    'pricing.terms.history': '包含自 {from} 起的历史数据',
    'pricing.terms.base': '单个品类：基础价 {fee} 加近一年销售额每十亿元 {perBillion}，向上取整到 {roundTo}',
    'pricing.terms.salesYear': '近一年：{from} 至 {to}',
    'pricing.terms.limits': '价格上限：二级品类 {second}，三级品类 {third}，选中全部三级品类时每个 {allThird}',
    'pricing.terms.merge': '同一二级品类下的多个三级品类，合计高于该二级品类价格时按二级品类价格计',

    'pricing.form.title': '询价信息',
    'pricing.form.enterprise': '企业名称',
    'pricing.form.email': '邮箱',
    'pricing.form.telephone': '联系电话',
    'pricing.form.remark': '备注',
    'pricing.form.remarkPlaceholder': '希望的订阅期限、使用人数或其他需求',
    'pricing.form.submit': '提交询价',
    'pricing.form.needCart': '请先选择要订阅的品类',
    'pricing.done.title': '询价提交成功',
    'pricing.done.number': '询价单号：{id}',
    'pricing.done.again': '继续询价',
  },
  en: {
    'pricing.title': 'Subscription enquiry',
    'pricing.subtitle':
      'Choose the categories to subscribe to, see the yearly price and send an enquiry: our sales team will contact you',
    'pricing.step.goods': 'Choose categories',
    'pricing.step.payment': 'Send the enquiry',
    'pricing.signIn': 'Sign in',
    'pricing.backToApp': 'Back to MarketLens',

    'pricing.picker.title': 'Categories',
    'pricing.picker.search': 'Search second- or third-level categories (Chinese or English)',
    'pricing.picker.hint': 'Tick a second-level category for all of it, or tick third-level categories under it',
    'pricing.picker.none': 'No matching category',
    'pricing.picker.perYear': '{price}/year',
    'pricing.loadFailed': 'Failed to get the categories, please try again later',

    'pricing.cart.title': 'Your categories and price',
    'pricing.cart.empty': 'No category chosen yet: tick the categories to subscribe to on the left',
    'pricing.cart.clear': 'Clear',
    'pricing.cart.remove': 'Remove {name}',
    'pricing.cart.total': 'Total per year',
    'pricing.cart.next': 'Next: send the enquiry',
    'pricing.cart.back': 'Change the categories',
    'pricing.cart.updating': 'Computing the price…',
    'pricing.cart.quoteFailed': 'Failed to compute the price, please try again later',

    'pricing.line.second': 'Whole second-level category',
    'pricing.line.thirds': 'Third-level categories',
    'pricing.line.allThirds': 'All third-level categories',
    'pricing.line.merged': 'Merged at the second-level price',

    'pricing.reason.base':
      'Base {fee} + {billions} billion of sales in the last year × {perBillion} per billion, rounded up to the hundred',
    'pricing.reason.noSales': 'No sales in the last year: the base {fee}',
    'pricing.reason.limitSecond': 'Second-level price limit {limit}',
    'pricing.reason.limitThird': 'Third-level price limit {limit}',
    'pricing.reason.limitAllThird': 'Every third-level category of the second-level one chosen: each at most {limit}',
    'pricing.reason.merged':
      'The third-level categories together ({subtotal}) cost more than their second-level category ({secondPrice}): priced at that, saving {saving}',
    'pricing.reason.included': 'Included in the chosen second-level category',

    'pricing.terms.title': 'How prices are set',
    'pricing.terms.perYear': 'Prices are per year, in RMB',
    'pricing.terms.history': 'History from {from} is included',
    'pricing.terms.base':
      'One category: a base of {fee} plus {perBillion} per billion of sales in the last year, rounded up to {roundTo}',
    'pricing.terms.salesYear': 'The last year: {from} to {to}',
    'pricing.terms.limits':
      'Price limits: second level {second}, third level {third}, each third-level category {allThird} when all of a second-level one are chosen',
    'pricing.terms.merge':
      'Several third-level categories of one second-level category cost at most the second-level price',

    'pricing.form.title': 'Your details',
    'pricing.form.enterprise': 'Enterprise',
    'pricing.form.email': 'Email',
    'pricing.form.telephone': 'Telephone',
    'pricing.form.remark': 'Remark',
    'pricing.form.remarkPlaceholder': 'Subscription length, number of users or anything else you need',
    'pricing.form.submit': 'Send the enquiry',
    'pricing.form.needCart': 'Choose the categories to subscribe to first',
    'pricing.done.title': 'Enquiry submitted successfully',
    'pricing.done.number': 'Enquiry number: {id}',
    'pricing.done.again': 'New enquiry',
  },
});

// This area's keys join the web's key type (shared/i18n/area.ts): t() accepts them, in both languages.
declare module '../../shared/i18n/area.js' {
  interface WebAreas {
    price: typeof priceMessages;
  }
}
