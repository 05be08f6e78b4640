import { sql } from 'kysely';
import type { RepoContext } from '../db.js';
import type { MailStatus } from '../schema.js';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  html: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface NewOutboxMail {
  to: string;
  subject: string;
  body: string;
  html?: string;
  /** When delivery may start; omitted when there is nothing to deliver with (no SMTP server). */
  deliverAt?: Date;
}

/**
 * Every mail the server writes, with its delivery state (docs/security.md "Mail"). Deliveries are
 * claimed with a conditional update, so several API processes on one database never send a row twice.
 */
export class MailOutboxRepository {
  constructor(private readonly ctx: RepoContext) {}

  async add(mail: NewOutboxMail): Promise<OutboxMail> {
    const row = await this.ctx.db
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        body: mail.body,
        html: mail.html ?? null,
        next_attempt_at: mail.deliverAt?.toISOString() ?? null,
        created_at: this.ctx.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMail(row);
  }

  async get(id: number): Promise<OutboxMail | undefined> {
    const row = await this.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toMail(row);
  }

  /** Newest first. */
  async list(to?: string): Promise<OutboxMail[]> {
    let q = this.ctx.db.selectFrom('mail_outbox').selectAll();
    if (to !== undefined) q = q.where('to_address', '=', to);
    const rows = await q.orderBy('id', 'desc').limit(1000).execute();
    return rows.map(toMail);
  }

  /** Ids of unsent mail whose next attempt is due at `now`, oldest first. */
  async due(now: Date, limit: number): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '!=', 'sent')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Takes a due mail for one attempt: counts it and moves its next attempt to `leaseUntil`, so no
   * other process takes it meanwhile (and a crash mid-send only delays it). Undefined if not due or
   * taken by someone else.
   */
  async claim(id: number, now: Date, leaseUntil: Date): Promise<OutboxMail | undefined> {
    const row = await this.ctx.db
      .updateTable('mail_outbox')
      .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: leaseUntil.toISOString() })
      .where('id', '=', id)
      .where('status', '!=', 'sent')
      .where('next_attempt_at', '<=', now.toISOString())
      .returningAll()
      .executeTakeFirst();
    return row && toMail(row);
  }

  async markSent(id: number): Promise<void> {
    await this.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: this.ctx.now(), last_error: null, next_attempt_at: null })
      .where('id', '=', id)
      .execute();
  }

  /** `retryAt` null: no further attempt (the limit is reached). */
  async markFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
    await this.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: error, next_attempt_at: retryAt?.toISOString() ?? null })
      .where('id', '=', id)
      .execute();
  }
}

function toMail(row: {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  html: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
}): OutboxMail {
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    html: row.html,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}
