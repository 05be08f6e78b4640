import { defineArea } from '../../shared/i18n/area.js';

/**
 * Strings of the audit trail screen (/audit). Action and outcome labels, the column titles and the
 * route name are the server's too (the download), so they come from the shared catalogue ('audit.*').
 */
export const auditScreenMessages = defineArea({
  'zh-CN': {
    'auditScreen.subtitle': '登录、账号与权限变更、项目管理等操作的记录，最新的在前',
    'auditScreen.filter.actor': '用户名',
    'auditScreen.filter.action': '操作',
    'auditScreen.filter.target': '对象，如 project:3',
    'auditScreen.filter.outcome': '结果',
    'auditScreen.filter.from': '开始时间',
    'auditScreen.filter.to': '结束时间',
    'auditScreen.filter.reset': '重置',
    'auditScreen.noUser': '未登录',
    'auditScreen.fileName': '审计日志',
  },
  en: {
    'auditScreen.subtitle': 'Sign-ins, account and permission changes, project administration and more, newest first',
    'auditScreen.filter.actor': 'User name',
    'auditScreen.filter.action': 'Action',
    'auditScreen.filter.target': 'Target, e.g. project:3',
    'auditScreen.filter.outcome': 'Outcome',
    'auditScreen.filter.from': 'From',
    'auditScreen.filter.to': 'To',
    'auditScreen.filter.reset': 'Reset',
    'auditScreen.noUser': 'Not signed in',
    'auditScreen.fileName': 'Audit trail',
  },
});

// This area's keys join the web's key type (shared/i18n/area.ts): t() accepts them, in both languages.
declare module '../../shared/i18n/area.js' {
  interface WebAreas {
    audit: typeof auditScreenMessages;
  }
}
