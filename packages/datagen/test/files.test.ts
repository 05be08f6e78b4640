import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DATASET_TABLE_NAMES,
  type DatasetManifest,
  DEMO_DATASETS,
  OPTIONAL_TABLE_NAMES,
  PICTURES_FOLDER,
  tableDef,
} from '@marketlens/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMarket, type DatasetSummary, generate, PLANTED_EVENTS_FILE } from '../src/index.js';
import { AS_OF, HOOK_TIMEOUT, hashTree, readTable, tempDir } from './helpers.js';

const SEED = 7;

/** The optional tables (dataset-format.ts) a dataset's in-memory market has, which are written too. */
function optionalTables(dataset: DatasetSummary['name']): string[] {
  const dims = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset }).dims as object;
  return OPTIONAL_TABLE_NAMES.filter((t) => t in dims);
}

describe('generated files', () => {
  const root = tempDir('files');
  let first: DatasetSummary[];
  let firstHashes: Record<string, string>;

  beforeAll(async () => {
    first = await generate({ scale: 'tiny', seed: SEED, out: path.join(root, 'a'), asOf: AS_OF });
    firstHashes = hashTree(path.join(root, 'a'));
  }, HOOK_TIMEOUT);

  it('writes one folder per dataset with dataset.json, a Parquet file per table and pictures/', () => {
    expect(first.map((s) => s.name)).toEqual([...DEMO_DATASETS]);
    for (const s of first) {
      // The pictures: pictures.test.ts.
      const pictures = path.join(s.name, PICTURES_FOLDER) + path.sep;
      expect(Object.keys(firstHashes).filter((f) => f.startsWith(pictures)).length).toBe(s.pictures);
      expect(
        Object.keys(firstHashes)
          .filter((f) => f.startsWith(`${s.name}${path.sep}`) && !f.startsWith(pictures))
          .sort(),
      ).toEqual(
        [
          'dataset.json',
          PLANTED_EVENTS_FILE,
          ...[...DATASET_TABLE_NAMES, ...optionalTables(s.name)].map((t) => `${t}.parquet`),
        ]
          .map((f) => path.join(s.name, f))
          .sort(),
      );
      const manifest = JSON.parse(readFileSync(path.join(s.dir, 'dataset.json'), 'utf8')) as DatasetManifest;
      expect(manifest.name).toBe(s.name);
      expect(manifest).toMatchObject({
        has_series: true,
        series_name: '系列',
        series_name_en: 'Series',
        discount_price: true,
      });
    }
  });

  it('writes the planted events of each dataset next to its tables, as the in-memory market lists them', () => {
    for (const s of first) {
      const written = JSON.parse(readFileSync(path.join(s.dir, PLANTED_EVENTS_FILE), 'utf8')) as unknown;
      const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: s.name });
      expect(written).toEqual(market.plantedEvents);
    }
    // Tiny cn_monthly spans 2017 to 2026: at least one event of the yearly draw falls in it.
    const cn = JSON.parse(readFileSync(path.join(first[0]!.dir, PLANTED_EVENTS_FILE), 'utf8')) as unknown[];
    expect(cn.length).toBeGreaterThan(0);
  });

  it('keeps tiny at about 50 000 fact rows in total', () => {
    const total = first.reduce((sum, s) => sum + s.rows.fact_sales, 0);
    expect(total).toBeGreaterThan(35_000);
    expect(total).toBeLessThan(70_000);
  });

  it('is byte-identical for the same seed, scale and as-of date', async () => {
    await generate({ scale: 'tiny', seed: SEED, out: path.join(root, 'b'), asOf: AS_OF });
    expect(hashTree(path.join(root, 'b'))).toEqual(firstHashes);
  });

  it('differs for another seed', async () => {
    await generate({ scale: 'tiny', seed: SEED + 1, out: path.join(root, 'c'), asOf: AS_OF, datasets: ['cn_monthly'] });
    const other = hashTree(path.join(root, 'c'));
    const key = path.join('cn_monthly', 'fact_sales.parquet');
    expect(other[key]).toBeDefined();
    expect(other[key]).not.toBe(firstHashes[key]);
    expect(other[path.join('cn_monthly', 'dim_brand.parquet')]).not.toBe(
      firstHashes[path.join('cn_monthly', 'dim_brand.parquet')],
    );
  });

  it('contains exactly the rows of the in-memory market, for every table and dataset', async () => {
    for (const s of first) {
      const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: s.name });
      for (const table of DATASET_TABLE_NAMES) {
        const fromFile = await readTable(path.join(s.dir, `${table}.parquet`), table);
        const inMemory = table === 'fact_sales' ? [...market.facts()] : market.dims[table];
        expect(fromFile.length, `${s.name}.${table}`).toBe(s.rows[table]);
        expect(fromFile, `${s.name}.${table}`).toEqual(inMemory);
      }
    }
  });

  it('writes CSV with a header in contract column order, 2-decimal money, true/false, ISO dates and empty nulls', async () => {
    const [summary] = await generate({
      scale: 'tiny',
      seed: SEED,
      out: path.join(root, 'csv'),
      asOf: AS_OF,
      format: 'csv',
      datasets: ['cn_weekly'],
    });
    const dir = summary!.dir;
    for (const table of DATASET_TABLE_NAMES) {
      const header = readFileSync(path.join(dir, `${table}.csv`), 'utf8').split('\n')[0];
      expect(header).toBe(
        tableDef(table)
          .columns.map((c) => c.name)
          .join(','),
      );
    }
    const facts = readFileSync(path.join(dir, 'fact_sales.csv'), 'utf8').trim().split('\n').slice(1);
    expect(facts.length).toBe(summary!.rows.fact_sales);
    for (const line of facts.slice(0, 500)) {
      expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,[a-z]+,\d+,\d+,\d+,\d+\.\d{2},\d+\.\d{2},\d+$/);
    }
    const channels = readFileSync(path.join(dir, 'dim_channel.csv'), 'utf8');
    expect(channels).toMatch(/,true\n/);
    expect(channels).toMatch(/,false\n/);
    // Level-1 categories have no parent: an empty field.
    expect(readFileSync(path.join(dir, 'dim_category.csv'), 'utf8')).toMatch(/\n1,,1,美妆护肤,Beauty & Skincare\n/);
    const market = buildMarket({ scale: 'tiny', seed: SEED, asOf: AS_OF, dataset: 'cn_weekly' });
    const first = [...market.facts()][0]!;
    expect(facts[0]).toBe(
      [
        first.period,
        first.sku_id,
        first.platform_id,
        first.shop_type,
        first.shop_id,
        first.brand_id,
        first.category_id,
        first.sales.toFixed(2),
        first.sales_discount.toFixed(2),
        first.count,
      ].join(','),
    );
  });
});
