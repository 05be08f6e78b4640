import { defineMessages } from './area.js';

/** Notes on chart points (chart-notes.ts): the refusals the server sends and the note form shows. */
export const chartNoteMessages = defineMessages({
  en: {
    'notes.unknownEntity': 'Notes can be written about a category or a brand, not "{kind}".',
    'notes.entityNotFound': 'This category or brand is not in the project.',
    'notes.dateOutOfRange': 'Please choose a period between {min} and {max}, the periods of the data.',
    'notes.textRequired': 'Please enter the note.',
    'notes.tooLong': 'At most {max} characters.',
    'notes.notFound': 'The note does not exist in this project.',
    'notes.deleteNotAllowed': 'Only its author or an administrator of the project may delete a note.',
    'notes.tooMany': 'A project holds at most {max} notes.',
  },
  'zh-CN': {
    'notes.unknownEntity': '备注只能针对品类或品牌，不支持“{kind}”',
    'notes.entityNotFound': '此项目中没有该品类或品牌',
    'notes.dateOutOfRange': '请选择 {min} 至 {max} 之间的周期（数据覆盖的周期）',
    'notes.textRequired': '请输入备注内容',
    'notes.tooLong': '最多 {max} 个字符',
    'notes.notFound': '此项目中没有该备注',
    'notes.deleteNotAllowed': '只有备注的作者或项目管理员可以删除备注',
    'notes.tooMany': '一个项目最多可有 {max} 条备注',
  },
});
