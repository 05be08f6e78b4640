import type { Kysely, Migration } from 'kysely';

/**
 * The `credentials` of a tracking event (docs/api.md POST /api/logs/logs): the fetch credentials mode of
 * the call it records (`same-origin`, `include`, `omit`), empty for page views recorded before.
 */
export function trackingCredentialsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tracking_events')
        .addColumn('credentials', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tracking_events').dropColumn('credentials').execute();
    },
  };
}
