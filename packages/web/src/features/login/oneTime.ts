/**
 * The one-time parameters a link or the WeChat provider put in the address (reset token, OAuth code
 * and state). They are taken out of the address bar at once, so they are neither bookmarked nor
 * shared, and kept here until used: React may throw a first render away and render again (while the
 * session loads, say), and that second render must still find them.
 */
export interface OneTimeParams {
  resetToken: string | null;
  code: string | null;
  state: string | null;
}

const KEYS = { resetToken: 'reset_token', code: 'code', state: 'state' } as const;
let taken: OneTimeParams | undefined;

/** The parameters of this page load (read and removed from the address on the first call). */
export function takeOneTimeParams(): OneTimeParams {
  if (taken) return taken;
  const url = new URL(window.location.href);
  taken = { resetToken: null, code: null, state: null };
  for (const [field, key] of Object.entries(KEYS) as [keyof OneTimeParams, string][]) {
    taken[field] = url.searchParams.get(key);
    url.searchParams.delete(key);
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return taken;
}

/** They have been used: a later visit of the sign-in page in this page load starts afresh. */
export function spendOneTimeParams(): void {
  taken = undefined;
}
