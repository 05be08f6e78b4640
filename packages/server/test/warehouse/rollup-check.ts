import { expect } from 'vitest';
import type { WarehouseEngine } from '../../src/warehouse/engine.js';
import type { RollupDef } from '../../src/warehouse/rollups.js';

type TableName = (table: Parameters<WarehouseEngine['tableName']>[1]) => string;

/**
 * Asserts that a rollup holds exactly the facts' sums, in total and per group: the reference is
 * fact_sales joined with the product for the columns a rollup keeps (price; attribute as one row
 * per value of the SKU), grouped by the rollup's keys. Also checks the category-then-period order.
 */
export async function expectRollupMatchesFacts(engine: WarehouseEngine, t: TableName, r: RollupDef): Promise<void> {
  const source = (dims: readonly string[]) => {
    const cols = dims.flatMap((d) =>
      d === 'price' ? ['s.price'] : d === 'attribute' ? ['a.attr_name', 'a.value_zh'] : [`f.${d}`],
    );
    const joins = [
      dims.includes('price') ? `JOIN ${t('dim_sku')} s ON s.sku_id = f.sku_id` : '',
      dims.includes('attribute') ? `JOIN ${t('sku_attribute')} a ON a.sku_id = f.sku_id` : '',
    ].join(' ');
    const en = dims.includes('attribute') ? 'a.value_en,' : '';
    return `SELECT ${cols.join(', ')}, ${en} f.sales, f.sales_discount, f.count FROM ${t('fact_sales')} f ${joins}`;
  };
  const table = t(r.name as never);
  const k = r.dims.flatMap((d) => (d === 'attribute' ? ['attr_name', 'value_zh'] : [d])).join(', ');
  const [fact] = await engine.query(
    `SELECT sum(sales) AS sales, sum(sales_discount) AS disc, sum(count) AS count, count(*) AS n FROM ${t('fact_sales')}`,
  );
  const [sum] = await engine.query(
    `SELECT sum(sales) AS sales, sum(sales_discount) AS disc, sum(count) AS count, sum(fact_rows) AS n FROM ${table}`,
  );
  const en = r.dims.includes('attribute');
  if (en) {
    // Multi-valued: a sales row counts once per value of its SKU (none when it has no value).
    const [joined] = await engine.query(
      `SELECT sum(sales) AS sales, sum(sales_discount) AS disc, sum(count) AS count, count(*) AS n FROM (${source(r.dims)})`,
    );
    expect(sum, r.name).toEqual(joined);
    expect(Number(sum!.n), r.name).toBeGreaterThan(0);
  } else {
    expect(sum, r.name).toEqual(fact);
  }
  const diff = await engine.query(
    `SELECT ${k} FROM (SELECT ${k}, sum(sales) AS s, sum(sales_discount) AS sd, sum(count) AS c, count(*) AS n${en ? ', min(value_en) AS e' : ''}
       FROM (${source(r.dims)}) GROUP BY ALL) f
     FULL JOIN ${table} USING (${k})
     WHERE f.s IS DISTINCT FROM ${table}.sales OR f.sd IS DISTINCT FROM ${table}.sales_discount
        OR f.c IS DISTINCT FROM ${table}.count OR f.n IS DISTINCT FROM ${table}.fact_rows
        ${en ? `OR f.e IS DISTINCT FROM ${table}.value_en` : ''}`,
  );
  expect(diff, r.name).toEqual([]);
  // Stored like the facts: category first, then period (a category filter reads a few row groups).
  const order = await engine.query(`SELECT category_id, period FROM ${table} ORDER BY rowid`);
  const sorted = order.map((x) => `${String(x.category_id).padStart(6, '0')} ${x.period}`);
  expect(sorted, r.name).toEqual([...sorted].sort());
}
