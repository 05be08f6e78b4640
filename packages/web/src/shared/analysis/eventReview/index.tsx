import { belowTheFold } from '../WhenNear.js';

/**
 * The event review ({@link import('./EventReviewPanel.js').EventReviewPanel}): below the fold on both
 * pages, its tables are their own chunk, loaded when the panel first comes near the viewport.
 */
export const EventReviewPanel = belowTheFold(() => import('./EventReviewPanel.js').then((m) => m.EventReviewPanel), 6);
