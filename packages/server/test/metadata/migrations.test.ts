import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type MetadataLogger,
  type MetadataStore,
  metadataMigrations,
  openMetadata,
  parseMetadataUrl,
} from '../../src/metadata/index.js';
import { newUser, type StoreTarget, stores, type TestDatabase } from './stores.js';

const TABLES = [
  'applications',
  'audit_events',
  'category_bands',
  'collections',
  'custom_attributes',
  'favorite_brands',
  'grants',
  'mail_outbox',
  'oauth_states',
  'orders',
  'password_resets',
  'project_attributes',
  'project_categories',
  'project_members',
  'projects',
  'refresh_tokens',
  'sessions',
  'settings',
  'tracking_events',
  'users',
];

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const logger: MetadataLogger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { logger, lines };
}

describe('parseMetadataUrl', () => {
  it.each([
    ['data/metadata.sqlite', { dialect: 'sqlite', path: 'data/metadata.sqlite' }],
    ['/abs/meta.db', { dialect: 'sqlite', path: '/abs/meta.db' }],
    ['sqlite:data/m.db', { dialect: 'sqlite', path: 'data/m.db' }],
    ['sqlite:///abs/m.db', { dialect: 'sqlite', path: '/abs/m.db' }],
    [':memory:', { dialect: 'sqlite', path: ':memory:' }],
    ['sqlite::memory:', { dialect: 'sqlite', path: ':memory:' }],
    ['postgres://u@h:5432/db', { dialect: 'postgres', connectionString: 'postgres://u@h:5432/db', schema: undefined }],
    ['postgresql://u@h/db', { dialect: 'postgres', connectionString: 'postgresql://u@h/db', schema: undefined }],
    [
      'postgres://u@h/db?schema=ml&sslmode=disable',
      { dialect: 'postgres', connectionString: 'postgres://u@h/db?sslmode=disable', schema: 'ml' },
    ],
  ])('%s', (url, expected) => {
    expect(parseMetadataUrl(url)).toEqual(expected);
  });

  it('rejects other schemes and empty values', () => {
    expect(() => parseMetadataUrl('mysql://u@h/db')).toThrow(/unsupported/);
    expect(() => parseMetadataUrl('  ')).toThrow(/empty/);
    expect(() => parseMetadataUrl('sqlite:')).toThrow(/empty/);
  });
});

describe('in-memory SQLite', () => {
  it('opens, migrates and enforces foreign keys', async () => {
    const store = await openMetadata(':memory:');
    try {
      expect(store.dialect).toBe('sqlite');
      await store.ping();
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe.each(stores())('migrations on $name', (target: StoreTarget) => {
  let database: TestDatabase | undefined;
  const open: MetadataStore[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    await database?.drop();
    database = undefined;
  });

  it('creates every table from scratch and records the migrations', async () => {
    database = await target.create();
    const { logger, lines } = recordingLogger();
    const store = await database.open({ logger });
    open.push(store);
    expect(store.dialect).toBe(target.name);
    await store.ping();

    const tables = (await store.db.introspection.getTables()).map((t) => t.name);
    for (const table of TABLES) expect(tables).toContain(table);

    const names = Object.keys(metadataMigrations(target.name));
    const applied = lines.filter((l) => l.msg === 'metadata migration applied').map((l) => l.obj);
    expect(applied).toEqual(names.map((migration) => ({ migration, dialect: target.name })));
    const state = await store.migrations();
    expect(state.map((m) => m.name)).toEqual(names);
    for (const m of state) expect(m.executedAt).not.toBeNull();
  });

  it('re-opens without re-running migrations and keeps the data', async () => {
    database = await target.create();
    const first = await database.open();
    const user = await first.users.create(newUser('alice'));
    await first.close();
    await first.close(); // idempotent

    const { logger, lines } = recordingLogger();
    const second = await database.open({ logger });
    open.push(second);
    expect(lines.filter((l) => l.msg === 'metadata migration applied')).toEqual([]);
    expect((await second.users.getById(user.id))?.username).toBe('alice');
  });

  it('migrates concurrently opened stores once', async () => {
    database = await target.create();
    const db = database;
    // PG: Kysely's advisory lock serialises the two migrators; SQLite: the second waits on the lock.
    const [a, b] = await Promise.all([db.open(), target.name === 'postgres' ? db.open() : Promise.resolve(null)]);
    open.push(a);
    if (b) open.push(b);
    expect((await a.migrations()).every((m) => m.executedAt !== null)).toBe(true);
  });

  it('fails to open with a clear error when the database is unreachable or invalid', async () => {
    if (target.name === 'sqlite') {
      // A path under a regular file: the directory cannot be created.
      database = await target.create();
      const blocker = `${database.url}.file`;
      writeFileSync(blocker, '');
      await expect(openMetadata(`${blocker}/x.sqlite`)).rejects.toThrow(/ENOTDIR|EEXIST/);
    } else {
      await expect(openMetadata('postgres://postgres@127.0.0.1:1/none')).rejects.toThrow();
      await expect(openMetadata(process.env.TEST_POSTGRES_URL ?? '', { schema: 'Bad-Name' })).rejects.toThrow(
        /invalid metadata schema/,
      );
    }
  });

  if (target.name === 'sqlite') {
    it('uses WAL, foreign keys and a busy timeout', async () => {
      database = await target.create();
      const store = await database.open();
      open.push(store);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
      expect(busy.rows[0]?.timeout).toBe(5000);
    });
  }

  if (target.name === 'postgres') {
    it('keeps every table, including the migration bookkeeping, inside its own schema', async () => {
      database = await target.create();
      const store = await database.open();
      open.push(store);
      const current = await sql<{ s: string }>`select current_schema() as s`.execute(store.db);
      const schema = current.rows[0]?.s ?? '';
      expect(schema).toMatch(/^mdtest_/);
      const rows = await sql<{ table_name: string }>`
        select table_name from information_schema.tables where table_schema = ${schema}`.execute(store.db);
      const names = rows.rows.map((r) => r.table_name);
      for (const table of [...TABLES, 'kysely_migration', 'kysely_migration_lock']) expect(names).toContain(table);
    });
  }
});
