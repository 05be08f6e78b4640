import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from './NoAccess.js';
import { useChosenCategories } from './useAnalysisFilter.js';
import { useCollect } from './useCollect.js';

/**
 * What an analysis page shows for the categories in its URL (docs/product.md §6): the no-access state for a
 * category the user was not granted (with "add to favourites", so it is at hand once granted), the
 * "not ready" warning for a category whose data the administrator has not released, else the page.
 */
export function CategoryGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { ungranted, notReady } = useChosenCategories();
  // The name of a category outside the grant is unknown here: the folder lists its ids.
  const collect = useCollect(
    'category',
    ungranted.join(','),
    t('analysis.gate.categoryIds', { ids: ungranted.join(', ') }),
  );
  if (ungranted.length > 0) {
    return (
      <Card variant="borderless">
        <NoAccess
          kind="category"
          favourited={collect.collected}
          favouriteBusy={collect.busy}
          onFavourite={collect.collect}
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
