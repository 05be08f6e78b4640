import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addMonths, type DatasetCoverage } from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliIo, coverageLines, runImportCli } from '../../src/cli/import.js';
import { openMetadata } from '../../src/metadata/index.js';
import { baseFixture, GAP_MONTHS, GAP_SKIPPED, GAP_SPARSE, gapFixture, tempDir, writeFixture } from './fixtures.js';

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

  test('the summary gives the coverage: the last complete period and the periods that are not (in the locale)', async () => {
    const src = await writeFixture(gapFixture('cli_gaps'), path.join(root.dir, 'gaps'));
    const complete = GAP_MONTHS.filter((m) => m !== GAP_SKIPPED && m !== GAP_SPARSE).at(-1);
    const en = io();
    expect(await runImportCli(['--warehouse', path.join(root.dir, 'wh-gaps'), src], en)).toBe(0);
    expect(en.out()).toContain(`  last complete period ${complete}\n`);
    expect(en.out()).toContain(`  coverage: ${GAP_SKIPPED} (missing), ${GAP_SPARSE} (sparse)\n`);
    const zh = io({ LANG: 'zh_CN.UTF-8' });
    expect(await runImportCli(['--warehouse', path.join(root.dir, 'wh-gaps'), src], zh)).toBe(0);
    expect(zh.out()).toContain(`  最后完整周期 ${complete}\n`);
    expect(zh.out()).toContain(`  数据覆盖：${GAP_SKIPPED}（缺失）、${GAP_SPARSE}（稀疏）\n`);
  });

  test('a run of periods in one state is written once, with its length', () => {
    // Monthly, 2018-09 complete, 2018-10 … 2020-03 missing (18 months), 2020-04 complete, 2020-05 partial.
    const months = Array.from({ length: 21 }, (_, i) => addMonths('2018-09-01', i));
    const state = (i: number) => (i === 0 || i === 19 ? 'complete' : i === 20 ? 'partial' : 'missing');
    const coverage: DatasetCoverage = {
      granularity: 'month',
      typical: { rows: 1, sales: 1, skus: 1, shops: 1 },
      periods: months.map((period, i) => ({ period, rows: 1, sales: 1, skus: 1, shops: 1, state: state(i), level: 1 })),
      lastComplete: months[19]!,
    };
    const missing = months.filter((_, i) => state(i) === 'missing');
    expect(coverageLines(coverage, false)).toEqual([
      `  last complete period ${months[19]}`,
      `  coverage: ${missing[0]} … ${missing.at(-1)} (${missing.length} missing), ${months[20]} (partial)`,
    ]);
    expect(coverageLines({ ...coverage, periods: [], lastComplete: null }, false)).toEqual([
      '  last complete period none',
      '  coverage: complete',
    ]);
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

describe('npm run import: the ids that projects use', () => {
  test('reports ids in use that the new version drops or names differently, in the language of the locale', async () => {
    const data = path.join(root.dir, 'ids-data');
    const store = await openMetadata(path.join(data, 'metadata.sqlite'));
    const env = { DATA_DIR: data };
    try {
      expect(
        await runImportCli([await writeFixture(baseFixture('cli_ids'), path.join(root.dir, 'ids-v1'))], io(env)),
      ).toBe(0);
      const user = await store.users.create({ username: 'm', email: 'm@example.com', passwordHash: 'x' });
      const project = async (name: string, dataset: string) => {
        const p = await store.projects.create({ name, dataset });
        await store.members.add({ projectId: p.id, userId: user.id });
        return p.id;
      };
      const a = await project('Shop A', 'cli_ids');
      const b = await project('Shop B', 'cli_ids');
      const other = await project('Elsewhere', 'another_dataset');
      await store.projectCategories.add(a, [100, 200]);
      await store.grants.replaceMany(a, user.id, {
        category: ['101'],
        brand: ['3'],
        shop: ['2,2001', '2,2002', '1,2001'],
      });
      await store.favoriteBrands.add(a, user.id, [2]);
      await store.favoriteBrands.add(b, user.id, [2]);
      await store.projectCategories.add(other, [999]);

      // The next version: the nut category with its brand, shop and product gone, brand 2 renamed.
      const next = baseFixture('cli_ids');
      const nuts = next.tables.dim_sku.find((s) => s.category_id === 200)!.sku_id;
      next.tables.dim_sku = next.tables.dim_sku.filter((s) => s.sku_id !== nuts);
      next.tables.fact_sales = next.tables.fact_sales.filter((f) => f.sku_id !== nuts);
      next.tables.sku_attribute = next.tables.sku_attribute.filter((r) => r.sku_id !== nuts);
      next.tables.dim_category = next.tables.dim_category.filter((c) => c.category_id !== 200);
      next.tables.dim_brand = next.tables.dim_brand.filter((r) => r.brand_id !== 3);
      next.tables.dim_shop = next.tables.dim_shop.filter((r) => r.shop_id !== 2002);
      Object.assign(next.tables.dim_brand.find((r) => r.brand_id === 2)!, {
        name_zh: '巴黎欧莱雅',
        name_en: "L'Oreal Paris",
      });
      const v2 = await writeFixture(next, path.join(root.dir, 'ids-v2'));

      const en = io(env);
      expect(await runImportCli([v2], en)).toBe(0);
      expect(en.out()).toContain('✓ cli_ids loaded as version');
      expect(en.err().split('\n')).toEqual([
        '! 4 ids that projects use are not in the new version, so the categories, grants and favourites with them no longer apply (ids must stay the same across versions, see docs/data-format.md §9):',
        '    category 200 坚果 / Nuts — projects: Shop A',
        '    brand 3 三只松鼠 / Three Squirrels — projects: Shop A',
        // On platform 1 there never was a shop 2001: the grant named the wrong platform already.
        '    shop 1,2001 — projects: Shop A',
        '    shop 2,2002 京东超市 / JD Supermarket — projects: Shop A',
        '! 1 id that projects use has another name in the new version; check that it still means the same thing:',
        "    brand 2 欧莱雅 / L'Oreal → 巴黎欧莱雅 / L'Oreal Paris — projects: Shop A, Shop B",
        '',
      ]);

      // The same version again: nothing renamed any more; what is gone is still said, in Chinese.
      await store.grants.replaceMany(a, user.id, { shop: ['2,2001'] });
      await store.projectCategories.remove(a, 200);
      await store.grants.replaceMany(a, user.id, { brand: [] });
      const zh = io({ ...env, LANG: 'zh_CN.UTF-8' });
      expect(await runImportCli([v2], zh)).toBe(0);
      expect(zh.err()).toBe('');
      await store.projectCategories.add(a, [200]);
      const zh2 = io({ ...env, LANG: 'zh_CN.UTF-8' });
      expect(await runImportCli([v2], zh2)).toBe(0);
      expect(zh2.err().split('\n')).toEqual([
        '! 项目使用的 1 个编号在新版本中不存在，相关的品类、权限和关注不再生效（编号须在各版本间保持不变，见 docs/data-format.md §9）：',
        '    品类 200 — 项目：Shop A',
        '',
      ]);
    } finally {
      await store.close();
    }
  });
});
