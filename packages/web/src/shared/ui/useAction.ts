import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showsQuietFailure } from '../api/quiet.js';
import { isApiError } from '../api/request.js';
import { errorText } from './errors.js';
import { useFeedback } from './feedback.js';

export interface ActionOptions<R> {
  /**
   * Where a failure is shown: `toast` (default) as an error message, unless the request layer already
   * showed it; `inline` through the returned `error`, for an Alert inside a form.
   */
  errors?: 'toast' | 'inline';
  /** A toast after success: a text, or one made from the result. */
  success?: string | ((result: R) => string);
  /** The toast's kind (a proposal is news, not a success). */
  successKind?: 'success' | 'info';
  /**
   * The action is a quiet call (api/quiet.ts): its failure shows this text as an error toast, and
   * only when docs/api.md rule says so (an answer with a status other than 500).
   */
  quietFailure?: string;
}

export interface Action<A extends unknown[], R> {
  /** Runs the action; resolves to its result, or to undefined when it failed (the failure is shown). Never rejects. */
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
  /** The last failure's text, with `errors: 'inline'`. */
  error: string | null;
  clearError(): void;
}

/**
 * One submit path for every form and button that calls the API: a busy flag while it runs, the
 * standard error text (errors.ts) or success toast afterwards, cancelled calls ignored.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: ActionOptions<R> = {},
): Action<A, R> {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The latest action and options, so a run started before a re-render still uses current values.
  const latest = useRef({ action, options });
  latest.current = { action, options };

  const run = async (...args: A): Promise<R | undefined> => {
    const { action: act, options: opts } = latest.current;
    setBusy(true);
    setError(null);
    try {
      const result = await act(...args);
      const text = typeof opts.success === 'function' ? opts.success(result) : opts.success;
      if (text) void message[opts.successKind ?? 'success'](text);
      return result;
    } catch (err) {
      if (isApiError(err) && err.cancelled) return undefined;
      if (opts.quietFailure !== undefined) {
        if (showsQuietFailure(err)) void message.error(opts.quietFailure);
      } else if (opts.errors === 'inline') setError(errorText(t, err));
      else if (!(isApiError(err) && err.shown)) void message.error(errorText(t, err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, clearError: () => setError(null) };
}
