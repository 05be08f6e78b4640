import { defineMessages } from './area.js';

/**
 * The events calendar of a project (project-events.ts): its sub-page's title and the refusals of an
 * own event, which the server sends and the form shows.
 */
export const projectEventMessages = defineMessages({
  en: {
    'route.projectEvents': 'Events',
    'events.nameRequired': 'Please enter a name.',
    'events.tooLong': 'At most {max} characters.',
    'events.unknownKind': 'Unknown kind of event: "{kind}".',
    'events.dateOutOfRange': 'Please enter a date between {min} and {max}.',
    'events.endBeforeStart': 'The end date cannot be before the start date.',
    'events.unknownPlatform': 'Unknown platform codes: {codes}.',
    'events.notFound': 'The event does not exist in this project.',
    'events.brandNotFound': "The brand is not in the project's dataset.",
    'events.categoryNotFound': 'The category is not in this project.',
    'events.tooMany': 'A project holds at most {max} events of its own.',
  },
  'zh-CN': {
    'route.projectEvents': '事件日历',
    'events.nameRequired': '请输入名称',
    'events.tooLong': '最多 {max} 个字符',
    'events.unknownKind': '未知的事件类型：“{kind}”',
    'events.dateOutOfRange': '请输入 {min} 至 {max} 之间的日期',
    'events.endBeforeStart': '结束日期不能早于开始日期',
    'events.unknownPlatform': '未知的平台代码：{codes}',
    'events.notFound': '此项目中没有该事件',
    'events.brandNotFound': '该品牌不在项目的数据集中',
    'events.categoryNotFound': '该品类不在此项目中',
    'events.tooMany': '一个项目最多可有 {max} 个自有事件',
  },
});
