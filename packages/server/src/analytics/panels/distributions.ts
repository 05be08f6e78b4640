import { share } from '@marketlens/shared';
import { badRequest } from '../../errors.js';
import { datasetAttributes } from '../engine/dimensions.js';
import type { Dimension } from '../engine/model.js';
import {
  type DistributionDimension,
  figures,
  groupingOf,
  type InsightMetric,
  nameOf,
  type PanelContext,
  run,
  sortRows,
  totals,
  warningsOf,
} from './common.js';

/** Distribution panels: the scope split by category, platform, channel or an attribute's values. */

export async function distribution(ctx: PanelContext, metric: InsightMetric, dimension: DistributionDimension) {
  const { dimension: dim, keep } = groupingOf(ctx, dimension);
  const result = await run(ctx, { dimensions: [dim] });
  const rows = result.rows.filter((r) => keep(r.keys[dim])).map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  return {
    dimension,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, ctx.locale),
  };
}

/** Attribute titles of the dataset. */
async function attributeTitles(ctx: PanelContext) {
  const defs = await datasetAttributes(ctx.warehouse, ctx.scope.project.dataset);
  return new Map(defs.map((d) => [d.attr_name, { title: d.title_zh, title_en: d.title_en }]));
}

/**
 * Every attribute of the dataset with its covered sales (products having any value of it, each
 * counted once) and top 10 values. Two statements per attribute: the attribute dimension is one
 * attribute wide, and the dataset has a handful of attributes (not data-dependent).
 */
export async function attributesOverview(ctx: PanelContext, metric: InsightMetric) {
  const titles = await attributeTitles(ctx);
  const names = ctx.scope.catalog.attributes;
  const scopeTotal = run(ctx, { dimensions: [], measures: ['sales', 'count'], comparison: { kind: 'none' } });
  const items = await Promise.all(
    names.map(async (name) => {
      const dim = `attribute:${name}` as Dimension;
      const values = await run(ctx, {
        dimensions: [dim],
        measures: ['sales', 'count', 'share'],
        comparison: { kind: 'none' },
      });
      const all = values.rows.map((r) => String(r.keys[dim]));
      const own = ctx.validated.filter.attributes?.[name];
      const covered =
        all.length === 0
          ? undefined
          : await run(ctx, {
              dimensions: [],
              measures: ['sales', 'count'],
              comparison: { kind: 'none' },
              filter: {
                ...ctx.validated.filter,
                attributes: { ...ctx.validated.filter.attributes, [name]: own ?? all },
              },
            });
      const sums = covered ? totals(covered) : { sales: 0, count: 0 };
      const whole = totals(await scopeTotal);
      const rows = sortRows(
        values.rows.map((r) => ({
          key: String(r.keys[dim]),
          value: String(r.keys[dim]),
          value_en: r.labels[dim]?.en ?? String(r.keys[dim]),
          sales: r.sales,
          count: r.count,
          avg_price: r.avg_price,
          share: r.share ?? null,
        })),
        metric,
      ).slice(0, 10);
      return {
        name,
        title: titles.get(name)?.title ?? name,
        title_en: titles.get(name)?.title_en ?? name,
        sales: sums.sales,
        count: sums.count,
        coverage: metric === 'count' ? share(sums.count, whole.count) : share(sums.sales, whole.sales),
        value_count: all.length,
        values: rows.map(({ value, value_en, sales, count, share: s }) => ({
          value,
          value_en,
          sales,
          count,
          share: s,
        })),
      };
    }),
  );
  items.sort((a, b) => (metric === 'count' ? b.count - a.count : b.sales - a.sales) || a.name.localeCompare(b.name));
  return { metric, items };
}

/** Values of one attribute: figures, share of the scope (a product counts once per value), growth. */
export async function attributeValues(ctx: PanelContext, metric: InsightMetric, attribute: string) {
  if (!ctx.scope.catalog.attributes.includes(attribute))
    throw badRequest('analytics.unknownAttribute', { name: attribute });
  const dim = `attribute:${attribute}` as Dimension;
  const [titles, result] = await Promise.all([attributeTitles(ctx), run(ctx, { dimensions: [dim] })]);
  const rows = result.rows.map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  const title = titles.get(attribute);
  return {
    attribute: { name: attribute, title: title?.title ?? attribute, title_en: title?.title_en ?? attribute },
    dimension: dim,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, ctx.locale),
  };
}
