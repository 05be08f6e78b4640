/**
 * API contracts of the analysis pages and of the administration areas, a separate entry point (`@marketlens/shared/contracts`) so
 * the web imports their types without bundling TypeBox. The endpoint tables have an entry point of
 * their own without TypeBox (`@marketlens/shared/endpoints`) for the web's calls.
 */
export * from './accounts.js';
export * from './audit.js';
export * from './brand.js';
export * from './chart-notes.js';
export * from './common.js';
export * from './contrast.js';
export * from './custom-attributes.js';
export * from './data.js';
export * from './endpoints.js';
export * from './event-review.js';
export * from './explore.js';
export * from './favorites.js';
export * from './hot.js';
export * from './insight.js';
export * from './movement.js';
export * from './orders.js';
export * from './potential.js';
export * from './price.js';
export * from './product-analysis.js';
export * from './project-events.js';
export * from './projects.js';
export * from './saved-views.js';
export * from './session.js';
export * from './shop.js';
