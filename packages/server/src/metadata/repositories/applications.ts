import { type JsonObject, parseJson, toJson } from '../codec.js';
import type { RepoContext } from '../db.js';
import type { ApplicationKind, ApplicationStatus } from '../schema.js';

/** An account-opening or WeChat-unbinding request awaiting an administrator's review. */
export interface Application {
  id: number;
  kind: ApplicationKind;
  userId: number | null;
  payload: JsonObject;
  status: ApplicationStatus;
  reviewerId: number | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface ApplicationListQuery {
  status?: ApplicationStatus;
  kind?: ApplicationKind;
  userId?: number;
}

type Row = {
  id: number;
  kind: ApplicationKind;
  user_id: number | null;
  payload: string;
  status: ApplicationStatus;
  reviewer_id: number | null;
  created_at: string;
  reviewed_at: string | null;
};

function toApplication(row: Row): Application {
  return {
    id: Number(row.id),
    kind: row.kind,
    userId: row.user_id,
    payload: parseJson<JsonObject>(row.payload, {}),
    status: row.status,
    reviewerId: row.reviewer_id,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
  };
}

export class ApplicationsRepository {
  constructor(private readonly ctx: RepoContext) {}

  async create(kind: ApplicationKind, userId: number | null, payload: JsonObject = {}): Promise<Application> {
    const row = await this.ctx.db
      .insertInto('applications')
      .values({ kind, user_id: userId, payload: toJson(payload), created_at: this.ctx.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toApplication(row);
  }

  async get(id: number): Promise<Application | undefined> {
    const row = await this.ctx.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toApplication(row);
  }

  async list(query: ApplicationListQuery = {}): Promise<Application[]> {
    let q = this.ctx.db.selectFrom('applications').selectAll();
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.kind !== undefined) q = q.where('kind', '=', query.kind);
    if (query.userId !== undefined) q = q.where('user_id', '=', query.userId);
    const rows = await q.orderBy('id', 'desc').limit(1000).execute();
    return rows.map(toApplication);
  }

  /** Replaces the payload of a still-pending application. */
  async updatePayload(id: number, payload: JsonObject): Promise<Application | undefined> {
    const row = await this.ctx.db
      .updateTable('applications')
      .set({ payload: toJson(payload) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row && toApplication(row);
  }

  /** Decides a pending application once; undefined when it is missing or already decided. */
  async review(id: number, status: 'approved' | 'rejected', reviewerId: number): Promise<Application | undefined> {
    const row = await this.ctx.db
      .updateTable('applications')
      .set({ status, reviewer_id: reviewerId, reviewed_at: this.ctx.now() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    return row && toApplication(row);
  }
}
