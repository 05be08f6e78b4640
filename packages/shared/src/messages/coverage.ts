import { defineMessages } from './area.js';

/**
 * Texts of the coverage of an applied range (keys prefixed 'analysis.coverage.'; coverage.ts, docs/product.md
 * §4 "Coverage of the data"): the warning under every page's filter, naming the periods that are not
 * complete in runs, and the reason a chart's tooltip gives for a period drawn as a gap. A run is one
 * text per state, so each carries its words (the state alone is 'analysis.gap.*', analysis.ts); the
 * punctuation between runs is the web's (CoverageWarning.tsx), not a text to translate.
 */
export const coverageMessages = defineMessages({
  en: {
    'analysis.coverage.warning': 'The selected period is not fully covered by the data: {runs}.',
    'analysis.coverage.runOne.missing': '{period} missing',
    'analysis.coverage.runOne.sparse': '{period} sparse',
    'analysis.coverage.runOne.partial': '{period} partial',
    'analysis.coverage.run.missing': '{start} … {end} missing ({length})',
    'analysis.coverage.run.sparse': '{start} … {end} sparse ({length})',
    'analysis.coverage.run.partial': '{start} … {end} partial ({length})',
    'analysis.coverage.months': '{count} months',
    'analysis.coverage.months_one': '{count} month',
    'analysis.coverage.weeks': '{count} weeks',
    'analysis.coverage.weeks_one': '{count} week',
    'analysis.coverage.reason.missing': 'No data: missing in the dataset',
    'analysis.coverage.reason.sparse': 'Not shown: sparse (far fewer rows or sales than a typical period)',
    'analysis.coverage.reason.partial': 'Not shown: partial (the period is still filling or started mid-way)',
  },
  'zh-CN': {
    'analysis.coverage.warning': '所选时间范围内数据不完整：{runs}。',
    'analysis.coverage.runOne.missing': '{period} 缺失',
    'analysis.coverage.runOne.sparse': '{period} 稀疏',
    'analysis.coverage.runOne.partial': '{period} 不完整',
    'analysis.coverage.run.missing': '{start} … {end} 缺失（{length}）',
    'analysis.coverage.run.sparse': '{start} … {end} 稀疏（{length}）',
    'analysis.coverage.run.partial': '{start} … {end} 不完整（{length}）',
    'analysis.coverage.months': '{count} 个月',
    'analysis.coverage.months_one': '{count} 个月',
    'analysis.coverage.weeks': '{count} 周',
    'analysis.coverage.weeks_one': '{count} 周',
    'analysis.coverage.reason.missing': '无数据：数据集中缺失该周期',
    'analysis.coverage.reason.sparse': '不显示：该周期数据稀疏（远少于常规周期）',
    'analysis.coverage.reason.partial': '不显示：该周期数据不完整（仍在更新或中途开始）',
  },
});
