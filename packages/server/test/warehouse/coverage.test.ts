import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  classifyCoverage,
  type DatasetCoverage,
  datasetGaps,
  type PeriodStats,
  SPARSE_SHARE,
} from '@marketlens/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DatasetCatalogs } from '../../src/analytics/engine/catalog.js';
import { coverageStatsSql } from '../../src/warehouse/coverage.js';
import { type LoadedDataset, openWarehouse, type WarehouseEngine } from '../../src/warehouse/index.js';
import { bearer, login, makeUser } from '../auth/helpers.js';
import { buildTestApp } from '../support/app.js';
import { testCluster } from '../support/clickhouse.js';
import { withQuery } from '../support/warehouses.js';
import {
  gapFixture,
  GAP_MONTHS as MONTHS,
  GAP_SKIPPED as SKIPPED,
  GAP_SPARSE as SPARSE,
  type TableRows,
  tempDir,
  writeFixture,
} from './fixtures.js';

/**
 * Coverage at import (docs/data-format.md §11) on both engines: a monthly dataset with a month left
 * out in the middle and a last month with next to no sales. The expected figures are counted here from
 * the rows the test writes; the states follow from how the rows were made.
 */

const ch = await testCluster();
const NAME = 'fx_coverage';

/** Rows, sales, distinct SKUs and shops per period, counted from the fixture's rows. */
function expectedStats(facts: TableRows): PeriodStats[] {
  const by = new Map<string, { rows: number; sales: number; skus: Set<unknown>; shops: Set<unknown> }>();
  for (const f of facts) {
    const p = String(f.period);
    const s = by.get(p) ?? { rows: 0, sales: 0, skus: new Set(), shops: new Set() };
    s.rows += 1;
    s.sales += Number(f.sales);
    s.skus.add(f.sku_id);
    s.shops.add(f.shop_id);
    by.set(p, s);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, s]) => ({ period, rows: s.rows, sales: s.sales, skus: s.skus.size, shops: s.shops.size }));
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** What the stored coverage must hold for the fixture's rows, imported on `loadedAt`. */
function expectCoverage(coverage: DatasetCoverage | undefined, loadedAt: string) {
  const stats = expectedStats(gapFixture(NAME).tables.fact_sales);
  expect(coverage).toBeDefined();
  // Every month from the first to the last, the skipped one included, with the counts of its rows.
  expect(coverage!.periods.map((p) => p.period)).toEqual(MONTHS);
  for (const s of stats) expect(coverage!.periods.find((p) => p.period === s.period)).toMatchObject(s);
  expect(coverage!.periods.find((p) => p.period === SKIPPED)).toMatchObject({ rows: 0, sales: 0, state: 'missing' });
  const typicalSales = median(stats.map((s) => s.sales));
  expect(coverage!.typical.sales).toBe(typicalSales);
  const sparse = stats.find((s) => s.period === SPARSE)!;
  expect(sparse.sales / typicalSales).toBeLessThan(SPARSE_SHARE);
  expect(coverage!.periods.find((p) => p.period === SPARSE)!.level).toBe(sparse.sales / typicalSales);
  expect(datasetGaps(coverage!)).toEqual([
    { period: SKIPPED, state: 'missing' },
    { period: SPARSE, state: 'sparse' },
  ]);
  // The latest month that is neither skipped nor sparse.
  expect(coverage!.lastComplete).toBe(MONTHS.filter((m) => m !== SKIPPED && m !== SPARSE).at(-1));
  // And all of it as the shared rules classify these counts, as of the import's date.
  expect(coverage).toEqual(classifyCoverage(stats, 'month', loadedAt.slice(0, 10)));
}

/** The warehouse with datasets() as an installation imported before coverage existed shows them. */
const withoutCoverage = (warehouse: WarehouseEngine): WarehouseEngine =>
  new Proxy(warehouse, {
    get(target, key) {
      if (key === 'datasets') return () => target.datasets().map(({ coverage: _c, ...d }) => d);
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });

const engines = [
  { engine: 'duckdb' as const, skip: undefined },
  { engine: 'clickhouse' as const, skip: ch.skip },
];

for (const { engine, skip } of engines) {
  describe.skipIf(skip !== undefined)(`dataset coverage on ${engine}`, () => {
    let scratch: { dir: string; cleanup: () => void };
    let url: string;
    let imported: LoadedDataset;

    beforeAll(async () => {
      scratch = tempDir('ml-coverage-');
      // ClickHouse: a database of this file's own, so no other test's datasets are in the way.
      url =
        engine === 'duckdb'
          ? path.join(scratch.dir, 'warehouse')
          : ch.cluster!.url.replace(/\/[A-Za-z0-9_]+\?/, '/marketlens_coverage?');
      const src = await writeFixture(gapFixture(NAME), path.join(scratch.dir, 'src'));
      const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
      try {
        imported = (await warehouse.importDataset(src)).dataset;
      } finally {
        await warehouse.close();
      }
    });
    afterAll(() => scratch?.cleanup());

    test('the import stores the coverage with the version, and a reopened warehouse reads it back', async () => {
      expectCoverage(imported.coverage, imported.loadedAt);
      const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
      try {
        const again = warehouse.datasets().find((d) => d.manifest.name === NAME)!;
        expect(again.version).toBe(imported.version);
        expect(again.coverage).toEqual(imported.coverage);
      } finally {
        await warehouse.close();
      }
    });

    test('GET /table_date gives the range, the last complete period, the gaps and the import date', async () => {
      const sent: string[] = [];
      for (const stored of [true, false]) {
        const t = await buildTestApp({
          withData: true,
          warehouse: { engine, url },
          // Without the stored coverage (an older import) the catalogue derives it from the facts, once.
          wrapWarehouse: (w) =>
            withQuery(stored ? w : withoutCoverage(w), (real, sql, params, options) => {
              sent.push(sql);
              return real(sql, params, options);
            }),
        });
        try {
          const root = await makeUser(t.ctx, 'cov_root', { role: 'root' });
          const project = await t.ctx.metadata.projects.create({
            name: 'coverage',
            dataset: NAME,
            ownerId: root.id,
            pages: [1],
          });
          const token = (await login(t.app, 'cov_root')).access_token;
          const ask = () =>
            t.app.inject({
              method: 'GET',
              url: `/api/common/table_date?data_scope_id=${project.id}`,
              headers: bearer(token),
            });
          for (let i = 0; i < 2; i++) {
            const res = await ask();
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().data).toEqual({
              farthest_date: MONTHS[0],
              latest_date: SPARSE,
              last_complete_date: MONTHS.filter((m) => m !== SKIPPED && m !== SPARSE).at(-1),
              gaps: [
                { period: SKIPPED, state: 'missing' },
                { period: SPARSE, state: 'sparse' },
              ],
              as_of: imported.loadedAt.slice(0, 10),
            });
          }
        } finally {
          await t.close();
        }
        const facts = `FROM ${t.ctx.warehouse.tableName(NAME, 'fact_sales')} GROUP BY period`;
        const derived = sent.filter((s) => s.includes(facts));
        expect(derived.length, stored ? 'stored: never counted again' : 'derived once per version').toBe(
          stored ? 0 : 1,
        );
        sent.length = 0;
      }
    });

    if (engine === 'duckdb') {
      test('a dataset whose catalogue entry has no coverage gets it derived from the facts', async () => {
        const file = path.join(url, 'catalog.json');
        const catalog = JSON.parse(readFileSync(file, 'utf8'));
        delete catalog.datasets[NAME].coverage;
        writeFileSync(file, JSON.stringify(catalog, null, 2));
        const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
        try {
          const dataset = warehouse.datasets().find((d) => d.manifest.name === NAME)!;
          expect(dataset.coverage).toBeUndefined();
          const { coverage } = await new DatasetCatalogs(warehouse).catalog(NAME);
          expectCoverage(coverage, dataset.loadedAt);
          // The same statement as the importer's, through this engine's dialect.
          const rows = await warehouse.query(
            coverageStatsSql(warehouse.dialect, warehouse.tableName(NAME, 'fact_sales')),
          );
          expect(rows.map((r) => r.period)).toEqual(MONTHS.filter((m) => m !== SKIPPED));
        } finally {
          await warehouse.close();
        }
      });
    }
  });
}
