import { Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../shared/ui/feedback.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import * as ICONS from './iconSet.js';

type IconName = keyof typeof ICONS;

/** /icons: the icon set the app uses; a click copies the icon's name. */
export default function IconsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [filter, setFilter] = useState('');
  const names = (Object.keys(ICONS) as IconName[]).filter((n) => n.toLowerCase().includes(filter.toLowerCase()));
  return (
    <PageFrame
      title={t('route.icons')}
      subtitle={t('icons.subtitle', { count: Object.keys(ICONS).length })}
      extra={
        <Input.Search
          allowClear
          placeholder={t('icons.search')}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 260 }}
        />
      }
    >
      <Flex wrap gap={12} data-testid="icon-grid">
        {names.map((name) => {
          // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the page shows the whole set, and iconSet.ts holds exactly these icons.
          const Icon = ICONS[name];
          return (
            <Card
              key={name}
              hoverable
              size="small"
              style={{ width: 150, textAlign: 'center' }}
              onClick={async () => {
                await navigator.clipboard?.writeText(name).catch(() => undefined);
                void message.success(t('icons.copied', { name }));
              }}
            >
              <Icon style={{ fontSize: 28, color: '#1677ff', margin: '8px 0' }} />
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis>
                {name}
              </Typography.Text>
            </Card>
          );
        })}
      </Flex>
    </PageFrame>
  );
}
