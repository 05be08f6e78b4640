import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
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
