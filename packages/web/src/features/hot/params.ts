// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { choice, idParam, panelParams } from '../../shared/analysis/panelParams.js';
import { DEFAULT_METRIC, METRICS, SORTS } from '../../shared/analysis/switches.js';

export const RISING_KINDS = ['category', 'brand', 'product'] as const;
export const FRESH_KINDS = ['product', 'brand'] as const;

/**
 * Every switch of Trend Overview in the URL, so a shared link shows the same panels: parent category
 * (null = level-1 categories), rising/fresh kinds, trend metric and fresh sort.
 */
export const HOT_PARAMS = panelParams({
  parent: idParam('parent'),
  risingKind: choice('rk', RISING_KINDS, 'brand'),
  freshKind: choice('fk', FRESH_KINDS, 'product'),
  metric: choice('m', METRICS, DEFAULT_METRIC),
  freshSort: choice('fs', SORTS, 'sales'),
});
