import { AUDIT_OUTCOMES, type AuditOutcome, isAuditAction } from '@marketlens/shared';
import type { AuditParams } from './api.js';

export const AUDIT_PAGE_SIZE = 20;
const TEXT_FIELDS = ['actor', 'target', 'from', 'to'] as const;

/**
 * The screen's filters and page as they stand in the address (so a filtered list can be shared and
 * survives a reload). Values the server would refuse are dropped rather than sent.
 */
export function parseAuditParams(search: URLSearchParams): AuditParams {
  const out: AuditParams = {};
  for (const f of TEXT_FIELDS) {
    const v = search.get(f)?.trim();
    if (v) out[f] = v;
  }
  const action = search.get('action');
  if (isAuditAction(action)) out.action = action;
  const outcome = search.get('outcome');
  if ((AUDIT_OUTCOMES as readonly string[]).includes(outcome ?? '')) out.outcome = outcome as AuditOutcome;
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) out.page = page;
  const size = Number(search.get('page_size'));
  if (Number.isInteger(size) && size >= 1 && size <= 200 && size !== AUDIT_PAGE_SIZE) out.page_size = size;
  return out;
}

/** The address query of the given filters (empty ones left out). */
export function auditSearch(params: AuditParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out.set(k, String(v));
  return out;
}

/** The filters alone, without the page: what the download takes. */
export function auditFilters({
  page: _page,
  page_size: _size,
  ...filters
}: AuditParams): Omit<AuditParams, 'page' | 'page_size'> {
  return filters;
}
