import { type SqlBool, sql } from 'kysely';
import type { JsonValue } from '../codec.js';
import { containsIgnoreCase, type Page, pageBounds, parseJson, toCount, toIso, toJson } from '../codec.js';
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

/** The filters of the audit screen and its download (all optional, combined with AND). */
export interface AuditSearch {
  /** Part of the acting user's name (case-insensitive). */
  actor?: string;
  action?: string;
  /** Part of the target (case-insensitive). */
  target?: string;
  outcome?: AuditOutcome;
  /** At or after / at or before. */
  from?: string | Date;
  to?: string | Date;
  /**
   * Which targets the reader may see (the permission's scope): only these exact targets, or only
   * targets starting with this text. Absent: every entry.
   */
  within?: { targets: readonly string[] } | { targetPrefix: string };
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

  /** A page of the entries matching a search, newest first, with the number of all matches. */
  async search(query: AuditSearch & { page?: number; pageSize?: number }): Promise<Page<AuditEvent>> {
    const { page, pageSize, limit, offset } = pageBounds(query);
    return { ...(await this.searchRows(query, limit, offset)), page, pageSize };
  }

  /** Up to `limit` matching entries, newest first (downloads), with the number of all matches. */
  async searchRows(query: AuditSearch, limit: number, offset = 0): Promise<{ items: AuditEvent[]; total: number }> {
    let q = this.ctx.db.selectFrom('audit_events');
    const within = query.within;
    if (within && 'targets' in within) {
      if (within.targets.length === 0) return { items: [], total: 0 };
      q = q.where('target', 'in', [...within.targets]);
    } else if (within) {
      const prefix = within.targetPrefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
      q = q.where(sql<SqlBool>`target like ${`${prefix}%`} escape '\\'`);
    }
    const actor = query.actor?.trim();
    if (actor) q = q.where((eb) => containsIgnoreCase(eb.ref('username'), actor));
    const target = query.target?.trim();
    if (target) q = q.where((eb) => containsIgnoreCase(eb.ref('target'), target));
    if (query.action !== undefined) q = q.where('action', '=', query.action);
    if (query.outcome !== undefined) q = q.where('outcome', '=', query.outcome);
    if (query.from !== undefined) q = q.where('at', '>=', toIso(query.from));
    if (query.to !== undefined) q = q.where('at', '<=', toIso(query.to));
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    return { items: rows.map(toEvent), total: toCount(count.n) };
  }

  /** Retention: deletes events older than `before`; returns how many went. */
  async deleteBefore(before: string | Date): Promise<number> {
    const result = await this.ctx.db.deleteFrom('audit_events').where('at', '<', toIso(before)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
