import { afterAll, beforeAll, expect, it } from 'vitest';
import { postAs } from '../auth/helpers.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { pageProject } from '../support/grant-projects.js';
import { describeOnEach, warehouseTargets, withQuery } from '../support/warehouses.js';

/**
 * A statement the warehouse refuses reaches the user as a code and a message in their language
 * (plugins/errors.ts, WarehouseQueryError), never a bare 500 "internal error": the real engines
 * fail real statements here — the app's sales statements are sent altered (a column no table has;
 * on ClickHouse, text past the server's max_query_size, as the Product Analysis statement that
 * inlined every product id of the market was).
 */

/** What the app's sales statements are turned into on their way to the real engine. */
let alter: ((sql: string) => string) | undefined;

const SALES = /fact_sales|rollup_cat_/;

describeOnEach(await warehouseTargets(), 'engine failures in the API', (target) => {
  let t: TestApp;
  let project: number;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({
      withData: true,
      warehouse: target,
      env: { RATE_LIMIT_PER_IP: '100000' },
      wrapWarehouse: (warehouse) =>
        withQuery(warehouse, (real, sql, params, options) =>
          real(alter && SALES.test(sql) ? alter(sql) : sql, params, options),
        ),
    });
    ({ project, admin } = await pageProject(t.ctx, t.app, {
      prefix: 'ee',
      name: 'engine-errors',
      page: 6,
      categories: [1, 4],
      granted: 101,
      outsiderGrant: [1],
    }));
  });
  afterAll(async () => {
    alter = undefined;
    await t.close();
  });

  /** The request: Product Analysis for the whole market (each test its own range: answers are cached). */
  const ask = (locale: string, date = ['2026-01-01', '2026-03-01']) =>
    postAs(t.app, admin, '/analysis/summary', { data_scope_id: project, date, selector: 'mom', locale });

  it('a statement the engine rejects: 500 warehouse_query_failed, translated, naming the warehouse', async () => {
    const name = target.engine === 'duckdb' ? 'DuckDB' : 'ClickHouse';
    // A column no table has, in the outermost SELECT of every sales statement.
    alter = (sql) => sql.replace(/^SELECT /, 'SELECT no_such_column_anywhere AS broken, ');
    try {
      for (const [locale, msg] of [
        [
          'en_us',
          `The ${name} data warehouse could not answer this analysis. The problem has been logged; please try again later.`,
        ],
        ['zh_cn', `数据仓库（${name}）无法完成本次分析，问题已记录，请稍后重试`],
      ] as const) {
        const res = await ask(locale);
        expect(res.statusCode, res.body).toBe(500);
        expect(res.json()).toEqual({ ok: false, code: 'warehouse_query_failed', msg });
      }
    } finally {
      alter = undefined;
    }
    // Unaltered, the same request answers.
    expect((await ask('en_us')).statusCode).toBe(200);
  });

  it.runIf(target.engine === 'clickhouse')(
    "a statement over the server's max_query_size: 503 warehouse_limit, translated, asking for a narrower filter",
    async () => {
      // 18.16's default max_query_size is 256 KiB; ClickHouse reads it as a syntax error (code 62).
      alter = (sql) => `${sql}\n/* ${'x'.repeat(300 * 1024)} */`;
      try {
        const range = ['2025-01-01', '2025-06-01'];
        const en = await ask('en_us', range);
        expect(en.statusCode, en.body).toBe(503);
        expect(en.json()).toEqual({
          ok: false,
          code: 'warehouse_limit',
          msg: 'This analysis is too large for the ClickHouse data warehouse. Narrow the filter (fewer categories, products or months) and try again.',
        });
        const zh = await ask('zh_cn', range);
        expect(zh.statusCode).toBe(503);
        expect(zh.json().msg).toBe(
          '本次分析超出数据仓库（ClickHouse）的处理上限，请缩小筛选范围（更少的类目、商品或月份）后重试',
        );
      } finally {
        alter = undefined;
      }
    },
  );
});
