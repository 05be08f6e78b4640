import { describe, expect, it } from 'vitest';
import { SharedStatements } from '../../src/analytics/engine/shared-statements.js';
import { type Row, WarehouseCancelledError } from '../../src/warehouse/engine.js';

/** A statement the test ends by hand; it stops (rejects as cancelled) when its signal aborts. */
function statement() {
  const started: { signal: AbortSignal; resolve: (rows: Row[]) => void }[] = [];
  const start = (signal: AbortSignal) =>
    new Promise<Row[]>((resolve, reject) => {
      started.push({ signal, resolve });
      signal.addEventListener('abort', () => setTimeout(() => reject(new WarehouseCancelledError()), 20));
    });
  return { start, started };
}

describe('statements in flight are shared', () => {
  it('callers of the same statement meanwhile share one run, each with its own rows', async () => {
    const shared = new SharedStatements();
    const s = statement();
    const a = shared.join('k', undefined, s.start);
    const b = shared.join('k', new AbortController().signal, s.start);
    const other = shared.join('other', undefined, s.start);
    expect(s.started).toHaveLength(2);
    s.started[0]!.resolve([{ x: 1 }]);
    s.started[1]!.resolve([{ x: 2 }]);
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toEqual([{ x: 1 }]);
    expect(rb).toEqual([{ x: 1 }]);
    expect(ra[0]).not.toBe(rb[0]);
    expect(await other).toEqual([{ x: 2 }]);
    // Nothing is kept: the next caller runs it again.
    expect(shared.size).toBe(0);
    void shared.join('k', undefined, s.start);
    expect(s.started).toHaveLength(3);
  });

  it('a caller that goes away is answered as cancelled at once; the others still get the rows', async () => {
    const shared = new SharedStatements();
    const s = statement();
    const gone = new AbortController();
    const a = shared.join('k', gone.signal, s.start);
    const b = shared.join('k', new AbortController().signal, s.start);
    gone.abort();
    await expect(a).rejects.toBeInstanceOf(WarehouseCancelledError);
    expect(s.started[0]!.signal.aborted).toBe(false);
    s.started[0]!.resolve([{ x: 1 }]);
    expect(await b).toEqual([{ x: 1 }]);
  });

  it('the statement stops when its last caller has gone, who is answered once it stopped', async () => {
    const shared = new SharedStatements();
    const s = statement();
    const [ca, cb] = [new AbortController(), new AbortController()];
    const a = shared.join('k', ca.signal, s.start);
    const b = shared.join('k', cb.signal, s.start);
    ca.abort();
    await expect(a).rejects.toBeInstanceOf(WarehouseCancelledError);
    let settled = false;
    b.catch(() => {
      settled = true;
    });
    cb.abort();
    expect(s.started[0]!.signal.aborted).toBe(true);
    await Promise.resolve();
    // Not before the statement itself has stopped (20 ms later here).
    expect(settled).toBe(false);
    await expect(b).rejects.toBeInstanceOf(WarehouseCancelledError);
    // A caller that comes while it stops does not join it: it runs afresh.
    const c = shared.join('k', undefined, s.start);
    expect(s.started).toHaveLength(2);
    s.started[1]!.resolve([{ x: 3 }]);
    expect(await c).toEqual([{ x: 3 }]);
  });

  it('a caller without a signal keeps the statement going; an error reaches every caller', async () => {
    const shared = new SharedStatements();
    const s = statement();
    const gone = new AbortController();
    const a = shared.join('k', gone.signal, s.start);
    const b = shared.join('k', undefined, s.start);
    gone.abort();
    await expect(a).rejects.toBeInstanceOf(WarehouseCancelledError);
    expect(s.started[0]!.signal.aborted).toBe(false);

    let fail!: (err: Error) => void;
    const failing = shared.join('f', new AbortController().signal, () => new Promise<Row[]>((_, r) => (fail = r)));
    const failing2 = shared.join('f', undefined, () => Promise.resolve([]));
    fail(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    await expect(failing2).rejects.toThrow('boom');
    s.started[0]!.resolve([]);
    expect(await b).toEqual([]);
  });
});
