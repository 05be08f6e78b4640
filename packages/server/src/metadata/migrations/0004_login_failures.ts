import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in lockout per client (docs/security.md "Lockout", ADR 0014), kept in the metadata store so
 * that every API process sees the same counts:
 * - login_failures: wrong passwords per (account name, client) — the name as typed, so a name with no
 *   account is counted exactly like one with — with the lockouts so far (each lasts longer) and
 *   when the row may be forgotten;
 * - login_devices: the device cookies (their SHA-256) that signed in to an account: such a device is
 *   a client of its own, never the IP it shares with others;
 * - login_alerts: when the owner was last mailed about a lockout, so they get one mail per interval.
 */
export function loginFailuresMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('login_failures')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_failures_pk', ['account', 'client'])
        .execute();
      await s.createIndex('login_failures_expires_idx').on('login_failures').column('expires_at').execute();

      await s
        .createTable('login_devices')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_devices_pk', ['user_id', 'device_hash'])
        .execute();
      await s.createIndex('login_devices_expires_idx').on('login_devices').column('expires_at').execute();

      await s
        .createTable('login_alerts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['login_alerts', 'login_devices', 'login_failures']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
