#!/usr/bin/env node
/**
 * `node bench/id-lists.mjs` — what a category list costs DuckDB to plan, which decides how a grant is
 * written: one rollup total over the demo data's first 5, 40 and all leaves, the list written three ways —
 * bound values
 * `IN ($1 … $n)`, inlined literals `IN (1, 2 …)`, and one run `BETWEEN $1 AND $2` (what
 * `categoriesIn` writes for consecutive leaves). Prints CPU and wall ms per statement, run one after
 * another, 3 interleaved rounds of BENCH_N (default 100). Needs `npm run build` and the demo
 * warehouse of `npm run bench:load` (bench/.work/demo/warehouse).
 */
import path from 'node:path';
import { here, root } from './lib/data.mjs';

const { openWarehouse } = await import(path.join(root, 'packages/server/dist/warehouse/index.js'));
const warehouse = await openWarehouse({
  warehouseUrl: path.join(here, '.work/demo/warehouse'),
  warehouseRefreshMs: 0,
});
const t = (table) => warehouse.tableName('cn_monthly', table);
const leaves = (
  await warehouse.query(`SELECT category_id FROM ${t('dim_category')} WHERE level = 3 ORDER BY category_id`)
).map((r) => Number(r.category_id));
const N = Number(process.env.BENCH_N ?? 100);

/** The statement with the list written as `kind`. */
function statement(ids, kind) {
  const params = [];
  const bind = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const cond =
    kind === 'between'
      ? `f."category_id" BETWEEN ${bind(ids[0])} AND ${bind(ids.at(-1))}`
      : `f."category_id" IN (${ids.map((id) => (kind === 'inlined' ? String(id) : bind(id))).join(', ')})`;
  const sql = `SELECT CAST(SUM(sales) AS DOUBLE) AS sales, CAST(SUM("count") AS DOUBLE) AS cnt FROM ${t('rollup_cat_channel')} f WHERE ${cond} AND f."period" BETWEEN CAST(${bind('2025-01-01')} AS DATE) AND CAST(${bind('2025-06-01')} AS DATE) HAVING count(*) > 0`;
  return { sql, params };
}

const KINDS = ['bound', 'inlined', 'between'];
for (const size of [5, 40, leaves.length]) {
  const ids = leaves.slice(0, size);
  const out = Object.fromEntries(KINDS.map((k) => [k, []]));
  for (let round = 0; round < 3; round++) {
    for (const kind of KINDS) {
      const s = statement(ids, kind);
      for (let i = 0; i < 10; i++) await warehouse.query(s.sql, s.params);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < N; i++) await warehouse.query(s.sql, s.params);
      const cpu = process.cpuUsage(cpu0);
      out[kind].push(`${((cpu.user + cpu.system) / 1000 / N).toFixed(2)}/${((performance.now() - t0) / N).toFixed(2)}`);
    }
  }
  console.log(`${size} ids, CPU/wall ms per statement: ${KINDS.map((k) => `${k} ${out[k].join(' ')}`).join(' | ')}`);
}
await warehouse.close();
