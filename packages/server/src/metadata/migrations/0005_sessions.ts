import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Sessions (docs/security.md "Tokens"): one row per sign-in, whose id is the refresh-token family.
 * - started_at / expires_at: the absolute limit, fixed at sign-in — refreshing never moves it;
 * - last_used_at: the last sign-in or refresh (the idle limit runs from it, through the refresh
 *   token's own expiry), with the address and user agent it came from, for the session list;
 * - parent_id: the session a child app's session was handed over from (ending the parent ends it);
 * - app_key: the app the session belongs to (the web app's own key, or a child app's);
 * - ended_at: logout, revocation or reuse detection.
 *
 * Families that were live before this migration get a row each, ending at their current refresh
 * token's expiry at the latest, so nobody is signed out by the upgrade and no old session lives on
 * past the lifetime it had.
 */
export function sessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('parent_id', 'text')
        .addColumn('app_key', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await s.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await s.createIndex('sessions_parent_idx').on('sessions').column('parent_id').execute();
      await s.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
      await sql`
        INSERT INTO sessions (id, user_id, app_key, started_at, last_used_at, expires_at)
        SELECT family_id, MIN(user_id), 'marketlens', MIN(created_at), MAX(created_at), MAX(expires_at)
        FROM refresh_tokens
        WHERE revoked_at IS NULL
        GROUP BY family_id
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').ifExists().execute();
    },
  };
}
