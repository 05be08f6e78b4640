import type { Kysely } from 'kysely';
import type { Remember } from './remember.js';
import type { MetadataDatabase } from './schema.js';

export type MetadataDialect = 'sqlite' | 'postgres';

/** What every repository is built on: a database handle (or an open transaction) and the clock. */
export interface RepoContext {
  /** A Kysely instance or a Transaction (which extends Kysely). */
  readonly db: Kysely<MetadataDatabase>;
  readonly dialect: MetadataDialect;
  /** Current time as ISO-8601 UTC text (injectable for tests of expiry and lockout). */
  now(): string;
  /**
   * The store's memory of unchanged reads (metadata/remember.ts), for the reads every request makes:
   * SQLite outside transactions only (a transaction reads its own writes; PostgreSQL has no cheap
   * change stamp across the instances that share it).
   */
  readonly remember?: Remember;
}

/**
 * Runs fn in a transaction, or directly inside the caller's one: Kysely cannot nest transactions,
 * and a repository used from store.transaction() must join it rather than open its own.
 */
export function inTransaction<T>(
  db: Kysely<MetadataDatabase>,
  fn: (trx: Kysely<MetadataDatabase>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
