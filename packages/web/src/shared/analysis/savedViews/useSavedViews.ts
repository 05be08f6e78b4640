import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../ui/feedback.js';
import { useProjectId } from '../reference.js';
import { type SavedView, type SavedViewChange, savedViewKeys, savedViewsApi, viewPath } from './api.js';

/**
 * The current project's saved views (one page's, or every page's) and what is done with them; the
 * analysis pages' dialog and the personal centre's list share it, so a change in one shows in the other.
 */
export function useSavedViews(page?: string) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const projectId = useProjectId();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: savedViewKeys.list(projectId ?? 0, page),
    queryFn: ({ signal }) => savedViewsApi.list(projectId!, page, signal).then((d) => d.items),
    enabled: projectId !== undefined,
  });
  const refresh = () => client.invalidateQueries({ queryKey: savedViewKeys.all(projectId ?? 0) });
  const change = useMutation({
    mutationFn: ({ id, ...c }: SavedViewChange & { id: number }) => savedViewsApi.update(projectId!, id, c),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => savedViewsApi.remove(projectId!, id),
    onSuccess: async () => {
      void message.success(t('savedViews.deleted'));
      await refresh();
    },
  });
  const copyLink = async (v: SavedView) => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${viewPath(v)}`);
      void message.success(t('savedViews.copied'));
    } catch {
      void message.warning(t('common.copyFailed'));
    }
  };
  return { projectId, list, refresh, change, remove, copyLink };
}
