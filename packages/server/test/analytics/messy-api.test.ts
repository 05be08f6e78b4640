import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildMessyMarket, type FactRow, generate, MESSY_DATASET } from '@marketlens/datagen';
import {
  addMonths,
  classifyCoverage,
  type DatasetCoverage,
  type DateRange,
  datasetGaps,
  figureFlags,
  type PeriodStats,
  periodLabel,
  rangeGaps,
} from '@marketlens/shared';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/index.js';
import { bearer, login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { testCluster } from '../support/clickhouse.js';
import { withRunLock } from '../support/runLock.js';
import { describeOnEach, type WarehouseTarget } from '../support/warehouses.js';

/**
 * The messy fixture (docs/datagen.md "The messy fixture") through the HTTP API on both engines: the
 * dataset's coverage in /table_date, and the flags and coverage warning of an analysis whose range
 * reaches into the gap (docs/product.md §4, ADR 0016). Expected values come from the fixture's own
 * rows and the shared coverage rules, never from the engine's answers.
 */

const SEED = 11;
const AS_OF = '2026-11-22';
const market = buildMessyMarket({ seed: SEED, asOf: AS_OF });
const facts: FactRow[] = [...market.facts()];
const root = market.dims.dim_category.find((c) => c.level === 1)!.category_id;
const brand = market.dims.dim_brand[0]!.brand_id;

function statsOf(rows: readonly FactRow[]): PeriodStats[] {
  const by = new Map<string, { rows: number; cents: number; skus: Set<number>; shops: Set<number> }>();
  for (const f of rows) {
    const s = by.get(f.period) ?? { rows: 0, cents: 0, skus: new Set(), shops: new Set() };
    s.rows += 1;
    s.cents += Math.round(f.sales * 100);
    s.skus.add(f.sku_id);
    s.shops.add(f.shop_id);
    by.set(f.period, s);
  }
  return [...by].map(([period, s]) => ({
    period,
    rows: s.rows,
    sales: s.cents / 100,
    skus: s.skus.size,
    shops: s.shops.size,
  }));
}
const coverageAt = (asOf: string): DatasetCoverage => classifyCoverage(statsOf(facts), 'month', asOf.slice(0, 10));

const sum = (r: DateRange) => {
  let cents = 0;
  let count = 0;
  for (const f of facts) {
    if (f.period < r.start || f.period > r.end) continue;
    cents += Math.round(f.sales * 100);
    count += f.count;
  }
  return { sales: cents / 100, count };
};
const growth = (c: number, b: number) => (b === 0 ? null : (c - b) / b);
function close(actual: number | null | undefined, expected: number | null, what: string) {
  if (expected === null) {
    expect(actual ?? null, what).toBeNull();
    return;
  }
  expect(Math.abs(Number(actual) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-7 * Math.max(1, Math.abs(expected)),
  );
}

/** The first missing month and the last full one before it, from the rows alone. */
const present = [...new Set(facts.map((f) => f.period))].sort();
const lastFull = present.find((p, i) => i + 1 < present.length && present[i + 1] !== addMonths(p, 1))!;
const gapStart = addMonths(lastFull, 1);
/** Six months: two full ones before the gap, four missing. Chain base and yoy base are full. */
const R: DateRange = { start: addMonths(gapStart, -2), end: addMonths(gapStart, 3) };
const MOM: DateRange = { start: addMonths(R.start, -6), end: addMonths(R.start, -1) };
const YOY: DateRange = { start: addMonths(R.start, -12), end: addMonths(R.end, -12) };

/** The messy fixture generated and imported into a DuckDB warehouse of this file's own. */
async function duckdbTarget(): Promise<WarehouseTarget & { cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketlens-messy-'));
  await generate({ shape: 'messy', scale: 'tiny', seed: SEED, asOf: AS_OF, out: path.join(dir, 'source') });
  const warehouseUrl = path.join(dir, 'warehouse');
  const w = await openWarehouse({ warehouseUrl, warehouseRefreshMs: 0 });
  try {
    await w.importDataset(path.join(dir, 'source', MESSY_DATASET));
  } finally {
    await w.close();
  }
  return { engine: 'duckdb', url: warehouseUrl, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The run's ClickHouse cluster with the messy fixture in a database of its own, imported once per run. */
async function clickhouseTarget(): Promise<WarehouseTarget> {
  const ch = await testCluster();
  if (!ch.cluster) return { engine: 'clickhouse', skip: ch.skip };
  const url = ch.cluster.url.replace(/\/[A-Za-z0-9_]+\?/, '/marketlens_messy?');
  const stateDir = inject('clickhouseStateDir');
  const done = path.join(stateDir, 'messy-imported');
  await withRunLock(path.join(stateDir, 'messy-import.lock'), 300_000, async () => {
    if (existsSync(done)) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'marketlens-messy-ch-'));
    try {
      await generate({ shape: 'messy', scale: 'tiny', seed: SEED, asOf: AS_OF, out: dir });
      const w = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
      try {
        await w.importDataset(path.join(dir, MESSY_DATASET));
      } finally {
        await w.close();
      }
      writeFileSync(done, url);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return { engine: 'clickhouse', url };
}

const duck = await duckdbTarget();
afterAll(() => duck.cleanup());

describeOnEach([duck, await clickhouseTarget()], 'messy fixture API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ withData: true, warehouse: target, env: { RATE_LIMIT_PER_IP: '100000' } });
    const { metadata } = t.ctx;
    const owner = await makeUser(t.ctx, 'm_root', { role: 'root' });
    project = (
      await metadata.projects.create({
        name: 'messy',
        dataset: MESSY_DATASET,
        ownerId: owner.id,
        pages: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      })
    ).id;
    await metadata.projectCategories.add(project, [root], 'ready');
    admin = (await login(t.app, 'm_root')).access_token;
  });
  afterAll(() => t?.close());

  const data = async (url: string, payload: object, locale?: string) => {
    const res = await postAs(t.app, admin, url, payload, locale);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('/table_date: the span, the last complete month before the gap, every gap', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/common/table_date?data_scope_id=${project}`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.farthest_date).toBe(present[0]);
    expect(d.latest_date).toBe(present.at(-1));
    expect(typeof d.as_of).toBe('string');
    const coverage = coverageAt(d.as_of);
    expect(d.last_complete_date).toBe(lastFull);
    expect(d.last_complete_date).toBe(coverage.lastComplete);
    expect(d.gaps).toEqual(datasetGaps(coverage));
    // The gaps are the thin first month, the 19 missing ones and the sparse latest month.
    expect(d.gaps.filter((g: { state: string }) => g.state === 'missing').length).toBe(19);
    expect(d.gaps[0]).toEqual({ period: present[0], state: 'partial' });
    expect(d.gaps.at(-1)).toEqual({ period: present.at(-1), state: 'sparse' });
  });

  it('summary over a range reaching into the gap: figures, growth flags and the coverage warning', async () => {
    const asOf = (
      await t.app.inject({
        method: 'GET',
        url: `/api/common/table_date?data_scope_id=${project}`,
        headers: bearer(admin),
      })
    ).json().data.as_of as string | undefined;
    const coverage = coverageAt(asOf ?? new Date().toISOString());
    const d = await data('/summary', { data_scope_id: project, date: [R.start, R.end] }, 'en_us');
    const now = sum(R);
    close(d.sales, now.sales, 'sales');
    expect(d.count).toBe(now.count);
    for (const [key, base] of [
      ['chain', MOM],
      ['yoy', YOY],
    ] as const) {
      const b = sum(base);
      expect(d[key].base).toEqual(base);
      const g = growth(now.sales, b.sales);
      close(d[key].growth.sales, g, `${key} growth`);
      const expected = figureFlags({
        growth: g,
        baseIncomplete: rangeGaps(coverage, base).length > 0,
        rangeIncomplete: rangeGaps(coverage, R).length > 0,
      });
      expect(expected).toContain('range_incomplete');
      expect(d[key].flags, `${key} flags`).toEqual(expected);
    }
    // The range has missing months its full bases have not: the warning names them.
    const gaps = rangeGaps(coverage, R);
    expect(gaps.map((g) => g.state)).toEqual(['missing', 'missing', 'missing', 'missing']);
    const warning = d.warnings.find((w: { code: string }) => w.code === 'analytics.unequalCoverage');
    expect(warning, JSON.stringify(d.warnings)).toBeDefined();
    for (const g of gaps) expect(warning.msg).toContain(periodLabel(g.period, 'month'));
  });

  it('top brands: the one brand holds the whole market, its growth carries the flags', async () => {
    const asOf = (
      await t.app.inject({
        method: 'GET',
        url: `/api/common/table_date?data_scope_id=${project}`,
        headers: bearer(admin),
      })
    ).json().data.as_of as string | undefined;
    const coverage = coverageAt(asOf ?? new Date().toISOString());
    const d = await data('/top', { data_scope_id: project, date: [R.start, R.end], kind: 'brand', selector: 'yoy' });
    expect(d.items.map((i: { id: number }) => i.id)).toEqual([brand]);
    const row = d.items[0];
    close(row.sales, sum(R).sales, 'brand sales');
    close(row.share, 1, 'brand share');
    const g = growth(sum(R).sales, sum(YOY).sales);
    close(row.growth.sales, g, 'brand growth');
    expect(row.flags).toEqual(
      figureFlags({
        growth: g,
        baseIncomplete: rangeGaps(coverage, YOY).length > 0,
        rangeIncomplete: rangeGaps(coverage, R).length > 0,
      }),
    );
  });

  it('the sparse latest month against a missing year-ago month: no growth, both ranges flagged', async () => {
    const latest = present.at(-1)!;
    const d = await data('/summary', { data_scope_id: project, date: [latest, latest] });
    close(d.sales, sum({ start: latest, end: latest }).sales, 'latest sales');
    // A year before, the gap: nothing to grow from.
    expect(sum({ start: addMonths(latest, -12), end: addMonths(latest, -12) }).sales).toBe(0);
    expect(d.yoy.growth.sales).toBeNull();
    expect(d.yoy.flags).toEqual(['base_incomplete', 'range_incomplete']);
  });
});
