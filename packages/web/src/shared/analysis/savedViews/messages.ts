import { defineArea } from '../../i18n/area.js';

/** Strings of saved views: the analysis pages' dialog and the personal centre's list. */
export const savedViewMessages = defineArea({
  'zh-CN': {
    'savedViews.title': '保存的视图',
    'savedViews.hint': '保存本页当前的筛选、时间、对比方式与面板选项；打开共享视图时按您自己的数据权限显示。',
    'savedViews.name': '视图名称',
    'savedViews.share': '共享给项目成员',
    'savedViews.saveCurrent': '保存当前视图',
    'savedViews.saved': '视图已保存',
    'savedViews.ofPage': '本页的视图',
    'savedViews.none': '还没有保存的视图',
    'savedViews.open': '打开',
    'savedViews.copyLink': '复制链接',
    'savedViews.copied': '链接已复制',
    'savedViews.delete': '删除',
    'savedViews.confirmDelete': '确定删除该视图吗？',
    'savedViews.deleted': '视图已删除',
    'savedViews.shared': '已共享',
    'savedViews.by': '来自 {owner}',
    'savedViews.col.name': '名称',
    'savedViews.col.page': '页面',
    'savedViews.col.shared': '共享',
    'savedViews.col.owner': '保存人',
    'savedViews.col.updated': '更新时间',
    'savedViews.col.actions': '操作',
    'savedViews.projectHint': '当前项目中您保存的视图与成员共享给您的视图',
    'savedViews.noProject': '请先选择一个项目',
  },
  en: {
    'savedViews.title': 'Saved views',
    'savedViews.hint':
      "Saves this page's filter, range, comparison and panel switches; a shared view opens within your own data permission.",
    'savedViews.name': 'View name',
    'savedViews.share': "Share with the project's members",
    'savedViews.saveCurrent': 'Save current view',
    'savedViews.saved': 'View saved',
    'savedViews.ofPage': "This page's views",
    'savedViews.none': 'No saved views yet',
    'savedViews.open': 'Open',
    'savedViews.copyLink': 'Copy link',
    'savedViews.copied': 'Link copied',
    'savedViews.delete': 'Delete',
    'savedViews.confirmDelete': 'Delete this view?',
    'savedViews.deleted': 'View deleted',
    'savedViews.shared': 'Shared',
    'savedViews.by': 'by {owner}',
    'savedViews.col.name': 'Name',
    'savedViews.col.page': 'Page',
    'savedViews.col.shared': 'Shared',
    'savedViews.col.owner': 'Saved by',
    'savedViews.col.updated': 'Updated',
    'savedViews.col.actions': 'Actions',
    'savedViews.projectHint': 'Views you saved in the current project and those its members shared with you',
    'savedViews.noProject': 'Choose a project first',
  },
});

declare module '../../i18n/area.js' {
  interface WebAreas {
    savedViews: typeof savedViewMessages;
  }
}
