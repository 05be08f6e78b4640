import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint, endpointUrl, useProjectId } from '../../shared/analysis/index.js';

const key = (projectId: number | undefined) => ['hot-hidden-keywords', projectId] as const;

/** POST /hidden/keywords: the project's hidden words, whether hiding is on and whether the user may edit. */
export function useHiddenKeywords() {
  const projectId = useProjectId();
  return useQuery({
    queryKey: key(projectId),
    queryFn: ({ signal }) => callEndpoint(HOT_ENDPOINTS.hiddenKeywords, { data_scope_id: projectId! }, { signal }),
    enabled: projectId !== undefined,
    staleTime: 60_000,
  });
}

/** Hide (POST) or reveal (PUT) words; afterwards the list and the word cloud reload. */
export function useEditHiddenKeywords() {
  const projectId = useProjectId();
  const client = useQueryClient();
  return useCallback(
    async (action: 'hide' | 'unhide', keywords: readonly string[]) => {
      const edit = action === 'hide' ? HOT_ENDPOINTS.hideKeywords : HOT_ENDPOINTS.unhideKeywords;
      const data = await callEndpoint(edit, { data_scope_id: projectId!, keywords: [...keywords] }, { silent: true });
      client.setQueryData(key(projectId), data);
      await client.invalidateQueries({ queryKey: ['analysis', endpointUrl(HOT_ENDPOINTS.keywords)] });
      return data;
    },
    [projectId, client],
  );
}
