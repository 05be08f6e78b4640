import { isApiError } from '../../shared/api/request.js';

/** Spec §8: favourite errors are shown only when the response has a status and it is not 500. */
export function showsFavoriteError(err: unknown): boolean {
  return isApiError(err) && !err.cancelled && err.status > 0 && err.status !== 500;
}
