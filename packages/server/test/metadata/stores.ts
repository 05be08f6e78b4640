import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { type MetadataStore, type NewUser, type OpenMetadataOptions, openMetadata } from '../../src/metadata/index.js';

/**
 * One parametrised entry per real database, so every suite runs the same assertions on both:
 *
 *   describe.each(stores())('users on $name', (target) => { const s = useStore(target); … })
 *
 * SQLite always runs (a temp file, so WAL and re-opening are real). PostgreSQL runs when
 * TEST_POSTGRES_URL is set, each database in a fresh schema dropped afterwards. In CI (CI=true) a
 * missing TEST_POSTGRES_URL is an error, not a skip: the scaled-out path must not go untested.
 */
export interface StoreTarget {
  name: 'sqlite' | 'postgres';
  /** Makes a new, empty database. */
  create(): Promise<TestDatabase>;
}

export interface TestDatabase {
  url: string;
  /** Opens (and migrates) the store; may be called again after close to test re-opening. */
  open(opts?: OpenMetadataOptions): Promise<MetadataStore>;
  /** Removes the database (temp directory or schema). */
  drop(): Promise<void>;
}

let skipNoticeShown = false;

export function stores(): StoreTarget[] {
  const targets: StoreTarget[] = [sqliteTarget()];
  const pgUrl = process.env.TEST_POSTGRES_URL;
  if (pgUrl) {
    targets.push(postgresTarget(pgUrl));
  } else if (process.env.CI === 'true') {
    throw new Error('TEST_POSTGRES_URL is not set: CI must run the metadata tests on PostgreSQL too');
  } else if (!skipNoticeShown) {
    skipNoticeShown = true;
    console.info(
      '[metadata tests] PostgreSQL skipped: set TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them there too',
    );
  }
  return targets;
}

function sqliteTarget(): StoreTarget {
  return {
    name: 'sqlite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'ml-metadata-'));
      const url = join(dir, 'metadata.sqlite');
      return {
        url,
        open: (opts) => openMetadata(url, opts),
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  };
}

function postgresTarget(url: string): StoreTarget {
  return {
    name: 'postgres',
    async create() {
      const schema = `mdtest_${process.pid}_${randomBytes(4).toString('hex')}`;
      return {
        url,
        open: (opts) => openMetadata(url, { schema, ...opts }),
        drop: async () => {
          const { default: pg } = await import('pg');
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            await client.query(`drop schema if exists ${schema} cascade`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/**
 * A fresh, migrated store for every test of the calling describe block, closed and dropped after.
 * Returns a getter (the store exists only once the hook has run).
 */
export function useStore(target: StoreTarget, opts?: OpenMetadataOptions): () => MetadataStore {
  let database: TestDatabase | undefined;
  let store: MetadataStore | undefined;
  beforeEach(async () => {
    database = await target.create();
    store = await database.open(opts);
  });
  afterEach(async () => {
    await store?.close();
    await database?.drop();
    store = undefined;
    database = undefined;
  });
  return () => {
    if (!store) throw new Error('store used outside a test');
    return store;
  };
}

/** ISO-8601 UTC as stored: '2026-01-02T03:04:05.678Z'. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A minimal valid user for tests that need one. */
export function newUser(username: string, extra: Partial<NewUser> = {}): NewUser {
  return { username, email: `${username}@example.com`, passwordHash: `hash-${username}`, ...extra };
}
