/** One line of a terminal progress display (phase, rows, rows/s, elapsed), shared by every CLI. */
export interface ProgressState {
  phase: string;
  rows: number;
  /** Known total, when there is one; shows a percentage. */
  total?: number;
  elapsedMs: number;
}

export function formatProgressLine(s: ProgressState): string {
  const secs = s.elapsedMs / 1000;
  const rate = secs > 0 ? Math.round(s.rows / secs) : 0;
  const pct = s.total && s.total > 0 ? ` ${Math.min(100, Math.floor((100 * s.rows) / s.total))}%` : '';
  return `${s.phase.padEnd(28)} ${groupThousands(s.rows).padStart(13)} rows${pct}  ${groupThousands(rate).padStart(11)} rows/s  ${formatElapsed(s.elapsedMs)}`;
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
