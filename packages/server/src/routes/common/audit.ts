import { AUDIT_SCHEMAS, type AuditDownloadQuery, type AuditEntry } from '@marketlens/shared/contracts';
import { AUDIT_ENDPOINTS } from '@marketlens/shared/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { AUDIT_DOWNLOAD_LIMIT, sendAuditTrail } from '../../downloads/sheets.js';
import { badRequest } from '../../errors.js';
import type { AuditEvent, AuditSearch, MetadataStore, User } from '../../metadata/index.js';
import {
  type AccountViewer,
  type AuditScope,
  accountFieldsVisible,
  auditScope,
  isRoot,
} from '../../permissions/index.js';
import { registerRoutes } from '../register.js';

export function auditEntryView(e: AuditEvent): AuditEntry {
  return {
    id: e.id,
    at: e.at,
    user_id: e.userId,
    username: e.username,
    ip: e.ip,
    action: e.action,
    target: e.target,
    outcome: e.outcome,
    detail: e.detail,
  };
}

/**
 * An instant of the filter that names a real moment: the schema checks the shape only, and a
 * shape-valid '2026-13-45T25:61Z' must be refused as bad input, not reach the store.
 */
function instant(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value !== undefined && Number.isNaN(Date.parse(value)))
    throw badRequest('server.invalidArgumentDetail', { field });
  return value;
}

/** The wire filters as a repository search, within what the reader may see. */
function searchOf(q: AuditDownloadQuery, scope: AuditScope): AuditSearch {
  instant(q.from, 'from');
  instant(q.to, 'to');
  return {
    actor: q.actor,
    action: q.action,
    target: q.target,
    outcome: q.outcome,
    from: q.from,
    to: q.to,
    ...(scope ? { within: scope } : {}),
  };
}

/**
 * Entries as `viewer` reads them: the IP an actor acted from is theirs, shown under the same tenancy
 * rule as their e-mail (`accountFieldsVisible`), an empty string otherwise — so a project admin does
 * not learn where the operator's staff work from. The user name stays: it says who did what.
 */
async function entriesFor(metadata: MetadataStore, viewer: AccountViewer, events: readonly AuditEvent[]) {
  if (isRoot(viewer)) return events;
  const ids = [...new Set(events.flatMap((e) => (e.userId === null ? [] : [e.userId])))];
  const actors = new Map<number, User>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    for (const u of (await metadata.users.list({ ids: chunk, pageSize: chunk.length })).items) actors.set(u.id, u);
  }
  return events.map((e) => {
    const actor = e.userId === null ? undefined : actors.get(e.userId);
    return accountFieldsVisible(viewer, actor) ? e : { ...e, ip: '' };
  });
}

/**
 * The audit trail of the administration area (docs/security.md "Audit trail"): the list
 * and its .xlsx download take the same filters; what a reader sees is `auditScope`'s decision.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsync {
  const { metadata } = ctx;
  return async (app) => {
    registerRoutes(app, {
      tag: 'audit',
      endpoints: AUDIT_ENDPOINTS,
      schemas: AUDIT_SCHEMAS,
      summaries: {
        list: 'Read the audit trail (root: everything; administrators: their projects)',
        download: 'Download the audit trail as .xlsx with the same filters',
      },
      // Signed in (the table); the permissions module's audit scope refuses everyone but root and administrators.
      handlers: {
        list: async (req) => {
          const scope = await auditScope(metadata, req.user!);
          const found = await metadata.audit.search({
            ...searchOf(req.query, scope),
            page: req.query.page,
            pageSize: req.query.page_size,
          });
          return {
            items: (await entriesFor(metadata, req.user!, found.items)).map(auditEntryView),
            total: found.total,
            page: found.page,
            page_size: found.pageSize,
          };
        },
        download: async (req, reply) => {
          const scope = await auditScope(metadata, req.user!);
          const found = await metadata.audit.searchRows(searchOf(req.query, scope), AUDIT_DOWNLOAD_LIMIT);
          const items = await entriesFor(metadata, req.user!, found.items);
          return sendAuditTrail(reply, req.locale, req.query, { items, total: found.total });
        },
      },
    });
  };
}
