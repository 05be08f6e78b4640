import { describe, expect, it } from 'vitest';
import { type JsonValue, settingsScope } from '../../src/metadata/index.js';
import { ISO_UTC, type StoreTarget, stores, useStore } from './stores.js';

describe.each(stores())('settings on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('round-trips JSON values of every shape', async () => {
    const values: Record<string, JsonValue> = {
      string: '敏感肌',
      number: 1.5,
      zero: 0,
      negative: -3,
      true: true,
      false: false,
      null: null,
      array: ['a', 1, null, [true]],
      object: { weights: { sales: 0.6, growth: 0.4 }, list: [], empty: {} },
    };
    for (const [key, value] of Object.entries(values)) await store().settings.set('global', key, value);
    for (const [key, value] of Object.entries(values))
      expect(await store().settings.get('global', key), key).toEqual(value);
    expect(await store().settings.list('global')).toEqual(values);
    expect(await store().settings.get('global', 'missing')).toBeUndefined();
    expect(await store().settings.get('other', 'string')).toBeUndefined();
  });

  it('overwrites on set, and deletes', async () => {
    const scope = settingsScope.project(1);
    await store().settings.set(scope, 'hidden_keywords', ['a']);
    await store().settings.set(scope, 'hidden_keywords', ['a', 'b']);
    expect(await store().settings.get<string[]>(scope, 'hidden_keywords')).toEqual(['a', 'b']);
    await Promise.all([1, 2, 3].map((n) => store().settings.set(scope, 'n', n)));
    expect([1, 2, 3]).toContain(await store().settings.get(scope, 'n'));
    expect(await store().settings.delete(scope, 'hidden_keywords')).toBe(true);
    expect(await store().settings.delete(scope, 'hidden_keywords')).toBe(false);
    expect(await store().settings.list(scope)).toEqual({ n: expect.any(Number) });
  });
});

describe.each(stores())('audit on $name', (target: StoreTarget) => {
  const store = useStore(target);

  it('records events and lists them newest first with filters and keyset paging', async () => {
    const a = store().audit;
    const first = await a.record({
      action: 'auth.login',
      outcome: 'failure',
      username: 'ghost',
      ip: '10.0.0.1',
      detail: { reason: 'unknown user', remaining: 4 },
    });
    expect(first).toMatchObject({
      userId: null,
      username: 'ghost',
      ip: '10.0.0.1',
      action: 'auth.login',
      target: '',
      outcome: 'failure',
      detail: { reason: 'unknown user', remaining: 4 },
    });
    expect(typeof first.id).toBe('number');
    expect(first.at).toMatch(ISO_UTC);
    await a.record({
      action: 'auth.login',
      outcome: 'success',
      userId: 7,
      username: 'bob',
      at: '2026-01-01T00:00:00Z',
    });
    await a.record({ action: 'user.update', outcome: 'success', userId: 1, username: 'root', target: 'user:7' });
    await a.record({ action: 'project.read', outcome: 'denied', userId: 7, username: 'bob' });

    const all = await a.listRecent();
    expect(all.map((e) => e.action)).toEqual(['project.read', 'user.update', 'auth.login', 'auth.login']);
    expect(all[2]?.at).toBe('2026-01-01T00:00:00.000Z');
    expect(all[2]?.detail).toBeNull();
    expect((await a.listRecent({ userId: 7 })).map((e) => e.outcome)).toEqual(['denied', 'success']);
    expect((await a.listRecent({ action: 'auth.login', outcome: 'failure' })).map((e) => e.id)).toEqual([first.id]);
    const page1 = await a.listRecent({ limit: 2 });
    const page2 = await a.listRecent({ limit: 2, beforeId: page1[1]?.id });
    expect([...page1, ...page2].map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await a.listRecent({ since: '2026-01-02' })).length).toBe(3);

    expect(await a.deleteBefore('2026-01-02')).toBe(1);
    expect((await a.listRecent()).length).toBe(3);
  });
});
