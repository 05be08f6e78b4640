import { defineArea } from '../../shared/i18n/area.js';

/**
 * Strings of the Store Analysis page. The server's shop texts (shop.noAccess, shop.tooMany, the
 * channel types shop.channelType.*) come from the shared catalogue, so they are not repeated here.
 */
export const shopMessages = defineArea({
  'zh-CN': {
    'shop.subtitle': '店铺的规模、渠道、品类、品牌、商品与走势，以及市场的店铺排行与渠道结构',
    'shop.choose.title': '在筛选中选择店铺开始分析',
    'shop.choose.description':
      '在上方筛选的“店铺”中按名称搜索任意平台的店铺（最多 10 个），查看它们的销售额、份额、排名、渠道、品类、品牌与商品。下方的店铺排行与渠道结构不需要选择店铺。',
    'shop.choose.tooMany': '最多同时分析 {max} 个店铺，请减少筛选中的店铺',
    'shop.collectTitle': '店铺（{value}）',

    'shop.overview.title': '店铺概览',
    'shop.overview.subject': '店铺概览',
    'shop.overview.marketSales': '市场销售额 {value}，共 {count} 个店铺',
    'shop.col.shop': '店铺',
    'shop.col.channel': '渠道类型',
    'shop.col.sales': '销售额',
    'shop.col.share': '市场份额',
    'shop.col.platformShare': '平台内份额',
    'shop.col.rank': '排名',
    'shop.col.growth': '销售额增长（{base}）',
    'shop.col.shareChange': '份额变化（{base}）',
    'shop.col.count': '销量',
    'shop.col.avgPrice': '均价',
    'shop.col.brands': '品牌数',
    'shop.col.products': '商品数',
    'shop.col.part': '占店铺销售额',
    'shop.col.marketShare': '店铺在其中的份额',
    'shop.col.name': '名称',
    'shop.cmp.mom': '环比',
    'shop.cmp.yoy': '同比',
    'shop.cmp.custom': '较对比期',
    'shop.cmp.event': '较同一活动',

    'shop.focus.label': '查看店铺',
    'shop.composition.title': '品类与品牌',
    'shop.composition.subject': '店铺的品类与品牌',
    'shop.composition.category': '品类',
    'shop.composition.brand': '品牌',
    'shop.composition.level': '{level} 级品类',
    'shop.products.title': '热销商品 TOP 50',
    'shop.products.subject': '店铺商品排行',

    'shop.trend.title': '店铺走势',
    'shop.trend.subject': '店铺走势',

    'shop.rankings.title': '店铺排行 TOP 50',
    'shop.rankings.subject': '店铺排行',
    'shop.rankings.file': '店铺排行',

    'shop.mix.title': '渠道结构走势',
    'shop.mix.subject': '渠道结构',
    'shop.mix.allPlatforms': '全部平台',
    'shop.mix.platform': '平台',
  },
  en: {
    'shop.subtitle':
      'Shops’ size, channel, categories, brands, products and trends; the market’s shop ranking and channel mix',
    'shop.choose.title': 'Choose shops in the filter to start',
    'shop.choose.description':
      'Search shops on any platform by name under “Shops” in the filter above (up to 10) to see their sales, share, rank, channel, categories, brands and products. The shop ranking and the channel mix below need no shop.',
    'shop.choose.tooMany': 'At most {max} shops can be analysed at once: remove some from the filter',
    'shop.collectTitle': 'Shop ({value})',

    'shop.overview.title': 'Shop overview',
    'shop.overview.subject': 'the shop overview',
    'shop.overview.marketSales': 'Market sales {value}, {count} shops',
    'shop.col.shop': 'Shop',
    'shop.col.channel': 'Channel type',
    'shop.col.sales': 'Sales',
    'shop.col.share': 'Market share',
    'shop.col.platformShare': 'Share of platform',
    'shop.col.rank': 'Rank',
    'shop.col.growth': 'Sales growth ({base})',
    'shop.col.shareChange': 'Share change ({base})',
    'shop.col.count': 'Units',
    'shop.col.avgPrice': 'Avg. price',
    'shop.col.brands': 'Brands',
    'shop.col.products': 'Products',
    'shop.col.part': 'Part of shop sales',
    'shop.col.marketShare': 'Shop’s share of it',
    'shop.col.name': 'Name',
    'shop.cmp.mom': 'MoM',
    'shop.cmp.yoy': 'YoY',
    'shop.cmp.custom': 'vs. benchmark',
    'shop.cmp.event': 'vs. same event',

    'shop.focus.label': 'Shop',
    'shop.composition.title': 'Categories and brands',
    'shop.composition.subject': 'the shop’s categories and brands',
    'shop.composition.category': 'Categories',
    'shop.composition.brand': 'Brands',
    'shop.composition.level': 'Level {level}',
    'shop.products.title': 'Top 50 products',
    'shop.products.subject': 'the shop’s products',

    'shop.trend.title': 'Shop trends',
    'shop.trend.subject': 'the shop trends',

    'shop.rankings.title': 'Top 50 shops',
    'shop.rankings.subject': 'the shop ranking',
    'shop.rankings.file': 'shop-ranking',

    'shop.mix.title': 'Channel mix over time',
    'shop.mix.subject': 'the channel mix',
    'shop.mix.allPlatforms': 'All platforms',
    'shop.mix.platform': 'Platform',
  },
});

// This area's keys join the web's key type (shared/i18n/area.ts): t() accepts them, in both languages.
declare module '../../shared/i18n/area.js' {
  interface WebAreas {
    shop: typeof shopMessages;
  }
}
