export * from './api.js';
export * from './dataset-format.js';
export * from './platforms.js';
export * from './progress.js';
