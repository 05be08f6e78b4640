import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCatalog } from '../../src/warehouse/duckdb/catalog.js';
import {
  type DuckDBEngine,
  ImportValidationError,
  importDataset,
  openDuckDBWarehouse,
} from '../../src/warehouse/index.js';
import { ROLLUPS } from '../../src/warehouse/rollups.js';
import { baseFixture, cloneFixture, type FixtureFormat, tempDir, weeklyFixture, writeFixture } from './fixtures.js';
import { expectRollupMatchesFacts } from './rollup-check.js';

let root: { dir: string; cleanup: () => void };
let n = 0;
beforeAll(() => {
  root = tempDir('ml-wh-import-');
});
afterAll(() => root.cleanup());

const newDir = (label: string) => path.join(root.dir, `${label}-${++n}`);

describe.each(['csv', 'parquet'] as FixtureFormat[])('a valid %s dataset', (format) => {
  let wh: string;
  let engine: DuckDBEngine;
  const fx = baseFixture(`fx_${format}`);
  const phases: string[] = [];

  beforeAll(async () => {
    wh = newDir('wh');
    const src = await writeFixture(fx, newDir('src'), format);
    await importDataset(wh, src, { onProgress: (p) => phases.push(p.phase) });
    engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
  });
  afterAll(() => engine.close());

  const t = (table: Parameters<DuckDBEngine['tableName']>[1]) => engine.tableName(fx.manifest.name, table);

  test('every table is loaded with all its rows', async () => {
    const [ds] = engine.datasets();
    expect(ds!.manifest).toEqual(fx.manifest);
    for (const [table, rows] of Object.entries(fx.tables)) {
      expect(ds!.rows[table], table).toBe(rows.length);
      const [r] = await engine.query(`SELECT count(*) AS n FROM ${t(table as keyof typeof fx.tables)}`);
      expect(r!.n, table).toBe(rows.length);
    }
    expect(ds!.farthestDate).toBe('2024-01-01');
    expect(ds!.latestDate).toBe('2024-03-01');
    expect(ds!.version).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{6}$/);
  });

  test('progress reports each phase', () => {
    for (const p of [
      'read fact_sales',
      'validate fact_sales',
      'validate references',
      'load + sort fact_sales',
      'keywords',
      'publish',
    ]) {
      expect(phases).toContain(p);
    }
    for (const r of ROLLUPS) expect(phases).toContain(`rollup ${r.name}`);
  });

  test('money is DECIMAL(18,2) and values survive exactly', async () => {
    const [types] = await engine.query(
      `SELECT typeof(sales) AS sales, typeof(sales_discount) AS disc, typeof(count) AS count, typeof(period) AS period FROM ${t('fact_sales')} LIMIT 1`,
    );
    expect(types).toEqual({ sales: 'DECIMAL(18,2)', disc: 'DECIMAL(18,2)', count: 'BIGINT', period: 'DATE' });
    const [sku] = await engine.query(
      `SELECT price, series, image_id, net_unit FROM ${t('dim_sku')} WHERE sku_id = 50002`,
    );
    expect(sku).toEqual({ price: 299.5, series: null, image_id: null, net_unit: 'g' });
    const [brand] = await engine.query(`SELECT name_en FROM ${t('dim_brand')} WHERE brand_id = 2`);
    expect(brand!.name_en).toBe("L'Oreal");
    const [channel] = await engine.query(
      `SELECT is_active FROM ${t('dim_channel')} WHERE platform_id = 2 AND shop_type = 'supermarket'`,
    );
    expect(channel!.is_active).toBe(false);
  });

  test('facts are stored sorted by category, then period', async () => {
    const rows = await engine.query(`SELECT category_id, period FROM ${t('fact_sales')} ORDER BY rowid`);
    const keys = rows.map((r) => `${String(r.category_id).padStart(6, '0')} ${r.period}`);
    expect(keys).toEqual([...keys].sort());
    expect(rows[0]!.category_id).toBe(100);
    expect(rows.at(-1)!.category_id).toBe(200);
  });

  test('every rollup sums to the facts (joined with the product for price and attribute), in total and per group', async () => {
    for (const r of ROLLUPS) await expectRollupMatchesFacts(engine, t, r);
    const [shape] = await engine.query(
      `SELECT typeof(sales) AS s, typeof(count) AS c, typeof(fact_rows) AS n FROM ${t('rollup_cat_channel')} LIMIT 1`,
    );
    expect(shape).toEqual({ s: 'DECIMAL(18,2)', c: 'BIGINT', n: 'BIGINT' });
  });

  test('title keywords in Chinese and English, distinct per SKU', async () => {
    const words = async (sku: number, lang: string) =>
      (await engine.query(`SELECT keyword FROM ${t('sku_keyword')} WHERE sku_id = $1 AND lang = $2`, [sku, lang])).map(
        (r) => r.keyword,
      );
    const zh = await words(50001, 'zh');
    expect(zh).toEqual(expect.arrayContaining(['兰蔻', '精华', '修护', '保湿']));
    expect(zh).not.toContain('50ml');
    const en = await words(50002, 'en');
    expect(en).toEqual(expect.arrayContaining(["l'oreal", 'revitalift', 'hyaluronic', 'cream']));
    expect(en).not.toContain('50g');
    expect(await words(60002, 'zh')).toEqual(expect.arrayContaining(['三只', '松鼠', '坚果', '大礼包']));
    const [dupes] = await engine.query(
      `SELECT count(*) - count(DISTINCT (sku_id, lang, keyword)) AS d, count(DISTINCT lang) AS langs FROM ${t('sku_keyword')}`,
    );
    expect(dupes).toEqual({ d: 0, langs: 2 });
  });

  test('the warehouse holds the catalogue and one file, and no temporary files', async () => {
    const { catalog } = await readCatalog(wh);
    const entry = catalog.datasets[fx.manifest.name]!;
    expect(entry.file).toBe(`${fx.manifest.name}/${entry.version}.duckdb`);
    expect(readdirSync(path.join(wh, fx.manifest.name))).toEqual([`${entry.version}.duckdb`]);
    expect(readdirSync(wh).sort()).toEqual(['catalog.json', fx.manifest.name]);
  });
});

test('a weekly dataset', async () => {
  const wh = newDir('wh');
  const { dataset } = await importDataset(wh, await writeFixture(weeklyFixture(), newDir('src'), 'parquet'));
  expect(dataset.manifest.date_field).toBe('week');
  expect([dataset.farthestDate, dataset.latestDate]).toEqual(['2024-01-01', '2024-01-15']);
});

test('--dataset overrides the name in dataset.json', async () => {
  const wh = newDir('wh');
  const { dataset } = await importDataset(wh, await writeFixture(baseFixture('original'), newDir('src')), {
    name: 'renamed',
  });
  expect(dataset.manifest.name).toBe('renamed');
  const { catalog } = await readCatalog(wh);
  expect(Object.keys(catalog.datasets)).toEqual(['renamed']);
});

describe('staging and swap', () => {
  test('a bad re-import changes nothing; a good one replaces the dataset, seen after refresh()', async () => {
    const wh = newDir('wh');
    const good = baseFixture('swap');
    await importDataset(wh, await writeFixture(good, newDir('src')));
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      const total = async (e: DuckDBEngine) =>
        (await e.query(`SELECT sum(sales) AS s FROM ${e.tableName('swap', 'fact_sales')}`))[0]!.s;
      const before = await total(engine);
      const v1 = engine.datasets()[0]!.version;
      const catalogBefore = readFileSync(path.join(wh, 'catalog.json'), 'utf8');

      // Bad re-import: rejected, catalogue and files untouched, data still queryable.
      const bad = cloneFixture(good);
      for (const r of bad.tables.fact_sales) r.sales = (r.sales as number) * 2;
      bad.tables.fact_sales[2]!.sales = -1;
      await expect(importDataset(wh, await writeFixture(bad, newDir('src')))).rejects.toBeInstanceOf(
        ImportValidationError,
      );
      expect(readFileSync(path.join(wh, 'catalog.json'), 'utf8')).toBe(catalogBefore);
      expect(readdirSync(path.join(wh, 'swap'))).toEqual([`${v1}.duckdb`]);
      await engine.refresh();
      expect(engine.datasets()[0]!.version).toBe(v1);
      expect(await total(engine)).toBe(before);

      // Good re-import: a new version; the open engine keeps answering from the old file until it refreshes.
      bad.tables.fact_sales[2]!.sales = 10;
      const { dataset } = await importDataset(wh, await writeFixture(bad, newDir('src')));
      expect(dataset.version).not.toBe(v1);
      expect(readdirSync(path.join(wh, 'swap'))).toEqual([`${dataset.version}.duckdb`]); // superseded file deleted
      expect(await total(engine)).toBe(before); // still attached: Linux keeps the deleted file readable
      await engine.refresh();
      expect(engine.datasets()[0]!.version).toBe(dataset.version);
      expect(await total(engine)).not.toBe(before);

      const fresh = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
      expect(await total(fresh)).toBe(await total(engine));
      await fresh.close();
    } finally {
      await engine.close();
    }
  });

  test('a query running during a swap finishes on the old version', async () => {
    const wh = newDir('wh');
    const src = await writeFixture(baseFixture('busy'), newDir('src'));
    await importDataset(wh, src);
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      const slow = engine.query(
        `SELECT count(*) AS n FROM ${engine.tableName('busy', 'fact_sales')}, range(20000) a, range(5000) b`,
      );
      await importDataset(wh, src);
      await engine.refresh();
      expect(await slow).toEqual([{ n: 12 * 20000 * 5000 }]);
      expect((await engine.query(`SELECT count(*) AS n FROM ${engine.tableName('busy', 'dim_sku')}`))[0]!.n).toBe(4);
    } finally {
      await engine.close();
    }
  });

  test('engine.importDataset loads and refreshes at once', async () => {
    const engine = await openDuckDBWarehouse({ dir: newDir('wh'), refreshIntervalMs: 0 });
    try {
      expect(engine.datasets()).toEqual([]);
      const { dataset } = await engine.importDataset(await writeFixture(baseFixture('direct'), newDir('src')));
      expect(engine.datasets().map((d) => d.version)).toEqual([dataset.version]);
    } finally {
      await engine.close();
    }
  });

  test('the background refresh picks up an import by another process', async () => {
    const wh = newDir('wh');
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 50 });
    try {
      await importDataset(wh, await writeFixture(baseFixture('polled'), newDir('src')));
      await expect.poll(() => engine.datasets().length, { timeout: 5000 }).toBe(1);
    } finally {
      await engine.close();
    }
  });

  test('two datasets imported at the same time both land in the catalogue', async () => {
    const wh = newDir('wh');
    const [a, b] = await Promise.all([
      importDataset(wh, await writeFixture(baseFixture('par_a'), newDir('src'))),
      importDataset(wh, await writeFixture(weeklyFixture('par_b'), newDir('src'), 'parquet')),
    ]);
    const { catalog } = await readCatalog(wh);
    expect(Object.keys(catalog.datasets).sort()).toEqual(['par_a', 'par_b']);
    expect(catalog.datasets.par_a!.version).toBe(a.dataset.version);
    expect(catalog.datasets.par_b!.version).toBe(b.dataset.version);
  });

  test('debris of a crashed import is removed; a live import is left alone', async () => {
    const wh = newDir('wh');
    mkdirSync(path.join(wh, 'crashed'), { recursive: true });
    const dead = path.join(wh, 'crashed', '20240101T000000000Z-abcdef.999999999.tmp');
    const live = path.join(wh, 'crashed', `20240101T000000000Z-abcdef.${process.pid}.tmp`);
    writeFileSync(dead, 'x');
    writeFileSync(`${dead}.wal`, 'x');
    writeFileSync(live, 'x');
    const spill = path.join(wh, '.spill-999999999-abcdef');
    mkdirSync(path.join(spill, 'nested'), { recursive: true });
    await importDataset(wh, await writeFixture(baseFixture('other'), newDir('src')));
    expect(existsSync(spill)).toBe(false);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(`${dead}.wal`)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

describe('interrupting an import', () => {
  test.each([
    'read fact_sales',
    'validate references',
    'load + sort fact_sales',
    'rollup rollup_cat_attribute',
    'keywords',
  ])('during "%s" leaves the catalogue unchanged and no temporary file', async (phase) => {
    const wh = newDir('wh');
    await importDataset(wh, await writeFixture(baseFixture('keep'), newDir('src')));
    const catalogBefore = readFileSync(path.join(wh, 'catalog.json'), 'utf8');
    const controller = new AbortController();
    const src = await writeFixture(baseFixture('keep'), newDir('src'), 'parquet');
    const err = await importDataset(wh, src, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === phase) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(readFileSync(path.join(wh, 'catalog.json'), 'utf8')).toBe(catalogBefore);
    expect(readdirSync(path.join(wh, 'keep')).filter((f) => !f.endsWith('.duckdb'))).toEqual([]);
    expect(readdirSync(path.join(wh, 'keep'))).toHaveLength(1);
    expect(readdirSync(wh).filter((f) => f.startsWith('.spill'))).toEqual([]);
  });

  test('an already aborted signal does nothing', async () => {
    const wh = newDir('wh');
    const controller = new AbortController();
    controller.abort();
    await expect(
      importDataset(wh, await writeFixture(baseFixture('never'), newDir('src')), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(path.join(wh, 'catalog.json'))).toBe(false);
  });
});

describe('keywords for a catalogue larger than one read batch', () => {
  test('every SKU gets keywords in both languages, not only the first batches', async () => {
    const fx = cloneFixture(baseFixture('fx_many_skus'));
    const template = fx.tables.dim_sku[0]!;
    // Far more SKUs than the appender's flush size times the streamed chunks (16 384 used to be the cap).
    for (let i = 0; i < 40_000; i++) {
      fx.tables.dim_sku.push({
        ...template,
        sku_id: 900_000 + i,
        title_zh: `沐岚保湿面霜${i}号`,
        title_en: `Mulan moisturizing cream no ${i}`,
      });
    }
    const wh = newDir('wh');
    await importDataset(wh, await writeFixture(fx, newDir('src'), 'parquet'));
    const engine = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      const kw = engine.tableName('fx_many_skus', 'sku_keyword');
      const [r] = await engine.query(
        `SELECT count(DISTINCT sku_id) FILTER (WHERE lang = 'zh') AS zh, count(DISTINCT sku_id) FILTER (WHERE lang = 'en') AS en FROM ${kw}`,
      );
      expect(r).toEqual({ zh: fx.tables.dim_sku.length, en: fx.tables.dim_sku.length });
    } finally {
      await engine.close();
    }
  });
});
