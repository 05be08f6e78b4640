/**
 * API contracts of the analysis pages, a separate entry point (`@marketlens/shared/contracts`) so
 * the web imports their types without bundling TypeBox.
 */
export * from './brand.js';
export * from './hot.js';
export * from './insight.js';
