import type { JsonValue } from '../codec.js';
import { toJson } from '../codec.js';
import type { RepoContext } from '../db.js';

/** One front-end tracking event (docs/product.md §7 POST /api/logs/logs). */
export interface NewTrackingEvent {
  trackId: string;
  lastTrackId?: string;
  userId: number | null;
  route?: string;
  placement?: string;
  /** ISO-8601 instants (already parsed from the client's 'YYYY-MM-DD HH:mm:ss'). */
  eventStart?: string | null;
  eventEnd?: string | null;
  fullUrl?: string;
  responseStatus?: number | null;
  requestParams?: JsonValue | null;
  /** 'route' (a page view), 'api' (a call), 'download' (a file); see docs/api.md "Tracking". */
  type?: string;
  method?: string;
  credentials?: string;
}

export interface TrackingEvent extends NewTrackingEvent {
  id: number;
  createdAt: string;
}

/** Append-only front-end tracking, like the audit trail. */
export class TrackingRepository {
  constructor(private readonly ctx: RepoContext) {}

  async record(e: NewTrackingEvent): Promise<number> {
    const row = await this.ctx.db
      .insertInto('tracking_events')
      .values({
        track_id: e.trackId,
        last_track_id: e.lastTrackId ?? '',
        user_id: e.userId,
        route: e.route ?? '',
        placement: e.placement ?? '',
        event_start: e.eventStart ?? null,
        event_end: e.eventEnd ?? null,
        full_url: e.fullUrl ?? '',
        response_status: e.responseStatus ?? null,
        request_params: e.requestParams === undefined || e.requestParams === null ? null : toJson(e.requestParams),
        type: e.type ?? '',
        method: e.method ?? '',
        credentials: e.credentials ?? '',
        created_at: this.ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Newest first (tests, support). */
  async listForUser(userId: number, limit = 100): Promise<TrackingEvent[]> {
    const rows = await this.ctx.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(Math.min(1000, Math.max(1, limit)))
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      trackId: r.track_id,
      lastTrackId: r.last_track_id,
      userId: r.user_id,
      route: r.route,
      placement: r.placement,
      eventStart: r.event_start,
      eventEnd: r.event_end,
      fullUrl: r.full_url,
      responseStatus: r.response_status,
      requestParams: r.request_params === null ? null : (JSON.parse(r.request_params) as JsonValue),
      type: r.type,
      method: r.method,
      credentials: r.credentials,
      createdAt: r.created_at,
    }));
  }
}
