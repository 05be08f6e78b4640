// The pure modules, not the frame's index: the declarations load without React (and in node tests).

import { MOVEMENT_VIEWS } from '../../shared/analysis/movement/views.js';
import { choice, idParam, panelParams, textParam } from '../../shared/analysis/panelParams.js';
import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/switches.js';

export const COMPOSITION_BY = ['category', 'brand'] as const;
export type CompositionBy = (typeof COMPOSITION_BY)[number];
export const CATEGORY_LEVELS = [1, 2, 3] as const;
export const TREND_VIEWS = ['value', 'share'] as const;

/** Every switch of Store Analysis in the URL (names beside the filter's; defaults left out). */
export const SHOP_PARAMS = panelParams({
  /** The shop whose categories, brands and products are shown ('platform,shop_id'); default the first. */
  focus: textParam('fs', 30),
  trendMetric: choice('tm', METRICS, DEFAULT_METRIC),
  /** The trend shows the metric, or each shop's share of the market. */
  trendView: choice('tv', TREND_VIEWS, 'value'),
  compositionBy: choice('cb', COMPOSITION_BY, 'category'),
  compositionLevel: choice('cl', CATEGORY_LEVELS, 3),
  productSort: choice('ps', SORTS, 'sales'),
  rankingSort: choice('rs', SORTS, 'sales'),
  /** The platform of the channel mix; none = every platform. */
  mixPlatform: idParam('mp'),
  /** The split of "What moved it" (of the focused shop). */
  movementView: choice('mv', MOVEMENT_VIEWS, 'effects'),
});

/** The contract's MAX_SHOPS (contracts are imported type-only: no TypeBox in the bundle). */
export const MAX_SHOPS = 10;
