import type { TFunction } from 'i18next';
import { isApiError } from '../api/request.js';

/** The message to show for a failed call: the server's own words, or a generic one when it sent none. */
export function errorText(t: TFunction, err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 0) return t('errors.network');
    if (err.message) return err.message;
  }
  return t('errors.generic');
}
