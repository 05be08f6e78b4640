import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { addMonths, DATASET_TABLES, type DatasetManifest, type DatasetTableName, tableDef } from '@marketlens/shared';

/**
 * Small hand-made datasets in the import format, written as CSV or Parquet (via DuckDB COPY).
 * Tests mutate the rows to break one rule at a time.
 */

export type Cell = string | number | boolean | null;
export type TableRows = Record<string, Cell>[];

export interface Fixture {
  manifest: DatasetManifest & Record<string, unknown>;
  tables: Record<DatasetTableName, TableRows>;
}

const month = (m: number) => `2024-${String(m).padStart(2, '0')}-01`;

export function baseFixture(name = 'fx_monthly'): Fixture {
  const skus: TableRows = [
    {
      sku_id: 50001,
      platform_id: 1,
      shop_id: 1001,
      brand_id: 1,
      category_id: 101,
      title_zh: '兰蔻小黑瓶精华肌底液50ml 修护保湿',
      title_en: 'Lancome Advanced Genifique Serum 50ml',
      series: '小黑瓶',
      price: 760,
      net_content: 50,
      net_unit: 'ml',
      first_period: month(1),
      image_id: 'img-50001',
    },
    {
      sku_id: 50002,
      platform_id: 1,
      shop_id: 1002,
      brand_id: 2,
      category_id: 100,
      title_zh: '欧莱雅复颜玻尿酸水光充盈导入膨润面霜 50g',
      title_en: "L'Oreal Revitalift Hyaluronic Acid Cream 50g",
      series: null,
      price: 299.5,
      net_content: 50,
      net_unit: 'g',
      first_period: month(1),
      image_id: null,
    },
    {
      sku_id: 60001,
      platform_id: 2,
      shop_id: 2001,
      brand_id: 2,
      category_id: 100,
      title_zh: '欧莱雅男士控油保湿面霜',
      title_en: "L'Oreal Men Expert Oil Control Moisturizer",
      series: null,
      price: 129,
      net_content: 50,
      net_unit: 'ml',
      first_period: month(1),
      image_id: null,
    },
    {
      sku_id: 60002,
      platform_id: 2,
      shop_id: 2002,
      brand_id: 3,
      category_id: 200,
      title_zh: '三只松鼠 坚果大礼包 1.5kg 每日坚果',
      title_en: 'Three Squirrels Mixed Nuts Gift Box 1.5kg',
      series: '每日坚果',
      price: 99.9,
      net_content: 1500,
      net_unit: 'g',
      first_period: month(2),
      image_id: null,
    },
  ];
  const shopType: Record<number, string> = {
    1001: 'flagship',
    1002: 'supermarket',
    2001: 'flagship',
    2002: 'supermarket',
  };
  // Period-major order on purpose: the warehouse must re-sort by category.
  const facts: TableRows = [];
  for (const m of [1, 2, 3]) {
    for (const [i, s] of skus.entries()) {
      const sales = 1000 * (i + 1) + 10 * m + 0.25;
      facts.push({
        period: month(m),
        sku_id: s.sku_id!,
        platform_id: s.platform_id!,
        shop_type: shopType[s.shop_id as number]!,
        shop_id: s.shop_id!,
        brand_id: s.brand_id!,
        category_id: s.category_id!,
        sales,
        sales_discount: Math.round(sales * 90) / 100,
        count: 10 * (i + 1) + m,
      });
    }
  }
  return {
    manifest: {
      name,
      title_zh: '测试数据集',
      title_en: 'Test dataset',
      date_field: 'month',
      currency_unit: 'CNY',
      cur_symbol: '¥',
      has_series: true,
      series_name: '系列',
      series_name_en: 'Series',
      discount_price: true,
    },
    tables: {
      dim_platform: [
        { platform_id: 1, code: 'tmall', name_zh: '天猫', name_en: 'Tmall', region: 'CN' },
        { platform_id: 2, code: 'jd', name_zh: '京东', name_en: 'JD', region: 'CN' },
      ],
      dim_channel: [
        { platform_id: 1, shop_type: 'flagship', name_zh: '旗舰店', name_en: 'Flagship', is_active: true },
        { platform_id: 1, shop_type: 'supermarket', name_zh: '超市', name_en: 'Supermarket', is_active: true },
        { platform_id: 2, shop_type: 'flagship', name_zh: '旗舰店', name_en: 'Flagship', is_active: true },
        { platform_id: 2, shop_type: 'supermarket', name_zh: '自营', name_en: 'Self-run', is_active: false },
      ],
      dim_category: [
        { category_id: 1, parent_id: null, level: 1, name_zh: '美妆', name_en: 'Beauty' },
        { category_id: 10, parent_id: 1, level: 2, name_zh: '护肤', name_en: 'Skin care' },
        { category_id: 100, parent_id: 10, level: 3, name_zh: '面霜', name_en: 'Face cream' },
        { category_id: 101, parent_id: 10, level: 3, name_zh: '精华', name_en: 'Serum' },
        { category_id: 2, parent_id: null, level: 1, name_zh: '食品', name_en: 'Food' },
        { category_id: 20, parent_id: 2, level: 2, name_zh: '零食', name_en: 'Snacks' },
        { category_id: 200, parent_id: 20, level: 3, name_zh: '坚果', name_en: 'Nuts' },
      ],
      dim_brand: [
        { brand_id: 1, name_zh: '兰蔻', name_en: 'Lancome' },
        { brand_id: 2, name_zh: '欧莱雅', name_en: "L'Oreal" },
        { brand_id: 3, name_zh: '三只松鼠', name_en: 'Three Squirrels' },
      ],
      dim_shop: [
        {
          shop_id: 1001,
          platform_id: 1,
          shop_type: 'flagship',
          brand_id: 1,
          name_zh: '兰蔻官方旗舰店',
          name_en: 'Lancome Flagship',
        },
        {
          shop_id: 1002,
          platform_id: 1,
          shop_type: 'supermarket',
          brand_id: null,
          name_zh: '天猫超市',
          name_en: 'Tmall Supermarket',
        },
        {
          shop_id: 2001,
          platform_id: 2,
          shop_type: 'flagship',
          brand_id: 2,
          name_zh: '欧莱雅京东自营旗舰店',
          name_en: "L'Oreal JD Flagship",
        },
        {
          shop_id: 2002,
          platform_id: 2,
          shop_type: 'supermarket',
          brand_id: null,
          name_zh: '京东超市',
          name_en: 'JD Supermarket',
        },
      ],
      dim_attribute: [
        { attr_name: 'efficacy', title_zh: '功效', title_en: 'Efficacy' },
        { attr_name: 'skin_type', title_zh: '肤质', title_en: 'Skin type' },
      ],
      dim_sku: skus,
      sku_attribute: [
        { sku_id: 50001, attr_name: 'efficacy', value_zh: '修护', value_en: 'Repair' },
        { sku_id: 50001, attr_name: 'efficacy', value_zh: '保湿', value_en: 'Moisturizing' },
        { sku_id: 50002, attr_name: 'skin_type', value_zh: '敏感肌', value_en: 'Sensitive skin' },
      ],
      fact_sales: facts,
    },
  };
}

/**
 * Six months with the fourth left out (missing) and the last holding one SKU's few yuan (sparse):
 * the coverage tests (docs/data-format.md §11).
 */
export const GAP_MONTHS = Array.from({ length: 6 }, (_, i) => addMonths('2024-01-01', i));
/** No rows at all: a hole between the first and the last period. */
export const GAP_SKIPPED = GAP_MONTHS[3]!;
/** One SKU with a few yuan: far below a tenth of a typical month. */
export const GAP_SPARSE = GAP_MONTHS.at(-1)!;

export function gapFixture(name = 'fx_gaps'): Fixture {
  const fx = baseFixture(name);
  const skus = fx.tables.dim_sku;
  const shopType = new Map(fx.tables.dim_shop.map((s) => [s.shop_id, s.shop_type]));
  const facts: TableRows = [];
  for (const [m, period] of GAP_MONTHS.entries()) {
    if (period === GAP_SKIPPED) continue;
    for (const [i, s] of skus.entries()) {
      if (String(s.first_period) > period) continue;
      if (period === GAP_SPARSE && i > 0) continue;
      // Quarters only: the sums are exact in binary, so the engines' sums equal the test's.
      const sales = period === GAP_SPARSE ? 3.5 : 1000 * (i + 1) + 10 * m + 0.25;
      facts.push({
        period,
        sku_id: s.sku_id!,
        platform_id: s.platform_id!,
        shop_type: shopType.get(s.shop_id!)!,
        shop_id: s.shop_id!,
        brand_id: s.brand_id!,
        category_id: s.category_id!,
        sales,
        sales_discount: sales,
        count: i + 1,
      });
    }
  }
  fx.tables.fact_sales = facts;
  return fx;
}

/** The same market as weekly data: periods are Mondays. */
export function weeklyFixture(name = 'fx_weekly'): Fixture {
  const fx = baseFixture(name);
  fx.manifest.date_field = 'week';
  const mondays: Record<string, string> = {
    [month(1)]: '2024-01-01',
    [month(2)]: '2024-01-08',
    [month(3)]: '2024-01-15',
  };
  for (const r of fx.tables.fact_sales) r.period = mondays[r.period as string]!;
  return fx;
}

export function cloneFixture(fx: Fixture): Fixture {
  return structuredClone(fx);
}

function csvCell(v: Cell): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: TableRows, columns?: string[]): string {
  const cols = columns ?? Object.keys(rows[0] ?? {});
  const lines = [cols.join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c] ?? null)).join(','))];
  return `${lines.join('\n')}\n`;
}

export type FixtureFormat = 'csv' | 'parquet';

function headerOf(table: DatasetTableName, rows: TableRows): string[] {
  // An empty table still needs its header.
  return rows[0] ? Object.keys(rows[0]) : tableDef(table).columns.map((c) => c.name);
}

/**
 * Writes a dataset folder. `format` picks CSV or Parquet for all tables or per table. Parquet
 * columns get the format's types (money as DOUBLE, as generators usually write it).
 */
export async function writeFixture(
  fx: Fixture,
  dir: string,
  format: FixtureFormat | Partial<Record<DatasetTableName, FixtureFormat>> = 'csv',
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'dataset.json'), JSON.stringify(fx.manifest, null, 2));
  let db: DuckDBInstance | undefined;
  try {
    for (const def of DATASET_TABLES) {
      const rows = fx.tables[def.name];
      const header = headerOf(def.name, rows);
      const fmt = typeof format === 'string' ? format : (format[def.name] ?? 'csv');
      const csv = toCsv(rows, header);
      if (fmt === 'csv') {
        writeFileSync(path.join(dir, `${def.name}.csv`), csv);
        continue;
      }
      db ??= await DuckDBInstance.create(':memory:');
      const conn = await db.connect();
      const tmp = path.join(dir, `.${def.name}.csv`);
      writeFileSync(tmp, csv);
      const typeOf = (c: string) => {
        const t = def.columns.find((x) => x.name === c)?.type;
        // Text in a numeric column makes a text Parquet column (to test type checks).
        if (t !== 'varchar' && rows.some((r) => typeof r[c] === 'string' && Number.isNaN(Number(r[c]))))
          return 'VARCHAR';
        const map = {
          integer: 'INTEGER',
          bigint: 'BIGINT',
          double: 'DOUBLE',
          money: 'DOUBLE',
          varchar: 'VARCHAR',
          boolean: 'BOOLEAN',
          date: 'DATE',
        };
        return t ? map[t] : 'VARCHAR';
      };
      const select = header.map((c) => `CAST(NULLIF("${c}", '') AS ${typeOf(c)}) AS "${c}"`).join(', ');
      await conn.run(
        `COPY (SELECT ${select} FROM read_csv('${tmp}', header = true, all_varchar = true)) TO '${path.join(dir, `${def.name}.parquet`)}' (FORMAT parquet)`,
      );
      conn.closeSync();
      rmSync(tmp);
    }
  } finally {
    db?.closeSync();
  }
  return dir;
}

/** A temp directory removed by the returned cleanup. */
/** A 1 × 1 PNG, as a customer's pictures/ folder would hold. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function tempDir(prefix = 'ml-wh-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
