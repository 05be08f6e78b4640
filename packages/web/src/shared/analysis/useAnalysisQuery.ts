import type { Warning } from '@marketlens/shared/contracts';
import type { BodyOf, DataOf, Endpoint } from '@marketlens/shared/endpoints';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type Params } from '../api/request.js';
import { endpointUrl } from './endpoint.js';
import type { WireFilter } from './filter.js';
import { useProjectId } from './reference.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';

export interface AnalysisQueryOptions {
  /** false holds the query (e.g. until the page knows a brand id). */
  enabled?: boolean;
  /** Milliseconds an answer stays fresh; default one minute (the server caches results too). */
  staleTime?: number;
}

export type AnalysisQueryResult<T> = UseQueryResult<T, Error> & {
  /**
   * Message keys (`code`) of the answer's `warnings` (docs/product.md §8: 'analytics.noData',
   * 'analytics.unequalPeriods' …).
   */
  warnings: string[];
  /** The same warnings with the server's words (`{ code, msg }`), each code once: what a panel draws. */
  warningDetails: Warning[];
  /** The filter is known and the query may run (false before the project and its period range load). */
  ready: boolean;
};

/** The page's own request fields of an endpoint (the project and the filter are added by the frame). */
export type PageFields<E> = Partial<BodyOf<E>>;

/** The request body of an analysis call: project, the applied filter's wire fields, then the page's own fields. */
export function analysisBody(projectId: number, wire: object, extraBody: Params | undefined): Params {
  return { data_scope_id: projectId, ...wire, ...extraBody };
}

/**
 * A POST analysis endpoint of the shared tables (e.g. `INSIGHT_ENDPOINTS.summary`) called with the
 * applied filter of the URL in its body; the answer's type is the endpoint's. The previous answer stays on screen
 * while a new one loads (keepPreviousData), and a superseded request is cancelled through the
 * AbortSignal TanStack Query passes.
 */
export function useAnalysisQuery<E extends Endpoint>(
  endpoint: E,
  extraBody?: PageFields<E>,
  options: AnalysisQueryOptions = {},
): AnalysisQueryResult<DataOf<E>> {
  type T = DataOf<E>;
  const projectId = useProjectId();
  const { wire } = useAnalysisFilter();
  const { i18n } = useTranslation();
  const ready = projectId !== undefined && wire !== undefined;
  const query = useQuery<T, Error>({
    ...analysisQueryOptions<T>(endpoint, projectId, i18n.language, wire, extraBody as Params | undefined),
    enabled: ready && options.enabled !== false,
    placeholderData: keepPreviousData,
    staleTime: options.staleTime ?? ANALYSIS_STALE_MS,
  });
  return {
    ...query,
    warnings: warningCodes(query.data),
    warningDetails: warningList(query.data),
    ready,
  } as AnalysisQueryResult<T>;
}

/** How long an analysis answer counts as fresh (the panels' and the first-view prefetch's). */
export const ANALYSIS_STALE_MS = 60_000;

/**
 * The one definition of an analysis call's query (key and request): useAnalysisQuery and the
 * first-view prefetch (prefetch.ts) both use it, so a prefetched answer is the entry the panel reads.
 */
export function analysisQueryOptions<T>(
  endpoint: Endpoint,
  projectId: number | undefined,
  language: string,
  wire: WireFilter | undefined,
  body: Params | undefined,
) {
  const url = endpointUrl(endpoint);
  return {
    queryKey: ['analysis', url, projectId, language, wire, body ?? null] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.post<T>(url, analysisBody(projectId!, wire!, body), { signal }),
    // A refused filter (400) or a missing grant will not change on a retry.
    retry: (count: number, err: Error) =>
      count < 1 && !('status' in err && Number(err.status) >= 400 && Number(err.status) < 500),
  };
}

/** An answer's `warnings` (one format for every page: `{ code, msg }`), the first of each code. */
export function warningList(data: unknown): Warning[] {
  const list = data && typeof data === 'object' ? (data as { warnings?: readonly Warning[] }).warnings : undefined;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  return list.filter((w) => !seen.has(w.code) && seen.add(w.code));
}

/** The message keys of an answer's `warnings`, each once. */
export function warningCodes(data: unknown): string[] {
  return warningList(data).map((w) => w.code);
}
