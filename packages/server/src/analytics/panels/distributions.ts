import { growth, parseSuperQuery, type SuperQueryNode, share } from '@marketlens/shared';
import { badRequest } from '../../errors.js';
import { customRules } from '../../metadata/index.js';
import type { Dimension, Filter } from '../engine/model.js';
import type { ResultRow } from '../engine/shape.js';
import type { AnalysisRequest } from '../request.js';
import {
  type DistributionDimension,
  figures,
  flagsOf,
  groupingOf,
  type InsightMetric,
  nameOf,
  sortRows,
  totals,
  warningsOf,
} from './common.js';

/** Distribution panels: the scope split by category, platform, channel or an attribute's values. */

export async function distribution(a: AnalysisRequest, metric: InsightMetric, dimension: DistributionDimension) {
  const { dimension: dim, keep } = groupingOf(a, dimension);
  const result = await a.query({ comparison: a.validated.comparison, dimensions: [dim] });
  const rows = result.rows.filter((r) => keep(r.keys[dim])).map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  return {
    dimension,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, a.locale),
  };
}

/** Attribute titles of the dataset. */
async function attributeTitles(a: AnalysisRequest) {
  const defs = await a.dims.attributes();
  return new Map(defs.map((d) => [d.attr_name, { title: d.title_zh, title_en: d.title_en }]));
}

/**
 * Every attribute of the dataset with its covered sales (products having any value of it, each
 * counted once) and top 10 values. Two statements per attribute: the attribute dimension is one
 * attribute wide, and the dataset has a handful of attributes (not data-dependent).
 */
export async function attributesOverview(a: AnalysisRequest, metric: InsightMetric) {
  const titles = await attributeTitles(a);
  const names = a.scope.catalog.attributes;
  const scopeTotal = a.query({ dimensions: [], measures: ['sales', 'count'], comparison: { kind: 'none' } });
  const items = await Promise.all(
    names.map(async (name) => {
      const dim = `attribute:${name}` as Dimension;
      const values = await a.query({
        dimensions: [dim],
        measures: ['sales', 'count', 'share'],
        comparison: { kind: 'none' },
      });
      const all = values.rows.map((r) => String(r.keys[dim]));
      const own = a.validated.filter.attributes?.[name];
      const covered =
        all.length === 0
          ? undefined
          : await a.query({
              dimensions: [],
              measures: ['sales', 'count'],
              comparison: { kind: 'none' },
              filter: {
                ...a.validated.filter,
                attributes: { ...a.validated.filter.attributes, [name]: own ?? all },
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
export async function attributeValues(a: AnalysisRequest, metric: InsightMetric, attribute: string | undefined) {
  if (attribute === undefined) throw badRequest('server.invalidArgumentDetail', { field: 'attribute' });
  if (!a.scope.catalog.attributes.includes(attribute))
    throw badRequest('analytics.unknownAttribute', { name: attribute });
  const dim = `attribute:${attribute}` as Dimension;
  const [titles, result] = await Promise.all([
    attributeTitles(a),
    a.query({ comparison: a.validated.comparison, dimensions: [dim] }),
  ]);
  const rows = result.rows.map((r) => ({ ...nameOf(r, dim), ...figures(r, metric) }));
  const title = titles.get(attribute);
  return {
    attribute: { name: attribute, title: title?.title ?? attribute, title_en: title?.title_en ?? attribute },
    dimension: dim,
    metric,
    total: totals(result),
    rows: sortRows(rows, metric),
    warnings: warningsOf(result, a.locale),
  };
}

/**
 * Values of one of the user's custom attributes (docs/api.md "Custom attributes"): a row per value —
 * the products whose titles its super query matches, on top of the request's filter — with the rows
 * of the dataset attributes' fields (share of the scope, share change, growth). A value is no column
 * of the warehouse, so each is one filtered total over the scope (with its base range), read by the
 * same engine and filter compiler as every figure: at most 50 values, each a statement.
 */
export async function customAttributeValues(a: AnalysisRequest, metric: InsightMetric, id: number) {
  const def = (await a.metadata.customAttributes.list(a.scope.project.id, a.user.id)).find((c) => c.id === id);
  if (!def) throw badRequest('analytics.unknownAttribute', { name: String(id) });
  const rules = customRules(def.rules).flatMap((r) => {
    const parsed = parseSuperQuery(r.query);
    return parsed.ok ? [{ value: r.value, ast: parsed.ast }] : [];
  });
  const base = a.validated.filter;
  const within = (ast: SuperQueryNode): Filter => ({
    ...base,
    customAttributes: [...(base.customAttributes ?? []), [ast]],
  });
  const [scope, ...values] = await Promise.all([
    a.query({ comparison: a.validated.comparison, dimensions: [] }),
    ...rules.map((r) => a.query({ comparison: a.validated.comparison, dimensions: [], filter: within(r.ast) })),
  ]);
  const whole = scope!.total;
  const rows = rules.map((r, i) => {
    const result = values[i]!;
    const now = result.total ?? { sales: 0, count: 0, avg_price: null };
    const before = result.total?.base;
    const nowShare = share(now.sales, whole?.sales);
    const row: ResultRow = {
      keys: { value: r.value },
      labels: { value: { zh: r.value, en: r.value } },
      sales: now.sales,
      count: now.count,
      avg_price: now.avg_price,
      share: nowShare,
      ...(before && whole?.base
        ? {
            base: { ...before, share: share(before.sales, whole.base.sales) },
            growth: {
              sales: growth(now.sales, before.sales),
              count: growth(now.count, before.count),
              avg_price: growth(now.avg_price, before.avg_price),
            },
            flags: flagsOf(a, growth(now.sales, before.sales), a.validated.range, result.comparison?.base),
          }
        : {}),
    };
    return { ...nameOf(row, 'value' as Dimension), ...figures(row, metric) };
  });
  return {
    attribute: { name: `custom:${def.id}`, title: def.name, title_en: def.nameEn || def.name },
    dimension: `custom:${def.id}`,
    metric,
    total: totals(scope!),
    // Values without sales are left out, like the dataset attributes' values without sales.
    rows: sortRows(
      rows.filter((r) => r.sales > 0 || r.count > 0),
      metric,
    ),
    warnings: warningsOf(scope!, a.locale),
  };
}
