import { defineMessages } from './area.js';

/**
 * Texts of the analysis area (keys prefixed 'analysis.'): the definitions of metric-definitions.ts
 * (quoted, both languages, in docs/metrics.md "On-screen definitions"), the "how is this computed"
 * popover of every panel and card, and the reasons a panel is empty.
 */
export const analysisMessages = defineMessages({
  en: {
    'analysis.def.sales.name': 'Sales',
    'analysis.def.sales.text':
      'Sum of the sales amounts at list price, or at discount price when the project has discount prices and you switched them on.',
    'analysis.def.count.name': 'Units sold',
    'analysis.def.count.text': 'Sum of the units sold.',
    'analysis.def.avg_price.name': 'Average price',
    'analysis.def.avg_price.text': 'Sales divided by units sold; no units, no value ("-").',
    'analysis.def.share.name': 'Share',
    'analysis.def.share.text':
      'Sales of the item divided by the sales of everything the filter and your data permission select, in the same period.',
    'analysis.def.growth_mom.name': 'Growth (MoM)',
    'analysis.def.growth_mom.text':
      '(current − base) ÷ base; the base is the range of equal length just before (on a trend: the previous period). No base sales, no value.',
    'analysis.def.growth_yoy.name': 'Growth (YoY)',
    'analysis.def.growth_yoy.text':
      '(current − base) ÷ base; the base is the same range one year earlier (52 weeks for weekly data). No base sales, no value.',
    'analysis.def.growth_custom.name': 'Growth (vs benchmark)',
    'analysis.def.growth_custom.text':
      '(current − base) ÷ base; the base is the benchmark period you chose. A warning shows when it holds a different number of periods.',
    'analysis.def.growth_event.name': 'Growth (vs same event)',
    'analysis.def.growth_event.text':
      '(current − base) ÷ base; the current range is the periods of the chosen event edition, the base those of the same event N years earlier, lined up on its main day (monthly data: whole months). No base sales, no value.',
    'analysis.def.share_change.name': 'Share change',
    'analysis.def.share_change.text': 'Share minus the share in the comparison base, in percentage points.',
    'analysis.def.contribution.name': 'Contribution',
    'analysis.def.contribution.text':
      "(item's current − item's base) ÷ (market's current − market's base): the part of the market's change the item brought; an item without sales in a period counts 0.",
    'analysis.def.tgi.name': 'TGI',
    'analysis.def.tgi.text':
      "100 × the item's share within the segment ÷ its share within the whole; above 100 the item is stronger in the segment than overall.",
    'analysis.def.distinction.name': 'Distinction index',
    'analysis.def.distinction.text':
      'log10(sales) × √TGI: high when the item is both large in the segment and stronger there than overall.',
    'analysis.def.heat.name': 'Heat index',
    'analysis.def.heat.text': '100 × value ÷ the largest value of the compared set: the hottest is 100.',
    'analysis.def.concentration.name': 'CR5, CR10',
    'analysis.def.concentration.text': 'Sum of the shares of the 5 (10) largest brands.',
    'analysis.def.hhi.name': 'HHI',
    'analysis.def.hhi.text':
      'Sum over the brands of (share in %)², from 0 to 10 000; the higher, the more concentrated the market.',
    'analysis.def.new_brand_share.name': 'New-brand share',
    'analysis.def.new_brand_share.text':
      "Sales of the brands whose first sale in the category falls within the last 12 months (52 weeks) of the period ÷ the category's sales.",
    'analysis.def.valuation_score.name': 'Valuation score',
    'analysis.def.valuation_score.text':
      'Weighted mean of market size, YoY growth, concentration (lower HHI scores higher), average price and new-brand share, each scaled 0–100 across the compared categories.',
    'analysis.def.penetration.name': 'Penetration',
    'analysis.def.penetration.text':
      'Concept sales ÷ the sales of the leaf categories the concept sold in, under the same filter without the concept.',
    'analysis.def.rising.name': 'Growth ranking',
    'analysis.def.rising.text':
      "Ranked by sales growth against the base; only items whose base sales are at least 0.1 % of the market's base (products 0.01 %) are ranked.",
    'analysis.def.fresh.name': 'New products and brands',
    'analysis.def.fresh.text':
      'Products (brands) whose first sale falls within the last 3 months (13 weeks) of the range, ranked by their sales there.',
    'analysis.def.hot_goods.name': 'Hot goods',
    'analysis.def.hot_goods.text': '20 products drawn at random from the 1 000 best sellers of the range.',
    'analysis.def.potential.name': 'Potential brands',
    'analysis.def.potential.text':
      'Brands whose sales and growth in a category meet the brand limits, in categories whose sales and growth meet the category limits, target period against the benchmark.',
    'analysis.def.movement_volume.name': 'Volume effect',
    'analysis.def.movement_volume.text':
      'The change in units sold at the base average price (base sales ÷ base units); a launch counts its units, a discontinued SKU minus its base units.',
    'analysis.def.movement_price.name': 'Price effect',
    'analysis.def.movement_price.text':
      'Like for like: the price change of SKUs sold in both periods, times their base units.',
    'analysis.def.movement_mix.name': 'Mix effect',
    'analysis.def.movement_mix.text':
      'Units moving between SKUs at base prices: units shifting to SKUs dearer than the base average raise it; a launch or a discontinued SKU adds the difference of its price to the base average.',
    'analysis.def.movement_residual.name': 'Residual',
    'analysis.def.movement_residual.text':
      'What volume, price and mix leave: units and price of the same SKU changing together, plus cent rounding; volume + price + mix + residual = the change in sales.',
    'analysis.def.movement_lifecycle.name': 'Launches, continuing, discontinued',
    'analysis.def.movement_lifecycle.text':
      'The change in sales of SKUs with no units in the base period (launches), with units in both (continuing) and with none in the current period (discontinued); they add up to the change.',
    'analysis.def.share_split.name': 'Share change by part',
    'analysis.def.share_split.text':
      'Each category’s or platform’s part of the share change: its sales ÷ market sales now − the same in the base; split into within (the share inside it changed) and weight (it grew or shrank in the market).',

    'analysis.def.event_review.name': 'Event review',
    'analysis.def.event_review.text':
      'An edition of a calendar event against the same event a year earlier: sales, units, average price and share over the periods each edition covers (monthly data: the whole months), and the brands or products whose sales changed most between the two.',
    'analysis.info.button': 'How is this computed?',
    'analysis.info.definitions': 'Definitions',
    'analysis.info.includes': 'What it includes',
    'analysis.info.range': 'Period: {start} to {end}',
    'analysis.info.base': 'Base of {name}: {start} to {end}',
    'analysis.info.categoriesAll': 'Categories: every category you may see',
    'analysis.info.categories': 'Categories: {count} chosen',
    'analysis.info.categoriesSql': 'Categories: those of the custom SQL condition',
    'analysis.info.brandsAll': 'Brands: all',
    'analysis.info.brand': 'Brand: {name}',
    'analysis.info.brands': 'Brands: {count} chosen',
    'analysis.info.brandsFollowed': 'Brands: the brands you follow',
    'analysis.info.shops': 'Shops: {count} chosen',
    'analysis.info.others': 'Other conditions: {count}',
    'analysis.info.grant': 'Only data within your data permission.',
    'analysis.info.priceList': 'Price basis: list price',
    'analysis.info.priceDiscount': 'Price basis: discount price',
    'analysis.info.data': 'Data',
    'analysis.info.asOf': 'Dataset as of {date}',
    'analysis.info.coverageComplete': 'Coverage of the period: complete',
    'analysis.info.coverage': 'Coverage of the period: {parts}',
    'analysis.info.missing': '{count} missing periods',
    'analysis.info.missing_one': '{count} missing period',
    'analysis.info.sparse': '{count} sparse periods',
    'analysis.info.sparse_one': '{count} sparse period',
    'analysis.info.partial': '{count} partial periods',
    'analysis.info.partial_one': '{count} partial period',

    'analysis.empty.noMatch':
      'Nothing matches this filter. Widen it (fewer conditions, another period) to see figures.',
    'analysis.empty.gap':
      'The dataset has no figures for this period ({periods}): the data is missing or sparse there.',
    'analysis.empty.nothingStandsOut': 'Nothing stands out: no item differs from its market here.',
    'analysis.gap.missing': 'missing',
    'analysis.gap.sparse': 'sparse',
    'analysis.gap.partial': 'partial',
    // A comparison whose two ranges are covered unequally (docs/metrics.md "Flags"): the key alone
    // (what the web shows) and the text naming the gap periods (the warning's message).
    'analytics.unequalCoverage': 'The compared ranges are not covered alike, so the growth may mislead.',
    'analytics.unequalCoverageAt':
      'The compared ranges are not covered alike, so the growth may mislead. Missing or incomplete: {periods}.',
    'analytics.coverageGap.missing': '{period} (missing)',
    'analytics.coverageGap.sparse': '{period} (sparse)',
    'analytics.coverageGap.partial': '{period} (partial)',
    'analytics.coverageMore': '{count} more periods',
    'analytics.coverageMore_one': '{count} more period',
  },
  'zh-CN': {
    'analysis.def.sales.name': '销售额',
    'analysis.def.sales.text': '按标价计算的销售额之和；项目提供折扣价且您已开启时，按折扣价计算。',
    'analysis.def.count.name': '销量',
    'analysis.def.count.text': '售出件数之和。',
    'analysis.def.avg_price.name': '均价',
    'analysis.def.avg_price.text': '销售额 ÷ 销量；销量为 0 时无值（“-”）。',
    'analysis.def.share.name': '份额',
    'analysis.def.share.text': '该项的销售额 ÷ 同期筛选条件与您的数据权限所含全部数据的销售额。',
    'analysis.def.growth_mom.name': '环比增长',
    'analysis.def.growth_mom.text':
      '（本期 − 基期）÷ 基期；基期为紧邻其前、长度相同的时间段（走势图上为上一期）。基期无销售则无值。',
    'analysis.def.growth_yoy.name': '同比增长',
    'analysis.def.growth_yoy.text':
      '（本期 − 基期）÷ 基期；基期为一年前的同一时间段（周数据为 52 周前）。基期无销售则无值。',
    'analysis.def.growth_custom.name': '较对比期增长',
    'analysis.def.growth_custom.text': '（本期 − 基期）÷ 基期；基期为您选择的对比期。两者期数不同时会给出提示。',
    'analysis.def.growth_event.name': '较同一活动增长',
    'analysis.def.growth_event.text':
      '（本期 − 基期）÷ 基期；本期为所选届次活动覆盖的周期，基期为 N 年前同一活动的周期，按活动主日对齐（月度数据按整月）。基期无销售时无值。',
    'analysis.def.share_change.name': '份额变化',
    'analysis.def.share_change.text': '份额 − 对比期份额，单位为百分点。',
    'analysis.def.contribution.name': '贡献度',
    'analysis.def.contribution.text':
      '（该项本期 − 该项基期）÷（市场本期 − 市场基期）：市场变化中由该项带来的部分；某期无销售的项按 0 计。',
    'analysis.def.tgi.name': 'TGI 指数',
    'analysis.def.tgi.text': '100 × 该项在细分中的份额 ÷ 其在整体中的份额；高于 100 表示该项在该细分中比整体更强。',
    'analysis.def.distinction.name': '区分度指数',
    'analysis.def.distinction.text': 'log10(销售额) × √TGI：该项在细分中规模大且比整体更强时较高。',
    'analysis.def.heat.name': '热度指数',
    'analysis.def.heat.text': '100 × 数值 ÷ 比较集合中的最大值：最热的一项为 100。',
    'analysis.def.concentration.name': '集中度 CR5、CR10',
    'analysis.def.concentration.text': '前 5（10）大品牌的份额之和。',
    'analysis.def.hhi.name': '赫芬达尔指数 HHI',
    'analysis.def.hhi.text': '各品牌（份额 %）² 之和，0 至 10 000；越高表示市场越集中。',
    'analysis.def.new_brand_share.name': '新品牌份额',
    'analysis.def.new_brand_share.text':
      '在该品类中首次销售落在时间段最后 12 个月（52 周）内的品牌的销售额 ÷ 该品类销售额。',
    'analysis.def.valuation_score.name': '估值得分',
    'analysis.def.valuation_score.text':
      '市场规模、同比增长、集中度（HHI 越低得分越高）、均价与新品牌份额的加权平均，各项在参与比较的品类间换算为 0–100。',
    'analysis.def.penetration.name': '渗透率',
    'analysis.def.penetration.text': '概念销售额 ÷ 概念有销售的末级品类在同一筛选条件（不含概念）下的销售额。',
    'analysis.def.rising.name': '增长榜',
    'analysis.def.rising.text':
      '按销售额较基期的增长率排名；仅基期销售额不低于市场基期销售额 0.1%（商品 0.01%）的项参与排名。',
    'analysis.def.fresh.name': '新品与新品牌',
    'analysis.def.fresh.text': '首次销售落在时间段最后 3 个月（13 周）内的商品（品牌），按其在该期间的销售额排名。',
    'analysis.def.hot_goods.name': '热卖商品',
    'analysis.def.hot_goods.text': '从该时间段销售额前 1 000 的商品中随机抽取的 20 个商品。',
    'analysis.def.potential.name': '潜力品牌',
    'analysis.def.potential.text':
      '在销售额与增长满足品类条件的品类中，销售额与增长满足品牌条件的品牌；目标期与对比期相比。',
    'analysis.def.movement_volume.name': '销量效应',
    'analysis.def.movement_volume.text':
      '按基期均价（基期销售额 ÷ 基期销量）计的销量变化；新品计入其销量，停售商品计入负的基期销量。',
    'analysis.def.movement_price.name': '价格效应',
    'analysis.def.movement_price.text': '同款对比：两期都有销售的商品的价格变化 × 其基期销量。',
    'analysis.def.movement_mix.name': '结构效应',
    'analysis.def.movement_mix.text':
      '销量在商品之间的转移（按基期价格）：销量转向高于基期均价的商品使其为正；新品与停售商品计入其价格与基期均价之差。',
    'analysis.def.movement_residual.name': '交互项',
    'analysis.def.movement_residual.text':
      '销量、价格、结构三项之外的部分：同一商品销量与价格同时变化的交互，及分位取整；四项之和等于销售额变化。',
    'analysis.def.movement_lifecycle.name': '新品、延续、停售',
    'analysis.def.movement_lifecycle.text':
      '基期无销量的商品（新品）、两期都有销量的商品（延续）、本期无销量的商品（停售）各自的销售额变化；三者之和等于总变化。',
    'analysis.def.share_split.name': '份额变化拆解',
    'analysis.def.share_split.text':
      '各品类或平台对份额变化的贡献：本期其销售额 ÷ 市场销售额 − 基期同值；分为内部份额（在该部分内的份额变化）与权重（该部分在市场中的增减）。',
    'analysis.def.event_review.name': '活动复盘',
    'analysis.def.event_review.text':
      '某届日历活动与上一年同一活动对比：两届各自覆盖的周期（月度数据为整月）内的销售额、销量、均价与份额，以及两届之间销售额变化最大的品牌或商品。',

    'analysis.info.button': '计算说明',
    'analysis.info.definitions': '指标定义',
    'analysis.info.includes': '数据范围',
    'analysis.info.range': '时间段：{start} 至 {end}',
    'analysis.info.base': '{name}的基期：{start} 至 {end}',
    'analysis.info.categoriesAll': '品类：您有权限的全部品类',
    'analysis.info.categories': '品类：已选 {count} 个',
    'analysis.info.categoriesSql': '品类：自定义 SQL 条件所含品类',
    'analysis.info.brandsAll': '品牌：全部',
    'analysis.info.brand': '品牌：{name}',
    'analysis.info.brands': '品牌：已选 {count} 个',
    'analysis.info.brandsFollowed': '品牌：您关注的品牌',
    'analysis.info.shops': '店铺：已选 {count} 个',
    'analysis.info.others': '其他条件：{count} 项',
    'analysis.info.grant': '仅含您数据权限范围内的数据。',
    'analysis.info.priceList': '价格口径：标价',
    'analysis.info.priceDiscount': '价格口径：折扣价',
    'analysis.info.data': '数据',
    'analysis.info.asOf': '数据截至 {date}',
    'analysis.info.coverageComplete': '时间段数据覆盖：完整',
    'analysis.info.coverage': '时间段数据覆盖：{parts}',
    'analysis.info.missing': '缺失 {count} 期',
    'analysis.info.missing_one': '缺失 {count} 期',
    'analysis.info.sparse': '稀疏 {count} 期',
    'analysis.info.sparse_one': '稀疏 {count} 期',
    'analysis.info.partial': '不完整 {count} 期',
    'analysis.info.partial_one': '不完整 {count} 期',

    'analysis.empty.noMatch': '没有符合筛选条件的数据，请放宽筛选条件（减少条件或更换时间段）后查看。',
    'analysis.empty.gap': '数据集在该时间段（{periods}）没有数据：这些期的数据缺失或稀疏。',
    'analysis.empty.nothingStandsOut': '没有突出项：此处各项与其市场整体没有差异。',
    'analysis.gap.missing': '缺失',
    'analysis.gap.sparse': '稀疏',
    'analysis.gap.partial': '不完整',
    'analytics.unequalCoverage': '对比的两段时间数据覆盖不一致，增长率可能失真',
    'analytics.unequalCoverageAt': '对比的两段时间数据覆盖不一致，增长率可能失真。缺失或不完整的周期：{periods}',
    'analytics.coverageGap.missing': '{period}（缺失）',
    'analytics.coverageGap.sparse': '{period}（稀疏）',
    'analytics.coverageGap.partial': '{period}（不完整）',
    'analytics.coverageMore': '另外 {count} 个周期',
    'analytics.coverageMore_one': '另外 {count} 个周期',
  },
});
