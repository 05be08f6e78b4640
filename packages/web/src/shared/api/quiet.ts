import { isApiError, type RequestOptions } from './request.js';

/**
 * docs/product.md §8's rule for the calls a page can do without: favourites (get, read, update, delete), the
 * user config (update), the potential config (read) and the category tree (get). Their failures are
 * shown, with the call's own message, only when the server answered (the failure has a status) and
 * the status is not 500 — a network blip or a server fault behind an optional call must not
 * interrupt the page with a toast, while a refusal the user can act on (403, 404, 409 …) is told.
 *
 * Such a call is made with {@link QUIET} (the request layer shows no toast for it, but still ends the
 * session on 401 or expiry); its caller shows its message when {@link showsQuietFailure} says so.
 */
export const QUIET = { quiet: true } as const satisfies RequestOptions;

/** Whether a quiet call's failure is shown (docs/api.md): an answer with a status other than 500. */
export function showsQuietFailure(err: unknown): boolean {
  return isApiError(err) && !err.cancelled && err.status > 0 && err.status !== 500;
}
