import { TOKEN_POLL_INTERVAL_MS } from '@marketlens/shared';
import { refreshSession } from '../api/request.js';
import { lastRefreshedAt, readTokens } from '../api/tokens.js';

/**
 * docs/product.md §4: tokens are refreshed by a poll every 10 minutes. Every tab runs the poll, but a tab
 * skips its turn when any tab refreshed recently, so several open tabs still refresh about once
 * per period (and the refresh itself is single-flight across tabs).
 */
export function startTokenPoll(intervalMs = TOKEN_POLL_INTERVAL_MS): () => void {
  const tick = () => {
    if (!readTokens()?.refresh) return;
    if (Date.now() - lastRefreshedAt() < intervalMs - 5_000) return;
    void refreshSession();
  };
  const timer = setInterval(tick, Math.max(1_000, Math.floor(intervalMs / 4)));
  return () => clearInterval(timer);
}
