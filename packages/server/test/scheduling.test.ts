import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCpuScheduling } from '../src/scheduling.js';

/** The scheduling policy of every thread of a process (Linux: field 41 of /proc/<pid>/task/<tid>/stat). */
function policies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis start at field 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]);
  });
}
const SCHED_OTHER = 0;
const SCHED_BATCH = 3;

const chrt = process.platform === 'linux' && spawnSync('chrt', ['--version']).status === 0;
const why = process.platform !== 'linux' ? 'not Linux' : 'chrt (util-linux) is not installed';
if (!chrt) {
  if (process.env.CI === 'true') throw new Error(`the scheduling test needs chrt under CI: ${why}`);
  console.warn(`skipping the scheduling test: ${why}`);
}

describe.skipIf(!chrt)('CPU scheduling (ADR 0011)', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  /** A Node process with its thread pool started, as the server's is by the time it serves. */
  async function nodeWithThreads(): Promise<number> {
    child = spawn(
      process.execPath,
      ['-e', "require('node:fs').readFile(__filename, () => console.log('ready')); setTimeout(() => {}, 60000)"],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child!.stdout!.once('data', () => resolve()));
    return child.pid!;
  }

  it('batch puts every thread of the process under SCHED_BATCH', async () => {
    const pid = await nodeWithThreads();
    expect(policies(pid).length).toBeGreaterThan(4);
    expect(new Set(policies(pid))).toEqual(new Set([SCHED_OTHER]));
    expect(applyCpuScheduling('batch', pid)).toEqual({ applied: true });
    expect(new Set(policies(pid))).toEqual(new Set([SCHED_BATCH]));
  });

  it('normal leaves every thread as it was, and says why', async () => {
    const pid = await nodeWithThreads();
    expect(applyCpuScheduling('normal', pid)).toEqual({ applied: false, reason: 'CPU_SCHEDULING=normal' });
    expect(new Set(policies(pid))).toEqual(new Set([SCHED_OTHER]));
  });

  it('a process that cannot be changed keeps running with the reason reported, nothing thrown', () => {
    const result = applyCpuScheduling('batch', 2 ** 22 + 12345);
    expect(result.applied).toBe(false);
    expect((result as { reason: string }).reason).toMatch(/^chrt: /);
  });
});
