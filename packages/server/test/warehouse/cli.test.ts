import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliIo, runImportCli } from '../../src/cli/import.js';
import { baseFixture, tempDir, writeFixture } from './fixtures.js';

let root: { dir: string; cleanup: () => void };
beforeAll(() => {
  root = tempDir('ml-wh-cli-');
});
afterAll(() => root.cleanup());

function io(env: NodeJS.ProcessEnv = {}, signal?: AbortSignal): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s), isTTY: false },
    stderr: { write: (s: string) => (err += s) },
    env,
    cwd: root.dir,
    ...(signal ? { signal } : {}),
    out: () => out,
    err: () => err,
  };
}

describe('npm run import', () => {
  test('bad arguments print the usage and exit 2', async () => {
    for (const argv of [[], ['--bogus', 'x'], ['a', 'b'], ['--dataset'], ['does-not-exist']]) {
      const t = io();
      expect(await runImportCli(argv, t), argv.join(' ')).toBe(2);
      expect(t.err()).toContain('Usage: npm run import');
    }
    const help = io();
    expect(await runImportCli(['--help'], help)).toBe(0);
    expect(help.out()).toContain('--warehouse <dir>');
  });

  test('imports a folder into $DATA_DIR/warehouse, reporting phases and a summary', async () => {
    const src = await writeFixture(baseFixture('cli_ok'), path.join(root.dir, 'ok'));
    const t = io({ DATA_DIR: path.join(root.dir, 'data') });
    expect(await runImportCli(['--dataset', 'cli_renamed', src], t)).toBe(0);
    expect(t.out()).toMatch(/^load \+ sort fact_sales .* rows/m);
    expect(t.out()).toContain('✓ cli_renamed loaded as version');
    expect(t.out()).toMatch(/fact_sales\s+12 rows/);
    const catalog = JSON.parse(readFileSync(path.join(root.dir, 'data', 'warehouse', 'catalog.json'), 'utf8'));
    expect(Object.keys(catalog.datasets)).toEqual(['cli_renamed']);
  });

  test('invalid data: every issue on its own line, exit 1 (Chinese with a Chinese locale)', async () => {
    const fx = baseFixture('cli_bad');
    fx.tables.fact_sales[2]!.sales = 'abc';
    fx.tables.fact_sales[4]!.count = -3;
    const src = await writeFixture(fx, path.join(root.dir, 'bad'));
    const wh = path.join(root.dir, 'wh-bad');
    const en = io();
    expect(await runImportCli(['--warehouse', wh, src], en)).toBe(1);
    const lines = en.err().trim().split('\n');
    expect(lines[0]).toContain('Not imported: 2 problem(s)');
    expect(lines).toContain(
      '  fact_sales.csv row 3 (line 4) column sales: expected an amount such as 1234.50 (dot as the decimal separator), found "abc"',
    );
    expect(lines.some((l) => l.startsWith('  fact_sales.csv row 5 (line 6) column count: expected a value ≥ 0'))).toBe(
      true,
    );
    const zh = io({ LANG: 'zh_CN.UTF-8' });
    expect(await runImportCli([`--warehouse=duckdb:${wh}`, src], zh)).toBe(1);
    expect(zh.err()).toContain('fact_sales.csv 第 3 行（文件第 4 行），列 sales');
  });

  test('an interrupted import exits 130 and changes nothing', async () => {
    const src = await writeFixture(baseFixture('cli_int'), path.join(root.dir, 'int'));
    const controller = new AbortController();
    controller.abort();
    const t = io({}, controller.signal);
    expect(await runImportCli(['--warehouse', path.join(root.dir, 'wh-int'), src], t)).toBe(130);
    expect(t.err()).toContain('cancelled');
  });
});
