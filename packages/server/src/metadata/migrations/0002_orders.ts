import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { MetadataDialect } from '../db.js';

type Table = CreateTableBuilder<string, string>;

/**
 * Price enquiries (docs/pricing.md): the quotation form, the cart, the quote the server
 * computed when the enquiry arrived (JSON, kept as it was shown) and the sales team's status.
 * The requester is kept by id while the account exists and by name for good (like the audit trail).
 */
export function ordersMigration(dialect: MetadataDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      let t: Table = s.createTable('orders');
      t =
        dialect === 'sqlite'
          ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      t = t.addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
      for (const name of ['username', 'enterprise', 'email', 'telephone', 'remark', 'ip', 'locale']) {
        t = t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
      }
      t = t
        .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('quote', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull());
      await t.execute();
      await s.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();
      await s.createIndex('orders_created_idx').on('orders').column('created_at').execute();
      // PG does not index foreign keys by itself; deleting a user sets these to null.
      await s.createIndex('orders_user_idx').on('orders').column('user_id').execute();
      await s.createIndex('orders_handled_by_idx').on('orders').column('handled_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('orders').ifExists().execute();
    },
  };
}
