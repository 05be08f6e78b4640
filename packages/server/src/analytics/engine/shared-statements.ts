import { type Row, WarehouseCancelledError } from '../../warehouse/engine.js';

/** One statement on its way, and how many callers still wait for it. */
interface Running {
  rows: Promise<Row[]>;
  /** Stops the statement: aborted when the last caller waiting for it has gone. */
  stop: AbortController;
  waiting: number;
}

/**
 * Statements in flight, shared by every caller that asks for the same one meanwhile: a page opens
 * its panels at once, and on ClickHouse (no window sums) the top-brands and platform panels both ask
 * for the scope's totals of the current and the base period — a good part of a page's
 * statements. The key must say everything the answer depends on (the dataset version, the
 * statement, its values: the grant is in them). Nothing is kept once a statement has ended: this
 * is not a cache.
 *
 * Each caller keeps its own cancellation: one that goes away is answered at once with
 * WarehouseCancelledError and the others still get the rows; the statement is stopped only when no
 * caller is left, and that last one is answered once the stop has landed (as a statement of its
 * own would be). Each caller gets its own row objects.
 */
export class SharedStatements {
  private readonly running = new Map<string, Running>();

  /** The rows of the statement `key`: joins the one running, or starts it with `start(signal)`. */
  join<T extends Row>(
    key: string,
    signal: AbortSignal | undefined,
    start: (stop: AbortSignal) => Promise<T[]>,
  ): Promise<T[]> {
    let entry = this.running.get(key);
    // One whose callers have all gone is being stopped: a new caller starts afresh.
    if (!entry || entry.stop.signal.aborted) {
      const stop = new AbortController();
      const started: Running = { rows: start(stop.signal), stop, waiting: 0 };
      this.running.set(key, started);
      const forget = () => {
        if (this.running.get(key) === started) this.running.delete(key);
      };
      started.rows.then(forget, forget);
      entry = started;
    }
    return this.wait(entry, signal) as Promise<T[]>;
  }

  /** Statements in flight now (for tests and diagnostics). */
  get size(): number {
    return this.running.size;
  }

  private wait(entry: Running, signal: AbortSignal | undefined): Promise<Row[]> {
    const copy = (rows: Row[]) => rows.map((r) => ({ ...r }));
    entry.waiting++;
    if (!signal) return entry.rows.then(copy);
    return new Promise<Row[]>((resolve, reject) => {
      const leave = () => {
        entry.waiting--;
        if (entry.waiting > 0) return reject(new WarehouseCancelledError());
        entry.stop.abort();
        const cancelled = () => reject(new WarehouseCancelledError());
        entry.rows.then(cancelled, cancelled);
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      entry.rows.then(
        (rows) => {
          signal.removeEventListener('abort', leave);
          resolve(copy(rows));
        },
        (err: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(err);
        },
      );
    });
  }
}
