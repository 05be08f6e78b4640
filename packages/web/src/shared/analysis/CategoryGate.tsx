import { Alert, Card } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/request.js';
import { useAction } from '../ui/useAction.js';
import { NoAccess } from './NoAccess.js';
import { useProjectId } from './reference.js';
import { useChosenCategories } from './useAnalysisFilter.js';

/**
 * What an analysis page shows for the categories in its URL (spec §6): the no-access state for a
 * category the user was not granted (with "add to favourites", so it is at hand once granted), the
 * "not ready" warning for a category whose data the administrator has not released, else the page.
 */
export function CategoryGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const projectId = useProjectId();
  const { ungranted, notReady } = useChosenCategories();
  const [favourited, setFavourited] = useState<string | null>(null);
  const ref = ungranted.join(',');
  // The favourites folder keeps what was asked for; the name is unknown outside the grant.
  const favourite = useAction(
    () =>
      api.post('/api/common/collections', {
        kind: 'category',
        ref,
        title: t('analysis.gate.categoryIds', { ids: ungranted.join(', ') }),
        project_id: projectId ?? null,
      }),
    { success: t('analysis.noAccess.favourited') },
  );
  if (ungranted.length > 0) {
    return (
      <Card variant="borderless">
        <NoAccess
          kind="category"
          favourited={favourited === ref}
          favouriteBusy={favourite.busy}
          onFavourite={() => void favourite.run().then((r) => r !== undefined && setFavourited(ref))}
        />
      </Card>
    );
  }
  if (notReady.length > 0) {
    const en = i18n.language === 'en';
    const names = notReady
      .map((n) => (en ? n.category_name_en || n.category_name : n.category_name))
      .join(en ? ', ' : '、');
    return (
      <Card variant="borderless">
        <Alert
          type="warning"
          showIcon
          title={t('analysis.state.notReady')}
          description={t('analysis.gate.notReadyNames', { names })}
          data-testid="category-not-ready"
        />
      </Card>
    );
  }
  return children;
}
