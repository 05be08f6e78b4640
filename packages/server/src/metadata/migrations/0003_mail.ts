import type { Kysely, Migration } from 'kysely';

/**
 * Mail over SMTP (docs/security.md "Mail"): each outbox row keeps its delivery state — pending, sent,
 * or failed with the last error — the attempts made and when the next may start (null: none
 * planned, i.e. no SMTP server configured, delivered, or given up). Users get the language of their
 * last sign-in (wire form zh_cn | en_us; null until the first one), so mail speaks it.
 */
export function mailMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      // One column per statement: SQLite adds columns one at a time.
      await s.alterTable('mail_outbox').addColumn('html', 'text').execute();
      await s
        .alterTable('mail_outbox')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .execute();
      await s
        .alterTable('mail_outbox')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s.alterTable('mail_outbox').addColumn('last_error', 'text').execute();
      await s.alterTable('mail_outbox').addColumn('next_attempt_at', 'text').execute();
      await s.createIndex('mail_outbox_next_attempt_idx').on('mail_outbox').column('next_attempt_at').execute();
      await s.alterTable('users').addColumn('locale', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      await s.dropIndex('mail_outbox_next_attempt_idx').ifExists().execute();
      for (const column of ['html', 'status', 'attempts', 'last_error', 'next_attempt_at']) {
        await s.alterTable('mail_outbox').dropColumn(column).execute();
      }
      await s.alterTable('users').dropColumn('locale').execute();
    },
  };
}
