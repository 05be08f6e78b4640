import type { DefinitionRef } from '@marketlens/shared';
import type { MovementView } from './views.js';

/** The "?" of the panel: sales and the split's terms, and the share's with a brand or a shop. */
export function movementDefinitions(view: MovementView, share: boolean): DefinitionRef[] {
  const terms: DefinitionRef[] =
    view === 'effects'
      ? ['sales', 'movement_volume', 'movement_price', 'movement_mix', 'movement_residual']
      : ['sales', 'movement_lifecycle'];
  return share ? [...terms, 'share_change', 'share_split'] : terms;
}
