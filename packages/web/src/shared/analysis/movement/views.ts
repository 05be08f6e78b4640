/**
 * The two splits of the "What moved it" panel: volume · price · mix · residual, or launches ·
 * continuing · discontinued. Apart from the panel so the pages' param declarations load without it.
 */
export const MOVEMENT_VIEWS = ['effects', 'lifecycle'] as const;
export type MovementView = (typeof MOVEMENT_VIEWS)[number];
