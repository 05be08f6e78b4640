import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_INLINE_LIST } from '../../src/analytics/engine/dialect.js';
import type { ResolvedGrant } from '../../src/analytics/engine/filters.js';
import type { AnalyticsQuery, Dimension } from '../../src/analytics/engine/model.js';
import { RowNamer } from '../../src/analytics/engine/names.js';
import { AnalyticsEngine } from '../../src/analytics/engine/service.js';
import type { RawRow } from '../../src/analytics/engine/shape.js';
import { buildKeysSql } from '../../src/analytics/engine/sql.js';
import type { QueryParams, Row, WarehouseEngine, WarehouseTable } from '../../src/warehouse/engine.js';
import { describeOnEach, openTarget, warehouseTargets, withQuery } from '../support/warehouses.js';

/**
 * The display names of analysis rows: read by id after the grouped query and kept per
 * dataset version instead of joined in every statement — planning the join cost DuckDB more than
 * running the statement. The names are the dimension tables' own, in both languages, and only the
 * keys of the rows answered are looked up.
 */

const targets = await warehouseTargets();
const DATASET = 'cn_monthly';

const query = (dimensions: Dimension[], q: Partial<AnalyticsQuery> = {}): AnalyticsQuery => ({
  dataset: DATASET,
  granularity: 'month',
  measures: ['sales', 'share'],
  dimensions,
  filter: {},
  range: { start: '2025-01-01', end: '2025-03-01' },
  comparison: { kind: 'mom' },
  discount: false,
  ...q,
});

/** Where each dimension's names live, read here independently of the engine. */
const SOURCES: Partial<Record<Dimension, { table: WarehouseTable; key: string; zh: string; en: string }>> = {
  brand: { table: 'dim_brand', key: 'brand_id', zh: 'name_zh', en: 'name_en' },
  shop: { table: 'dim_shop', key: 'shop_id', zh: 'name_zh', en: 'name_en' },
  platform: { table: 'dim_platform', key: 'platform_id', zh: 'name_zh', en: 'name_en' },
  channel: {
    table: 'dim_channel',
    key: "concat(CAST(platform_id AS VARCHAR), ',', shop_type)",
    zh: 'name_zh',
    en: 'name_en',
  },
  category_1: { table: 'dim_category', key: 'category_id', zh: 'name_zh', en: 'name_en' },
  category_2: { table: 'dim_category', key: 'category_id', zh: 'name_zh', en: 'name_en' },
  category_3: { table: 'dim_category', key: 'category_id', zh: 'name_zh', en: 'name_en' },
  sku: { table: 'dim_sku', key: 'sku_id', zh: 'title_zh', en: 'title_en' },
};

/** Name tables: no statement over sales rows may read one. */
const NAME_TABLES = ['dim_brand', 'dim_shop', 'dim_platform', 'dim_channel', 'dim_sku'];

describeOnEach(targets, 'names of analysis rows', (target) => {
  let real: WarehouseEngine;
  const sent: { sql: string; params: QueryParams }[] = [];
  const engineOver = () =>
    new AnalyticsEngine(
      withQuery(real, (q, sql, params, options) => {
        sent.push({ sql, params: params ?? [] });
        return q(sql, params, options);
      }),
    );
  let engine: AnalyticsEngine;
  let all: ResolvedGrant;

  beforeAll(async () => {
    real = await openTarget(target);
    engine = engineOver();
    all = { categories: (await engine.catalog(DATASET)).leaves, brands: null, shops: null };
  });
  afterAll(async () => {
    await engine?.parser.close();
    await real?.close();
  });

  const namesIn = async (dim: Dimension) => {
    const s = SOURCES[dim]!;
    // ClickHouse spells the cast of the channel key its own way.
    const key =
      target.engine === 'clickhouse' ? s.key.replace('CAST(platform_id AS VARCHAR)', 'toString(platform_id)') : s.key;
    const rows = await real.query<{ k: string | number; zh: string; en: string }>(
      `SELECT ${key} AS k, ${s.zh} AS zh, ${s.en} AS en FROM ${real.tableName(DATASET, s.table)}`,
    );
    return new Map(rows.map((r) => [String(r.k), { zh: r.zh, en: r.en }]));
  };
  const salesStatements = () => sent.filter((s) => /rollup_|fact_sales/.test(s.sql));

  it.each(Object.keys(SOURCES) as Dimension[])(
    '%s: every row named from its table, no name table joined',
    async (dim) => {
      sent.length = 0;
      const result = await engine.answer(all, query([dim]), { noCache: true });
      expect(result.rows.length).toBeGreaterThan(0);
      const names = await namesIn(dim);
      for (const row of result.rows)
        expect(row.labels[dim], `${dim} ${row.keys[dim]}`).toEqual(names.get(String(row.keys[dim])));
      expect(salesStatements().length).toBeGreaterThan(0);
      for (const s of salesStatements()) for (const t of NAME_TABLES) expect(s.sql).not.toContain(t);
    },
  );

  it('names once read are kept: the same rows again send no name read', async () => {
    await engine.answer(all, query(['brand', 'platform']), { noCache: true });
    sent.length = 0;
    const again = await engine.answer(all, query(['brand', 'platform'], { comparison: { kind: 'yoy' } }), {
      noCache: true,
    });
    expect(again.rows.every((r) => r.labels.brand?.zh && r.labels.platform?.zh)).toBe(true);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((s) => NAME_TABLES.some((t) => s.sql.includes(t)))).toEqual([]);
  });

  it('a request cancelled while the names are first read does not fail another one reading them with it', async () => {
    // The channel names' read is held until both requests wait for it; then the first is cancelled.
    let seen!: () => void;
    const reading = new Promise<void>((r) => {
      seen = r;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const fresh = new AnalyticsEngine(
      withQuery(real, async (q, sql, params, options) => {
        if (sql.includes('dim_channel')) {
          seen();
          await held;
        }
        return q(sql, params, options);
      }),
    );
    try {
      const cancel = new AbortController();
      const first = fresh.answer(all, query(['channel']), { noCache: true, signal: cancel.signal });
      const second = fresh.answer(all, query(['channel']), { noCache: true });
      first.catch(() => {});
      await reading;
      await new Promise((r) => setTimeout(r, 50));
      cancel.abort();
      await expect(first).rejects.toThrow();
      release();
      const names = await namesIn('channel');
      const answer = await second;
      expect(answer.rows.length).toBeGreaterThan(0);
      for (const row of answer.rows) expect(row.labels.channel).toEqual(names.get(String(row.keys.channel)));
    } finally {
      release();
      await fresh.parser.close();
    }
  });

  it('an answer too large to list is named through its own key set: no statement grows with the data', async () => {
    // Every product of the market over all its periods (Product Analysis for the whole market):
    // more products than a statement lists, which ClickHouse 18.16 refused beyond max_query_size.
    const fresh = engineOver();
    try {
      const range = { start: '2000-01-01', end: '2099-12-01' };
      sent.length = 0;
      const result = await fresh.answer(all, query(['sku'], { range, comparison: { kind: 'none' } }), {
        noCache: true,
      });
      expect(result.rows.length).toBeGreaterThan(MAX_INLINE_LIST);
      const names = await namesIn('sku');
      for (const row of result.rows) expect(row.labels.sku).toEqual(names.get(String(row.keys.sku)));
      const ids = result.rows.map((r) => String(r.keys.sku));
      for (const s of sent) {
        const text = `${s.sql} ${JSON.stringify(s.params)}`;
        const listed = ids.filter((id) => text.includes(id)).length;
        expect(listed, s.sql.slice(0, 200)).toBeLessThanOrEqual(MAX_INLINE_LIST);
      }
    } finally {
      await fresh.parser.close();
    }
  });

  it('at bench scale (100 000 products to name) the name statement keeps its size and runs', async () => {
    const catalog = await engine.catalog(DATASET);
    const products = await real.query<{ id: number | string }>(
      `SELECT sku_id AS id FROM ${real.tableName(DATASET, 'dim_sku')}`,
    );
    const known = products.map((p) => Number(p.id));
    // The dataset's products and as many more ids as make 100 000 rows (ids no product has).
    const top = Math.max(...known);
    const ids = [...known, ...Array.from({ length: 100_000 - known.length }, (_, i) => top + 1 + i)];
    const rows: RawRow[] = ids.map((id) => ({ keys: [id], sums: { sales: 1, count: 1 }, totals: [], labels: [] }));
    const statements: { sql: string; params: QueryParams }[] = [];
    const namer = new RowNamer<object>(
      real,
      <T extends Row>(_ds: unknown, built: { sql: string; params: QueryParams }) => {
        statements.push(built);
        return real.query<T>(built.sql, built.params);
      },
    );
    const plan = { table: 'fact_sales', columns: new Set() } as const;
    const scope = { ...engine.scope(DATASET), leaves: catalog.leaves, customColumns: catalog.customColumns };
    const range = { start: '2000-01-01', end: '2099-12-01' };
    await namer.name(catalog, ['sku'], rows, {}, (dimension, params) =>
      buildKeysSql(all, { dimension, filter: {}, range }, plan as never, { ...scope, params }),
    );
    expect(statements).toHaveLength(1);
    const [names] = statements;
    // A few hundred characters and values whatever the number of rows; inlined, the ids grew with the rows.
    expect(names!.sql.length).toBeLessThan(4_096);
    // Bound values too (DuckDB): a list value of the ids would be the same growth, bound.
    expect(JSON.stringify(names!.params).length).toBeLessThan(1_024);
    const expected = await namesIn('sku');
    const sold = new Set(
      (
        await real.query<{ id: number | string }>(
          `SELECT DISTINCT sku_id AS id FROM ${real.tableName(DATASET, 'fact_sales')}`,
        )
      ).map((r) => String(r.id)),
    );
    for (const row of rows) {
      const id = String(row.keys[0]);
      expect(row.labels[0], id).toEqual(sold.has(id) ? expected.get(id) : { zh: '', en: '' });
    }
  });

  it('only the keys of the rows answered are looked up: a grant of one brand reads that one name', async () => {
    const fresh = engineOver();
    try {
      const sold = await engine.answer(all, query(['brand']), { noCache: true });
      const one = Number(sold.rows.at(-1)!.keys.brand);
      sent.length = 0;
      const result = await fresh.answer({ ...all, brands: [one] }, query(['brand']), { noCache: true });
      expect(result.rows.map((r) => Number(r.keys.brand))).toEqual([one]);
      const reads = sent.filter((s) => s.sql.includes('dim_brand'));
      expect(reads).toHaveLength(1);
      // Values are bound (DuckDB) or written in escaped (ClickHouse): either way the ids are in the text.
      const text = `${reads[0]!.sql} ${JSON.stringify(reads[0]!.params)}`;
      expect(text).toMatch(new RegExp(`\\b${one}\\b`));
      for (const other of sold.rows.map((r) => Number(r.keys.brand)).filter((b) => b !== one))
        expect(text).not.toMatch(new RegExp(`\\b${other}\\b`));
    } finally {
      await fresh.parser.close();
    }
  });
});
