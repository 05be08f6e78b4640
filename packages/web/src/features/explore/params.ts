// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { MAX_CONCEPTS_COMPARED } from '@marketlens/shared';
import { MOVEMENT_VIEWS } from '../../shared/analysis/movement/views.js';
import { choice, idParam, panelParams, textParam } from '../../shared/analysis/panelParams.js';
import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/switches.js';

/** The trend's metrics: the three of every page, and the concept's penetration of its categories. */
export const TREND_METRICS = [...METRICS, 'penetration'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];
export const TOP_KINDS = ['brand', 'product'] as const;
/** Concepts drawn beside the page's own on the trend chart. */
export const MAX_COMPARED = MAX_CONCEPTS_COMPARED - 1;

/**
 * Every switch of Concept Explore in the URL beside the filter (whose keywords are the concept), so a
 * shared link shows the same view: trend metric and compared concepts, the parent of the category
 * panels, the ranking tab and sort, and the category whose products are open.
 */
export const EXPLORE_PARAMS = panelParams({
  trendMetric: choice('tm', TREND_METRICS, DEFAULT_METRIC),
  /** Compared concepts, '|' between concepts, words of one concept (all required) separated by spaces. */
  compare: textParam('cc', 400),
  parent: idParam('parent'),
  categoryMetric: choice('cm', METRICS, DEFAULT_METRIC),
  topKind: choice('top', TOP_KINDS, 'brand'),
  topSort: choice('ts', SORTS, 'sales'),
  /** The category whose concept products are shown (the drill-down). */
  detail: idParam('dc'),
  /** The split of "What moved it" (of the concept's sales). */
  movementView: choice('mv', MOVEMENT_VIEWS, 'effects'),
});

/** The compared concepts of the URL: each a list of words (at most {@link MAX_COMPARED}). */
export function comparedConcepts(raw: string | null): string[][] {
  return (raw ?? '')
    .split('|')
    .map((c) => c.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .slice(0, MAX_COMPARED);
}

/** The URL form of compared concepts (null when none). */
export function formatCompared(concepts: readonly (readonly string[])[]): string | null {
  const list = concepts.filter((c) => c.length > 0).map((c) => c.join(' '));
  return list.length > 0 ? list.join('|') : null;
}
