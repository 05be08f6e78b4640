import { pageByPath } from '@marketlens/shared';
import { Button, Card, Empty, Flex, Popconfirm, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SavedView, viewPath } from '../../shared/analysis/savedViews/api.js';
import { savedViewMessages } from '../../shared/analysis/savedViews/messages.js';
import { useSavedViews } from '../../shared/analysis/savedViews/useSavedViews.js';
import { registerArea } from '../../shared/i18n/index.js';
import { formatDate } from '../../shared/ui/dates.js';
import { ScrollTable } from '../../shared/ui/ScrollTable.js';

registerArea(savedViewMessages);

/**
 * "My views" (docs/product.md "Saved views"): the current project's views the user saved and those
 * its members shared, every page's, to open, copy, rename, share and delete (where the user may).
 */
export default function SavedViewsPage() {
  const { t } = useTranslation();
  const views = useSavedViews();
  const navigate = useNavigate();
  const pageName = (path: string) => {
    const p = pageByPath(path);
    return p ? t(p.titleKey) : path;
  };
  return (
    <Card title={t('route.savedViews')} variant="borderless">
      <Typography.Paragraph type="secondary">
        {views.projectId === undefined ? t('savedViews.noProject') : t('savedViews.projectHint')}
      </Typography.Paragraph>
      <ScrollTable<SavedView>
        rowKey="id"
        loading={views.list.isPending && views.projectId !== undefined}
        dataSource={views.list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('savedViews.none')} /> }}
        data-testid="saved-views-table"
        columns={[
          {
            key: 'name',
            title: t('savedViews.col.name'),
            width: 240,
            render: (_, v) =>
              v.can_edit ? (
                <Typography.Text
                  editable={{
                    onChange: (name) => {
                      if (name.trim() && name !== v.name) views.change.mutate({ id: v.id, name });
                    },
                    triggerType: ['icon'],
                  }}
                  style={{ marginBottom: 0 }}
                >
                  {v.name}
                </Typography.Text>
              ) : (
                v.name
              ),
          },
          { key: 'page', title: t('savedViews.col.page'), width: 140, render: (_, v) => pageName(v.page) },
          {
            key: 'shared',
            title: t('savedViews.col.shared'),
            width: 90,
            render: (_, v) =>
              v.own ? (
                <Switch
                  size="small"
                  checked={v.shared}
                  onChange={(shared) => views.change.mutate({ id: v.id, shared })}
                  aria-label={t('savedViews.share')}
                />
              ) : (
                <Tag>{t('savedViews.shared')}</Tag>
              ),
          },
          { key: 'owner', title: t('savedViews.col.owner'), width: 120, render: (_, v) => v.owner },
          {
            key: 'updated',
            title: t('savedViews.col.updated'),
            width: 160,
            render: (_, v) => formatDate(v.updated_at, true),
          },
          {
            key: 'actions',
            title: t('savedViews.col.actions'),
            width: 200,
            fixed: 'right',
            render: (_, v) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => navigate(viewPath(v))}>
                  {t('savedViews.open')}
                </Button>
                <Button type="link" size="small" onClick={() => void views.copyLink(v)}>
                  {t('savedViews.copyLink')}
                </Button>
                {v.can_edit && (
                  <Popconfirm title={t('savedViews.confirmDelete')} onConfirm={() => views.remove.mutate(v.id)}>
                    <Button type="link" size="small" danger>
                      {t('savedViews.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
