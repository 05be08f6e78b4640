import type { RepoContext } from '../db.js';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
}

/** Mail waiting to be (or already) delivered; the default mailer only writes here. */
export class MailOutboxRepository {
  constructor(private readonly ctx: RepoContext) {}

  async add(to: string, subject: string, body: string): Promise<OutboxMail> {
    const row = await this.ctx.db
      .insertInto('mail_outbox')
      .values({ to_address: to, subject, body, created_at: this.ctx.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMail(row);
  }

  /** Newest first. */
  async list(to?: string): Promise<OutboxMail[]> {
    let q = this.ctx.db.selectFrom('mail_outbox').selectAll();
    if (to !== undefined) q = q.where('to_address', '=', to);
    const rows = await q.orderBy('id', 'desc').limit(1000).execute();
    return rows.map(toMail);
  }

  async markSent(id: number): Promise<void> {
    await this.ctx.db.updateTable('mail_outbox').set({ sent_at: this.ctx.now() }).where('id', '=', id).execute();
  }
}

function toMail(row: {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
  sent_at: string | null;
}): OutboxMail {
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}
