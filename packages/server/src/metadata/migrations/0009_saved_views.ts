import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { MetadataDialect } from '../db.js';

type Table = CreateTableBuilder<string, string>;

/**
 * Saved views (docs/product.md "Saved views"): a member's named page state (the page's path and its
 * URL query) in a project, private or shared (0/1) with the project's members. A view goes with its
 * project and with its owner's account (cascade): it is the owner's, like their favourites. One name
 * per owner and project.
 */
export function savedViewsMigration(dialect: MetadataDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let t: Table = s.createTable('saved_views');
      t =
        dialect === 'sqlite'
          ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      t = t
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('saved_views_owner_name_key', ['project_id', 'owner_id', 'name']);
      await t.execute();
      // PG does not index foreign keys by itself; deleting a user deletes their views.
      await s.createIndex('saved_views_owner_idx').on('saved_views').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_views').ifExists().execute();
    },
  };
}
