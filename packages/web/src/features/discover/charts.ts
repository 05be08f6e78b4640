/** The page's chart option builders live in the shared analysis frame (the brand page draws them too). */
export * from '../../shared/analysis/chartOptions.js';
