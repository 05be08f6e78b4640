import { translateFor } from '../../i18n.js';
import { bandsFromCuts, leafPriceQuantiles } from '../engine/dimensions.js';
import type { Band } from '../engine/model.js';
import { figures, type InsightMetric, type PanelContext, run, selectionOf, totals, warningsOf } from './common.js';

/** The price-band panel: the scope's sales in the project's (or proposed) price bands. */

/**
 * The project's price bands for the selection: those of the single deepest selected category, or
 * of its nearest ancestor that has bands; otherwise bands proposed from the price quintiles of the
 * products of the selected (or granted) leaves, like the band editor proposes them.
 */
export async function bandsFor(ctx: PanelContext): Promise<{
  bands: Band[];
  source: 'project' | 'computed';
  category_id: number | null;
}> {
  const { scope } = ctx;
  const sel = selectionOf(scope, ctx.selected);
  if (sel.deepest.length === 1) {
    let node = scope.catalog.categories.get(sel.deepest[0]!);
    while (node) {
      const bands = await ctx.metadata.bands.get(scope.project.id, node.category_id, 'price');
      if (bands?.length) return { bands, source: 'project', category_id: node.category_id };
      node = node.parent_id === null ? undefined : scope.catalog.categories.get(node.parent_id);
    }
  }
  const granted = new Set(scope.grant.categories);
  const leaves = (ctx.validated.filter.categories ?? scope.grant.categories).filter((l) => granted.has(l));
  const cuts = await leafPriceQuantiles(ctx.warehouse, scope.project.dataset, leaves, [0.2, 0.4, 0.6, 0.8]);
  return { bands: cuts ? bandsFromCuts(cuts) : [[0, null]], source: 'computed', category_id: null };
}

const bandName = ([min, max]: Band) => (max === null ? `${min}+` : `${min}-${max}`);

export async function bandsValues(ctx: PanelContext, metric: InsightMetric) {
  const chosen = await bandsFor(ctx);
  const result = await run(ctx, { dimensions: ['price_band'], bands: chosen.bands });
  const byBand = new Map(result.rows.map((r) => [r.keys.price_band === null ? null : Number(r.keys.price_band), r]));
  const t = { zh: translateFor('zh_cn')('insight.band.other'), en: translateFor('en_us')('insight.band.other') };
  const empty = (key: string, name: string, name_en: string) => ({
    key,
    name,
    name_en,
    sales: 0,
    count: 0,
    avg_price: null,
    share: result.total && result.total.sales > 0 ? 0 : null,
    share_change: null,
    growth: null,
    value: metric === 'avg_price' ? null : 0,
  });
  // Every band in order (with zeros when nothing sold in it), then sales outside them, if any.
  const rows = chosen.bands.map((b, i) => {
    const r = byBand.get(i);
    const name = bandName(b);
    return r ? { key: String(i), name, name_en: name, ...figures(r, metric) } : empty(String(i), name, name);
  });
  const outside = byBand.get(null);
  if (outside) rows.push({ key: 'other', name: t.zh, name_en: t.en, ...figures(outside, metric) });
  return {
    dimension: 'price_band',
    metric,
    total: totals(result),
    rows,
    warnings: warningsOf(result, ctx.locale),
    bands: chosen.bands.map(([a, b]) => [a, b]),
    source: chosen.source,
    category_id: chosen.category_id,
  };
}
