import { AppError } from '../errors.js';
import { WarehouseCancelledError } from '../warehouse/engine.js';

/**
 * Admission of analysis requests: at most `concurrency` run at once; up to `queueSize`
 * more wait, first come first served, each at most `queueWaitMs`. Beyond that a request is turned
 * away at once with 503 `overloaded` (and a Retry-After), so that when demand exceeds what the
 * warehouse can answer the server sheds load with a clear message instead of letting every request
 * queue until it times out — and what is not admitted costs no metadata read, no statement and no
 * warehouse connection, so health checks and sign-in keep answering.
 */
export interface AdmissionConfig {
  /** Analysis requests running at once (their statements share the warehouse pool). */
  concurrency: number;
  /** Requests that may wait for a slot; 0 turns away every request beyond `concurrency`. */
  queueSize: number;
  /** Longest wait for a slot before the request is turned away. */
  queueWaitMs: number;
}

/** 503 `overloaded`: the queue of analysis requests is full or the wait for a slot ran out. */
export class OverloadedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'overloaded', 'server.overloaded');
    this.name = 'OverloadedError';
  }
}

interface Waiter {
  admit: () => void;
  fail: (err: Error) => void;
}

export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** What a turned-away client is told to wait before trying again (about half the longest wait). */
  private readonly retryAfterSeconds: number;

  constructor(readonly config: AdmissionConfig) {
    this.retryAfterSeconds = Math.max(1, Math.ceil(config.queueWaitMs / 2000));
  }

  /** Requests running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `fn` once a slot is free. Throws OverloadedError when the queue is full or the wait runs
   * out, and WarehouseCancelledError when the client went away while waiting (nothing ran).
   */
  async admit<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await fn();
    } finally {
      this.leave();
    }
  }

  private enter(signal?: AbortSignal): Promise<void> {
    if (this.running < this.config.concurrency && this.waiting.length === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.config.queueSize) return Promise.reject(this.overloaded());
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      };
      const waiter: Waiter = {
        // leave() counts the slot over to this request before admitting it.
        admit: () => {
          done();
          resolve();
        },
        fail: (err) => {
          done();
          reject(err);
        },
      };
      const timer = setTimeout(() => waiter.fail(this.overloaded()), this.config.queueWaitMs);
      const onAbort = () => waiter.fail(new WarehouseCancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiting[0];
    // The slot passes straight to the first waiter: `running` stays the same.
    if (next) next.admit();
    else this.running--;
  }

  private overloaded(): OverloadedError {
    return new OverloadedError(this.retryAfterSeconds);
  }
}
