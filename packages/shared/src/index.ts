export * from './api.js';
export * from './dataset-format.js';
export * from './format.js';
export * from './messages.js';
export * from './platforms.js';
export * from './progress.js';
export * from './text.js';
