import { defineMessages } from './area.js';

/** Texts of saved views (keys prefixed 'views.'). */
export const savedViewMessages = defineMessages({
  en: {
    'views.nameRequired': 'Please enter a name for the view.',
    'views.nameTooLong': 'A view name has at most {max} characters.',
    'views.unknownPage': 'Views can be saved of the analysis pages only.',
    'views.queryTooLong': 'This page state is too long to save (at most {max} characters).',
    'views.duplicate': 'You already have a view named "{name}" in this project.',
    'views.tooMany': 'You can keep at most {max} views in a project; delete one first.',
    'views.notFound': 'The view does not exist or is not shared with you.',
    'views.notOwner': 'Only the person who saved a view (or the project admin) can change or delete it.',
  },
  'zh-CN': {
    'views.nameRequired': '请输入视图名称',
    'views.nameTooLong': '视图名称最多 {max} 个字符',
    'views.unknownPage': '只能保存分析页面的视图',
    'views.queryTooLong': '该页面状态过长，无法保存（最多 {max} 个字符）',
    'views.duplicate': '您在本项目中已有名为“{name}”的视图',
    'views.tooMany': '每个项目最多保存 {max} 个视图，请先删除一个',
    'views.notFound': '该视图不存在或未共享给您',
    'views.notOwner': '只有保存该视图的人（或项目管理员）可以修改或删除它',
  },
});
