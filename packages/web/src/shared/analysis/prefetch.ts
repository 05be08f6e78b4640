/**
 * A page's first-view requests, started before the page renders: on a full load from main.tsx as
 * soon as the session and the period range are known, on in-app navigation from the route's loader
 * while the page's chunk downloads. Each request is the query the panel itself makes
 * (analysisQueryOptions: same key, same request), so the panel finds the answer, or the request in
 * flight, in the cache and nothing is asked twice.
 */
import type { Endpoint } from '@marketlens/shared/endpoints';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from '../api/request.js';
import { sessionScope } from '../auth/session.js';
import { decodeFilter, defaultDateRange, resolveFilter, toWire } from './filter.js';
import { ensureTableDate } from './reference.js';
import { ANALYSIS_STALE_MS, analysisQueryOptions } from './useAnalysisQuery.js';

/** An analysis call a page's panel makes at first view: the endpoint and the panel's own body fields. */
export interface FirstViewRequest {
  endpoint: Endpoint;
  body?: Params;
}

/** The first-view calls of a page for the address's search (`?…`: the panels' switches in the URL). */
export type FirstView = (search: string) => FirstViewRequest[];

export async function prefetchFirstView(
  client: QueryClient,
  firstView: FirstView,
  search: string,
  language: string,
): Promise<void> {
  const scope = await sessionScope(client);
  if (!scope) return;
  const table = await ensureTableDate(client, scope.projectId, language);
  const resolved = resolveFilter(decodeFilter(new URLSearchParams(search)), defaultDateRange(table, scope.granularity));
  if (!resolved) return;
  const wire = toWire(resolved);
  await Promise.all(
    firstView(search).map(({ endpoint, body }) =>
      client.prefetchQuery({
        ...analysisQueryOptions(endpoint, scope.projectId, language, wire, body),
        staleTime: ANALYSIS_STALE_MS,
      }),
    ),
  );
}
