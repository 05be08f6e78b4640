import { FAVORITE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call.js';
import { useAction } from '../ui/useAction.js';
import { useProjectId } from './reference.js';

/**
 * "Add to favourites" for something the user may not see yet (docs/product.md §6 no-access states): an item of
 * the favourites folder (POST /collections) in the current project, so it is at hand once an
 * administrator grants access. `ref` identifies the item; `title` is what the folder lists.
 */
export function useCollect(kind: 'category' | 'brand' | 'shop', ref: string, title: string) {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const [done, setDone] = useState<string | null>(null);
  const action = useAction(
    () => call(FAVORITE_ENDPOINTS.collect, { kind, ref, title, project_id: projectId ?? null }),
    { success: t('analysis.noAccess.favourited') },
  );
  return {
    collected: done === ref,
    busy: action.busy,
    collect: () => void action.run().then((r) => r !== undefined && setDone(ref)),
  };
}
