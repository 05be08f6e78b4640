import { existsSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ImportIssue, ImportValidationError } from '../../src/warehouse/engine.js';
import { importDataset } from '../../src/warehouse/index.js';
import { baseFixture, type Fixture, type FixtureFormat, tempDir, weeklyFixture, writeFixture } from './fixtures.js';

let root: { dir: string; cleanup: () => void };
let n = 0;
beforeAll(() => {
  root = tempDir('ml-wh-validate-');
});
afterAll(() => root.cleanup());

/** Writes the fixture, imports it, and returns the validation issues (the import must fail). */
async function issuesOf(
  fx: Fixture,
  format: FixtureFormat | Partial<Record<keyof Fixture['tables'], FixtureFormat>> = 'csv',
  tweak?: (dir: string) => void,
): Promise<{ issues: ImportIssue[]; error: ImportValidationError; warehouse: string }> {
  const dir = path.join(root.dir, `case${++n}`);
  await writeFixture(fx, path.join(dir, 'src'), format);
  tweak?.(path.join(dir, 'src'));
  const warehouse = path.join(dir, 'wh');
  const error = await importDataset(warehouse, path.join(dir, 'src')).then(
    () => {
      throw new Error('the import should have failed');
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ImportValidationError);
  const e = error as ImportValidationError;
  // A failed import leaves nothing behind: no catalogue entry, no file.
  expect(existsSync(path.join(warehouse, 'catalog.json'))).toBe(false);
  const leftovers = existsSync(warehouse)
    ? readdirSync(warehouse, { recursive: true }).filter((f) => String(f).match(/\.(duckdb|tmp)$/))
    : [];
  expect(leftovers).toEqual([]);
  return { issues: e.issues, error: e, warehouse };
}

/** Finds the issue of `code` and checks that both messages name the file, row and column. */
function expectIssue(
  issues: ImportIssue[],
  want: { code: string; file: string; row?: number; column?: string; csv?: boolean },
  ...fragments: string[]
): ImportIssue {
  const found = issues.find(
    (i) =>
      i.code === want.code &&
      i.file === want.file &&
      (want.row === undefined || i.row === want.row) &&
      (want.column === undefined || i.column === want.column),
  );
  expect(found, `no ${want.code} issue in:\n${issues.map((i) => i.message).join('\n')}`).toBeDefined();
  const issue = found!;
  expect(issue.message.startsWith(want.file)).toBe(true);
  expect(issue.message_zh.startsWith(want.file)).toBe(true);
  if (want.row !== undefined) {
    const line = want.csv === false ? '' : ` (line ${want.row + 1})`;
    expect(issue.message).toContain(`row ${want.row}${want.file.endsWith('.csv') ? line : ''}`);
    expect(issue.message_zh).toContain(`第 ${want.row} 行`);
  }
  if (want.column !== undefined) {
    expect(issue.message).toContain(`column ${want.column}`);
    expect(issue.message_zh).toContain(`列 ${want.column}`);
  }
  expect(issue.message_zh).toMatch(/[\u4e00-\u9fff]/);
  for (const f of fragments) expect(issue.message).toContain(f);
  return issue;
}

describe('manifest', () => {
  test('missing dataset.json', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) => unlinkSync(path.join(dir, 'dataset.json')));
    expectIssue(issues, { code: 'manifest_missing', file: 'dataset.json' }, 'not found');
  });

  test('dataset.json that is not JSON', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) =>
      writeFileSync(path.join(dir, 'dataset.json'), '{ "name": '),
    );
    expectIssue(issues, { code: 'manifest_invalid', file: 'dataset.json' }, 'not valid JSON');
  });

  test('every bad field is reported, not only the first', async () => {
    const fx = baseFixture();
    fx.manifest.name = 'Bad-Name';
    fx.manifest.date_field = 'day' as 'month';
    fx.manifest.currency_unit = 'yuan';
    fx.manifest.cur_symbol = '';
    fx.manifest.discount_price = 'yes' as unknown as boolean;
    const { issues } = await issuesOf(fx);
    for (const column of ['name', 'date_field', 'currency_unit', 'cur_symbol', 'discount_price']) {
      expectIssue(issues, { code: 'manifest_invalid', file: 'dataset.json', column });
    }
    expectIssue(issues, { code: 'manifest_invalid', file: 'dataset.json', column: 'date_field' }, '"day"');
  });

  test('a bad --dataset name override', async () => {
    const dir = path.join(root.dir, `case${++n}`);
    await writeFixture(baseFixture(), dir);
    const err = (await importDataset(path.join(dir, 'wh'), dir, { name: 'X y' }).catch(
      (e: unknown) => e,
    )) as ImportValidationError;
    expect(err).toBeInstanceOf(ImportValidationError);
    expect(err.issues[0]!.message).toContain('"X y"');
  });
});

describe('files and columns', () => {
  test('missing table file', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) => unlinkSync(path.join(dir, 'dim_brand.csv')));
    expectIssue(issues, { code: 'table_file_missing', file: 'dim_brand.parquet' }, 'dim_brand.csv');
  });

  test('both a CSV and a Parquet file for one table', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) =>
      writeFileSync(path.join(dir, 'dim_brand.parquet'), 'not parquet'),
    );
    expectIssue(issues, { code: 'table_file_ambiguous', file: 'dim_brand.csv' });
  });

  test('missing column', async () => {
    const fx = baseFixture();
    for (const r of fx.tables.dim_platform) delete r.region;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'column_missing', file: 'dim_platform.csv', column: 'region' }, 'is missing');
  });

  test('unknown column (Parquet)', async () => {
    const fx = baseFixture();
    for (const r of fx.tables.dim_brand) r.colour = 'red';
    const { issues } = await issuesOf(fx, { dim_brand: 'parquet' });
    expectIssue(issues, { code: 'column_unknown', file: 'dim_brand.parquet', column: 'colour' }, 'not a column');
  });

  test('a file that is not Parquet', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) => {
      rmSync(path.join(dir, 'dim_brand.csv'));
      writeFileSync(path.join(dir, 'dim_brand.parquet'), 'this is not parquet');
    });
    expectIssue(issues, { code: 'file_unreadable', file: 'dim_brand.parquet' }, 'cannot be read');
  });

  test('a CSV row with too many fields', async () => {
    const { issues } = await issuesOf(baseFixture(), 'csv', (dir) =>
      writeFileSync(
        path.join(dir, 'dim_brand.csv'),
        'brand_id,name_zh,name_en\n1,兰蔻,Lancome\n2,欧莱雅,LOreal,extra\n',
      ),
    );
    expectIssue(issues, { code: 'file_unreadable', file: 'dim_brand.csv' });
  });
});

describe('values', () => {
  test('a value that is not of the column type, with CSV line numbers', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales[2]!.sales = '12,5';
    fx.tables.fact_sales[3]!.count = '1.5';
    fx.tables.fact_sales[4]!.period = '2024/02/01';
    fx.tables.dim_channel[1]!.is_active = 'maybe';
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'bad_type', file: 'fact_sales.csv', row: 3, column: 'sales' },
      'found "12,5"',
      'amount',
    );
    expectIssue(issues, { code: 'bad_type', file: 'fact_sales.csv', row: 4, column: 'count' }, 'whole number');
    expectIssue(issues, { code: 'bad_type', file: 'fact_sales.csv', row: 5, column: 'period' }, 'YYYY-MM-DD');
    expectIssue(issues, { code: 'bad_type', file: 'dim_channel.csv', row: 2, column: 'is_active' }, 'true or false');
    const first = issues.find((i) => i.code === 'bad_type' && i.column === 'sales')!;
    expect(first.message).toBe(
      'fact_sales.csv row 3 (line 4) column sales: expected an amount such as 1234.50 (dot as the decimal separator), found "12,5"',
    );
    expect(first.message_zh).toBe(
      'fact_sales.csv 第 3 行（文件第 4 行），列 sales：应为金额，例如 1234.50（小数点为英文句点），实际为 "12,5"',
    );
  });

  test('a Parquet column of the wrong type is checked value by value', async () => {
    const fx = baseFixture();
    // A text column in Parquet: rows are file row numbers, no line.
    for (const r of fx.tables.dim_brand) r.brand_id = String(r.brand_id);
    fx.tables.dim_brand[1]!.brand_id = 'B2';
    const { issues } = await issuesOf(fx, { dim_brand: 'parquet' });
    const issue = expectIssue(issues, { code: 'bad_type', file: 'dim_brand.parquet', row: 2, column: 'brand_id' });
    expect(issue.message).not.toContain('line');
  });

  test('empty value in a required column', async () => {
    const fx = baseFixture();
    fx.tables.dim_brand[1]!.name_zh = null;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'required', file: 'dim_brand.csv', row: 2, column: 'name_zh' }, 'required');
  });

  test('negative value in a non-negative column (CSV and Parquet row numbers)', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales[4]!.count = -1;
    fx.tables.fact_sales[6]!.sales = -5;
    fx.tables.dim_sku[2]!.price = -0.01;
    const csv = await issuesOf(fx);
    expectIssue(csv.issues, { code: 'negative', file: 'fact_sales.csv', row: 5, column: 'count' }, '≥ 0', '-1');
    expectIssue(csv.issues, { code: 'negative', file: 'dim_sku.csv', row: 3, column: 'price' });
    const pq = await issuesOf(fx, 'parquet');
    expectIssue(pq.issues, { code: 'negative', file: 'fact_sales.parquet', row: 7, column: 'sales' }, '-5');
    expectIssue(pq.issues, { code: 'negative', file: 'fact_sales.parquet', row: 5, column: 'count' });
  });

  test('ids too large for JavaScript numbers', async () => {
    const fx = baseFixture();
    fx.tables.sku_attribute[0]!.sku_id = '9007199254740993';
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'out_of_range', file: 'sku_attribute.csv', row: 1, column: 'sku_id' },
      'found 9007199254740993',
    );
  });

  test('duplicate key', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales.push({ ...fx.tables.fact_sales[0]! });
    fx.tables.dim_brand.push({ brand_id: 2, name_zh: '重复', name_en: 'Duplicate' });
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'duplicate_key', file: 'fact_sales.csv', row: 13, column: 'period, sku_id' },
      'period=2024-01-01, sku_id=50001',
      'row 1',
    );
    expectIssue(issues, { code: 'duplicate_key', file: 'dim_brand.csv', row: 4, column: 'brand_id' }, 'row 2');
  });

  test('unknown platform code', async () => {
    const fx = baseFixture();
    fx.tables.dim_platform[1]!.code = 'ebay';
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'unknown_platform_code', file: 'dim_platform.csv', row: 2, column: 'code' },
      '"ebay"',
      'tmall',
    );
  });

  test('unknown channel code', async () => {
    const fx = baseFixture();
    fx.tables.dim_channel.push({
      platform_id: 1,
      shop_type: 'outlet',
      name_zh: '奥莱',
      name_en: 'Outlet',
      is_active: true,
    });
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'unknown_shop_type', file: 'dim_channel.csv', row: 5, column: 'shop_type' },
      '"outlet"',
    );
  });

  test('period not the first day of a month (monthly)', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales[5]!.period = '2024-02-15';
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'period_not_month_start', file: 'fact_sales.csv', row: 6, column: 'period' },
      'first day of a month',
      '2024-02-15',
    );
  });

  test('period not a Monday (weekly)', async () => {
    const fx = weeklyFixture();
    fx.tables.fact_sales[1]!.period = '2024-01-03';
    const { issues } = await issuesOf(fx, 'parquet');
    expectIssue(
      issues,
      { code: 'period_not_monday', file: 'fact_sales.parquet', row: 2, column: 'period' },
      'Monday',
      '2024-01-03, a Wednesday',
    );
  });

  test('no sales rows', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales = [];
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'empty_table', file: 'fact_sales.csv' }, 'no rows');
  });

  test('many problems: the first few per rule, and the report says there are more', async () => {
    const fx = baseFixture();
    for (const r of fx.tables.fact_sales) r.count = -1;
    const { issues, error } = await issuesOf(fx);
    const negatives = issues.filter((i) => i.code === 'negative');
    expect(negatives.length).toBe(5);
    expect(negatives.map((i) => i.row)).toEqual([1, 2, 3, 4, 5]);
    expect(error.truncated).toBe(true);
  });
});

describe('references and consistency', () => {
  test('unknown reference: a fact brand not in dim_brand', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales[1]!.brand_id = 99;
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'unknown_reference', file: 'fact_sales.csv', row: 2, column: 'brand_id' },
      '99 is not in dim_brand.csv (brand_id)',
    );
  });

  test('unknown reference: a category parent that does not exist', async () => {
    const fx = baseFixture();
    fx.tables.dim_category[5]!.parent_id = 999;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'unknown_reference', file: 'dim_category.csv', row: 6, column: 'parent_id' }, '999');
  });

  test('unknown reference: a SKU attribute of an unknown SKU', async () => {
    const fx = baseFixture();
    fx.tables.sku_attribute[2]!.sku_id = 777;
    const { issues } = await issuesOf(fx, 'parquet');
    expectIssue(issues, { code: 'unknown_reference', file: 'sku_attribute.parquet', row: 3, column: 'sku_id' }, '777');
  });

  test('category tree: a level-1 category with a parent', async () => {
    const fx = baseFixture();
    fx.tables.dim_category[4]!.parent_id = 1;
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'category_root_parent', file: 'dim_category.csv', row: 5, column: 'parent_id' },
      'level-1',
    );
  });

  test('category tree: a level-2 category without a parent', async () => {
    const fx = baseFixture();
    fx.tables.dim_category[1]!.parent_id = null;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'category_parent_missing', file: 'dim_category.csv', row: 2, column: 'parent_id' });
  });

  test('category tree: a parent that is not one level up', async () => {
    const fx = baseFixture();
    fx.tables.dim_category[2]!.parent_id = 1; // level 3 under level 1
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'category_parent_level', file: 'dim_category.csv', row: 3, column: 'parent_id' },
      'must be level 2',
      'category 1 is level 1',
    );
  });

  test('category tree: a level outside 1-3', async () => {
    const fx = baseFixture();
    fx.tables.dim_category[3]!.level = 4;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'category_level', file: 'dim_category.csv', row: 4, column: 'level' }, '1, 2 or 3');
  });

  test('SKUs and facts point at level-3 categories', async () => {
    const fx = baseFixture();
    fx.tables.dim_sku[0]!.category_id = 10;
    for (const r of fx.tables.fact_sales) if (r.sku_id === 50001) r.category_id = 10;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'category_not_leaf', file: 'dim_sku.csv', row: 1, column: 'category_id' }, 'level-3');
    expectIssue(
      issues,
      { code: 'category_not_leaf', file: 'fact_sales.csv', row: 1, column: 'category_id' },
      'level 2',
    );
  });

  test('a shop whose (platform_id, shop_type) is not in dim_channel', async () => {
    const fx = baseFixture();
    fx.tables.dim_shop[3]!.shop_type = 'global';
    const { issues } = await issuesOf(fx);
    expectIssue(
      issues,
      { code: 'unknown_channel', file: 'dim_shop.csv', row: 4, column: 'shop_type' },
      '(platform_id 2, shop_type "global") is not in dim_channel',
    );
  });

  test('a SKU on another platform than its shop', async () => {
    const fx = baseFixture();
    fx.tables.dim_sku[0]!.platform_id = 2;
    const { issues } = await issuesOf(fx);
    expectIssue(issues, { code: 'sku_shop_mismatch', file: 'dim_sku.csv', row: 1, column: 'platform_id' }, 'shop 1001');
  });

  test('a fact row whose dimensions disagree with its dim_sku row', async () => {
    const fx = baseFixture();
    fx.tables.fact_sales[3]!.brand_id = 1; // SKU 60002 is brand 3
    fx.tables.fact_sales[0]!.shop_type = 'supermarket'; // SKU 50001 sells in flagship shop 1001
    fx.tables.fact_sales[1]!.platform_id = 2;
    const { issues } = await issuesOf(fx, 'parquet');
    expectIssue(
      issues,
      { code: 'fact_sku_mismatch', file: 'fact_sales.parquet', row: 4, column: 'brand_id' },
      'brand_id 1 disagrees with dim_sku for SKU 60002 (brand_id 3)',
    );
    expectIssue(
      issues,
      { code: 'fact_sku_mismatch', file: 'fact_sales.parquet', row: 1, column: 'shop_type' },
      'shop 1001 has shop_type "flagship"',
    );
    expectIssue(issues, { code: 'fact_sku_mismatch', file: 'fact_sales.parquet', row: 2, column: 'platform_id' });
  });
});

describe('CSV dialect', () => {
  test('CRLF line ends, a BOM, quoted fields with commas and quotes load fine', async () => {
    const dir = path.join(root.dir, `case${++n}`);
    const fx = baseFixture('fx_crlf');
    fx.tables.dim_brand[1]!.name_en = 'L\'Oreal, "Paris"';
    await writeFixture(fx, dir);
    const file = path.join(dir, 'dim_brand.csv');
    const { readFileSync } = await import('node:fs');
    writeFileSync(file, `\uFEFF${readFileSync(file, 'utf8').replace(/\n/g, '\r\n')}`);
    const { dataset } = await importDataset(path.join(dir, 'wh'), dir);
    expect(dataset.rows.dim_brand).toBe(3);
  });
});
