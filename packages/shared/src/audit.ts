/**
 * The audit trail's vocabulary (docs/security.md "Audit trail"): every action code the server
 * writes and the outcomes. The server's Auditor only accepts these codes, and each one has a label
 * in both languages (`audit.action.<code>`, messages/audit.ts), so the administration screen and
 * its download never show a bare code.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.lockout',
  'auth.lockout_alert',
  'auth.token_reuse',
  'auth.reset_request',
  'auth.reset',
  'auth.app_token',
  'auth.session_end',
  'auth.wechat',
  'auth.wechat_bind',
  'auth.wechat_unbind_request',
  'permission.denied',
  'user.create',
  'user.update',
  'user.delete',
  'user.auth',
  'user.password_change',
  'user.batch_add',
  'user.batch_update',
  'application.update',
  'application.approve',
  'application.reject',
  'project.create',
  'project.update',
  'project.delete',
  'project.status',
  'project.member_add',
  'project.member_update',
  'project.member_remove',
  'project.category_add',
  'project.category_upload',
  'project.category_update',
  'project.category_delete',
  'project.category_status',
  'project.attributes_update',
  'project.attributes_delete',
  'project.attributes_draft',
  'project.attributes_draft_cancel',
  'project.bands_update',
  'project.keywords_hide',
  'project.keywords_unhide',
  'project.event_create',
  'project.event_update',
  'project.event_delete',
  'project.note_create',
  'project.note_delete',
  'order.create',
  'order.status',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The message key of an action's label. */
export function auditActionKey(action: AuditAction): `audit.action.${AuditAction}` {
  return `audit.action.${action}`;
}

/** The target of entries about a project, as the server writes it: `project:<id>`. */
export const PROJECT_TARGET_PREFIX = 'project:';
export function projectTarget(projectId: number): string {
  return `${PROJECT_TARGET_PREFIX}${projectId}`;
}
