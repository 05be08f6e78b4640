import { belowTheFold } from '../WhenNear.js';

/**
 * "What moved it" ({@link import('./MovementPanel.js').MovementPanel}): its tables and chart code are
 * their own chunk, loaded when the panel first comes near the viewport (it sits below the fold on every page).
 */
export const MovementPanel = belowTheFold(() => import('./MovementPanel.js').then((m) => m.MovementPanel), 8);

export { MOVEMENT_VIEWS, type MovementView } from './views.js';
