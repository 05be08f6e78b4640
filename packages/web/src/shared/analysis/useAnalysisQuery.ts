import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type Params } from '../api/request.js';
import { useProjectId } from './reference.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';

export interface AnalysisQueryOptions {
  /** false holds the query (e.g. until the page knows a brand id). */
  enabled?: boolean;
  /** Milliseconds an answer stays fresh; default one minute (the server caches results too). */
  staleTime?: number;
}

export type AnalysisQueryResult<T> = UseQueryResult<T, Error> & {
  /** Message keys of the answer's `warnings` (spec §8: 'analytics.noData', 'analytics.unequalPeriods' …), strings or `{ code }`. */
  warnings: string[];
  /** The filter is known and the query may run (false before the project and its period range load). */
  ready: boolean;
};

/** The request body of an analysis call: project, the applied filter's wire fields, then the page's own fields. */
export function analysisBody(projectId: number, wire: object, extraBody: Params | undefined): Params {
  return { data_scope_id: projectId, ...wire, ...extraBody };
}

/**
 * POST /api/common/<path> with the applied filter of the URL. The previous answer stays on screen
 * while a new one loads (keepPreviousData), and a superseded request is cancelled through the
 * AbortSignal TanStack Query passes. `path` is relative to /api/common ('summary', '/trends' …).
 */
export function useAnalysisQuery<T>(
  path: string,
  extraBody?: Params,
  options: AnalysisQueryOptions = {},
): AnalysisQueryResult<T> {
  const projectId = useProjectId();
  const { wire } = useAnalysisFilter();
  const { i18n } = useTranslation();
  const url = `/api/common/${path.replace(/^\/+/, '')}`;
  const ready = projectId !== undefined && wire !== undefined;
  const query = useQuery<T, Error>({
    queryKey: ['analysis', url, projectId, i18n.language, wire, extraBody ?? null],
    queryFn: ({ signal }) => api.post<T>(url, analysisBody(projectId!, wire!, extraBody), { signal }),
    enabled: ready && options.enabled !== false,
    placeholderData: keepPreviousData,
    staleTime: options.staleTime ?? 60_000,
    // A refused filter (400) or a missing grant will not change on a retry.
    retry: (count, err) => count < 1 && !('status' in err && Number(err.status) >= 400 && Number(err.status) < 500),
  });
  return { ...query, warnings: warningCodes(query.data), ready } as AnalysisQueryResult<T>;
}

/**
 * Message keys of an answer's `warnings`: keys as strings (brand, hot endpoints) or `{ code, msg }`
 * (insight endpoints), each once.
 */
export function warningCodes(data: unknown): string[] {
  const list = data && typeof data === 'object' ? (data as { warnings?: unknown }).warnings : undefined;
  if (!Array.isArray(list)) return [];
  return [
    ...new Set(
      list.flatMap((w) =>
        typeof w === 'string' ? [w] : w && typeof w === 'object' && typeof w.code === 'string' ? [w.code] : [],
      ),
    ),
  ];
}
