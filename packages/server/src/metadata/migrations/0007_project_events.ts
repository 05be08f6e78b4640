import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { MetadataDialect } from '../db.js';

type Table = CreateTableBuilder<string, string>;

/**
 * A project's own events (docs/product.md "Events calendar"): launches, price changes, stock-outs
 * and promotions of its own, beside the calendar its dataset brought. They go with the project
 * (cascade). `platforms` is a JSON array of platform codes, empty for every platform; the brand and
 * category are ids of the project's dataset (the reader's grant decides whether they see the event).
 * The author is kept by id while the account exists and by name for good, like the audit trail.
 */
export function projectEventsMigration(dialect: MetadataDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let t: Table = s.createTable('project_events');
      t =
        dialect === 'sqlite'
          ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      t = t
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('code', 'text')
        .addColumn('name_zh', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('brand_id', 'integer')
        .addColumn('category_id', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull());
      await t.execute();
      await s
        .createIndex('project_events_project_idx')
        .on('project_events')
        .columns(['project_id', 'start_date'])
        .execute();
      // PG does not index foreign keys by itself; deleting a user sets this to null.
      await s.createIndex('project_events_created_by_idx').on('project_events').column('created_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('project_events').ifExists().execute();
    },
  };
}
