/**
 * Data access of the Brand Detail page (docs/pages/brand.md): the brand in the URL, its header
 * (POST /brands/info, the gate of the page: 403 no access, 404 not found), following it, and the
 * trend (GET /brands/trends). The other panels use useAnalysisQuery with `brand_id` in the body.
 */
import type { BrandInfo, BrandTrendMetric, BrandTrends } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS, DATA_ENDPOINTS } from '@marketlens/shared/endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, useAnalysisFilter, useFollowChange, useProjectId } from '../../shared/analysis/index.js';
import { isApiError } from '../../shared/api/request.js';
import type { TrendSelector } from './params.js';

const infoKey = (projectId: number | undefined, language: string, brandId: number | null) =>
  ['brand', 'info', projectId, language, brandId] as const;

/** A refused or missing brand will not change on a retry. */
const retryUnlessClientError = (count: number, err: Error) =>
  count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500);

/**
 * POST /brands/info: the brand's header over the whole data range within the grant. Silent: the
 * page shows 403 (no access) and 404 (not found) as its own states instead of toasts.
 */
export function useBrandInfo(brandId: number | null) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery<BrandInfo, Error>({
    queryKey: infoKey(projectId, i18n.language, brandId),
    queryFn: ({ signal }) =>
      callEndpoint(BRAND_ENDPOINTS.info, { data_scope_id: projectId!, brand_id: brandId! }, { signal, silent: true }),
    enabled: projectId !== undefined && brandId !== null,
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** What a failed info load means for the page. */
export function infoFailure(err: unknown): 'noAccess' | 'notFound' | 'failed' {
  if (isApiError(err) && err.status === 403) return 'noAccess';
  if (isApiError(err) && err.status === 404) return 'notFound';
  return 'failed';
}

/**
 * Follows (PUT) or unfollows (DELETE) the brand in the project (favourite brands,
 * /projects/{id}/collections); the header's `followed` is updated from the answer.
 */
export function useFollow(brandId: number) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const change = useFollowChange();
  return useCallback(
    async (follow: boolean): Promise<boolean> => {
      const answer = await change([brandId], follow);
      const followed = answer.brands.some((b) => b.brand_id === brandId);
      client.setQueryData<BrandInfo>(infoKey(projectId, i18n.language, brandId), (info) =>
        info ? { ...info, followed } : info,
      );
      return followed;
    },
    [projectId, brandId, client, i18n.language, change],
  );
}

/**
 * GET /brands/trends over the applied period and categories (the endpoint takes no other filter
 * field): one point per period with the metric's growth against the previous period or year.
 */
export function useBrandTrend(brandId: number, metric: BrandTrendMetric, selector: TrendSelector) {
  const projectId = useProjectId();
  const { resolved } = useAnalysisFilter();
  const { i18n } = useTranslation();
  const categories =
    resolved?.category.enable && resolved.category.value.length > 0 ? resolved.category.value.join(',') : undefined;
  const params = resolved && {
    data_scope_id: projectId!,
    brand_id: brandId,
    start: resolved.date[0],
    end: resolved.date[1],
    categories,
    selector,
    metric,
  };
  return useQuery<BrandTrends, Error>({
    queryKey: ['brand', 'trends', i18n.language, params ?? null],
    queryFn: ({ signal }) => callEndpoint(BRAND_ENDPOINTS.trends, params!, { signal }),
    enabled: projectId !== undefined && params !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

/** GET /brands/default: the ten biggest brands the user may see, offered as quick picks. */
export function useLeadingBrands(enabled: boolean) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['brand', 'leading', projectId, i18n.language],
    queryFn: ({ signal }) =>
      callEndpoint(DATA_ENDPOINTS.defaultBrands, { data_scope_id: projectId! }, { signal }).then((d) => d.items),
    enabled: enabled && projectId !== undefined,
    staleTime: 10 * 60_000,
  });
}
