import { http } from 'msw';
import type { ProjectBrief, SessionProject, SessionUser } from '../../src/shared/auth/types.js';
import { calls, ok, userOf } from './harness.js';

/**
 * The analysis pages (Category Insight, Brand Detail, Trend Overview and the frame they share) in the
 * app's providers against MSW: project 1 ("Demo") and its member, the reference data the filter panel
 * loads, and a chart stand-in for jsdom. The providers, the server and the request log are in
 * ./harness.tsx, re-exported here so a page test imports one module.
 */
export {
  type Call,
  calls,
  fail,
  jsonResponse,
  ok,
  renderAt,
  renderInProviders,
  renderRoutes,
  server,
  setUpApiTests,
  setUpFetchStubTests,
  stubResizeObserver,
  testQueryClient,
  userOf,
} from './harness.js';

/** The recorded requests to `/api/common/<path>`, oldest first; `method` keeps only those (e.g. 'POST'). */
export const callsTo = (path: string, method?: string) =>
  calls.filter((c) => c.path === `/api/common/${path}` && (!method || c.method === method));

/** A membership of project 1 ("Demo"): a general member, in service, with the given page ids. */
export function demoMember(pages: number[], over: Partial<SessionProject> = {}): SessionProject {
  return { id: 1, name: 'Demo', role: 'general', status: 'in_service', pages, categories: [], ...over };
}

/** The signed-in user of the analysis tests: "ana", a general member of project 1 with `pages`. */
export function analysisUser(pages: number[], over: Partial<SessionUser> = {}): SessionUser {
  return userOf(7, 'ana', 'general', { projects: [demoMember(pages)], ...over });
}

/** Project 1's brief: monthly demo data in USD ($), no series, keywords not hidden, in service. */
export function projectBrief(over: Partial<ProjectBrief> = {}): ProjectBrief {
  return {
    id: 1,
    name: 'Demo',
    data_scope: 'demo',
    date_field: 'month',
    currency_unit: 'USD',
    cur_symbol: '$',
    has_series: false,
    series_name: '',
    series_name_en: '',
    discount_price: false,
    discount_price_on: false,
    hide_keywords: false,
    status: 'in_service',
    ...over,
  };
}

/** The level-1 category 美妆 (Beauty) of the category tree, without children. */
export const BEAUTY = {
  category_id: 1,
  category_name: '美妆',
  category_name_en: 'Beauty',
  level: 1,
  parent: null,
  children: [] as unknown[],
};

/**
 * The reference data a page loads before its panels: the user, project 1's brief, the data period
 * (2023-01 to 2024-06) and the filter panel's lists (categories: Beauty; the others — custom attributes
 * too — empty unless given).
 * MSW answers with the first handler that matches, so a test's own handler listed before these wins.
 */
export function referenceHandlers(
  over: {
    user?: SessionUser;
    brief?: ProjectBrief;
    categories?: unknown[];
    channels?: unknown[];
    attributes?: unknown[];
    brands?: unknown[];
    customAttributes?: unknown[];
  } = {},
) {
  return [
    http.get('*/api/auth/user', () => ok({ user: over.user ?? analysisUser([]) })),
    http.get('*/api/common/projects/1/brief', () => ok(over.brief ?? projectBrief())),
    http.get('*/api/common/table_date', () => ok({ farthest_date: '2023-01-01', latest_date: '2024-06-01' })),
    http.post('*/api/common/categories', () => ok({ items: over.categories ?? [BEAUTY] })),
    http.get('*/api/common/platforms/channels', () => ok({ items: over.channels ?? [] })),
    http.get('*/api/common/attributes', () => ok({ items: over.attributes ?? [] })),
    http.get('*/api/common/brands', () => ok({ items: over.brands ?? [] })),
    http.post('*/api/common/users/projects/:id/categories/custom_attributes/queries', () =>
      ok({ items: over.customAttributes ?? [] }),
    ),
  ];
}

/**
 * jsdom has no canvas: a stand-in for EChartView that lists each series' data as JSON, so a page's
 * wiring is tested without ECharts. Use it from the mock factory:
 * `vi.mock('../src/shared/analysis/EChartView.js', async () => ({ default: (await import('./support/analysis-harness.js')).SeriesDataChart }))`.
 */
export function SeriesDataChart({ option }: { option: { series: { type: string; data: unknown[] }[] } }) {
  return (
    <div data-testid={`chart-${option.series[0]?.type ?? 'none'}`}>
      {JSON.stringify(option.series.map((s) => s.data))}
    </div>
  );
}

/**
 * What the page's switches show: the selected option of every segmented switch and the active tab of
 * every tab bar, in document order. Two renders with the same value show the same view.
 */
export function switchView(): { segmented: string[]; tabs: string[] } {
  const text = (els: NodeListOf<Element>) => [...els].map((e) => e.textContent ?? '');
  return {
    segmented: text(document.querySelectorAll('.ant-segmented-item-selected')),
    tabs: text(document.querySelectorAll('[role="tab"][aria-selected="true"]')),
  };
}

/** The segmented switches of the page in document order (to click one option of the i-th). */
export const segmentedSwitches = () => [...document.querySelectorAll<HTMLElement>('.ant-segmented')];
