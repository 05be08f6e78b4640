/**
 * At most `limit` holders at once; the others wait first come, first served. A wait ends early
 * when its signal aborts (the caller went away or ran out of time) and then holds nothing.
 */
export class Slots {
  private held = 0;
  private readonly waiting: { admit: () => void; abandon: (reason: Error) => void }[] = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a slot limit must be at least 1, not ${limit}`);
  }

  /** Holders now, and callers waiting. */
  get load(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.waiting.length };
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.held < this.limit && this.waiting.length === 0) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      const waiter = {
        // release() hands its slot over: `held` stays as it is.
        admit: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        abandon: (reason: Error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.held--;
  }

  /** Fails every wait (the pool is closing); slots already held stay held. */
  abandonAll(reason: Error): void {
    for (const w of this.waiting.splice(0)) w.abandon(reason);
  }
}
