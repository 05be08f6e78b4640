import { type CoverageGap, isEventRefusal } from '@marketlens/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session.js';
import {
  type AnalysisFilter,
  type DatePair,
  decodeFilter,
  defaultDateRange,
  emptyFilter,
  encodeFilter,
  resolveFilter,
  toWire,
  type WireFilter,
} from './filter.js';
import { type CategoryNode, useCategoryTree, useTableDate } from './reference.js';
import { type AxisCoverage, tableRangeGaps } from './timeAxis.js';
import { eventComparisonOf, useEventEditions } from './useEventEditions.js';

export interface AnalysisFilterState {
  /** The applied filter as the URL says (date null = the default range). */
  filter: AnalysisFilter;
  /** The applied filter with the date range resolved; undefined until the dataset's range is known. */
  resolved: (AnalysisFilter & { date: DatePair }) | undefined;
  /** The request body fields of the applied filter; undefined until the date range is known. */
  wire: WireFilter | undefined;
  /** The default period range of the project (12 months / 13 weeks ending at the last complete period). */
  defaultDate: DatePair | undefined;
  /** The dataset's first and latest period (for pickers: any period up to the latest may be chosen). */
  bounds: DatePair | undefined;
  /**
   * The applied range's periods that are not complete (docs/product.md §4), oldest first; empty
   * until the range is known.
   */
  gaps: readonly CoverageGap[];
  granularity: 'month' | 'week';
  /** Writes a filter into the URL (a new history entry, so Back returns to the previous one). */
  /** Writes the filter into the URL; false when the URL already holds it (nothing will load). */
  apply(next: AnalysisFilter): boolean;
  /** Clears every filter param from the URL (page params stay). */
  reset(): void;
  toWire: typeof toWire;
}

/**
 * The applied analysis filter, read from the URL (the source of truth, so links share and
 * back/forward work). Page-specific params in the URL are kept untouched by apply and reset.
 */
export function useAnalysisFilter(): AnalysisFilterState {
  const location = useLocation();
  const navigate = useNavigate();
  const { scope } = useSession();
  const granularity = scope?.granularity ?? 'month';
  const table = useTableDate();
  const filter = useMemo(() => decodeFilter(new URLSearchParams(location.search)), [location.search]);
  const defaultDate = useMemo(
    () => (table.data ? defaultDateRange(table.data, granularity) : undefined),
    [table.data, granularity],
  );
  const bounds = useMemo<DatePair | undefined>(
    () => (table.data ? [table.data.farthest_date, table.data.latest_date] : undefined),
    [table.data],
  );
  // "Same event": the applied range is the edition's periods (the server applies the same rule);
  // unknown until the calendar is read. A refused pick keeps the range, and the server says why.
  const eventMode = filter.selector === 'event';
  const editions = useEventEditions(eventMode);
  const resolved = useMemo(() => {
    if (!eventMode) return resolveFilter(filter, defaultDate);
    if (!editions.data && !editions.isError) return undefined;
    const c = eventComparisonOf(editions.data, filter.event, granularity, bounds);
    const date: DatePair | null = c && !isEventRefusal(c) ? [c.range.start, c.range.end] : filter.date;
    return resolveFilter({ ...filter, date }, defaultDate);
  }, [eventMode, filter, defaultDate, editions.data, editions.isError, granularity, bounds]);
  const wire = useMemo(() => (resolved ? toWire(resolved) : undefined), [resolved]);
  const date = resolved?.date;
  const gaps = useMemo(
    () => (table.data && date ? tableRangeGaps(table.data, { start: date[0], end: date[1] }, granularity) : []),
    [table.data, date, granularity],
  );

  const write = useCallback(
    (next: AnalysisFilter) => {
      const search = encodeFilter(next, new URLSearchParams(location.search));
      if (search === location.search) return false;
      void navigate({ pathname: location.pathname, search, hash: location.hash });
      return true;
    },
    [location.pathname, location.search, location.hash, navigate],
  );
  const apply = useCallback(
    (next: AnalysisFilter) => {
      // The default range stays implicit (null) so the link keeps following new data.
      const date = next.date && defaultDate && next.date.join() === defaultDate.join() ? null : next.date;
      return write({ ...next, date });
    },
    [write, defaultDate],
  );
  const reset = useCallback(() => write(emptyFilter()), [write]);

  return {
    filter,
    resolved,
    wire,
    defaultDate,
    bounds,
    gaps,
    granularity,
    apply,
    reset,
    toWire,
  };
}

/**
 * The applied range's coverage for the chart builders (timeAxis.ts): every period of the range on the
 * axis, the gaps with their reasons in the page's language. Undefined until the range is known.
 */
export function useAxisCoverage(): AxisCoverage | undefined {
  const { t } = useTranslation();
  const { resolved, gaps, granularity } = useAnalysisFilter();
  const date = resolved?.date;
  return useMemo(
    () =>
      date && {
        range: { start: date[0], end: date[1] },
        granularity,
        gaps,
        reasons: {
          missing: t('analysis.coverage.reason.missing'),
          sparse: t('analysis.coverage.reason.sparse'),
          partial: t('analysis.coverage.reason.partial'),
        },
      },
    [date, granularity, gaps, t],
  );
}

function collectNodes(nodes: readonly CategoryNode[], into: Map<number, CategoryNode>): Map<number, CategoryNode> {
  for (const n of nodes) {
    into.set(n.category_id, n);
    collectNodes(n.children, into);
  }
  return into;
}

/** The state of the URL's chosen categories against the granted tree (docs/product.md §6). */
export interface ChosenCategories {
  /** Ids in the URL that the granted tree does not hold (a shared link): no figures for them. */
  ungranted: number[];
  /**
   * Chosen categories whose data the project's administrator has not marked ready; with none chosen,
   * the whole granted tree when none of it is ready.
   */
  notReady: CategoryNode[];
}

/** Empty until the tree is known. */
export function useChosenCategories(): ChosenCategories {
  const { filter } = useAnalysisFilter();
  const tree = useCategoryTree();
  return useMemo(() => {
    if (!tree.data) return { ungranted: [], notReady: [] };
    const nodes = collectNodes(tree.data, new Map());
    if (!filter.category.enable) {
      const top = tree.data;
      return { ungranted: [], notReady: top.length > 0 && top.every((n) => n.ready === false) ? top : [] };
    }
    const chosen = filter.category.value;
    return {
      ungranted: chosen.filter((id) => !nodes.has(id)),
      notReady: chosen.flatMap((id) => {
        const n = nodes.get(id);
        return n && n.ready === false ? [n] : [];
      }),
    };
  }, [tree.data, filter.category]);
}
