import type { FollowedBrands } from '@marketlens/shared/contracts';
import { CONTRAST_ENDPOINTS, FAVORITE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { QUIET } from '../api/quiet.js';
import { callEndpoint, endpointUrl } from './endpoint.js';
import { useProjectId } from './reference.js';

/** The answer of every favourite-brands call: the brands the user now follows in the project. */
export type { FollowedBrands };

const FOLLOWED_KEY = 'followed-brands';

/**
 * What a failed follow or unfollow shows, wherever it is done: a quiet call's message (api/quiet.ts,
 * docs/api.md "update favourites"), shown only for an answer with a status other than 500.
 */
export const FOLLOW_FAILED = 'collections.updateFailed';

/** Brand Detail of a brand (the page's own filter applies). */
export const brandDetailPath = (brandId: number) => `/brand?brand=${brandId}`;

/**
 * Follows (PUT) or unfollows (DELETE) brands in the project (favourite brands,
 * /projects/{id}/collections); answers the brands followed afterwards.
 */
export function followBrands(projectId: number, brandIds: readonly number[], follow: boolean): Promise<FollowedBrands> {
  const opts = { ...QUIET, params: { project_id: projectId } };
  const body = { brands: [...brandIds] };
  return follow
    ? callEndpoint(FAVORITE_ENDPOINTS.follow, body, opts)
    : callEndpoint(FAVORITE_ENDPOINTS.unfollow, body, opts);
}

/**
 * GET /projects/{id}/collections: the brands the user follows in the project (quick picks, the
 * favourites page). Quiet: a page shows `collections.readFailed` when showsQuietFailure says so.
 */
export function useFollowedBrands() {
  const projectId = useProjectId();
  return useQuery({
    queryKey: [FOLLOWED_KEY, projectId],
    queryFn: ({ signal }) =>
      callEndpoint(FAVORITE_ENDPOINTS.brands, {}, { params: { project_id: projectId! }, signal, ...QUIET }),
    enabled: projectId !== undefined,
    staleTime: 60_000,
  });
}

/**
 * Follow or unfollow, then refresh what depends on the followed list wherever it was followed (Brand
 * Detail, a comparison slot, Favourite Brands): the list itself and the favourite brands' figures.
 */
export function useFollowChange() {
  const projectId = useProjectId();
  const client = useQueryClient();
  return useCallback(
    async (brandIds: readonly number[], follow: boolean): Promise<FollowedBrands> => {
      const answer = await followBrands(projectId!, brandIds, follow);
      client.setQueryData([FOLLOWED_KEY, projectId], answer);
      await client.invalidateQueries({ queryKey: ['analysis', endpointUrl(CONTRAST_ENDPOINTS.favorites)] });
      return answer;
    },
    [projectId, client],
  );
}
