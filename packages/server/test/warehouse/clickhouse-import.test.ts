import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { runImportCli } from '../../src/cli/import.js';
import {
  type ClickHouseEngine,
  type DuckDBEngine,
  ImportValidationError,
  openClickHouseWarehouse,
  openDuckDBWarehouse,
  parseClickHouseUrl,
  type WarehouseEngine,
  type WarehouseTable,
} from '../../src/warehouse/index.js';
import { onShard, testCluster } from '../support/clickhouse.js';
import { baseFixture, cloneFixture, tempDir, writeFixture } from './fixtures.js';

const ch = await testCluster();

/** Sums of the facts per category and per period, the figures every panel is built from. */
async function factFigures(engine: WarehouseEngine, dataset: string) {
  const t = engine.tableName(dataset, 'fact_sales');
  const by = async (key: 'category_id' | 'period') =>
    Object.fromEntries(
      (
        await engine.query(
          `SELECT ${key} AS k, sum(sales) AS sales, sum(sales_discount) AS sales_discount, sum(count) AS units, count(*) AS n
           FROM ${t} GROUP BY ${key} ORDER BY k`,
        )
      ).map((r) => [String(r.k), [Number(r.sales), Number(r.sales_discount), Number(r.units), Number(r.n)]]),
    );
  return { category: await by('category_id'), period: await by('period') };
}

/** Float sums differ in the last bits between engines (summation order): compare to 1e-9 relative. */
function expectSameFigures(actual: Record<string, number[]>, expected: Record<string, number[]>, what: string) {
  expect(Object.keys(actual), what).toEqual(Object.keys(expected));
  for (const [k, values] of Object.entries(expected)) {
    values.forEach((v, i) => {
      expect(Math.abs(actual[k]![i]! - v), `${what} ${k} #${i}`).toBeLessThanOrEqual(Math.abs(v) * 1e-9 + 1e-6);
    });
  }
}

describe.skipIf(!ch.cluster)('ClickHouse import on a 2-shard cluster', () => {
  const cluster = ch.cluster!;
  let duck: DuckDBEngine;
  let engine: ClickHouseEngine;
  let scratch: { dir: string; cleanup: () => void };
  const source = inject('tinySourceDir');
  const names = readdirSync(source).sort();
  const phases: string[] = [];

  beforeAll(async () => {
    scratch = tempDir('ml-ch-import-');
    duck = await openDuckDBWarehouse({ dir: inject('tinyWarehouseDir'), refreshIntervalMs: 0 });
    engine = await openClickHouseWarehouse({ location: parseClickHouseUrl(cluster.url), refreshIntervalMs: 0 });
    for (const name of names) {
      await engine.importDataset(path.join(source, name), { onProgress: (p) => phases.push(p.phase) });
    }
  });
  afterAll(async () => {
    await duck?.close();
    await engine?.close();
    scratch?.cleanup();
  });

  test('the tiny demo datasets hold the same rows and figures as in DuckDB', async () => {
    expect(engine.datasets().map((d) => d.manifest.name)).toEqual(expect.arrayContaining(names));
    for (const name of names) {
      const duckRows = duck.datasets().find((d) => d.manifest.name === name)!.rows;
      const chRows = engine.datasets().find((d) => d.manifest.name === name)!.rows;
      expect(chRows).toEqual(duckRows);
      for (const table of Object.keys(duckRows) as WarehouseTable[]) {
        const [a] = await duck.query(`SELECT count(*) AS n FROM ${duck.tableName(name, table)}`);
        const [b] = await engine.query(`SELECT count() AS n FROM ${engine.tableName(name, table)}`);
        expect(b!.n, `${name}.${table}`).toBe(a!.n);
        expect(b!.n, `${name}.${table}`).toBe(duckRows[table]);
      }
      const d = await factFigures(duck, name);
      const c = await factFigures(engine, name);
      expectSameFigures(c.category, d.category, `${name} per category`);
      expectSameFigures(c.period, d.period, `${name} per period`);
    }
  });

  test('facts are spread over both shards and the dimensions are copied to each', async () => {
    const name = names[0]!;
    const local = engine.localTableName(name, 'fact_sales');
    const perShard = await Promise.all(
      [0, 1].map(async (s) => Number(await onShard(cluster, s, `SELECT count() FROM ${local}`))),
    );
    const total = engine.datasets().find((d) => d.manifest.name === name)!.rows.fact_sales!;
    expect(perShard[0]).toBeGreaterThan(0);
    expect(perShard[1]).toBeGreaterThan(0);
    expect(perShard[0]! + perShard[1]!).toBe(total);
    const sku = engine.tableName(name, 'dim_sku');
    const skus = engine.datasets().find((d) => d.manifest.name === name)!.rows.dim_sku;
    for (const s of [0, 1]) expect(Number(await onShard(cluster, s, `SELECT count() FROM ${sku}`))).toBe(skus);
  });

  test('progress reports the DuckDB phases, then copy, verify and publish', () => {
    for (const p of [
      'read fact_sales',
      'validate references',
      'keywords',
      'copy fact_sales',
      'copy dim_sku',
      'verify',
      'publish',
    ]) {
      expect(phases, p).toContain(p);
    }
    expect(phases.filter((p) => p === 'publish').length).toBe(2 * names.length); // start and end, once per import
  });

  test('npm run import with WAREHOUSE_URL=http://… loads into the cluster with a progress display', async () => {
    const src = await writeFixture(baseFixture('fx_ch_cli'), path.join(scratch.dir, 'cli'), 'parquet');
    let out = '';
    let err = '';
    const code = await runImportCli(['--dataset', 'fx_ch_cli_renamed', src], {
      stdout: { write: (s: string) => (out += s), isTTY: false },
      stderr: { write: (s: string) => (err += s) },
      env: { WAREHOUSE_URL: cluster.url },
      cwd: scratch.dir,
    });
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^copy fact_sales .* rows/m);
    expect(out).toContain('✓ fx_ch_cli_renamed loaded as version');
    expect(out).not.toContain(cluster.adminPassword);
    expect(out).not.toContain(cluster.queryPassword);
    await engine.refresh();
    const [r] = await engine.query(`SELECT count() AS n FROM ${engine.tableName('fx_ch_cli_renamed', 'fact_sales')}`);
    expect(r!.n).toBe(12);
  });

  /** Tables of a dataset on one shard (any version), to prove a failed first import leaves none. */
  const tablesOf = async (shard: number, dataset: string) =>
    (await onShard(cluster, shard, `SELECT name FROM system.tables WHERE database = 'marketlens' FORMAT TSV`))
      .split('\n')
      .filter((n) => n.startsWith(`${dataset}__`));

  // The same reports as cli.test.ts on DuckDB: validation runs before anything reaches the shards.
  test('npm run import into the cluster: invalid data, every issue on its own line, exit 1, nothing on the shards', async () => {
    const fx = baseFixture('fx_ch_cli_bad');
    fx.tables.fact_sales[2]!.sales = 'abc';
    fx.tables.fact_sales[4]!.count = -3;
    const src = await writeFixture(fx, path.join(scratch.dir, 'cli-bad'), 'csv');
    let err = '';
    const code = await runImportCli([src], {
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (s: string) => (err += s) },
      env: { WAREHOUSE_URL: cluster.url },
      cwd: scratch.dir,
    });
    expect(code).toBe(1);
    const lines = err.trim().split('\n');
    expect(lines[0]).toContain('Not imported: 2 problem(s)');
    expect(lines).toContain(
      '  fact_sales.csv row 3 (line 4) column sales: expected an amount such as 1234.50 (dot as the decimal separator), found "abc"',
    );
    expect(err).not.toContain(cluster.adminPassword);
    await engine.refresh();
    expect(engine.datasets().map((d) => d.manifest.name)).not.toContain('fx_ch_cli_bad');
    for (const s of [0, 1]) expect(await tablesOf(s, 'fx_ch_cli_bad')).toEqual([]);
  });

  test('an already aborted signal imports nothing into the cluster', async () => {
    const controller = new AbortController();
    controller.abort();
    const src = await writeFixture(baseFixture('fx_ch_never'), path.join(scratch.dir, 'never'), 'csv');
    await expect(engine.importDataset(src, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(engine.datasets().map((d) => d.manifest.name)).not.toContain('fx_ch_never');
    for (const s of [0, 1]) expect(await tablesOf(s, 'fx_ch_never')).toEqual([]);
  });

  test('text survives the copy byte for byte: backslashes, tabs, newlines, quotes, CJK, NULLs', async () => {
    const fx = baseFixture('fx_ch_text');
    const odd = ['back\\slash \\N', 'tab\there', 'line\nbreak\r\n', 'quote\'s "double"', '中文 𠮷 emoji 🚀', '\\'];
    fx.tables.dim_sku.forEach((r, i) => {
      r.title_en = odd[i % odd.length]!;
      r.series = i % 2 === 0 ? null : odd[(i + 1) % odd.length]!;
    });
    const src = await writeFixture(fx, path.join(scratch.dir, 'text'), 'parquet');
    const wh = path.join(scratch.dir, 'text-duckdb');
    const local = await openDuckDBWarehouse({ dir: wh, refreshIntervalMs: 0 });
    try {
      await local.importDataset(src);
      await engine.importDataset(src);
      const sql = (e: WarehouseEngine) =>
        `SELECT sku_id, title_en, series, price, first_period FROM ${e.tableName('fx_ch_text', 'dim_sku')} ORDER BY sku_id`;
      const expected = await local.query(sql(local));
      expect(expected.map((r) => r.title_en)).toContain('tab\there');
      expect(await engine.query(sql(engine))).toEqual(expected);
    } finally {
      await local.close();
    }
  });

  describe('a dataset replaced by later imports', () => {
    const fx = baseFixture('fx_ch_versions');
    let before: Awaited<ReturnType<typeof factFigures>>;
    let version: string;
    const current = () => engine.datasets().find((d) => d.manifest.name === fx.manifest.name);
    const versionTables = async (shard: number) =>
      (
        await onShard(
          cluster,
          shard,
          `SELECT name FROM system.tables WHERE database = 'marketlens' AND name LIKE 'fx\\\\_ch\\\\_versions\\\\_\\\\_%' FORMAT TSV`,
        )
      )
        .split('\n')
        .filter(Boolean);

    beforeAll(async () => {
      await engine.importDataset(await writeFixture(fx, path.join(scratch.dir, 'v1'), 'csv'));
      before = await factFigures(engine, fx.manifest.name);
      version = current()!.version;
    });

    test('an import that fails validation leaves the previous version answering', async () => {
      const broken = cloneFixture(fx);
      broken.tables.fact_sales[0]!.sales = -5;
      await expect(
        engine.importDataset(await writeFixture(broken, path.join(scratch.dir, 'bad'), 'csv')),
      ).rejects.toBeInstanceOf(ImportValidationError);
      expect(current()!.version).toBe(version);
      expectSameFigures(
        (await factFigures(engine, fx.manifest.name)).category,
        before.category,
        'after a failed import',
      );
    });

    test('an import interrupted mid-copy leaves the previous version answering and nothing of its own', async () => {
      const changed = cloneFixture(fx);
      for (const r of changed.tables.fact_sales) r.sales = Number(r.sales) + 1;
      const controller = new AbortController();
      const seen: string[] = [];
      const pending = engine.importDataset(await writeFixture(changed, path.join(scratch.dir, 'cut'), 'csv'), {
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p.phase);
          // Some tables are on the shards already, the facts not yet.
          if (p.phase === 'copy fact_sales') controller.abort();
        },
      });
      await expect(pending).rejects.toThrow();
      expect(seen).toContain('copy dim_sku');
      expect(current()!.version).toBe(version);
      expectSameFigures(
        (await factFigures(engine, fx.manifest.name)).category,
        before.category,
        'after a cancelled import',
      );
      // Only the live version's tables remain.
      for (const s of [0, 1]) {
        const tables = await versionTables(s);
        expect(tables.length).toBeGreaterThan(0);
        for (const n of tables) expect(n).toContain(version.toLowerCase().replace('-', '_'));
      }
    });

    test('a successful import switches every reader (refresh) and drops the old version', async () => {
      const other = await openClickHouseWarehouse({ location: parseClickHouseUrl(cluster.url), refreshIntervalMs: 0 });
      try {
        expect(other.datasets().find((d) => d.manifest.name === fx.manifest.name)!.version).toBe(version);
        const changed = cloneFixture(fx);
        for (const r of changed.tables.fact_sales) r.sales = Number(r.sales) * 2;
        await engine.importDataset(await writeFixture(changed, path.join(scratch.dir, 'v2'), 'csv'));
        const next = current()!.version;
        expect(next).not.toBe(version);
        await other.refresh();
        expect(other.datasets().find((d) => d.manifest.name === fx.manifest.name)!.version).toBe(next);
        const after = await factFigures(other, fx.manifest.name);
        for (const [k, v] of Object.entries(before.category)) expect(after.category[k]![0]).toBeCloseTo(v[0]! * 2, 6);
        for (const s of [0, 1]) {
          const tables = await versionTables(s);
          expect(tables.length).toBeGreaterThan(0);
          for (const n of tables) expect(n).toContain(next.toLowerCase().replace('-', '_'));
        }
      } finally {
        await other.close();
      }
    });
  });
});
