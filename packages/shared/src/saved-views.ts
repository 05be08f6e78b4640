import type { MessageKey } from './messages.js';
import { ANALYSIS_PAGES } from './routes.js';

/**
 * Saved views (docs/product.md "Saved views"): an analysis page's state — its filter, range,
 * comparison and panel switches, all of it in the page's URL — kept under a name per project,
 * private or shared with the project's members. A view holds only the URL's query: opening one
 * applies the reader's own grant and pages, so a shared view never widens what a reader sees.
 * The rules live here so that the server and the web form refuse the same input with the same words.
 */

export const SAVED_VIEW_NAME_MAX = 60;
/** The longest query a view keeps (a custom SQL filter is the long part of a URL). */
export const SAVED_VIEW_QUERY_MAX = 4000;
/** Views one user may keep in one project. */
export const SAVED_VIEWS_MAX = 200;

/** The pages a view may be of: the analysis pages, by path. */
export const SAVED_VIEW_PAGES: readonly string[] = ANALYSIS_PAGES.map((p) => p.path);

/**
 * Query parameters a view never keeps: the sign-in hand-over (`tk`, `rtk`) would share a session, and
 * the language is the reader's. Other names must look like the app's own (letters, digits, `_`).
 */
const DROPPED = new Set(['tk', 'rtk', 'locale']);
const PARAM_NAME = /^[a-z][a-z0-9_]{0,23}$/i;

/** The query as a view keeps it: without a leading '?', the dropped and malformed names left out, order kept. */
export function savedViewQuery(raw: string): string {
  const body = raw.startsWith('?') ? raw.slice(1) : raw;
  const kept: string[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let name: string;
    try {
      name = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
    } catch {
      continue;
    }
    if (!DROPPED.has(name) && PARAM_NAME.test(name)) kept.push(part);
  }
  return kept.join('&');
}

export interface SavedViewFields {
  name: string;
  page: string;
  query: string;
}

export interface SavedViewProblem {
  field: keyof SavedViewFields;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** What is wrong with a view as sent, in field order; empty when it may be saved. */
export function savedViewProblems(v: SavedViewFields): SavedViewProblem[] {
  const out: SavedViewProblem[] = [];
  const name = v.name.trim();
  if (name === '') out.push({ field: 'name', key: 'views.nameRequired' });
  else if ([...name].length > SAVED_VIEW_NAME_MAX)
    out.push({ field: 'name', key: 'views.nameTooLong', params: { max: SAVED_VIEW_NAME_MAX } });
  if (!SAVED_VIEW_PAGES.includes(v.page)) out.push({ field: 'page', key: 'views.unknownPage' });
  if (v.query.length > SAVED_VIEW_QUERY_MAX)
    out.push({ field: 'query', key: 'views.queryTooLong', params: { max: SAVED_VIEW_QUERY_MAX } });
  return out;
}
