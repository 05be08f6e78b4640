import { translateFor } from '../../i18n.js';
import type { BandChoice } from '../engine/dimensions.js';
import type { Band } from '../engine/model.js';
import type { AnalysisRequest } from '../request.js';
import { figures, type InsightMetric, selectionOf, totals, warningsOf } from './common.js';

/** The price-band panel: the scope's sales in the project's (or proposed) price bands. */

/** The price bands of the page (the one rule: engine/dimensions.ts); one open band when none can be proposed. */
export async function bandsFor(a: AnalysisRequest): Promise<BandChoice> {
  const { scope } = a;
  const chosen = await a.dims.bands({
    catalog: scope.catalog,
    configured: await a.metadata.bands.list(scope.project.id, 'price'),
    selected: selectionOf(scope, a.selected).deepest,
    leaves: a.validated.filter.categories ?? scope.grant.categories,
  });
  return chosen.bands.length ? chosen : { ...chosen, bands: [[0, null]] };
}

const bandName = ([min, max]: Band) => (max === null ? `${min}+` : `${min}-${max}`);

export async function bandsValues(a: AnalysisRequest, metric: InsightMetric) {
  const chosen = await bandsFor(a);
  const result = await a.query({ comparison: a.validated.comparison, dimensions: ['price_band'], bands: chosen.bands });
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
    flags: [],
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
    warnings: warningsOf(result, a.locale),
    bands: chosen.bands.map(([a, b]) => [a, b]),
    source: chosen.source,
    category_id: chosen.category_id,
  };
}
