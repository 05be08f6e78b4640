/** One line of a terminal progress display (phase, rows, rows/s, elapsed), shared by every CLI. */
export interface ProgressState {
  phase: string;
  rows: number;
  /** Known total, when there is one; shows a percentage. */
  total?: number;
  elapsedMs: number;
}

const PHASE_WIDTH = 52;

export function formatProgressLine(s: ProgressState): string {
  const secs = s.elapsedMs / 1000;
  const rate = secs > 0 ? Math.round(s.rows / secs) : 0;
  const pct = s.total && s.total > 0 ? `${Math.min(100, Math.floor((100 * s.rows) / s.total))}%` : '';
  // Fixed columns so successive lines line up in a log.
  return `${s.phase.padEnd(PHASE_WIDTH)} ${groupThousands(s.rows).padStart(13)} rows ${pct.padStart(4)}  ${groupThousands(rate).padStart(11)} rows/s  ${formatElapsed(s.elapsedMs)}`;
}

export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return `${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

function groupThousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export interface ProgressUpdate {
  phase: string;
  rows: number;
  total?: number;
}

export interface ProgressReporter {
  update(p: ProgressUpdate): void;
  /** Ends the current line (on a TTY) and prints `message` when given. */
  done(message?: string): void;
}

/**
 * Renders progress updates for a terminal. On a TTY one line is rewritten in place (at most every
 * `intervalMs`); elsewhere (CI logs, pipes) one line is printed per finished phase, so logs stay short.
 * The writer and clock are injected so this stays isomorphic and testable.
 */
export function createProgressReporter(opts: {
  write: (text: string) => void;
  isTTY: boolean;
  now?: () => number;
  intervalMs?: number;
}): ProgressReporter {
  const now = opts.now ?? (() => Date.now());
  const interval = opts.intervalMs ?? 100;
  const started = now();
  let phaseStarted = started;
  let last: ProgressUpdate | undefined;
  let lastDrawn = 0;
  const line = (p: ProgressUpdate, since: number) =>
    formatProgressLine({ phase: p.phase, rows: p.rows, total: p.total, elapsedMs: now() - since });

  const finishPhase = () => {
    if (!last) return;
    if (opts.isTTY) opts.write(`\r${line(last, phaseStarted)}\n`);
    else opts.write(`${line(last, phaseStarted)}\n`);
  };

  return {
    update(p) {
      if (last && last.phase !== p.phase) {
        finishPhase();
        phaseStarted = now();
      }
      last = p;
      if (opts.isTTY && now() - lastDrawn >= interval) {
        lastDrawn = now();
        opts.write(`\r${line(p, phaseStarted)}`);
      }
    },
    done(message) {
      finishPhase();
      last = undefined;
      if (message) opts.write(`${message}\n`);
    },
  };
}
