import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, runCli } from '../src/index.js';
import { AS_OF, tempDir } from './helpers.js';

function capture(isTTY: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), isTTY },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

describe('datagen CLI arguments', () => {
  it('accepts --flag value and --flag=value and fills defaults', () => {
    const parsed = parseArgs([
      '--out',
      '/tmp/x',
      '--scale=tiny',
      '--seed',
      '7',
      '--datasets',
      'cn_weekly,global_monthly',
    ]);
    expect(parsed).toMatchObject({
      kind: 'run',
      options: { out: '/tmp/x', scale: 'tiny', seed: 7, format: 'parquet', datasets: ['cn_weekly', 'global_monthly'] },
    });
    expect(parseArgs(['--out', 'x'])).toMatchObject({ kind: 'run', options: { scale: 'demo', seed: 20170101 } });
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /--out/],
    [['--out', 'x', '--scale', 'huge'], /unknown scale "huge"/],
    [['--out', 'x', '--seed', '-1'], /--seed must be a non-negative integer/],
    [['--out', 'x', '--seed', '99999999999'], /seed must be an integer from 0/],
    [['--out', 'x', '--datasets', 'cn_daily'], /unknown dataset "cn_daily"/],
    [['--out', 'x', '--format', 'xlsx'], /unknown format "xlsx"/],
    [['--out', 'x', '--as-of', '2024-02-30'], /invalid as-of date/],
    [['--out', 'x', '--as-of', '2017-06-01'], /before 2018-01-01/],
    [['--out', 'x', '--verbose'], /unknown argument "--verbose"/],
    [['--out', 'x', '--out', 'y'], /given twice/],
    [['--out'], /--out needs a value/],
  ])('rejects %j', (argv, message) => {
    const parsed = parseArgs(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });

  it('exits with 2 and the usage on bad arguments', async () => {
    const c = capture(false);
    expect(await runCli(['--scale', 'tiny'], c.io)).toBe(2);
    expect(c.stderr()).toMatch(/^error: --out <folder> is required/);
    expect(c.stderr()).toContain('Usage: marketlens-datagen');
    expect(c.stdout()).toBe('');
  });

  it('prints the usage with --help and exits 0', async () => {
    const c = capture(false);
    expect(await runCli(['-h'], c.io)).toBe(0);
    expect(c.stdout()).toContain('--as-of <YYYY-MM-DD>');
  });
});

describe('datagen CLI run', () => {
  const root = tempDir('cli');

  it('prints a line per phase when not on a terminal, and a summary', async () => {
    const c = capture(false);
    const out = path.join(root, 'log');
    const code = await runCli(
      ['--out', out, '--scale', 'tiny', '--seed', '3', '--as-of', AS_OF, '--datasets', 'cn_weekly'],
      c.io,
    );
    expect(code).toBe(0);
    expect(existsSync(path.join(out, 'cn_weekly', 'fact_sales.parquet'))).toBe(true);
    expect(existsSync(path.join(out, 'cn_monthly'))).toBe(false);
    const lines = c.stderr().trimEnd().split('\n');
    expect(c.stderr()).not.toContain('\r');
    expect(lines.some((l) => /^cn_weekly: fact_sales\s+[\d,]+ rows\s+[\d,]+ rows\/s\s+\d\d:\d\d$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('cn_weekly: dim_sku'))).toBe(true);
    expect(c.stdout()).toMatch(/cn_weekly\s+[\d,]+ fact rows/);
  });

  it('rewrites one line with \\r on a terminal', async () => {
    const c = capture(true);
    const code = await runCli(
      [
        '--out',
        path.join(root, 'tty'),
        '--scale',
        'tiny',
        '--as-of',
        AS_OF,
        '--datasets',
        'cn_weekly',
        '--format',
        'csv',
      ],
      c.io,
    );
    expect(code).toBe(0);
    expect(c.stderr()).toContain('\r');
    expect(existsSync(path.join(root, 'tty', 'cn_weekly', 'fact_sales.csv'))).toBe(true);
  });
});
