import type { BrandTrendMetric, CharacterKind } from '@marketlens/shared/contracts';
import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/metrics.js';
import { MOVEMENT_VIEWS } from '../../shared/analysis/movement/views.js';
// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { choice, idParam, optionalChoice, panelParams, textParam } from '../../shared/analysis/panelParams.js';

/** The contract's BRAND_TREND_METRICS (contracts are imported type-only: no TypeBox in the bundle). */
export const TREND_METRICS: readonly BrandTrendMetric[] = ['sales', 'count', 'avg_price', 'share'];
export type TrendSelector = 'mom' | 'yoy';
export const TREND_SELECTORS: readonly TrendSelector[] = ['mom', 'yoy'];
export const CATEGORY_TABS = ['overview', 'valuation'] as const;
export type CategoryLevel = 1 | 2 | 3;
export const CATEGORY_LEVELS: readonly CategoryLevel[] = [1, 2, 3];
/** The contract's CHARACTER_KINDS. */
export const CHARACTER_KINDS: readonly CharacterKind[] = ['attribute', 'price_band', 'keyword'];
export const TOP_KINDS = ['product', 'shop'] as const;

/** The brand and every switch of Brand Detail in the URL (names beside the filter's; defaults left out). */
export const BRAND_PARAMS = panelParams({
  /** The brand shown (the page's subject; choosing another is a new history entry). */
  brand: idParam('brand'),
  trendMetric: choice('tm', TREND_METRICS, 'sales'),
  /** The trend's comparison; absent = the filter's (the endpoint knows mom and yoy only). */
  trendCompare: optionalChoice('tc', TREND_SELECTORS),
  categoriesTab: choice('ct', CATEGORY_TABS, 'overview'),
  categoriesLevel: choice('cl', CATEGORY_LEVELS, 3),
  characterKind: choice('ck', CHARACTER_KINDS, 'attribute'),
  channelMetric: choice('cm', METRICS, DEFAULT_METRIC),
  topKind: choice('top', TOP_KINDS, 'product'),
  topSort: choice('ts', SORTS, 'sales'),
  /** The split of "What moved it". */
  movementView: choice('mv', MOVEMENT_VIEWS, 'effects'),
  /** The edition the event review shows ('code:year'); absent: the latest. */
  eventReview: textParam('er', 80),
});
