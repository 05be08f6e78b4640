import { AUDIT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../shared/api/call.js';

export type AuditParams = Input<typeof AUDIT_ENDPOINTS.list>;

export const auditKeys = { list: (p: AuditParams) => ['audit', p] as const };

/** The calls of the audit trail screen (docs/security.md "Audit trail"): entries of `AUDIT_ENDPOINTS`. */
export const auditApi = {
  list: (p: AuditParams, signal?: AbortSignal) => call(AUDIT_ENDPOINTS.list, { ...p }, { signal }),
  /** The same filters as the list, without paging; answers the .xlsx. */
  download: (p: Input<typeof AUDIT_ENDPOINTS.download>, signal?: AbortSignal) =>
    call(AUDIT_ENDPOINTS.download, { ...p }, { signal }),
};
