/**
 * Panel switches kept in the URL (DESIGN §2: every switch lives in the URL). A page declares its
 * switches once with {@link panelParams}; each panel reads and sets one with {@link usePanelParam}:
 *
 * - a shared link shows the same view, and Back/Forward step through switch changes (a switch pushes
 *   a history entry, like applying the filter; a continuous edit such as typing weights pushes once
 *   and then rewrites that entry);
 * - the default value is left out of the URL, and a missing or invalid value reads as the default;
 * - names never collide with the filter's params (filter.ts URL_PARAMS) nor with each other: the
 *   declaration throws, so a collision fails the first test that imports the page.
 *
 * Transient UI state (an open drawer, a search box's text) stays in component state.
 */
import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';
import { isFilterParam, toSearch } from './filter.js';

/** One switch: its URL name, its default, how it reads from and writes to the URL. */
export interface PanelParam<T> {
  readonly name: string;
  readonly fallback: T;
  /** The value of the raw param; undefined when it is not a valid value (the default is used). */
  parse(raw: string): T | undefined;
  format(value: T): string;
  /**
   * 'push' (default): a new history entry. 'replace' (continuous edits): the first change from the
   * default pushes, the following ones rewrite that entry, so Back returns to the view before the edit.
   */
  readonly history: 'push' | 'replace';
}

type Options = { history?: 'push' | 'replace' };

/** One of a fixed list of values (tabs, metrics, sorts, kinds). */
export function choice<T extends string | number>(
  name: string,
  allowed: readonly T[],
  fallback: T,
  opts: Options = {},
): PanelParam<T> {
  return {
    name,
    fallback,
    parse: (raw) => allowed.find((a) => String(a) === raw),
    format: String,
    history: opts.history ?? 'push',
  };
}

/** One of a fixed list, or null (absent) when the panel follows something else (e.g. the filter). */
export function optionalChoice<T extends string>(name: string, allowed: readonly T[]): PanelParam<T | null> {
  return { name, fallback: null, parse: (raw) => allowed.find((a) => a === raw), format: String, history: 'push' };
}

/** A positive id (a brand, a parent category), or null when none is chosen. */
export function idParam(name: string): PanelParam<number | null> {
  return {
    name,
    fallback: null,
    parse: (raw) => (/^\d{1,12}$/.test(raw) ? Number(raw) : undefined),
    format: String,
    history: 'push',
  };
}

/** A free text value (an attribute name that the data lists), or null. The panel checks it against its data. */
export function textParam(name: string, maxLength = 200): PanelParam<string | null> {
  return {
    name,
    fallback: null,
    parse: (raw) => (raw.length > 0 && raw.length <= maxLength ? raw : undefined),
    format: String,
    history: 'push',
  };
}

/** A fixed-length list of non-negative numbers (custom weights), or null for the defaults. */
export function numbersParam(name: string, length: number, opts: Options = {}): PanelParam<number[] | null> {
  return {
    name,
    fallback: null,
    parse: (raw) => {
      const parts = raw.split(',');
      if (parts.length !== length || !parts.every((p) => /^\d{1,6}(\.\d{1,4})?$/.test(p))) return undefined;
      return parts.map(Number);
    },
    format: (v) => (v ?? []).join(','),
    history: opts.history ?? 'push',
  };
}

/**
 * A page's switches by key. Throws when a name is a filter param or used twice (also against
 * `reserved`: names the page uses otherwise, e.g. the brand page's `brand`).
 */
export function panelParams<P extends Record<string, PanelParam<never> | PanelParam<unknown>>>(
  params: P,
  reserved: readonly string[] = [],
): P {
  const seen = new Set(reserved);
  for (const p of Object.values(params)) {
    if (isFilterParam(p.name)) throw new Error(`panel param "${p.name}" is a filter param`);
    if (seen.has(p.name)) throw new Error(`panel param "${p.name}" is declared twice`);
    seen.add(p.name);
  }
  return params;
}

/** The value a search string holds for the param (the default when absent or invalid). */
export function readParam<T>(param: PanelParam<T>, search: string): T {
  const raw = new URLSearchParams(search).get(param.name);
  if (raw === null) return param.fallback;
  const value = param.parse(raw);
  return value === undefined ? param.fallback : value;
}

const same = <T>(param: PanelParam<T>, a: T, b: T) =>
  a === b || (a !== null && b !== null && param.format(a) === param.format(b));

/** The search string with the param set to `value` (removed when it is the default); other params kept. */
export function writeParam<T>(param: PanelParam<T>, search: string, value: T): string {
  const params = new URLSearchParams(search);
  if (value === null || same(param, value, param.fallback)) params.delete(param.name);
  else params.set(param.name, param.format(value));
  return toSearch(params.entries());
}

/** A new value, or how to make it from the URL's current one. */
export type PanelParamUpdate<T> = T | ((current: T) => T);

/**
 * The switch's value from the URL and a setter that writes it there (nothing happens when unchanged).
 * The setter starts from the router's latest address, not the one of the last render: the router
 * renders a navigation in a transition, and quick edits in a row (typing weights) must not write
 * over each other, nor drop a switch another panel set just before.
 */
export function usePanelParam<T>(param: PanelParam<T>): [T, (next: PanelParamUpdate<T>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const value = useMemo(() => readParam(param, location.search), [param, location.search]);
  const set = useCallback(
    (update: PanelParamUpdate<T>) => {
      const at = router?.state.location ?? location;
      const current = readParam(param, at.search);
      const next = typeof update === 'function' ? (update as (current: T) => T)(current) : update;
      if (same(param, next, current)) return;
      void navigate(
        { pathname: at.pathname, search: writeParam(param, at.search, next), hash: at.hash },
        { replace: param.history === 'replace' && new URLSearchParams(at.search).has(param.name) },
      );
    },
    [param, location, router, navigate],
  );
  return [value, set];
}
