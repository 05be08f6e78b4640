import { describe, expect, it } from 'vitest';
import { LruMap } from '../src/lru.js';

describe('LruMap', () => {
  it('drops the least recently used entry first, a read counting as use, and says what it dropped', () => {
    const dropped: string[] = [];
    const m = new LruMap<string, number>(2, (value, key) => dropped.push(`${key}=${value}`));
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect(dropped).toEqual(['b=2']);
    expect(m.get('b')).toBeUndefined();
    expect([m.get('a'), m.get('c'), m.size]).toEqual([1, 3, 2]);
    m.set('a', 10); // replacing is no eviction
    expect(dropped).toEqual(['b=2']);
    expect(m.delete('a')).toBe(true);
    expect(m.size).toBe(1);
  });
});
