/**
 * Data access of the Potential Brand page (docs/pages/potential.md): the search (POST
 * /potential/brands), the user's saved search of the project (GET/PUT /users/projects/{id}/config,
 * key `potential`), and following a brand (the project's favourite brands).
 */
import type { PotentialBrands } from '@marketlens/shared/contracts';
import { POTENTIAL_ENDPOINTS, SESSION_ENDPOINTS } from '@marketlens/shared/endpoints';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, followBrands, useProjectId } from '../../shared/analysis/index.js';
import { QUIET } from '../../shared/api/quiet.js';
import { isApiError } from '../../shared/api/request.js';
import { asConfig, type PotentialConfig } from './search.js';

/** The key of the search in the user's per-project config. */
const CONFIG_KEY = 'potential';
type UserConfig = Record<string, unknown>;

const configKey = (projectId: number | undefined) => ['users', 'projects', projectId, 'config'] as const;

/**
 * The user's config of the project (every key, so saving the search keeps the others). Quiet
 * (api/quiet.ts): the page tells docs/api.md "read potential config" failure by the quiet rule, and
 * the defaults apply either way.
 */
export function useUserConfig() {
  const projectId = useProjectId();
  return useQuery<UserConfig, Error>({
    queryKey: configKey(projectId),
    queryFn: ({ signal }) =>
      callEndpoint(SESSION_ENDPOINTS.projectConfig, {}, { params: { id: projectId! }, signal, ...QUIET }).then(
        (r) => r.config,
      ),
    enabled: projectId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The saved search in a user config, if any. */
export const savedSearch = (config: UserConfig | undefined): PotentialConfig | null => asConfig(config?.[CONFIG_KEY]);

/** Saves the search as the user's last one in the project (the other keys of the config kept). */
export function useSaveSearch() {
  const projectId = useProjectId();
  const client = useQueryClient();
  return useCallback(
    async (search: PotentialConfig) => {
      if (projectId === undefined) return;
      const current = client.getQueryData<UserConfig>(configKey(projectId)) ?? {};
      const next = { ...current, [CONFIG_KEY]: search };
      const saved = await callEndpoint(
        SESSION_ENDPOINTS.saveProjectConfig,
        { config: next },
        { ...QUIET, params: { id: projectId } },
      );
      client.setQueryData(configKey(projectId), saved.config);
    },
    [projectId, client],
  );
}

const searchKey = (projectId: number | undefined, language: string, search: PotentialConfig | null) =>
  ['potential', 'brands', projectId, language, search] as const;

/** POST /potential/brands for the applied search (none: nothing asked). */
export function usePotentialBrands(search: PotentialConfig | null) {
  const projectId = useProjectId();
  const { i18n } = useTranslation();
  return useQuery<PotentialBrands, Error>({
    queryKey: searchKey(projectId, i18n.language, search),
    queryFn: ({ signal }) =>
      callEndpoint(POTENTIAL_ENDPOINTS.brands, { data_scope_id: projectId!, ...search! }, { signal }),
    enabled: projectId !== undefined && search !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: (count, err) => count < 1 && !(isApiError(err) && err.status >= 400 && err.status < 500),
  });
}

/**
 * Follows (PUT) or unfollows (DELETE) a brand in the project; the rows of that brand in the cached
 * answers are marked from the server's list.
 */
export function useFollowBrand() {
  const projectId = useProjectId();
  const client = useQueryClient();
  return useCallback(
    async (brandId: number, follow: boolean): Promise<boolean> => {
      const answer = await followBrands(projectId!, [brandId], follow);
      const followed = answer.brands.some((b) => b.brand_id === brandId);
      client.setQueriesData<PotentialBrands>({ queryKey: ['potential', 'brands', projectId] }, (data) =>
        data ? { ...data, items: data.items.map((r) => (r.brand_id === brandId ? { ...r, followed } : r)) } : data,
      );
      return followed;
    },
    [projectId, client],
  );
}
