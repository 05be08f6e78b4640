import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addMonths, classifyCoverage, datasetGaps, type PeriodStats, periodsOf } from '@marketlens/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMessyMarket, generate, MESSY_DATASET, parseArgs, runCli } from '../src/index.js';
import { AS_OF, HOOK_TIMEOUT, hashTree, readTable, tempDir } from './helpers.js';

/**
 * The messy fixture (docs/datagen.md "The messy fixture"): its promised shape is read from the files
 * it writes, and judged by the shared coverage rules (coverage.ts), not by the generator's constants.
 */

const SEED = 11;
type Row = Record<string, unknown>;

/** Per-period stats of fact rows, as the importer counts them. */
function statsOf(facts: readonly Row[]): PeriodStats[] {
  const by = new Map<string, { rows: number; cents: number; skus: Set<unknown>; shops: Set<unknown> }>();
  for (const f of facts) {
    const p = String(f.period);
    const s = by.get(p) ?? { rows: 0, cents: 0, skus: new Set(), shops: new Set() };
    s.rows += 1;
    s.cents += Math.round(Number(f.sales) * 100);
    s.skus.add(f.sku_id);
    s.shops.add(f.shop_id);
    by.set(p, s);
  }
  return [...by].map(([period, s]) => ({
    period,
    rows: s.rows,
    sales: s.cents / 100,
    skus: s.skus.size,
    shops: s.shops.size,
  }));
}

/** Sorted ids are not a dense run: no two neighbours, and the span far exceeds the count. */
function expectGappy(ids: readonly number[], what: string) {
  const sorted = [...ids].sort((a, b) => a - b);
  expect(new Set(sorted).size, `${what} unique`).toBe(sorted.length);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!, `${what} gap`).toBeGreaterThan(1);
  expect(sorted[0]!, `${what} not from 1`).toBeGreaterThan(1000);
}

describe('messy fixture files', () => {
  const root = tempDir('messy');
  const tables: Record<string, Row[]> = {};

  beforeAll(async () => {
    const [summary] = await generate({
      shape: 'messy',
      scale: 'tiny',
      seed: SEED,
      asOf: AS_OF,
      out: root,
      format: 'csv',
    });
    expect(summary!.name).toBe(MESSY_DATASET);
    for (const t of ['dim_category', 'dim_brand', 'dim_shop', 'dim_sku', 'dim_platform', 'fact_sales'] as const) {
      tables[t] = await readTable(path.join(root, MESSY_DATASET, `${t}.csv`), t);
    }
  }, HOOK_TIMEOUT);

  it('manifest: monthly, no series, no discount prices', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, MESSY_DATASET, 'dataset.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: MESSY_DATASET,
      date_field: 'month',
      has_series: false,
      discount_price: false,
    });
    expect(tables.dim_sku!.every((s) => s.series === null && s.image_id === null)).toBe(true);
    expect(tables.fact_sales!.every((f) => f.sales_discount === f.sales)).toBe(true);
  });

  it('a few thousand rows over about three years: thin first month, 19 missing months, a sparse latest month', () => {
    const facts = tables.fact_sales!;
    expect(facts.length).toBeGreaterThan(1000);
    expect(facts.length).toBeLessThan(5000);
    const stats = statsOf(facts);
    const coverage = classifyCoverage(stats, 'month', AS_OF);
    const present = stats.map((s) => s.period).sort();
    const first = present[0]!;
    const last = present.at(-1)!;
    // The span ends with the last complete month before the as-of date.
    expect(last).toBe(addMonths(`${AS_OF.slice(0, 7)}-01`, -1));
    expect(periodsOf({ start: first, end: last }, 'month').length).toBe(36);

    const gaps = datasetGaps(coverage);
    const missing = gaps.filter((g) => g.state === 'missing').map((g) => g.period);
    // One run of 19 missing months, ending just before the latest month.
    expect(missing.length).toBe(19);
    expect(missing).toEqual(periodsOf({ start: missing[0]!, end: addMonths(last, -1) }, 'month'));
    for (const m of missing) expect(present).not.toContain(m);

    // Latest month: a handful of stray rows, sparse against the median month.
    const latest = stats.find((s) => s.period === last)!;
    expect(latest.rows).toBeLessThan(10);
    expect(coverage.periods.at(-1)!.state).toBe('sparse');
    // First month thin: partial (under half the typical month), the first calendar year short.
    expect(coverage.periods[0]!.state).toBe('partial');
    expect(stats.find((s) => s.period === first)!.rows).toBeLessThan(coverage.typical.rows / 2);
    expect(first.slice(5, 7)).not.toBe('01');
    // Everything else complete: the last complete month is the one before the gap.
    expect(gaps.map((g) => g.period)).toEqual([first, ...missing, last]);
    expect(coverage.lastComplete).toBe(addMonths(missing[0]!, -1));
  });

  it('one brand is the whole market; the category tree is as flat as three levels allow', () => {
    const brands = tables.dim_brand!;
    expect(brands.length).toBe(1);
    const brand = brands[0]!.brand_id;
    expect(new Set(tables.fact_sales!.map((f) => Number(f.brand_id)))).toEqual(new Set([Number(brand)]));
    expect(new Set(tables.dim_sku!.map((s) => Number(s.brand_id)))).toEqual(new Set([Number(brand)]));
    const cats = tables.dim_category!;
    expect(cats.filter((c) => Number(c.level) === 1).length).toBe(1);
    expect(cats.filter((c) => Number(c.level) === 2).length).toBe(1);
    const mid = cats.find((c) => Number(c.level) === 2)!;
    expect(
      cats.filter((c) => Number(c.level) === 3).every((c) => Number(c.parent_id) === Number(mid.category_id)),
    ).toBe(true);
  });

  it('ids are large and gappy, not dense', () => {
    expectGappy(
      tables.dim_sku!.map((s) => Number(s.sku_id)),
      'sku',
    );
    expectGappy(
      tables.dim_shop!.map((s) => Number(s.shop_id)),
      'shop',
    );
    expectGappy(
      tables.dim_category!.map((c) => Number(c.category_id)),
      'category',
    );
    expectGappy(
      tables.dim_platform!.map((p) => Number(p.platform_id)),
      'platform',
    );
    expect(Number(tables.dim_brand![0]!.brand_id)).toBeGreaterThan(1_000_000);
  });

  it('the files are the in-memory rows, and the same seed writes the same bytes', async () => {
    const market = buildMessyMarket({ seed: SEED, asOf: AS_OF });
    expect(tables.fact_sales!.length).toBe([...market.facts()].length);
    const again = path.join(root, 'again');
    await generate({ shape: 'messy', scale: 'tiny', seed: SEED, asOf: AS_OF, out: again, format: 'csv' });
    expect(hashTree(path.join(again, MESSY_DATASET))).toEqual(hashTree(path.join(root, MESSY_DATASET)));
  });
});

describe('messy fixture over seeds', () => {
  it.each([1, 2, 3, 7, 42, 20170101])('seed %i keeps the shape', (seed) => {
    const market = buildMessyMarket({ seed, asOf: '2025-07-15' });
    const facts = [...market.facts()] as unknown as Row[];
    const coverage = classifyCoverage(statsOf(facts), 'month', '2025-07-15');
    const states = coverage.periods.map((p) => p.state);
    expect(states[0]).toBe('partial');
    expect(states.at(-1)).toBe('sparse');
    expect(states.filter((s) => s === 'missing').length).toBe(19);
    expect(states.slice(1, 16).every((s) => s === 'complete')).toBe(true);
    expect(coverage.lastComplete).toBe(market.months[15]);
  });
});

describe('messy fixture CLI', () => {
  const dir = tempDir('messy-cli');
  it('takes --shape messy and refuses --scale and --datasets with it', () => {
    expect(parseArgs(['--out', 'x', '--shape', 'messy'])).toMatchObject({ kind: 'run', options: { shape: 'messy' } });
    expect(parseArgs(['--out', 'x', '--shape', 'messy', '--scale', 'tiny'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/--scale does not apply/),
    });
    expect(parseArgs(['--out', 'x', '--shape', 'messy', '--datasets', 'cn_monthly'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/--datasets does not apply/),
    });
    expect(parseArgs(['--out', 'x', '--shape', 'odd'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/unknown shape "odd"/),
    });
  });

  it('writes messy_monthly and says so', async () => {
    const out: string[] = [];
    const code = await runCli(['--out', dir, '--shape', 'messy', '--as-of', AS_OF, '--seed', '5'], {
      stdout: (t) => void out.push(t),
      stderr: () => {},
      isTTY: false,
    });
    expect(code).toBe(0);
    expect(out.join('')).toContain('Generated the messy fixture');
    expect(out.join('')).toMatch(/messy_monthly\s+[\d,]+ fact rows/);
  });
});
