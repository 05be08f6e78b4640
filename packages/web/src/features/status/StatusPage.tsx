import type { HealthStatus } from '@marketlens/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../shared/api/client.js';
import { setLocale } from '../../shared/i18n/index.js';
import { LOCALES, type Locale } from '../../shared/i18n/locales.js';

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };

/** First screen until the application shell lands: what is running and which data is loaded. */
export function StatusPage() {
  const { t, i18n } = useTranslation();
  const health = useQuery({
    queryKey: ['health', i18n.language],
    queryFn: ({ signal }) => apiGet<HealthStatus>('/api/health', signal),
  });

  const state = (okay: boolean) => (
    <Tag color={okay ? 'success' : 'error'}>{okay ? t('status.ok') : t('status.error')}</Tag>
  );

  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '64px 16px', background: '#f5f7fa' }}>
      <Flex vertical gap={24} style={{ width: '100%', maxWidth: 720 }}>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Space direction="vertical" size={0}>
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="app-name">
              {t('app.name')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </Space>
          <Segmented<Locale>
            aria-label={t('language.label')}
            value={i18n.language as Locale}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={setLocale}
          />
        </Flex>
        <Card title={t('status.title')}>
          {health.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} aria-label={t('status.loading')} />
          ) : health.isError ? (
            <Result
              status="warning"
              title={t('status.loadFailed')}
              extra={<Button onClick={() => health.refetch()}>{t('status.retry')}</Button>}
            />
          ) : (
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Alert
                data-testid="health-summary"
                type={health.data.status === 'ok' ? 'success' : 'warning'}
                showIcon
                message={health.data.status === 'ok' ? t('status.healthy') : t('status.degraded')}
              />
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('status.version')}>{health.data.version}</Descriptions.Item>
                <Descriptions.Item label={t('status.metadata')}>
                  {state(health.data.metadata.ok)} {health.data.metadata.dialect}
                </Descriptions.Item>
                <Descriptions.Item label={t('status.warehouse')}>
                  {state(health.data.warehouse.ok)} {health.data.warehouse.engine}
                </Descriptions.Item>
                <Descriptions.Item label={t('status.datasets')}>
                  {health.data.warehouse.datasets.length === 0
                    ? t('status.noDatasets')
                    : health.data.warehouse.datasets.map((d) => <Tag key={d}>{d}</Tag>)}
                </Descriptions.Item>
              </Descriptions>
            </Space>
          )}
        </Card>
      </Flex>
    </Flex>
  );
}
