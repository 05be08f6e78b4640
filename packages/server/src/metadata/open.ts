import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database as BetterSqlite } from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, sql, type Transaction } from 'kysely';
import { LruMap } from '../lru.js';
import type { MetadataDialect, RepoContext } from './db.js';
import { isUniqueViolation } from './errors.js';
import { unavailableAsError } from './guard.js';
import { migrationProvider } from './migrations/index.js';
import { rememberWhileUnchanged } from './remember.js';
import { ApplicationsRepository } from './repositories/applications.js';
import { AuditRepository } from './repositories/audit.js';
import {
  CategoryBandsRepository,
  CustomAttributesRepository,
  ProjectAttributesRepository,
  ProjectCategoriesRepository,
} from './repositories/catalog.js';
import { ChartNotesRepository } from './repositories/chart-notes.js';
import { CollectionsRepository, FavoriteBrandsRepository } from './repositories/favorites.js';
import { GrantsRepository } from './repositories/grants.js';
import { HiddenKeywordsRepository } from './repositories/hidden-keywords.js';
import { LoginFailuresRepository } from './repositories/login-failures.js';
import { MembersRepository } from './repositories/members.js';
import { MailOutboxRepository } from './repositories/outbox.js';
import { ProjectEventsRepository } from './repositories/project-events.js';
import { ProjectsRepository } from './repositories/projects.js';
import { SavedViewsRepository } from './repositories/saved-views.js';
import { SettingsRepository } from './repositories/settings.js';
import { OauthStatesRepository, PasswordResetsRepository, RefreshTokensRepository } from './repositories/tokens.js';
import { UsersRepository } from './repositories/users.js';
import type { MetadataDatabase } from './schema.js';

/** The part of a pino / Fastify logger the store uses. */
export interface MetadataLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OpenMetadataOptions {
  logger?: MetadataLogger;
  /**
   * PostgreSQL only: the schema to work in (search_path), created when missing. Also accepted as
   * `?schema=` on the URL. Default: the server's default (normally public). Lower-case identifier.
   */
  schema?: string;
  /** Clock for every timestamp the store writes (tests of expiry and lockout). */
  clock?: () => Date;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
  /**
   * PostgreSQL: how long getting a connection (a new one, or a free one from a busy pool) may
   * take, and how long one statement may wait for its answer. Default 5 s and 30 s. Beyond them
   * the request gets 503 metadata_unavailable: a dead or frozen database must not hang requests.
   */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** SQLite: how long a writer waits for another process's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
}

export interface MetadataRepositories {
  readonly users: UsersRepository;
  readonly projects: ProjectsRepository;
  readonly members: MembersRepository;
  readonly grants: GrantsRepository;
  readonly settings: SettingsRepository;
  readonly hiddenKeywords: HiddenKeywordsRepository;
  readonly audit: AuditRepository;
  readonly refreshTokens: RefreshTokensRepository;
  readonly passwordResets: PasswordResetsRepository;
  readonly oauthStates: OauthStatesRepository;
  readonly outbox: MailOutboxRepository;
  /** Sign-in failures per (account, client), known devices, lockout mail (auth/lockout.ts). */
  readonly loginFailures: LoginFailuresRepository;
  readonly applications: ApplicationsRepository;
  readonly projectCategories: ProjectCategoriesRepository;
  readonly bands: CategoryBandsRepository;
  readonly projectAttributes: ProjectAttributesRepository;
  readonly customAttributes: CustomAttributesRepository;
  readonly projectEvents: ProjectEventsRepository;
  readonly chartNotes: ChartNotesRepository;
  readonly savedViews: SavedViewsRepository;
  /** The favourites folder (per user). */
  readonly collections: CollectionsRepository;
  /** Followed brands per user and project. */
  readonly favoriteBrands: FavoriteBrandsRepository;
}

/** The repositories bound to one open transaction, plus its raw handle. */
export interface MetadataTransaction extends MetadataRepositories {
  readonly db: Transaction<MetadataDatabase>;
}

export interface MigrationState {
  name: string;
  /** ISO time it ran, or null while pending. */
  executedAt: string | null;
}

export interface MetadataStore extends MetadataRepositories {
  readonly db: Kysely<MetadataDatabase>;
  readonly dialect: MetadataDialect;
  /** Throws when the database cannot be reached (health checks). */
  ping(): Promise<void>;
  /** Runs fn in one transaction: everything commits together or nothing does. */
  transaction<T>(fn: (tx: MetadataTransaction) => Promise<T>): Promise<T>;
  /** Every known migration and when it ran. */
  migrations(): Promise<MigrationState[]>;
  /** Idempotent. */
  close(): Promise<void>;
}

export type MetadataTarget =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; connectionString: string; schema: string | undefined };

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Reads METADATA_URL: 'postgres://…' / 'postgresql://…' (optional ?schema=name), or a SQLite file:
 * a plain path, 'sqlite:<path>', 'sqlite://<path>' or ':memory:'.
 */
export function parseMetadataUrl(url: string): MetadataTarget {
  const value = url.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) {
    const parsed = new URL(value);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    if (schema === undefined) return { dialect: 'postgres', connectionString: value, schema };
    parsed.searchParams.delete('schema');
    return { dialect: 'postgres', connectionString: parsed.toString(), schema };
  }
  let path = value;
  if (/^sqlite:/i.test(path)) path = path.slice('sqlite:'.length).replace(/^\/\//, '');
  if (path === '') throw new Error('metadata URL is empty: give a SQLite file path or a postgres:// URL');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new Error(`unsupported metadata URL scheme: ${value.split(':')[0]} (use a SQLite path or postgres://)`);
  }
  return { dialect: 'sqlite', path };
}

// Drivers load on demand: a SQLite installation never loads pg, a PostgreSQL one never loads the
// native SQLite addon.
async function openSqlite(
  path: string,
  opts: OpenMetadataOptions,
): Promise<{ db: Kysely<MetadataDatabase>; stamp: () => string }> {
  const { default: Database } = await import('better-sqlite3');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const busy = opts.busyTimeoutMs ?? 5000;
  const database = new Database(path, { timeout: busy });
  try {
    // WAL: readers never block the writer; NORMAL sync is durable enough with WAL and much faster.
    if (path !== ':memory:') database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    // SQLite leaves foreign keys off unless asked, per connection; the schema relies on cascades.
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${Math.max(0, Math.floor(busy))}`);
  } catch (err) {
    database.close();
    throw err;
  }
  const tracked = preparedOnce(database);
  return {
    db: new Kysely<MetadataDatabase>({ dialect: new SqliteDialect({ database: tracked }) }),
    stamp: tracked.stamp,
  };
}

/** Distinct statements kept compiled (the oldest goes first): the app has a few hundred. */
const PREPARED_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite driver sees it, with each statement compiled once: the driver
 * prepares every query anew, and the metadata reads of each request (account, session, membership,
 * grant) are the same few statements — compiling them was a visible part of the main thread's work per request
 * under load. Reusing a statement is safe here: the driver runs each to the end
 * synchronously (`all`/`run`), and nothing in the metadata layer streams.
 *
 * It also keeps the change stamp of remembered reads (metadata/remember.ts): the driver prepares a
 * statement right before it runs it, so counting the writes prepared (anything but a SELECT, BEGIN,
 * COMMIT and ROLLBACK included) counts this process's changes; `PRAGMA data_version` moves when
 * another connection commits (the CLI, a second process).
 */
function preparedOnce(database: BetterSqlite): SqliteDatabase & { stamp: () => string } {
  const compiled = new LruMap<string, { statement: ReturnType<BetterSqlite['prepare']>; writes: boolean }>(
    PREPARED_STATEMENTS,
  );
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let changes = 0;
  return {
    close: () => database.close(),
    prepare(text: string) {
      let known = compiled.get(text);
      if (!known) {
        known = { statement: database.prepare(text), writes: !/^\s*select\s/i.test(text) };
        compiled.set(text, known);
      }
      if (known.writes) changes++;
      return known.statement;
    },
    stamp: () => `${changes}:${dataVersion.get() as number}`,
  };
}

/** PostgreSQL's bigint (int8): count(*) and the event tables' ids. */
const PG_INT8 = 20;

async function openPostgres(
  connectionString: string,
  schema: string | undefined,
  opts: OpenMetadataOptions,
): Promise<Kysely<MetadataDatabase>> {
  const { default: pg } = await import('pg');
  // int8 as a JS number instead of pg's default string; only for this pool, not pg's global table.
  const pgTypes = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === PG_INT8 && format !== 'binary'
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString,
    max: opts.poolSize ?? 10,
    application_name: 'marketlens',
    types: pgTypes,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    query_timeout: opts.queryTimeoutMs ?? 30_000,
    // Notices a peer that vanished without closing the socket (host down, network cut).
    keepAlive: true,
    // Every pooled connection starts with the schema as its only search path.
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it kills the process.
  // Message and code only: pg attaches the whole client to the error, which would flood the log.
  pool.on('error', (err) => {
    const { message, code } = err as Error & { code?: string };
    if (opts.logger) opts.logger.error({ err: { message, code } }, 'metadata: idle PostgreSQL connection failed');
    else console.error(`metadata: idle PostgreSQL connection failed: ${message}${code ? ` (${code})` : ''}`);
  });
  // A connection lost while checked out (between a transaction's statements, or when the server
  // shuts down) also emits 'error', and the pool listens only to idle ones: without this listener
  // a database restart would crash the process. The failing query reports it; the pool then drops
  // the client (it is no longer queryable) and opens a new one when needed.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Pooled connections that failed are dropped by the pool and replaced on the next request, so
  // once the database is back the server recovers by itself.
  return new Kysely<MetadataDatabase>({ dialect: unavailableAsError(new PostgresDialect({ pool })) });
}

function repositories(ctx: RepoContext): MetadataRepositories {
  return {
    users: new UsersRepository(ctx),
    projects: new ProjectsRepository(ctx),
    members: new MembersRepository(ctx),
    grants: new GrantsRepository(ctx),
    settings: new SettingsRepository(ctx),
    hiddenKeywords: new HiddenKeywordsRepository(ctx),
    audit: new AuditRepository(ctx),
    refreshTokens: new RefreshTokensRepository(ctx),
    passwordResets: new PasswordResetsRepository(ctx),
    oauthStates: new OauthStatesRepository(ctx),
    outbox: new MailOutboxRepository(ctx),
    loginFailures: new LoginFailuresRepository(ctx),
    applications: new ApplicationsRepository(ctx),
    projectCategories: new ProjectCategoriesRepository(ctx),
    bands: new CategoryBandsRepository(ctx),
    projectAttributes: new ProjectAttributesRepository(ctx),
    customAttributes: new CustomAttributesRepository(ctx),
    projectEvents: new ProjectEventsRepository(ctx),
    chartNotes: new ChartNotesRepository(ctx),
    savedViews: new SavedViewsRepository(ctx),
    collections: new CollectionsRepository(ctx),
    favoriteBrands: new FavoriteBrandsRepository(ctx),
  };
}

/**
 * Opens the metadata store and brings its schema up to date (every pending migration runs before
 * this resolves). Safe to call from several processes at once on PostgreSQL (Kysely's migration
 * lock); SQLite is meant for one process.
 */
export async function openMetadata(url: string, opts: OpenMetadataOptions = {}): Promise<MetadataStore> {
  const target = parseMetadataUrl(url);
  const schema = target.dialect === 'postgres' ? (opts.schema ?? target.schema) : undefined;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid metadata schema name: ${JSON.stringify(schema)} (lower-case letters, digits, _)`);
  }
  const dialect = target.dialect;
  const opened =
    target.dialect === 'sqlite'
      ? await openSqlite(target.path, opts)
      : { db: await openPostgres(target.connectionString, schema, opts), stamp: undefined };
  const { db } = opened;
  const remember = opened.stamp ? rememberWhileUnchanged(opened.stamp) : undefined;

  try {
    let migrationTableSchema: string | undefined;
    if (dialect === 'postgres') {
      if (schema !== undefined) await createSchema(db, schema);
      // Pin Kysely's bookkeeping tables to our schema: otherwise it would take another schema's
      // kysely_migration table in the same database for ours.
      const current = await sql<{ s: string | null }>`select current_schema() as s`.execute(db);
      migrationTableSchema = current.rows[0]?.s ?? 'public';
    }
    const migrator = new Migrator({
      db,
      provider: migrationProvider(dialect),
      ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
    });
    const { error, results } = await migrator.migrateToLatest();
    for (const r of results ?? []) {
      if (r.status === 'Success')
        opts.logger?.info({ migration: r.migrationName, dialect }, 'metadata migration applied');
      else if (r.status === 'Error')
        opts.logger?.error({ migration: r.migrationName, dialect }, 'metadata migration failed');
    }
    if (error) throw new Error('metadata migrations failed', { cause: error });

    const clock = opts.clock ?? (() => new Date());
    const ctx = (handle: Kysely<MetadataDatabase>): RepoContext => ({
      db: handle,
      dialect,
      now: () => clock().toISOString(),
      // Outside transactions only: a transaction's reads must see its own writes.
      ...(remember && handle === db ? { remember } : {}),
    });
    let closing: Promise<void> | undefined;
    return {
      db,
      dialect,
      ...repositories(ctx(db)),
      async ping() {
        await sql`select 1`.execute(db);
      },
      transaction<T>(fn: (tx: MetadataTransaction) => Promise<T>): Promise<T> {
        return db.transaction().execute((trx) => fn({ db: trx, ...repositories(ctx(trx)) }));
      },
      async migrations() {
        const list = await migrator.getMigrations();
        return list.map((m) => ({ name: m.name, executedAt: m.executedAt?.toISOString() ?? null }));
      },
      close() {
        closing ??= db.destroy();
        return closing;
      },
    };
  } catch (err) {
    await db.destroy().catch(() => {});
    throw err;
  }
}

async function createSchema(db: Kysely<MetadataDatabase>, schema: string): Promise<void> {
  try {
    await db.schema.createSchema(schema).ifNotExists().execute();
  } catch (err) {
    // Two processes creating it at once: IF NOT EXISTS can still collide on the catalogue row.
    if (!isUniqueViolation(err)) throw err;
  }
}
