import type { HiddenKeywordsData } from '@marketlens/shared/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useProjectId } from '../../shared/analysis/index.js';
import { api } from '../../shared/api/request.js';

const key = (projectId: number | undefined) => ['hot-hidden-keywords', projectId] as const;

/** POST /hidden/keywords: the project's hidden words, whether hiding is on and whether the user may edit. */
export function useHiddenKeywords() {
  const projectId = useProjectId();
  return useQuery({
    queryKey: key(projectId),
    queryFn: ({ signal }) =>
      api.post<HiddenKeywordsData>('/api/common/hidden/keywords', { data_scope_id: projectId }, { signal }),
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
      const body = { data_scope_id: projectId, keywords };
      const data =
        action === 'hide'
          ? await api.post<HiddenKeywordsData>('/api/common/settings/keywords', body, { silent: true })
          : await api.put<HiddenKeywordsData>('/api/common/settings/keywords', body, { silent: true });
      client.setQueryData(key(projectId), data);
      await client.invalidateQueries({ queryKey: ['analysis', '/api/common/keywords/hot'] });
      return data;
    },
    [projectId, client],
  );
}
