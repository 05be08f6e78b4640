/** The page's entry chunk (replaced by the page's own view as it is built). */
export { default } from '../analysis/PendingAnalysisPage.js';
