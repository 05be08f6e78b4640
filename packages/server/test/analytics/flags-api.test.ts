import path from 'node:path';
import {
  addMonths,
  classifyCoverage,
  type DateRange,
  datasetGaps,
  type FigureFlag,
  LOW_BASE_GROWTH,
  type PeriodStats,
} from '@marketlens/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/index.js';
import { login, makeUser, postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { testCluster } from '../support/clickhouse.js';
import { baseFixture, type Fixture, type TableRows, tempDir, writeFixture } from '../warehouse/fixtures.js';

/**
 * Flags on growth figures and the unequal-coverage warning (docs/metrics.md "Flags") through the
 * API, on both engines, over a dataset written here: eight months with the fifth left out, and a
 * brand whose first month sold next to nothing. Expected growths are summed from the rows the test
 * wrote; a range is incomplete when it reaches the left-out month or a month outside the eight.
 */

const ch = await testCluster();
const NAME = 'fx_flags';
const MONTHS = Array.from({ length: 8 }, (_, i) => addMonths('2024-01-01', i));
const FIRST = MONTHS[0]!;
const LAST = MONTHS.at(-1)!;
/** No rows at all: missing. */
const SKIPPED = MONTHS[4]!;
/** The nuts SKU's first month: a few cents, the low base of the next month's growth. */
const TINY_MONTH = MONTHS[1]!;
const NUTS_SKU = 60002;

/** The base fixture's market over eight months, the fifth left out, the nuts SKU tiny in its first month. */
function flagsFixture(): Fixture {
  const fx = baseFixture(NAME);
  const shopType = new Map(fx.tables.dim_shop.map((s) => [s.shop_id, s.shop_type]));
  const facts: TableRows = [];
  for (const [m, period] of MONTHS.entries()) {
    if (period === SKIPPED) continue;
    for (const [i, s] of fx.tables.dim_sku.entries()) {
      if (String(s.first_period) > period) continue;
      // Quarters only: the sums are exact in binary, so the engines' sums equal the test's.
      const sales = s.sku_id === NUTS_SKU && period === TINY_MONTH ? 1.25 : 1000 * (i + 1) + 10 * m + 0.25;
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

const fixture = flagsFixture();
const facts = fixture.tables.fact_sales;
const skus = new Map(fixture.tables.dim_sku.map((s) => [Number(s.sku_id), s]));
const categories = new Map(fixture.tables.dim_category.map((c) => [Number(c.category_id), c]));

/** The level-1 category of a leaf. */
function topOf(leaf: number): number {
  let c = categories.get(leaf)!;
  while (c.parent_id !== null) c = categories.get(Number(c.parent_id))!;
  return Number(c.category_id);
}

const inside = (period: unknown, r: DateRange) => String(period) >= r.start && String(period) <= r.end;

/** Sales in a range by a key of the row (the SKU's brand, its level-1 category, or one key for all). */
function salesBy(r: DateRange, key: (f: TableRows[number]) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (const f of facts) {
    if (!inside(f.period, r)) continue;
    const k = key(f);
    out.set(k, (out.get(k) ?? 0) + Number(f.sales));
  }
  return out;
}
const byBrand = (f: TableRows[number]) => Number(f.brand_id);
const byCategory = (f: TableRows[number]) => topOf(Number(f.category_id));
const all = () => 0;

const growth = (now: number, base: number) => (base === 0 ? null : (now - base) / base);
const month = (p: string): DateRange => ({ start: p, end: p });

/** Incomplete: the range reaches the left-out month or a month outside the dataset's eight. */
function incomplete(r: DateRange): boolean {
  for (let p = r.start; p <= r.end; p = addMonths(p, 1)) if (p === SKIPPED || p < FIRST || p > LAST) return true;
  return false;
}

/** The flags a growth must carry, from its value and the two ranges, in the shown order. */
function expectedFlags(g: number | null, range: DateRange, base: DateRange): FigureFlag[] {
  const out: FigureFlag[] = [];
  if (g !== null && g >= LOW_BASE_GROWTH) out.push('low_base');
  if (incomplete(base)) out.push('base_incomplete');
  if (incomplete(range)) out.push('range_incomplete');
  return out;
}

describe('the fixture', () => {
  it('is what the expectations assume: only the left-out month is a gap, the nuts SKU grows from a low base', () => {
    // The importer's classification of these counts (coverage.test.ts checks the import stores it).
    const stats = new Map<string, PeriodStats>();
    for (const f of facts) {
      const p = String(f.period);
      const s = stats.get(p) ?? { period: p, rows: 0, sales: 0, skus: 0, shops: 0 };
      stats.set(p, { ...s, rows: s.rows + 1, sales: s.sales + Number(f.sales), skus: s.skus + 1, shops: s.shops + 1 });
    }
    const coverage = classifyCoverage([...stats.values()], 'month', '2026-01-01');
    expect(datasetGaps(coverage)).toEqual([{ period: SKIPPED, state: 'missing' }]);
    const nuts = Number(skus.get(NUTS_SKU)!.brand_id);
    const g = growth(salesBy(month(MONTHS[2]!), byBrand).get(nuts)!, salesBy(month(TINY_MONTH), byBrand).get(nuts)!);
    expect(g).toBeGreaterThanOrEqual(LOW_BASE_GROWTH);
  });
});

const engines = [
  { engine: 'duckdb' as const, skip: undefined },
  { engine: 'clickhouse' as const, skip: ch.skip },
];

for (const { engine, skip } of engines) {
  describe.skipIf(skip !== undefined)(`flags on growth figures on ${engine}`, () => {
    let scratch: { dir: string; cleanup: () => void };
    let t: TestApp;
    let project: number;
    let token: string;

    beforeAll(async () => {
      scratch = tempDir('ml-flags-');
      // ClickHouse: a database of this file's own, so no other test's datasets are in the way.
      const url =
        engine === 'duckdb'
          ? path.join(scratch.dir, 'warehouse')
          : ch.cluster!.url.replace(/\/[A-Za-z0-9_]+\?/, '/marketlens_flags?');
      const src = await writeFixture(fixture, path.join(scratch.dir, 'src'));
      const warehouse = await openWarehouse({ warehouseUrl: url, warehouseRefreshMs: 0 });
      try {
        await warehouse.importDataset(src);
      } finally {
        await warehouse.close();
      }
      t = await buildTestApp({ withData: true, warehouse: { engine, url }, env: { RATE_LIMIT_PER_IP: '100000' } });
      const root = await makeUser(t.ctx, 'flags_root', { role: 'root' });
      project = (await t.ctx.metadata.projects.create({ name: 'flags', dataset: NAME, ownerId: root.id, pages: [4] }))
        .id;
      // Root sees the project's categories: every level-1 category of the fixture.
      const tops = fixture.tables.dim_category.filter((c) => c.level === 1).map((c) => Number(c.category_id));
      await t.ctx.metadata.projectCategories.add(project, tops, 'ready');
      token = (await login(t.app, 'flags_root')).access_token;
    });
    afterAll(async () => {
      await t?.close();
      scratch?.cleanup();
    });

    const body = (range: DateRange, extra: object = {}) => ({
      data_scope_id: project,
      date: [range.start, range.end],
      ...extra,
    });
    const ask = async (url: string, payload: object, locale?: string) => {
      const res = await postAs(t.app, token, url, payload, locale);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const codes = (d: { warnings: { code: string }[] }) => d.warnings.map((w) => w.code);

    it('rows of a distribution: low base from the growth, nothing incomplete when both months are covered', async () => {
      const range = month(MONTHS[2]!);
      const base = month(MONTHS[1]!);
      const d = await ask('/distributions', body(range, { selector: 'mom' }));
      const now = salesBy(range, byCategory);
      const before = salesBy(base, byCategory);
      expect(d.rows.length).toBe(now.size);
      for (const row of d.rows) {
        const g = growth(now.get(Number(row.key))!, before.get(Number(row.key)) ?? 0);
        expect(row.flags, `category ${row.key}`).toEqual(expectedFlags(g, range, base));
      }
      // The food category is the nuts SKU's: its growth is against the tiny month.
      expect(d.rows.some((r: { flags: string[] }) => r.flags.includes('low_base'))).toBe(true);
      expect(codes(d)).not.toContain('analytics.unequalCoverage');
    });

    it('a base in the left-out month marks every row and warns, naming the month, in both languages', async () => {
      const range = month(MONTHS[5]!);
      const base = month(SKIPPED);
      const d = await ask('/distributions', body(range, { selector: 'mom' }), 'en_us');
      for (const row of d.rows) expect(row.flags).toEqual(expectedFlags(null, range, base));
      expect(d.rows.length).toBeGreaterThan(0);
      const warning = d.warnings.find((w: { code: string }) => w.code === 'analytics.unequalCoverage');
      expect(warning?.msg).toContain(`${SKIPPED.slice(0, 7)} (missing)`);
      const zh = await ask('/distributions', body(range, { selector: 'mom' }));
      const zhWarning = zh.warnings.find((w: { code: string }) => w.code === 'analytics.unequalCoverage');
      expect(zhWarning?.msg).toContain(`${SKIPPED.slice(0, 7)}（缺失）`);
    });

    it('trend points carry the flags of their own month and its base month', async () => {
      const range: DateRange = { start: MONTHS[2]!, end: LAST };
      const d = await ask('/trends', body(range, { selector: 'mom', metric: 'sales' }));
      const periods = MONTHS.filter((p) => inside(p, range) && p !== SKIPPED);
      expect(d.points.map((p: { period: string }) => p.period)).toEqual(periods);
      for (const point of d.points) {
        const own = month(point.period);
        const base = month(addMonths(point.period, -1));
        const g = growth(salesBy(own, all).get(0) ?? 0, salesBy(base, all).get(0) ?? 0);
        expect(point.flags, point.period).toEqual(expectedFlags(g, own, base));
      }
      // The month after the gap is compared with nothing.
      expect(d.points.find((p: { period: string }) => p.period === MONTHS[5])!.flags).toContain('base_incomplete');
      // Both the range and its base (a month earlier) reach the gap: covered alike, no warning.
      expect(codes(d)).not.toContain('analytics.unequalCoverage');
    });

    it('summary cards: a year-earlier base outside the dataset is incomplete; the chosen comparison warns', async () => {
      const range: DateRange = { start: MONTHS[2]!, end: MONTHS[3]! };
      const d = await ask('/summary', body(range, { selector: 'yoy' }), 'en_us');
      const now = salesBy(range, all).get(0)!;
      const mom = { start: MONTHS[0]!, end: MONTHS[1]! };
      const yoy = { start: addMonths(range.start, -12), end: addMonths(range.end, -12) };
      expect(d.chain.base).toEqual(mom);
      expect(d.yoy.base).toEqual(yoy);
      expect(d.chain.flags).toEqual(expectedFlags(growth(now, salesBy(mom, all).get(0)!), range, mom));
      expect(d.yoy.flags).toEqual(expectedFlags(null, range, yoy));
      expect(d.yoy.flags).toEqual(['base_incomplete']);
      const warning = d.warnings.find((w: { code: string }) => w.code === 'analytics.unequalCoverage');
      expect(warning?.msg).toContain(`${yoy.start.slice(0, 7)} (missing)`);
      expect(warning?.msg).toContain(`${yoy.end.slice(0, 7)} (missing)`);
      // Compared with the preceding months (covered like the range) nothing warns.
      expect(codes(await ask('/summary', body(range, { selector: 'mom' })))).not.toContain('analytics.unequalCoverage');
    });

    it('the ranking and its download: flags per brand, and a Flags column in words of the language', async () => {
      const range = month(MONTHS[2]!);
      const base = month(MONTHS[1]!);
      const payload = body(range, { selector: 'mom', kind: 'brand' });
      const d = await ask('/top', payload);
      const now = salesBy(range, byBrand);
      const before = salesBy(base, byBrand);
      const expected = new Map<number, FigureFlag[]>();
      for (const item of d.items) {
        const flags = expectedFlags(growth(now.get(item.id)!, before.get(item.id) ?? 0), range, base);
        expected.set(item.id, flags);
        expect(item.flags, `brand ${item.id}`).toEqual(flags);
      }
      const nuts = Number(skus.get(NUTS_SKU)!.brand_id);
      expect(expected.get(nuts)).toEqual(['low_base']);

      for (const [locale, column, word] of [
        ['en_us', 'Flags', 'low base'],
        ['zh_cn', '标记', '低基数'],
      ] as const) {
        const res = await postAs(t.app, token, '/top/downloads', payload, locale);
        expect(res.statusCode, res.body).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as never);
        const ws = wb.worksheets[0]!;
        let header = 0;
        ws.eachRow((row, n) => {
          if (row.getCell(1).value === (locale === 'en_us' ? 'Rank' : '排名')) header = n;
        });
        expect(header).toBeGreaterThan(0);
        const cells = ws.getRow(header).values as unknown[];
        const flagsAt = cells.indexOf(column);
        expect(flagsAt, `${column} column`).toBeGreaterThan(0);
        // Rows in the answer's order: the nuts brand's row says "low base", the others nothing.
        d.items.forEach((item: { id: number }, i: number) => {
          const text = ws.getRow(header + 1 + i).getCell(flagsAt).value ?? '';
          expect(text, `brand ${item.id}`).toBe(expected.get(item.id)!.length ? word : '');
        });
      }
    });
  });
}
