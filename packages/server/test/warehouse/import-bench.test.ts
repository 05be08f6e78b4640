import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { expect, test } from 'vitest';
import { importDataset } from '../../src/warehouse/index.js';

/**
 * Import speed, opt-in (it writes gigabytes at full size):
 *
 *   WAREHOUSE_BENCH_ROWS=5000000 npx vitest run --project server test/warehouse/import-bench
 *
 * Generates a synthetic market straight to Parquet with DuckDB (SKUs × monthly periods, 500 leaf
 * categories, 5 000 brands, 20 000 shops), imports it and prints each phase and the slowest
 * statements. WAREHOUSE_BENCH_DIR keeps the files (default: a temp dir, removed afterwards).
 */

const rows = Number(process.env.WAREHOUSE_BENCH_ROWS ?? 0);

/** Returns the number of fact rows written (SKUs × periods, at least `factRows`). */
async function generate(dir: string, factRows: number): Promise<number> {
  const periods = factRows >= 10_000_000 ? 50 : 25;
  const skus = Math.ceil(factRows / periods);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'dataset.json'),
    JSON.stringify({
      name: 'bench',
      title_zh: '基准',
      title_en: 'Benchmark',
      date_field: 'month',
      currency_unit: 'CNY',
      cur_symbol: '¥',
      has_series: false,
      discount_price: true,
    }),
  );
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const copy = (name: string, sql: string) =>
    c.run(`COPY (${sql}) TO '${path.join(dir, `${name}.parquet`)}' (FORMAT parquet)`);
  try {
    await copy(
      'dim_platform',
      `SELECT * FROM (VALUES (1, 'tmall', '天猫', 'Tmall', 'CN'), (2, 'jd', '京东', 'JD', 'CN'), (3, 'douyin', '抖音', 'Douyin', 'CN'))
         t(platform_id, code, name_zh, name_en, region)`,
    );
    await copy(
      'dim_channel',
      `SELECT p.platform_id::INTEGER AS platform_id, s.shop_type, s.shop_type AS name_zh, s.shop_type AS name_en, true AS is_active
       FROM (VALUES (1), (2), (3)) p(platform_id), (VALUES ('flagship'), ('specialty'), ('franchise'), ('supermarket'), ('global')) s(shop_type)`,
    );
    await copy(
      'dim_category',
      `SELECT category_id, parent_id, level, '类目' || category_id AS name_zh, 'Category ' || category_id AS name_en FROM (
         SELECT range::INTEGER AS category_id, NULL::INTEGER AS parent_id, 1 AS level FROM range(1, 11)
         UNION ALL SELECT (100 + range)::INTEGER, (1 + range % 10)::INTEGER, 2 FROM range(50)
         UNION ALL SELECT (1000 + range)::INTEGER, (100 + range % 50)::INTEGER, 3 FROM range(500))`,
    );
    await copy(
      'dim_brand',
      `SELECT range::INTEGER AS brand_id, '品牌' || range AS name_zh, 'Brand ' || range AS name_en FROM range(1, 5001)`,
    );
    await c.run(
      `CREATE TABLE shop AS SELECT range::BIGINT AS shop_id, (1 + range % 3)::INTEGER AS platform_id,
         (['flagship', 'specialty', 'franchise', 'supermarket', 'global'])[1 + (range // 3) % 5] AS shop_type,
         (1 + range % 5000)::INTEGER AS brand_id FROM range(1, 20001)`,
    );
    await copy('dim_shop', `SELECT *, '店铺' || shop_id AS name_zh, 'Shop ' || shop_id AS name_en FROM shop`);
    await copy('dim_attribute', `SELECT 'efficacy' AS attr_name, '功效' AS title_zh, 'Efficacy' AS title_en`);
    await c.run(
      `CREATE TABLE sku AS SELECT (1000000 + range)::BIGINT AS sku_id, s.platform_id, s.shop_id, s.brand_id,
         (1000 + range % 500)::INTEGER AS category_id, s.shop_type
       FROM range(${skus}) JOIN shop s ON s.shop_id = 1 + range % 20000`,
    );
    await copy(
      'dim_sku',
      `SELECT sku_id, platform_id, shop_id, brand_id, category_id,
         (['兰蔻小黑瓶精华肌底液', '欧莱雅复颜玻尿酸水光充盈导入膨润面霜', '三只松鼠坚果大礼包每日坚果', '雅诗兰黛特润修护肌活精华露 敏感肌适用'])[1 + sku_id % 4]
           || ' ' || (sku_id % 97) || 'ml 款' || (sku_id % 1000) AS title_zh,
         (['Lancome Advanced Genifique Serum', 'Revitalift Hyaluronic Acid Cream', 'Three Squirrels Mixed Nuts', 'Estee Lauder Night Repair'])[1 + sku_id % 4]
           || ' ' || (sku_id % 97) || 'ml model ' || (sku_id % 1000) AS title_en,
         NULL::VARCHAR AS series, (10 + sku_id % 500)::DOUBLE AS price, 50.0 AS net_content, 'ml' AS net_unit,
         DATE '2022-01-01' AS first_period, NULL::VARCHAR AS image_id
       FROM sku`,
    );
    await copy(
      'sku_attribute',
      `SELECT sku_id, 'efficacy' AS attr_name, '保湿' AS value_zh, 'Moisturizing' AS value_en FROM sku WHERE sku_id % 3 = 0`,
    );
    await copy(
      'fact_sales',
      `SELECT (DATE '2022-01-01' + to_months(p.range::INTEGER))::DATE AS period, s.sku_id, s.platform_id, s.shop_type, s.shop_id,
         s.brand_id, s.category_id, round(((s.sku_id * 7 + p.range * 13) % 100000) / 10.0, 2) AS sales,
         round(((s.sku_id * 7 + p.range * 13) % 100000) / 12.0, 2) AS sales_discount, ((s.sku_id + p.range) % 500)::BIGINT AS count
       FROM range(${periods}) p, sku s ORDER BY period, s.sku_id`,
    );
  } finally {
    c.closeSync();
    db.closeSync();
  }
  return skus * periods;
}

test.skipIf(!rows)(
  `import ${rows.toLocaleString('en-US')} fact rows`,
  async () => {
    const base = process.env.WAREHOUSE_BENCH_DIR ?? path.join(tmpdir(), `ml-wh-bench-${process.pid}`);
    const src = path.join(base, `src-${rows}`);
    const wh = path.join(base, 'warehouse');
    try {
      const g0 = performance.now();
      const written = await generate(src, rows);
      console.log(`generated in ${((performance.now() - g0) / 1000).toFixed(1)} s`);
      rmSync(wh, { recursive: true, force: true });
      const phases: [string, number][] = [];
      const statements: [string, number][] = [];
      let phase = '';
      let phaseStart = performance.now();
      const t0 = performance.now();
      const { dataset } = await importDataset(wh, src, {
        onProgress: (p) => {
          if (p.phase === phase) return;
          const now = performance.now();
          if (phase) phases.push([phase, now - phaseStart]);
          phase = p.phase;
          phaseStart = now;
        },
        onStatement: (sql, ms) => statements.push([sql.replace(/\s+/g, ' ').slice(0, 140), ms]),
      });
      phases.push([phase, performance.now() - phaseStart]);
      const secs = (performance.now() - t0) / 1000;
      const lines = [
        ...phases
          .filter(([, ms]) => ms >= 50)
          .map(([p, ms]) => `${p.padEnd(32)} ${(ms / 1000).toFixed(2).padStart(7)} s`),
        '',
        'slowest statements:',
        ...statements
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([sql, ms]) => `${(ms / 1000).toFixed(2).padStart(7)} s  ${sql}`),
        '',
        `total ${secs.toFixed(1)} s: ${Math.round(written / secs).toLocaleString('en-US')} fact rows/s`,
      ];
      console.log(lines.join('\n'));
      expect(dataset.rows.fact_sales).toBe(written);
    } finally {
      if (!process.env.WAREHOUSE_BENCH_DIR) rmSync(base, { recursive: true, force: true });
    }
  },
  3_600_000,
);
