import type { BrandTrendMetric, CharacterKind } from '@marketlens/shared/contracts';
import { MOVEMENT_VIEWS } from '../../shared/analysis/movement/views.js';
// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { choice, panelParams } from '../../shared/analysis/panelParams.js';
import { slotsParam } from './slots.js';

export const TREND_METRICS: readonly BrandTrendMetric[] = ['sales', 'count', 'avg_price', 'share'];
export const MIX_KINDS = ['category', 'channel', 'band'] as const;
export type MixKind = (typeof MIX_KINDS)[number];
export type MixLevel = 1 | 2 | 3;
export const MIX_LEVELS: readonly MixLevel[] = [1, 2, 3];
export const CHARACTER_KINDS: readonly CharacterKind[] = ['attribute', 'price_band', 'keyword'];

/** The slots and every switch of Brand Comparison in the URL (names beside the filter's; defaults left out). */
export const CONTRAST_PARAMS = panelParams({
  slots: slotsParam('sl'),
  trendMetric: choice('tm', TREND_METRICS, 'sales'),
  mixKind: choice('mx', MIX_KINDS, 'category'),
  mixLevel: choice('ml', MIX_LEVELS, 1),
  characterKind: choice('ck', CHARACTER_KINDS, 'attribute'),
  /** The split of every slot's "What moved it". */
  movementView: choice('mv', MOVEMENT_VIEWS, 'effects'),
});
