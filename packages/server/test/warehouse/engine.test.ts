import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type DuckDBEngine,
  importDataset,
  openDuckDBWarehouse,
  WarehouseCancelledError,
  WarehouseTimeoutError,
} from '../../src/warehouse/index.js';
import { baseFixture, tempDir, writeFixture } from './fixtures.js';

let root: { dir: string; cleanup: () => void };
let engine: DuckDBEngine;
const fx = baseFixture('cn_test');
let fact: string;

beforeAll(async () => {
  root = tempDir('ml-wh-engine-');
  const src = await writeFixture(fx, path.join(root.dir, 'src'), 'parquet');
  await importDataset(path.join(root.dir, 'wh'), src);
  engine = await openDuckDBWarehouse({ dir: path.join(root.dir, 'wh'), poolSize: 2, refreshIntervalMs: 0 });
  fact = engine.tableName('cn_test', 'fact_sales');
});
afterAll(async () => {
  await engine.close();
  root.cleanup();
});

/** A query that runs for minutes unless interrupted. */
const ENDLESS = 'SELECT sum(a.range * b.range) AS s FROM range(1000000) a, range(1000000) b';

describe('results', () => {
  test('BIGINT, HUGEINT and DECIMAL come back as JS numbers', async () => {
    const [r] = await engine.query(
      `SELECT sum(sales) AS sales, sum(count) AS units, count(*) AS n, avg(count) AS avg FROM ${fact}`,
    );
    expect(typeof r!.sales).toBe('number');
    expect(typeof r!.units).toBe('number'); // sum(BIGINT) is HUGEINT
    expect(typeof r!.n).toBe('number');
    expect(r!.n).toBe(12);
    const expected = fx.tables.fact_sales.reduce((s, f) => s + (f.sales as number), 0);
    expect(r!.sales).toBeCloseTo(expected, 2);
    expect(r!.units).toBe(fx.tables.fact_sales.reduce((s, f) => s + (f.count as number), 0));
  });

  test('dates, timestamps, booleans, text and NULL', async () => {
    const [r] = await engine.query(
      `SELECT DATE '2024-03-01' AS d, TIMESTAMP '2024-03-01 12:34:56.789' AS ts, true AS yes, 'é中' AS s, NULL AS nothing,
              NULL::INTEGER AS int_null, 12345678901234::BIGINT AS big, 1.5::DOUBLE AS dbl, 0.1::DECIMAL(18,2) AS dec, 7::HUGEINT AS huge`,
    );
    expect(r).toEqual({
      d: '2024-03-01',
      ts: '2024-03-01T12:34:56.789Z',
      yes: true,
      s: 'é中',
      nothing: null,
      int_null: null,
      big: 12345678901234,
      dbl: 1.5,
      dec: 0.1,
      huge: 7,
    });
    const [p] = await engine.query(`SELECT min(period) AS first FROM ${fact}`);
    expect(p!.first).toBe('2024-01-01');
  });

  test('a result of many chunks comes back whole and in order', async () => {
    // DuckDB hands results over in chunks of 2,048 rows; the engine reads every one of them.
    const rows = await engine.query<{ n: number }>('SELECT range AS n FROM range(5000) ORDER BY n');
    expect(rows).toHaveLength(5000);
    expect(rows.every((r, i) => r.n === i)).toBe(true);
    expect(await engine.query('SELECT 1 AS one WHERE false')).toEqual([]);
  });

  test('a column type results cannot carry is an error, not a silent conversion', async () => {
    await expect(engine.query('SELECT [1, 2] AS l')).rejects.toThrow(/LIST/);
  });
});

describe('parameters', () => {
  test('positional values are bound, never pasted', async () => {
    const rows = await engine.query(
      `SELECT sku_id FROM ${fact} WHERE period = $1 AND shop_type = $2 AND sales > $3 ORDER BY sku_id`,
      ['2024-01-01', 'flagship', 1000.5],
    );
    expect(rows.map((r) => r.sku_id)).toEqual([50001, 60001]);
    const [inj] = await engine.query('SELECT $1 AS v', ["x'; DROP TABLE t; --"]);
    expect(inj!.v).toBe("x'; DROP TABLE t; --");
  });

  test('arrays bind as lists for = ANY($n) and IN (SELECT unnest($n))', async () => {
    const anyInts = await engine.query(`SELECT DISTINCT sku_id FROM ${fact} WHERE category_id = ANY($1) ORDER BY 1`, [
      [100, 200],
    ]);
    expect(anyInts.map((r) => r.sku_id)).toEqual([50002, 60001, 60002]);
    const anyBig = await engine.query(`SELECT DISTINCT sku_id FROM ${fact} WHERE sku_id = ANY($1) ORDER BY 1`, [
      [50001, 60002],
    ]);
    expect(anyBig.map((r) => r.sku_id)).toEqual([50001, 60002]);
    const anyText = await engine.query(`SELECT count(*) AS n FROM ${fact} WHERE shop_type = ANY($1)`, [
      ['supermarket'],
    ]);
    expect(anyText[0]!.n).toBe(6);
    const unnest = await engine.query(`SELECT count(*) AS n FROM ${fact} WHERE brand_id IN (SELECT unnest($1))`, [
      [2, 3],
    ]);
    expect(unnest[0]!.n).toBe(9);
    const typed = await engine.query(`SELECT count(*) AS n FROM ${fact} WHERE category_id = ANY($1::INTEGER[])`, [
      [101],
    ]);
    expect(typed[0]!.n).toBe(3);
  });

  test('an empty array matches nothing, whatever the column type', async () => {
    for (const col of ['category_id', 'shop_type', 'sku_id']) {
      const [r] = await engine.query(`SELECT count(*) AS n FROM ${fact} WHERE ${col} = ANY($1)`, [[]]);
      expect(r!.n, col).toBe(0);
    }
  });

  test('null, booleans and a wrong number of values', async () => {
    const [r] = await engine.query('SELECT $1 IS NULL AS a, $2 AS b, $3::INTEGER + 1 AS c', [null, true, 41]);
    expect(r).toEqual({ a: true, b: true, c: 42 });
    await expect(engine.query('SELECT $1 AS a', [])).rejects.toThrow(/1 parameters but 0/);
  });
});

describe('identifiers come from the catalogue', () => {
  test('tableName quotes dataset and table', () => {
    expect(engine.tableName('cn_test', 'fact_sales')).toBe('"ds_cn_test"."main"."fact_sales"');
    expect(engine.tableName('cn_test', 'rollup_cat_brand')).toBe('"ds_cn_test"."main"."rollup_cat_brand"');
    expect(engine.tableName('cn_test', 'sku_keyword')).toBe('"ds_cn_test"."main"."sku_keyword"');
  });

  test('unknown datasets and tables are rejected', () => {
    expect(() => engine.tableName('nope', 'fact_sales')).toThrow(/unknown dataset/);
    expect(() => engine.tableName('cn_test', 'rollup_x" ; DROP' as 'fact_sales')).toThrow(/unknown warehouse table/);
    expect(() => engine.tableName('cn_test', '_dataset' as 'fact_sales')).toThrow(/unknown warehouse table/);
  });

  test('datasets() lists what is attached', () => {
    const [d] = engine.datasets();
    expect(d!.manifest.name).toBe('cn_test');
    expect(d!.rows.fact_sales).toBe(12);
    expect(d).not.toHaveProperty('file');
  });
});

describe('lock-down', () => {
  test.each([
    ["SELECT * FROM read_csv('/etc/passwd')", /Permission|disabled/],
    ["SELECT * FROM read_text('/etc/passwd')", /Permission|disabled/],
    ["SELECT * FROM glob('/etc/*')", /Permission|disabled/],
    ["COPY (SELECT 1) TO '/tmp/ml-x.csv'", /Permission|only SELECT/],
    ["ATTACH '/tmp/ml-x.duckdb' AS x", /Permission|only SELECT/],
    ['DETACH ds_cn_test', /only SELECT/],
    ['INSTALL httpfs', /Permission|only SELECT/],
    ['LOAD httpfs', /Permission|disabled|only SELECT/],
    ['SET enable_external_access = true', /locked|only SELECT/],
    ['RESET lock_configuration', /locked|only SELECT/],
    ['CREATE TABLE t AS SELECT 1', /only SELECT/],
    ["SELECT * FROM query('DETACH ds_cn_test')", /.+/],
    ['SELECT 1; DETACH ds_cn_test', /multiple statements/],
  ])('%s fails', async (sql, message) => {
    await expect(engine.query(sql)).rejects.toThrow(message);
  });

  test('nothing was written, and the settings really are locked', async () => {
    expect(existsSync('/tmp/ml-x.csv')).toBe(false);
    expect(existsSync('/tmp/ml-x.duckdb')).toBe(false);
    const settings = await engine.query(
      `SELECT name, value FROM duckdb_settings() WHERE name IN ('enable_external_access', 'lock_configuration') ORDER BY name`,
    );
    expect(settings).toEqual([
      { name: 'enable_external_access', value: 'false' },
      { name: 'lock_configuration', value: 'true' },
    ]);
    // The dataset is still there after the DETACH attempts.
    expect((await engine.query(`SELECT count(*) AS n FROM ${fact}`))[0]!.n).toBe(12);
  });
});

describe('cancellation and time limits', () => {
  test('aborting a long query interrupts it quickly and the pool stays usable', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 150);
    await expect(engine.query(ENDLESS, [], { signal: controller.signal, timeoutMs: 0 })).rejects.toBeInstanceOf(
      WarehouseCancelledError,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    // Every connection of the pool still answers.
    const answers = await Promise.all([1, 2, 3, 4].map((i) => engine.query('SELECT $1::INTEGER AS i', [i])));
    expect(answers.map((r) => r[0]!.i)).toEqual([1, 2, 3, 4]);
  });

  test('a time limit interrupts with WarehouseTimeoutError', async () => {
    const started = Date.now();
    const err = await engine.query(ENDLESS, [], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WarehouseTimeoutError);
    expect((err as WarehouseTimeoutError).timeoutMs).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await engine.query('SELECT 42 AS x'))[0]!.x).toBe(42);
  });

  test('an already aborted signal never runs the query', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.query('SELECT 1', [], { signal: controller.signal })).rejects.toBeInstanceOf(
      WarehouseCancelledError,
    );
  });

  test('queries wait in FIFO order for a connection; a waiting query can be cancelled', async () => {
    const one = await openDuckDBWarehouse({ dir: path.join(root.dir, 'wh'), poolSize: 1, refreshIntervalMs: 0 });
    try {
      const order: number[] = [];
      const blocker = one.query(ENDLESS, [], { timeoutMs: 300 }).catch((e: unknown) => e);
      const controller = new AbortController();
      const cancelled = one.query('SELECT 0 AS i', [], { signal: controller.signal });
      const queued = [1, 2, 3].map((i) =>
        one.query('SELECT $1::INTEGER AS i', [i]).then((r) => order.push(r[0]!.i as number)),
      );
      controller.abort();
      await expect(cancelled).rejects.toBeInstanceOf(WarehouseCancelledError);
      expect(await blocker).toBeInstanceOf(WarehouseTimeoutError);
      await Promise.all(queued);
      expect(order).toEqual([1, 2, 3]);
    } finally {
      await one.close();
    }
  });

  test('a default time limit applies to every query', async () => {
    const limited = await openDuckDBWarehouse({
      dir: path.join(root.dir, 'wh'),
      defaultTimeoutMs: 150,
      refreshIntervalMs: 0,
    });
    try {
      await expect(limited.query(ENDLESS)).rejects.toBeInstanceOf(WarehouseTimeoutError);
      await limited.ping();
    } finally {
      await limited.close();
    }
  });
});

describe('lifecycle', () => {
  test('an empty warehouse opens, answers and lists no datasets', async () => {
    const empty = await openDuckDBWarehouse({ dir: path.join(root.dir, 'empty'), refreshIntervalMs: 0 });
    try {
      expect(empty.datasets()).toEqual([]);
      await empty.ping();
      await empty.refresh();
    } finally {
      await empty.close();
    }
  });

  test('close interrupts running queries, fails waiting ones, and later calls fail', async () => {
    const e = await openDuckDBWarehouse({ dir: path.join(root.dir, 'wh'), poolSize: 1, refreshIntervalMs: 0 });
    const running = e.query(ENDLESS, [], { timeoutMs: 0 }).catch((err: unknown) => err);
    const waiting = e.query('SELECT 1', [], { timeoutMs: 0 }).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    await e.close();
    expect(await running).toBeInstanceOf(Error);
    expect(String(await waiting)).toMatch(/closed/);
    await expect(e.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});
