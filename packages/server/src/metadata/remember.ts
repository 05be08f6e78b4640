import { LruMap } from '../lru.js';

/**
 * A read remembered while the metadata has not changed. Every API request reads the same few rows
 * before its handler runs — the account and its session, the project, the membership, the project's
 * categories, the member's grants — and building and running those statements was the largest part
 * of the server's main thread after the engine (bench/results/<date>/load*.md). The rule stays
 * what docs/security.md promises: a lock, a revocation, a removed membership or grant takes effect
 * on the very next request, because a remembered row is used only while the store's change stamp is
 * the one it was read under.
 */
export type Remember = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** Reads kept (the least recently used goes first): a few per active user and project. */
const REMEMBERED_READS = 5000;

/**
 * `stamp` must change whenever anything the reads could see changed: on SQLite every write statement
 * this process runs (transactions' BEGIN, COMMIT and ROLLBACK included) and every commit of another
 * connection (`PRAGMA data_version`). A read racing a write is stored under the stamp taken before
 * it, which the write has already moved on from: it is never used.
 */
export function rememberWhileUnchanged(stamp: () => string, limit = REMEMBERED_READS): Remember {
  const memo = new LruMap<string, { stamp: string; value: Promise<unknown> }>(limit);
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const now = stamp();
    const known = memo.get(key);
    if (known && known.stamp === now) return known.value as Promise<T>;
    const value = read();
    const entry = { stamp: now, value };
    memo.set(key, entry);
    // A failed read is not remembered: the next request tries again.
    value.catch(() => {
      if (memo.get(key) === entry) memo.delete(key);
    });
    return value;
  };
}

/** A read through the store's memory when it has one (SQLite outside transactions), else straight. */
export function remembered<T>(remember: Remember | undefined, key: string, read: () => Promise<T>): Promise<T> {
  return remember ? remember(key, read) : read();
}
