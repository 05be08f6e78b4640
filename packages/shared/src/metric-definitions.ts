/**
 * What each figure of the analysis pages means, in words — the one source of the "how is this
 * computed" popovers (web) and of the "On-screen definitions" table of docs/metrics.md, which a test
 * compares with the catalogue, so the screen and the docs cannot tell different stories. The
 * formulas themselves are metrics.ts; these are their readers' version.
 *
 * Each definition is two message keys (messages/analysis.ts): its name and its text.
 */
import type { MessageKey } from './messages.js';
import type { FilterSelector } from './metrics.js';

/** A definition's name and text keys, by the definition's id (the id is the docs table's first column). */
export const METRIC_DEFINITIONS = {
  sales: { name: 'analysis.def.sales.name', text: 'analysis.def.sales.text' },
  count: { name: 'analysis.def.count.name', text: 'analysis.def.count.text' },
  avg_price: { name: 'analysis.def.avg_price.name', text: 'analysis.def.avg_price.text' },
  share: { name: 'analysis.def.share.name', text: 'analysis.def.share.text' },
  growth_mom: { name: 'analysis.def.growth_mom.name', text: 'analysis.def.growth_mom.text' },
  growth_yoy: { name: 'analysis.def.growth_yoy.name', text: 'analysis.def.growth_yoy.text' },
  growth_custom: { name: 'analysis.def.growth_custom.name', text: 'analysis.def.growth_custom.text' },
  growth_event: { name: 'analysis.def.growth_event.name', text: 'analysis.def.growth_event.text' },
  share_change: { name: 'analysis.def.share_change.name', text: 'analysis.def.share_change.text' },
  contribution: { name: 'analysis.def.contribution.name', text: 'analysis.def.contribution.text' },
  tgi: { name: 'analysis.def.tgi.name', text: 'analysis.def.tgi.text' },
  distinction: { name: 'analysis.def.distinction.name', text: 'analysis.def.distinction.text' },
  heat: { name: 'analysis.def.heat.name', text: 'analysis.def.heat.text' },
  concentration: { name: 'analysis.def.concentration.name', text: 'analysis.def.concentration.text' },
  hhi: { name: 'analysis.def.hhi.name', text: 'analysis.def.hhi.text' },
  new_brand_share: { name: 'analysis.def.new_brand_share.name', text: 'analysis.def.new_brand_share.text' },
  valuation_score: { name: 'analysis.def.valuation_score.name', text: 'analysis.def.valuation_score.text' },
  penetration: { name: 'analysis.def.penetration.name', text: 'analysis.def.penetration.text' },
  rising: { name: 'analysis.def.rising.name', text: 'analysis.def.rising.text' },
  fresh: { name: 'analysis.def.fresh.name', text: 'analysis.def.fresh.text' },
  hot_goods: { name: 'analysis.def.hot_goods.name', text: 'analysis.def.hot_goods.text' },
  potential: { name: 'analysis.def.potential.name', text: 'analysis.def.potential.text' },
  movement_volume: { name: 'analysis.def.movement_volume.name', text: 'analysis.def.movement_volume.text' },
  movement_price: { name: 'analysis.def.movement_price.name', text: 'analysis.def.movement_price.text' },
  movement_mix: { name: 'analysis.def.movement_mix.name', text: 'analysis.def.movement_mix.text' },
  movement_residual: { name: 'analysis.def.movement_residual.name', text: 'analysis.def.movement_residual.text' },
  movement_lifecycle: { name: 'analysis.def.movement_lifecycle.name', text: 'analysis.def.movement_lifecycle.text' },
  share_split: { name: 'analysis.def.share_split.name', text: 'analysis.def.share_split.text' },
  event_review: { name: 'analysis.def.event_review.name', text: 'analysis.def.event_review.text' },
} as const satisfies Record<string, { name: MessageKey; text: MessageKey }>;

export type MetricDefinitionId = keyof typeof METRIC_DEFINITIONS;

/**
 * What a panel passes: a definition id, or 'growth' for "the growth the filter's comparison selects"
 * (mom, yoy or the custom benchmark), so a panel need not know the selector.
 */
export type DefinitionRef = MetricDefinitionId | 'growth';

export const METRIC_DEFINITION_IDS = Object.keys(METRIC_DEFINITIONS) as MetricDefinitionId[];

/** The definitions a panel shows, 'growth' resolved by the comparison selector, each once, in the given order. */
export function resolveDefinitions(refs: readonly DefinitionRef[], selector: FilterSelector): MetricDefinitionId[] {
  const out: MetricDefinitionId[] = [];
  for (const ref of refs) {
    const id: MetricDefinitionId = ref === 'growth' ? `growth_${selector}` : ref;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** Whether a panel's figures are compared with a base range (so the popover names that range). */
export function comparesWithBase(ids: readonly MetricDefinitionId[]): boolean {
  return ids.some((id) => COMPARED.has(id));
}

const COMPARED: ReadonlySet<MetricDefinitionId> = new Set([
  'growth_mom',
  'growth_yoy',
  'growth_custom',
  'growth_event',
  'share_change',
  'contribution',
  'rising',
  'movement_volume',
  'movement_price',
  'movement_mix',
  'movement_residual',
  'movement_lifecycle',
  'share_split',
]);
