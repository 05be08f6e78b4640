import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  isCheckViolation,
  isConnectionFailure,
  isForeignKeyViolation,
  isUniqueViolation,
  MetadataUnavailableError,
  openMetadata,
  uniqueViolation,
} from '../../src/metadata/index.js';
import { newUser, type StoreTarget, stores, useStore } from './stores.js';

/** The driver's own error, straight from an INSERT that bypasses the repositories. */
async function rawError(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

describe.each(stores())('constraint errors on $name', (target: StoreTarget) => {
  const store = useStore(target);
  const now = new Date().toISOString();
  const insertUser = (username: string, email: string) =>
    store()
      .db.insertInto('users')
      .values({ username, email, password_hash: 'h', created_at: now, updated_at: now })
      .execute();

  it('recognises unique violations and the column on the driver error', async () => {
    await insertUser('u', 'u@x');
    const byName = await rawError(() => insertUser('u', 'v@x'));
    expect(uniqueViolation(byName)).toEqual({ table: 'users', columns: ['username'] });
    expect(isUniqueViolation(byName)).toBe(true);
    expect(isUniqueViolation(byName, 'username')).toBe(true);
    expect(isUniqueViolation(byName, 'email')).toBe(false);

    const byEmail = await rawError(() => insertUser('v', 'u@x'));
    expect(isUniqueViolation(byEmail, 'email')).toBe(true);
    expect(isUniqueViolation(byEmail, 'username')).toBe(false);
    expect(isForeignKeyViolation(byEmail)).toBe(false);
  });

  it('reports every column of a composite key', async () => {
    const user = await store().users.create(newUser('m'));
    const project = await store().projects.create({ name: 'p', dataset: 'd' });
    await store().members.add({ projectId: project.id, userId: user.id });
    const err = await rawError(() =>
      store()
        .db.insertInto('project_members')
        .values({ project_id: project.id, user_id: user.id, created_at: now, updated_at: now })
        .execute(),
    );
    expect(uniqueViolation(err)?.columns).toEqual(['project_id', 'user_id']);
    expect(isUniqueViolation(err, 'user_id')).toBe(true);
  });

  it('recognises foreign-key and check violations', async () => {
    const fk = await rawError(() =>
      store()
        .db.insertInto('project_members')
        .values({ project_id: 123, user_id: 456, created_at: now, updated_at: now })
        .execute(),
    );
    expect(isForeignKeyViolation(fk)).toBe(true);
    expect(isUniqueViolation(fk)).toBe(false);

    const user = await store().users.create(newUser('c'));
    const project = await store().projects.create({ name: 'p', dataset: 'd' });
    const check = await rawError(() =>
      store()
        .db.insertInto('grants')
        .values({ project_id: project.id, user_id: user.id, kind: 'brand', value: '' })
        .execute(),
    );
    expect(isCheckViolation(check)).toBe(true);
  });

  it('does not mistake other errors for constraint violations', async () => {
    const syntax = await rawError(() => sql`select from nowhere at all`.execute(store().db));
    for (const err of [syntax, new Error('UNIQUE constraint failed: users.username'), null, undefined, 'x', 42]) {
      expect(isUniqueViolation(err)).toBe(false);
      expect(isForeignKeyViolation(err)).toBe(false);
    }
  });
});

describe('ConflictError', () => {
  it('carries entity, field and cause', () => {
    const cause = new Error('driver');
    const err = new ConflictError('user', 'email', { cause });
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: 'ConflictError', code: 'conflict', entity: 'user', field: 'email', cause });
    expect(err.message).toBe('user email already exists');
  });
});

/** A database that cannot be reached is told apart from a statement that failed (503, not 500). */
describe('connection failures', () => {
  const failure = (fields: object) =>
    Object.assign(new Error(String((fields as { message?: string }).message)), fields);

  it('recognises refused, dropped and timed-out connections and server shutdowns', () => {
    expect(isConnectionFailure(failure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }))).toBe(
      true,
    );
    expect(isConnectionFailure(failure({ message: 'Connection terminated unexpectedly' }))).toBe(true);
    expect(isConnectionFailure(failure({ message: 'timeout exceeded when trying to connect' }))).toBe(true);
    expect(isConnectionFailure(failure({ message: 'Query read timeout' }))).toBe(true);
    expect(
      isConnectionFailure(failure({ code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isConnectionFailure(failure({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(isConnectionFailure(failure({ code: '08006', message: 'connection failure' }))).toBe(true);
  });

  it('leaves constraint and SQL errors alone', () => {
    expect(isConnectionFailure(failure({ code: '23505', message: 'duplicate key value' }))).toBe(false);
    expect(isConnectionFailure(failure({ code: '42P01', message: 'relation "x" does not exist' }))).toBe(false);
    expect(isConnectionFailure(failure({ code: 'SQLITE_BUSY', message: 'database is locked' }))).toBe(false);
    expect(isConnectionFailure('text')).toBe(false);
  });

  it('opening a PostgreSQL store nobody serves fails with MetadataUnavailableError', async () => {
    // Nothing listens on port 1.
    const err = await rawError(() => openMetadata('postgres://postgres@127.0.0.1:1/none', { connectTimeoutMs: 2_000 }));
    expect(err).toBeInstanceOf(MetadataUnavailableError);
    expect((err as MetadataUnavailableError).code).toBe('metadata_unavailable');
  });
});
