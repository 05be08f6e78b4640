import { spawnSync } from 'node:child_process';

/** How the server's threads are scheduled by Linux (`CPU_SCHEDULING`, docs/adr/0011). */
export type CpuScheduling = 'batch' | 'normal';

export const CPU_SCHEDULINGS: readonly CpuScheduling[] = ['batch', 'normal'];

/**
 * Puts every thread of this process under Linux's SCHED_BATCH policy (`chrt --batch --all-tasks`);
 * threads started later inherit it from the thread that starts them. Why: on a machine with few
 * cores, each thread the server wakes — libuv's pool thread running a DuckDB statement, DuckDB's
 * workers, a client's socket — preempts the JavaScript thread at once (Linux favours a waking
 * thread), and the JavaScript thread then waits on every statement in `prepared.run()` doing
 * nothing. Batch threads do not preempt on waking up, which raised analysis
 * throughput on a small machine (bench/results/2026-11-28/load-7.md). It takes no privilege, and a machine
 * without `chrt` (or not Linux) keeps the normal policy: the reason is returned for the start-up
 * report, never thrown.
 */
export function applyCpuScheduling(
  policy: CpuScheduling,
  pid: number = process.pid,
): { applied: true } | { applied: false; reason: string } {
  if (policy === 'normal') return { applied: false, reason: 'CPU_SCHEDULING=normal' };
  if (process.platform !== 'linux') return { applied: false, reason: `not Linux (${process.platform})` };
  const run = spawnSync('chrt', ['--batch', '--all-tasks', '--pid', '0', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 5000,
  });
  if (run.error) return { applied: false, reason: `chrt: ${run.error.message}` };
  if (run.status !== 0)
    return { applied: false, reason: `chrt: ${run.stderr.toString().trim() || `exit ${run.status}`}` };
  return { applied: true };
}
