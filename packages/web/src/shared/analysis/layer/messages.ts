import { defineArea } from '../../i18n/area.js';

/**
 * Strings of the events and notes layer on every trend chart (chartOverlay.ts). The refusals of a
 * note are the server's too, so they come from the shared catalogue ('notes.*').
 */
export const chartLayerMessages = defineArea({
  'zh-CN': {
    'chartLayer.events': '事件',
    'chartLayer.notes': '备注',
    'chartLayer.switch': '显示事件',
    'chartLayer.hint': '点击图上的周期可查看其事件、添加备注',
    'chartLayer.showPeriods': '查看其周期',
    'chartLayer.hintNoSubject': '选择一个品类（或在品牌详情中）可在图上添加备注',
    'chartLayer.about': '关于：{name}',
    'chartLayer.placeholder': '例如：价格从 ¥399 降到 ¥349',
    'chartLayer.add': '添加备注',
    'chartLayer.added': '备注已添加',
    'chartLayer.confirmDelete': '确定删除该备注吗？',
    'chartLayer.empty': '这个周期还没有备注',
  },
  en: {
    'chartLayer.events': 'Events',
    'chartLayer.notes': 'Notes',
    'chartLayer.switch': 'Show events',
    'chartLayer.hint': 'Click a period to see its events and add a note',
    'chartLayer.showPeriods': 'Show its periods',
    'chartLayer.hintNoSubject': 'Choose one category (or open a brand) to add notes on the chart',
    'chartLayer.about': 'About: {name}',
    'chartLayer.placeholder': 'e.g. price cut from ¥399 to ¥349',
    'chartLayer.add': 'Add note',
    'chartLayer.added': 'Note added',
    'chartLayer.confirmDelete': 'Delete this note?',
    'chartLayer.empty': 'No notes on this period yet',
  },
});

declare module '../../i18n/area.js' {
  interface WebAreas {
    chartLayer: typeof chartLayerMessages;
  }
}
