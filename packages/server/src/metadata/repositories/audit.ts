import type { JsonValue } from '../codec.js';
import { parseJson, toIso, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { AuditEventRow, AuditOutcome } from '../schema.js';

/** One security-relevant event: sign-ins, account and permission changes, denials. */
export interface AuditEvent {
  id: number;
  at: string;
  userId: number | null;
  username: string;
  ip: string;
  /** Dotted verb, e.g. 'auth.login', 'user.update', 'project.delete'. */
  action: string;
  /** What was acted on, e.g. 'user:12'. */
  target: string;
  outcome: AuditOutcome;
  detail: JsonValue | null;
}

export interface NewAuditEvent {
  action: string;
  outcome: AuditOutcome;
  userId?: number | null;
  username?: string;
  ip?: string;
  target?: string;
  /** Never put secrets (passwords, tokens) in here. */
  detail?: JsonValue;
  /** Default: now. */
  at?: string | Date;
}

export interface AuditListQuery {
  /** Default 100, at most 1000. */
  limit?: number;
  /** Keyset paging: only events with a smaller id (pass the last id of the previous page). */
  beforeId?: number;
  userId?: number;
  action?: string;
  outcome?: AuditOutcome;
  /** Only events at or after this time. */
  since?: string | Date;
}

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at,
    userId: row.user_id,
    username: row.username,
    ip: row.ip,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: parseJson<JsonValue | null>(row.detail, null),
  };
}

/** The append-only audit trail. */
export class AuditRepository {
  constructor(private readonly ctx: RepoContext) {}

  async record(event: NewAuditEvent): Promise<AuditEvent> {
    const row = await this.ctx.db
      .insertInto('audit_events')
      .values({
        at: event.at === undefined ? this.ctx.now() : toIso(event.at),
        user_id: event.userId ?? null,
        username: event.username ?? '',
        ip: event.ip ?? '',
        action: event.action,
        target: event.target ?? '',
        outcome: event.outcome,
        detail: event.detail === undefined ? null : toJson(event.detail),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvent(row);
  }

  /** Newest first (by id, which follows insertion order). */
  async listRecent(query: AuditListQuery = {}): Promise<AuditEvent[]> {
    const limit = Math.min(1000, Math.max(1, Math.floor(query.limit ?? 100) || 1));
    let q = this.ctx.db.selectFrom('audit_events').selectAll();
    if (query.beforeId !== undefined) q = q.where('id', '<', query.beforeId);
    if (query.userId !== undefined) q = q.where('user_id', '=', query.userId);
    if (query.action !== undefined) q = q.where('action', '=', query.action);
    if (query.outcome !== undefined) q = q.where('outcome', '=', query.outcome);
    if (query.since !== undefined) q = q.where('at', '>=', toIso(query.since));
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toEvent);
  }

  /** Retention: deletes events older than `before`; returns how many went. */
  async deleteBefore(before: string | Date): Promise<number> {
    const result = await this.ctx.db.deleteFrom('audit_events').where('at', '<', toIso(before)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
