import { defineArea } from '../../shared/i18n/area.js';

/** Strings of the Trend Overview page. */
export const hotMessages = defineArea({
  'zh-CN': {
    'hot.subtitle': '当前什么最热：领先品类的走势、增长最快与新上市的品牌和商品、热门标题词与热销商品',

    'hot.trends.title': '销售额 Top 10 品类走势',
    'hot.trends.titleUnder': '“{parent}”下 Top 10 品类走势',

    'hot.cloud.title': '热门关键词',
    'hot.cloud.subject': '热门关键词',
    'hot.cloud.hint': '字号越大热度越高（热度指数 100 = 最热）；点击词语进入概念探索',
    'hot.cloud.tooltip': '{word}<br/>热度指数 {heat}<br/>销售额 {sales}',
    'hot.cloud.hiddenApplied': '已排除 {count} 个隐藏关键词',

    'hot.hidden.open': '隐藏词',
    'hot.hidden.title': '隐藏关键词',
    'hot.hidden.subject': '隐藏关键词列表',
    'hot.hidden.intro': '隐藏的关键词不会出现在本项目的词云中，对项目内所有成员生效。',
    'hot.hidden.readOnly': '仅项目管理员可以隐藏或恢复关键词。',
    'hot.hidden.pick': '从词云中选择或输入关键词',
    'hot.hidden.hide': '隐藏',
    'hot.hidden.unhide': '恢复显示',
    'hot.hidden.keyword': '关键词',
    'hot.hidden.by': '操作人',
    'hot.hidden.at': '隐藏时间',
    'hot.hidden.empty': '暂无隐藏关键词',
    'hot.hidden.hidden': '已隐藏 {count} 个关键词',
    'hot.hidden.unhidden': '已恢复显示“{word}”',
    'hot.hidden.hideFailed': '隐藏关键词失败，请稍后重试',
    'hot.hidden.unhideFailed': '恢复关键词失败，请稍后重试',

    'hot.rising.title': '增长最快 Top 50',
    'hot.rising.subject': '增长榜',
    'hot.rising.note': '对比 {base}，基期销售额低于 {min} 的不参与排名',
    'hot.rising.baseSales': '基期销售额',
    'hot.rising.growth': '增长率',

    'hot.fresh.title': '新品与新品牌',
    'hot.fresh.subject': '新品与新品牌',
    'hot.fresh.note': '{window} 期间首次出现销售，按早期销售表现排名',
    'hot.fresh.firstPeriod': '首次销售',

    'hot.kind.category': '品类',
    'hot.kind.brand': '品牌',
    'hot.kind.product': '商品',

    'hot.col.rank': '排名',
    'hot.col.name': '名称',
    'hot.col.sales': '销售额',
    'hot.col.count': '销量',
    'hot.col.share': '份额',
    'hot.col.price': '价格',

    'hot.goods.title': '热销商品',
    'hot.goods.subject': '热销商品',
    'hot.goods.note': '从销售额前 {pool} 名商品中随机抽取 {count} 个',
    'hot.goods.refresh': '换一批',
    'hot.goods.rank': '第 {rank} 名',
    'hot.goods.open': '打开商品页',

    'hot.range': '{start} 至 {end}',
  },
  en: {
    'hot.subtitle':
      'What is hot right now: leading categories and their trends, fastest growers, newcomers, hot title words and best sellers',

    'hot.trends.title': 'Top 10 categories by sales',
    'hot.trends.titleUnder': 'Top 10 categories under "{parent}"',

    'hot.cloud.title': 'Hot keywords',
    'hot.cloud.subject': 'the hot keywords',
    'hot.cloud.hint': 'Bigger words are hotter (heat index 100 = the hottest); click a word to explore it',
    'hot.cloud.tooltip': '{word}<br/>Heat index {heat}<br/>Sales {sales}',
    'hot.cloud.hiddenApplied': 'Hidden keywords left out: {count}',

    'hot.hidden.open': 'Hidden words',
    'hot.hidden.title': 'Hidden keywords',
    'hot.hidden.subject': 'the hidden keywords',
    'hot.hidden.intro': "Hidden keywords are left out of this project's word cloud for every member.",
    'hot.hidden.readOnly': 'Only project administrators can hide or reveal keywords.',
    'hot.hidden.pick': 'Pick words from the cloud or type one',
    'hot.hidden.hide': 'Hide',
    'hot.hidden.unhide': 'Reveal',
    'hot.hidden.keyword': 'Keyword',
    'hot.hidden.by': 'Hidden by',
    'hot.hidden.at': 'Hidden at',
    'hot.hidden.empty': 'No hidden keywords',
    'hot.hidden.hidden': 'Keywords hidden: {count}',
    'hot.hidden.unhidden': '"{word}" is shown again',
    'hot.hidden.hideFailed': 'Failed to hide the keywords, please try again later',
    'hot.hidden.unhideFailed': 'Failed to reveal the keyword, please try again later',

    'hot.rising.title': 'Fastest growing, top 50',
    'hot.rising.subject': 'the growth ranking',
    'hot.rising.note': 'Compared with {base}; base sales under {min} are not ranked',
    'hot.rising.baseSales': 'Base sales',
    'hot.rising.growth': 'Growth',

    'hot.fresh.title': 'New products and brands',
    'hot.fresh.subject': 'the new products and brands',
    'hot.fresh.note': 'First sold in {window}, ranked by early sales',
    'hot.fresh.firstPeriod': 'First sale',

    'hot.kind.category': 'Categories',
    'hot.kind.brand': 'Brands',
    'hot.kind.product': 'Products',

    'hot.col.rank': 'Rank',
    'hot.col.name': 'Name',
    'hot.col.sales': 'Sales',
    'hot.col.count': 'Units',
    'hot.col.share': 'Share',
    'hot.col.price': 'Price',

    'hot.goods.title': 'Hot goods',
    'hot.goods.subject': 'the hot goods',
    'hot.goods.note': '{count} picked at random from the top {pool} products by sales',
    'hot.goods.refresh': 'Show others',
    'hot.goods.rank': 'No. {rank}',
    'hot.goods.open': 'Open product page',

    'hot.range': '{start} to {end}',
  },
});

// This area's keys join the web's key type (shared/i18n/area.ts): t() accepts them, in both languages.
declare module '../../shared/i18n/area.js' {
  interface WebAreas {
    hot: typeof hotMessages;
  }
}
