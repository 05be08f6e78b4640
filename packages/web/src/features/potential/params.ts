// The pure modules, not the frame's index: the declarations load without React (and in node tests).
import { optionalChoice, panelParams } from '../../shared/analysis/panelParams.js';
import { SEARCH_PARAM } from './search.js';

/** The table's sortable columns. */
export const SORT_KEYS = [
  'sales',
  'growth',
  'category_sales',
  'category_growth',
  'share',
  'share_change',
  'rank',
  'total_sales',
  'total_growth',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';
/** A column and its direction in one value ('growth.desc'), so one click is one history entry. */
export const SORTS = SORT_KEYS.flatMap((k) => [`${k}.desc`, `${k}.asc`] as const);
export type Sort = (typeof SORTS)[number];

export const sortOf = (s: Sort | null): { key: SortKey; order: SortOrder } | null => {
  if (!s) return null;
  const [key, order] = s.split('.') as [SortKey, SortOrder];
  return { key, order };
};

/** The applied search and the table's sort in the URL (names beside the filter's; defaults left out). */
export const POTENTIAL_PARAMS = panelParams({
  /** The applied search (absent: the saved one, else the defaults). */
  search: SEARCH_PARAM,
  /** The table's sort; absent = the answer's order (fastest growing in the category first). */
  sort: optionalChoice('ps', SORTS),
});
