import type { AuditDownloadQuery, AuditListQuery, AuditPage } from '@marketlens/shared/contracts';
import { downloadFile } from '../../shared/api/download.js';
import { api } from '../../shared/api/request.js';

export type AuditParams = Omit<AuditListQuery, 'locale' | 'debug'>;

export const auditKeys = { list: (p: AuditParams) => ['audit', p] as const };

/** The calls of the audit trail screen (docs/security.md "Audit trail"). */
export const auditApi = {
  list: (p: AuditParams, signal?: AbortSignal) => api.get<AuditPage>('/api/common/audit', { ...p }, { signal }),
  /** The same filters as the list, without paging. */
  download: (p: Omit<AuditDownloadQuery, 'locale' | 'debug'>, signal?: AbortSignal) =>
    downloadFile('/api/common/audit/downloads', { ...p }, signal, 'GET'),
};
