import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { MetadataDialect } from '../db.js';

type Table = CreateTableBuilder<string, string>;

/**
 * Notes on chart points (docs/product.md "Notes on charts"): a line a member writes about one period
 * of a category's or a brand's trend. They go with the project (cascade); the entity is an id of the
 * project's dataset (the reader's grant decides whether they see the note). The author is kept by id
 * while the account exists and by name for good, like the events and the audit trail.
 */
export function chartNotesMigration(dialect: MetadataDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let t: Table = s.createTable('chart_notes');
      t =
        dialect === 'sqlite'
          ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      t = t
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('entity_kind', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull());
      await t.execute();
      await s
        .createIndex('chart_notes_entity_idx')
        .on('chart_notes')
        .columns(['project_id', 'entity_kind', 'entity_id', 'date'])
        .execute();
      // PG does not index foreign keys by itself; deleting a user sets this to null.
      await s.createIndex('chart_notes_created_by_idx').on('chart_notes').column('created_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chart_notes').ifExists().execute();
    },
  };
}
