import { defineMessages } from './area.js';

/**
 * Texts of the marks of a growth figure (keys prefixed 'analysis.flag.'; coverage.ts FIGURE_FLAGS,
 * docs/metrics.md "Flags"): the short name of each flag and what it means, shown by the web's FlagMark
 * beside every flagged growth, in tables and on cards alike.
 */
export const flagMessages = defineMessages({
  en: {
    'analysis.flag.mark': 'Read with care: {flags}',
    'analysis.flag.name.low_base': 'Low base',
    'analysis.flag.name.base_incomplete': 'Base incomplete',
    'analysis.flag.name.range_incomplete': 'Range incomplete',
    'analysis.flag.about.low_base': 'Growth against a base under {share} of the current figure: read with care.',
    'analysis.flag.about.base_incomplete': 'The comparison period has missing, sparse or partial periods.',
    'analysis.flag.about.range_incomplete': 'The selected period has missing, sparse or partial periods.',
  },
  'zh-CN': {
    'analysis.flag.mark': '请谨慎解读：{flags}',
    'analysis.flag.name.low_base': '低基数',
    'analysis.flag.name.base_incomplete': '对比期数据不全',
    'analysis.flag.name.range_incomplete': '所选周期数据不全',
    'analysis.flag.about.low_base': '对比期基数不足当前值的 {share}，增长率请谨慎解读。',
    'analysis.flag.about.base_incomplete': '对比期内有缺失、稀疏或不完整的周期。',
    'analysis.flag.about.range_incomplete': '所选时间范围内有缺失、稀疏或不完整的周期。',
  },
});
