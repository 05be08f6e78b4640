#!/usr/bin/env node
/**
 * A/B of two builds of the analytics engine on one DuckDB warehouse (interleaved runs, p50), e.g.
 * the SQL builder before and after a change:
 *
 *   git archive <commit> packages/server/src packages/server/tsconfig.json tsconfig.base.json | tar -x -C /tmp/old
 *   (cd /tmp/old/packages/server && npx tsc -p tsconfig.json)   # reference errors can be ignored
 *   UV_THREADPOOL_SIZE=8 node bench/builder-ab.mjs <warehouse dir with cn_monthly> /tmp/old/packages/server/dist
 *
 * The old build must resolve @marketlens/* (put it under this checkout, or link node_modules).
 * Env: RUNS (default 15).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const oldDist = path.resolve(process.argv[3]);
const { openWarehouse } = await import(`${root}/packages/server/dist/warehouse/index.js`);
const New = (await import(`${root}/packages/server/dist/analytics/engine/service.js`)).AnalyticsEngine;
const Old = (await import(`${oldDist}/analytics/engine/service.js`)).AnalyticsEngine;
const warehouse = await openWarehouse({ warehouseUrl: process.argv[2], warehousePoolSize: 4, warehouseRefreshMs: 0 });
const engines = { old: new Old(warehouse), new: new New(warehouse) };
const cat = await engines.new.catalog('cn_monthly');
const ds = engines.new.dataset('cn_monthly');
const grant = { categories: cat.leavesOf([...cat.categories.keys()]), brands: null, shops: null };
const l1 = [...cat.categories.values()].find(
  (c) => c.level === 1 && cat.leavesOf([c.category_id]).length > 3,
).category_id;
const latest = ds.latestDate;
const y = Number(latest.slice(0, 4));
const last12 = { start: `${y - 1}${latest.slice(4)}`, end: latest };
const last60 = { start: `${y - 5}${latest.slice(4)}`, end: latest };
const base = {
  dataset: 'cn_monthly',
  granularity: 'month',
  comparison: { kind: 'none' },
  discount: false,
  filter: { categories: cat.leavesOf([l1]) },
};
const panels = {
  top100_brands: {
    dimensions: ['brand'],
    measures: ['sales', 'share'],
    range: last12,
    sort: { by: 'sales', desc: true },
    limit: 100,
  },
  top100_skus: {
    dimensions: ['sku'],
    measures: ['sales', 'share'],
    range: last12,
    sort: { by: 'sales', desc: true },
    limit: 100,
  },
  trend_cat2: { dimensions: ['period', 'category_2'], measures: ['sales', 'share'], range: last60 },
  cat1_cat3: { dimensions: ['category_1', 'category_3'], measures: ['sales', 'share'], range: last12 },
  channel_yoy: { dimensions: ['channel'], measures: ['sales', 'share'], range: last12, comparison: { kind: 'yoy' } },
  keywords50: {
    dimensions: ['keyword:zh'],
    measures: ['sales', 'share'],
    range: last12,
    sort: { by: 'sales', desc: true },
    limit: 50,
  },
  cat2_price_band: {
    dimensions: ['category_2', 'price_band'],
    measures: ['sales', 'share'],
    range: last12,
    bands: [
      [0, 50],
      [50, 200],
      [200, null],
    ],
  },
};
const RUNS = Number(process.env.RUNS ?? 15);
const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('| panel | rows | before p50 ms | after p50 ms | after/before |\n|---|---|---|---|---|');
for (const [name, p] of Object.entries(panels)) {
  const q = { ...base, ...p };
  const t = { old: [], new: [] };
  const rows = {};
  for (const k of ['old', 'new']) rows[k] = (await engines[k].run(grant, q, { noCache: true })).rows; // warm
  if (
    JSON.stringify(rows.old.map((r) => [r.keys, Math.round(r.sales)])) !==
    JSON.stringify(rows.new.map((r) => [r.keys, Math.round(r.sales)]))
  )
    console.log(`!! ${name}: answers differ`);
  for (let i = 0; i < RUNS; i++) {
    for (const k of i % 2 ? ['old', 'new'] : ['new', 'old']) {
      const t0 = performance.now();
      await engines[k].run(grant, q, { noCache: true });
      t[k].push(performance.now() - t0);
    }
  }
  const a = p50(t.old),
    b = p50(t.new);
  console.log(`| ${name} | ${rows.new.length} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
}
await warehouse.close();
process.exit(0);
