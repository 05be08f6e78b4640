import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The page's own URL params (beside the filter's), so a shared link shows the same panels:
 * parent category, rising/fresh kinds, trend metric and fresh sort.
 */
export const PAGE_PARAMS = {
  parent: 'parent',
  risingKind: 'rk',
  freshKind: 'fk',
  metric: 'm',
  freshSort: 'fs',
} as const;

/** One enumerated URL param with its default (the default is left out of the URL). */
export function useChoiceParam<T extends string>(
  name: string,
  allowed: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get(name);
  const value = allowed.includes(raw as T) ? (raw as T) : fallback;
  const set = useCallback(
    (next: T) => {
      const params = new URLSearchParams(location.search);
      if (next === fallback) params.delete(name);
      else params.set(name, next);
      const search = params.toString();
      // A switch is a view choice, not a new question: replace the entry rather than piling up history.
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [location.pathname, location.search, name, fallback, navigate],
  );
  return [value, set];
}

/** The parent category (null = level-1 categories) from the URL. */
export function useParentParam(): [number | null, (next: number | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get(PAGE_PARAMS.parent);
  const value = useMemo(() => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null), [raw]);
  const set = useCallback(
    (next: number | null) => {
      const params = new URLSearchParams(location.search);
      if (next === null) params.delete(PAGE_PARAMS.parent);
      else params.set(PAGE_PARAMS.parent, String(next));
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
    },
    [location.pathname, location.search, navigate],
  );
  return [value, set];
}
