import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { MetadataDialect } from '../db.js';

/**
 * The whole metadata schema (conventions at the top of ../schema.ts). Written once with Kysely's
 * schema builder; the only per-dialect part is how an autoincrement id is declared.
 */
/** Column names stay plain strings here: the typed view of the tables is ../schema.ts. */
type Table = CreateTableBuilder<string, string>;

export function initialMigration(dialect: MetadataDialect): Migration {
  const id = (tb: Table, type: 'integer' | 'bigint' = 'integer'): Table =>
    dialect === 'sqlite'
      ? // AUTOINCREMENT: never reuse the id of a deleted row (see schema.ts).
        tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : tb.addColumn('id', type, (c) => c.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      const text = (tb: Table, name: string, dflt = '') =>
        tb.addColumn(name, 'text', (c) => c.notNull().defaultTo(dflt));
      const flag = (tb: Table, name: string, dflt: 0 | 1 = 0) =>
        tb.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));
      const ts = (tb: Table, name: string) => tb.addColumn(name, 'text', (c) => c.notNull());
      const tsNull = (tb: Table, name: string) => tb.addColumn(name, 'text');
      const userFk = (tb: Table, name = 'user_id') =>
        tb.addColumn(name, 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
      const projectFk = (tb: Table) =>
        tb.addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'));

      let t: Table = id(s.createTable('users'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull());
      t = text(t, 'role');
      t = text(t, 'enterprise');
      t = text(t, 'group_name');
      t = text(t, 'telephone');
      t = text(t, 'status', 'active');
      t = t.addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0));
      t = tsNull(t, 'locked_until');
      t = tsNull(t, 'valid_from');
      t = tsNull(t, 'valid_to');
      t = flag(t, 'must_change_password');
      t = t.addColumn('wechat_openid', 'text');
      t = text(t, 'wechat_state', 'unbound');
      t = t.addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0));
      t = tsNull(t, 'last_login_at');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      // Named constraints: the violation reports name the column on both drivers (errors.ts).
      await t
        .addUniqueConstraint('users_username_unique', ['username'])
        .addUniqueConstraint('users_email_unique', ['email'])
        // NULLs never collide in a UNIQUE constraint (SQLite and PG), so unbound users are fine.
        .addUniqueConstraint('users_wechat_openid_unique', ['wechat_openid'])
        .execute();

      t = id(s.createTable('projects'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('dataset', 'text', (c) => c.notNull());
      t = text(t, 'currency_unit', 'CNY');
      t = text(t, 'cur_symbol', '¥');
      t = text(t, 'date_field', 'month');
      t = flag(t, 'has_series');
      t = text(t, 'series_name');
      t = text(t, 'series_name_en');
      t = flag(t, 'hide_keywords');
      t = flag(t, 'discount_price');
      t = flag(t, 'limit_brands');
      t = flag(t, 'limit_shops');
      t = text(t, 'pages', '[]');
      t = text(t, 'status', 'in_service');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      await t.addUniqueConstraint('projects_name_unique', ['name']).execute();
      await s.createIndex('projects_owner_idx').on('projects').column('owner_id').execute();

      t = userFk(projectFk(s.createTable('project_members')));
      t = text(t, 'role');
      t = text(t, 'pages', '[]');
      t = flag(t, 'discount_price_on');
      t = text(t, 'config', '{}');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      await t.addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id']).execute();
      // PG does not index foreign keys by itself; user-side lookups and cascades need these.
      await s.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

      // The primary key (project_id, user_id, kind, value) is the unique rule and, through its
      // (project_id, user_id) prefix, the index every permission lookup uses.
      await userFk(projectFk(s.createTable('grants')))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('grants_pk', ['project_id', 'user_id', 'kind', 'value'])
        .addCheckConstraint('grants_value_length', sql`length(value) between 1 and 255`)
        .execute();
      await s.createIndex('grants_user_idx').on('grants').column('user_id').execute();

      t = projectFk(s.createTable('project_categories')).addColumn('category_id', 'integer', (c) => c.notNull());
      t = text(t, 'status', 'not_ready');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      await t.addPrimaryKeyConstraint('project_categories_pk', ['project_id', 'category_id']).execute();

      t = projectFk(s.createTable('project_attributes')).addColumn('attr_name', 'text', (c) => c.notNull());
      t = text(t, 'title');
      t = text(t, 'title_en');
      t = t.addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0));
      t = text(t, 'config', '{}');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      await t.addPrimaryKeyConstraint('project_attributes_pk', ['project_id', 'attr_name']).execute();

      t = projectFk(s.createTable('category_bands'))
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('bands', 'text', (c) => c.notNull());
      t = ts(t, 'updated_at');
      await t.addPrimaryKeyConstraint('category_bands_pk', ['project_id', 'category_id', 'kind']).execute();

      t = projectFk(id(s.createTable('custom_attributes')))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('category_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull());
      t = text(t, 'name_en');
      t = text(t, 'rules', '[]');
      t = ts(t, 'created_at');
      t = ts(t, 'updated_at');
      await t.execute();
      await s
        .createIndex('custom_attributes_project_user_idx')
        .on('custom_attributes')
        .columns(['project_id', 'user_id'])
        .execute();
      await s.createIndex('custom_attributes_user_idx').on('custom_attributes').column('user_id').execute();

      t = userFk(projectFk(s.createTable('favorite_brands'))).addColumn('brand_id', 'integer', (c) => c.notNull());
      t = ts(t, 'created_at');
      await t.addPrimaryKeyConstraint('favorite_brands_pk', ['project_id', 'user_id', 'brand_id']).execute();
      await s.createIndex('favorite_brands_user_idx').on('favorite_brands').column('user_id').execute();

      t = userFk(id(s.createTable('collections')))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull());
      t = text(t, 'ref');
      t = text(t, 'title');
      t = text(t, 'payload', '{}');
      t = ts(t, 'created_at');
      await t.execute();
      await s
        .createIndex('collections_user_project_idx')
        .on('collections')
        .columns(['user_id', 'project_id'])
        .execute();
      await s.createIndex('collections_project_idx').on('collections').column('project_id').execute();

      await s
        .createTable('settings')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('settings_pk', ['scope', 'key'])
        .execute();

      t = userFk(id(s.createTable('refresh_tokens')))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull());
      t = ts(t, 'expires_at');
      t = tsNull(t, 'revoked_at');
      t = t.addColumn('replaced_by', 'integer');
      t = ts(t, 'created_at');
      await t.addUniqueConstraint('refresh_tokens_token_hash_unique', ['token_hash']).execute();
      await s.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
      await s.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
      await s.createIndex('refresh_tokens_expires_idx').on('refresh_tokens').column('expires_at').execute();

      t = userFk(s.createTable('password_resets').addColumn('token_hash', 'text', (c) => c.primaryKey()));
      t = ts(t, 'expires_at');
      t = tsNull(t, 'used_at');
      t = ts(t, 'created_at');
      await t.execute();
      await s.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

      t = s
        .createTable('oauth_states')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('payload', 'text');
      t = ts(t, 'created_at');
      t = ts(t, 'expires_at');
      t = tsNull(t, 'used_at');
      await t.execute();
      await s.createIndex('oauth_states_user_idx').on('oauth_states').column('user_id').execute();
      await s.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();

      t = id(s.createTable('mail_outbox'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull());
      t = ts(t, 'created_at');
      t = tsNull(t, 'sent_at');
      await t.execute();

      t = id(s.createTable('applications'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'));
      t = text(t, 'payload', '{}');
      t = text(t, 'status', 'pending');
      t = t.addColumn('reviewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'));
      t = ts(t, 'created_at');
      t = tsNull(t, 'reviewed_at');
      await t.execute();
      await s.createIndex('applications_status_idx').on('applications').columns(['status', 'kind']).execute();
      await s.createIndex('applications_user_idx').on('applications').column('user_id').execute();
      await s.createIndex('applications_reviewer_idx').on('applications').column('reviewer_id').execute();

      t = ts(id(s.createTable('audit_events'), 'bigint'), 'at').addColumn('user_id', 'integer');
      t = text(t, 'username');
      t = text(t, 'ip');
      t = t.addColumn('action', 'text', (c) => c.notNull());
      t = text(t, 'target');
      t = t.addColumn('outcome', 'text', (c) => c.notNull()).addColumn('detail', 'text');
      await t.execute();
      await s.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
      await s.createIndex('audit_events_user_idx').on('audit_events').columns(['user_id', 'at']).execute();

      t = id(s.createTable('tracking_events'), 'bigint').addColumn('track_id', 'text', (c) => c.notNull());
      t = text(t, 'last_track_id');
      t = t.addColumn('user_id', 'integer');
      t = text(t, 'route');
      t = text(t, 'placement');
      t = tsNull(t, 'event_start');
      t = tsNull(t, 'event_end');
      t = text(t, 'full_url');
      t = t.addColumn('response_status', 'integer').addColumn('request_params', 'text');
      t = text(t, 'type');
      t = text(t, 'method');
      t = ts(t, 'created_at');
      await t.execute();
      await s.createIndex('tracking_events_created_idx').on('tracking_events').column('created_at').execute();
      await s
        .createIndex('tracking_events_user_idx')
        .on('tracking_events')
        .columns(['user_id', 'created_at'])
        .execute();
    },

    // Down exists for completeness (tests, manual rollback); production only migrates up.
    async down(db: Kysely<unknown>) {
      for (const table of [
        'tracking_events',
        'audit_events',
        'applications',
        'mail_outbox',
        'oauth_states',
        'password_resets',
        'refresh_tokens',
        'settings',
        'collections',
        'favorite_brands',
        'custom_attributes',
        'category_bands',
        'project_attributes',
        'project_categories',
        'grants',
        'project_members',
        'projects',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
