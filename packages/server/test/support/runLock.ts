import { open, rm } from 'node:fs/promises';

/**
 * Runs `work` while holding a lock file shared by the run's parallel test workers, so one of them
 * does a run-wide step (start the cluster, import the tiny data) and the others wait, then reuse it.
 */
export async function withRunLock<T>(lock: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}
