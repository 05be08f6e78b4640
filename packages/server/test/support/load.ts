/**
 * Steady concurrent load for fault tests: `concurrency` workers send requests back to back until
 * stopped, and every answer is kept with when it was sent and when it came back. A request that
 * does not answer within `deadlineMs` is recorded as a hang, so a fault that blocks requests is
 * seen instead of stalling the test.
 */
export interface Answer {
  status: number;
  /** The envelope's code and msg, when the body was one. */
  code?: unknown;
  msg?: string;
  /** The language the request asked for, to check the message against. */
  locale?: string;
}

export interface Outcome extends Partial<Answer> {
  /** Worker-local request number. */
  n: number;
  sentAt: number;
  doneAt: number;
  /** 'hang': no answer within the deadline; 'error': the request itself failed (e.g. connection refused). */
  result: 'answer' | 'hang' | 'error';
  error?: string;
}

export interface Load {
  readonly outcomes: Outcome[];
  /** Outcomes of requests sent at or after `from` (ms since epoch). */
  since(from: number): Outcome[];
  stop(): Promise<void>;
}

export function startLoad(
  send: (n: number) => Promise<Answer>,
  opts: { concurrency: number; deadlineMs: number },
): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  let counter = 0;
  const worker = async () => {
    while (running) {
      const n = counter++;
      const sentAt = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'hang'>((resolve) => {
        timer = setTimeout(() => resolve('hang'), opts.deadlineMs);
      });
      try {
        const answer = await Promise.race([send(n), deadline]);
        outcomes.push(
          answer === 'hang'
            ? { n, sentAt, doneAt: Date.now(), result: 'hang' }
            : { n, sentAt, doneAt: Date.now(), result: 'answer', ...answer },
        );
      } catch (err) {
        outcomes.push({ n, sentAt, doneAt: Date.now(), result: 'error', error: String(err) });
        // A refused connection fails at once: do not spin.
        await new Promise((r) => setTimeout(r, 20));
      } finally {
        clearTimeout(timer);
      }
    }
  };
  const workers = Array.from({ length: opts.concurrency }, worker);
  return {
    outcomes,
    since: (from) => outcomes.filter((o) => o.sentAt >= from),
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** The envelope fields of a JSON body, if it is one. */
export function envelope(status: number, body: string): Answer {
  try {
    const json = JSON.parse(body) as { code?: unknown; msg?: unknown };
    return { status, code: json.code, ...(typeof json.msg === 'string' ? { msg: json.msg } : {}) };
  } catch {
    return { status };
  }
}

/** A short summary of outcomes for assertion messages. */
export function describeOutcomes(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.result === 'answer' ? `${o.status} ${String(o.code ?? '')}` : `${o.result} ${o.error ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, v]) => `${v}× ${k}`).join(', ');
}
