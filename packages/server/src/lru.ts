/**
 * A map that keeps at most `limit` entries and drops the least recently used one first (a Map's
 * insertion order, refreshed on every read and write). The one eviction rule of the server's
 * in-process caches: answers, verified tokens, compiled statements.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly limit: number,
    /** Called with what is dropped to make room (e.g. to free a compiled statement). */
    private readonly onEvict?: (value: V, key: K) => void,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.onEvict?.(oldest, oldestKey);
    }
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
