import { defineMessages } from './area.js';

/** Texts of the "same event last year" comparison (keys prefixed 'analytics.event.'). */
export const eventComparisonMessages = defineMessages({
  en: {
    'analytics.event.unknown': 'The dataset\'s calendar has no event "{code}".',
    'analytics.event.noEdition': 'The calendar has no {year} edition of {name}.',
    'analytics.event.noBaseEdition':
      'The calendar has no {baseYear} edition of {name} to compare the {year} edition with.',
    'analytics.event.outsideData': '{name} {year} lies outside the data ({start} … {end}); choose another edition.',
    'analytics.event.yearsBack': 'Compare with an edition 1 to {max} years earlier.',
    'analytics.event.required': 'Choose the event and its edition to compare.',
    'analytics.event.noCalendar': 'This dataset has no events calendar, so it cannot compare the same event.',
    'analytics.event.unequalWindows': 'The two editions of the event last a different number of days.',
    'analytics.event.approximate':
      'Monthly data: the comparison uses the whole months covering each edition, so it includes days outside the event.',
    'download.value.event': '{name} {baseYear} (same event, {back} yr earlier): {range}',
    'download.header.eventWindows': 'Event windows',
    'download.value.eventWindows': '{year}: {window}; {baseYear}: {baseWindow}',
  },
  'zh-CN': {
    'analytics.event.unknown': '数据集的活动日历中没有活动“{code}”',
    'analytics.event.noEdition': '活动日历中没有 {year} 年的{name}',
    'analytics.event.noBaseEdition': '活动日历中没有 {baseYear} 年的{name}，无法与 {year} 年对比',
    'analytics.event.outsideData': '{year} 年的{name}不在数据范围（{start} 至 {end}）内，请选择其他届次',
    'analytics.event.yearsBack': '请与 1 至 {max} 年前的同一活动对比',
    'analytics.event.required': '请选择要对比的活动及其届次',
    'analytics.event.noCalendar': '该数据集没有活动日历，无法按同一活动对比',
    'analytics.event.unequalWindows': '两届活动的持续天数不同',
    'analytics.event.approximate': '月度数据：对比使用覆盖每届活动的整月，包含活动之外的日期',
    'download.value.event': '{baseYear} 年{name}（同一活动，{back} 年前）：{range}',
    'download.header.eventWindows': '活动时间',
    'download.value.eventWindows': '{year} 年：{window}；{baseYear} 年：{baseWindow}',
  },
});
