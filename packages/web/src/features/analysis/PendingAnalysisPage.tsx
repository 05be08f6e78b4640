import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentDef } from '../../app/routeHooks.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';

/**
 * The frame of an analysis page whose view ships in a later release: the translated page name and an
 * honest empty state, so permissions, menus and navigation can be used and tested today.
 */
export default function PendingAnalysisPage() {
  const { t } = useTranslation();
  const def = useCurrentDef();
  const title = def ? t(def.titleKey) : t('app.name');
  return (
    <PageFrame title={title}>
      <Empty
        style={{ padding: '72px 0' }}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Title level={5} style={{ marginBottom: 4 }} data-testid="pending-title">
              {t('pending.title', { page: title })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('pending.description')}</Typography.Text>
          </>
        }
      />
    </PageFrame>
  );
}
