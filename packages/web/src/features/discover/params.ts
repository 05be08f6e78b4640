// The pure modules, not the frame's index: the declarations load without React (and in node tests).

import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/metrics.js';
import { MOVEMENT_VIEWS } from '../../shared/analysis/movement/views.js';
import { choice, numbersParam, panelParams, textParam } from '../../shared/analysis/panelParams.js';
import { FACTORS } from './data.js';

export const DISTRIBUTION_TABS = ['category', 'band', 'channel', 'attribute'] as const;
export const SERIES_DIMENSIONS = ['category', 'brand', 'platform', 'channel'] as const;
export const TOP_KINDS = ['brand', 'shop', 'product'] as const;

/** Every switch of Category Insight in the URL (names beside the filter's; defaults left out). */
export const DISCOVER_PARAMS = panelParams({
  trendMetric: choice('tm', METRICS, DEFAULT_METRIC),
  seriesMetric: choice('sm', METRICS, DEFAULT_METRIC),
  seriesDimension: choice('sd', SERIES_DIMENSIONS, 'category'),
  distributionTab: choice('dt', DISTRIBUTION_TABS, 'category'),
  distributionMetric: choice('dm', METRICS, DEFAULT_METRIC),
  /** The attribute whose values are shown; absent = the first the data lists. */
  distributionAttribute: textParam('da', 64),
  topKind: choice('top', TOP_KINDS, 'brand'),
  topSort: choice('ts', SORTS, 'sales'),
  /**
   * Custom valuation weights in FACTORS order; absent = the defaults. Editing weights is one history
   * entry (the first change pushes, the next replace it): Back does not step through keystrokes.
   */
  weights: numbersParam('vw', FACTORS.length, { history: 'replace' }),
  /** The split of "What moved it". */
  movementView: choice('mv', MOVEMENT_VIEWS, 'effects'),
  /** The edition the event review shows ('code:year'); absent: the latest. */
  eventReview: textParam('er', 80),
});
