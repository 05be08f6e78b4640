import { SAVED_VIEW_NAME_MAX, savedViewProblems, savedViewQuery } from '@marketlens/shared';
import { Alert, Button, Checkbox, Empty, Flex, Input, List, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { registerArea } from '../../i18n/index.js';
import { useAction } from '../../ui/useAction.js';
import { savedViewsApi, viewPath } from './api.js';
import { savedViewMessages } from './messages.js';
import { useSavedViews } from './useSavedViews.js';

registerArea(savedViewMessages);

/**
 * The analysis pages' "Views" dialog (docs/product.md "Saved views"): save the page's state (its URL
 * query) under a name, private or shared, and open, copy or delete the page's views. Loaded when it
 * first opens (FilterPanel's button), so no page's first view carries it.
 */
export default function SavedViewsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const page = location.pathname.replace(/\/$/, '') || '/';
  const views = useSavedViews(page);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(
    async () => {
      await savedViewsApi.create(views.projectId!, { name, page, query: location.search, shared });
      setName('');
      await views.refresh();
    },
    { errors: 'inline', success: t('savedViews.saved') },
  );
  const onSave = () => {
    const first = savedViewProblems({ name, page, query: savedViewQuery(location.search) })[0];
    setProblem(first ? t(first.key, first.params) : null);
    if (!first) void save.run();
  };
  const items = views.list.data ?? [];
  return (
    <Modal
      open={open}
      title={t('savedViews.title')}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid="saved-views-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('savedViews.hint')}</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={onSave}
            placeholder={t('savedViews.name')}
            aria-label={t('savedViews.name')}
            maxLength={SAVED_VIEW_NAME_MAX + 10}
            style={{ flex: 1, minWidth: 200 }}
            status={problem ? 'error' : undefined}
            data-testid="saved-view-name"
          />
          <Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} data-testid="saved-view-share">
            {t('savedViews.share')}
          </Checkbox>
          <Button type="primary" onClick={onSave} loading={save.busy} data-testid="saved-view-save">
            {t('savedViews.saveCurrent')}
          </Button>
        </Flex>
        {(problem ?? save.error) && <Alert type="error" showIcon message={problem ?? save.error} />}
        <Typography.Text strong>{t('savedViews.ofPage')}</Typography.Text>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('savedViews.none')} />
        ) : (
          <List
            size="small"
            dataSource={items}
            data-testid="saved-view-list"
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button key="copy" type="link" size="small" onClick={() => void views.copyLink(v)}>
                    {t('savedViews.copyLink')}
                  </Button>,
                  ...(v.can_edit
                    ? [
                        <Popconfirm
                          key="delete"
                          title={t('savedViews.confirmDelete')}
                          onConfirm={() => views.remove.mutate(v.id)}
                        >
                          <Button type="link" size="small" danger>
                            {t('savedViews.delete')}
                          </Button>
                        </Popconfirm>,
                      ]
                    : []),
                ]}
              >
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  <Link to={viewPath(v)} onClick={onClose} data-testid="saved-view-open">
                    <Typography.Text ellipsis style={{ maxWidth: 260, color: 'inherit' }}>
                      {v.name}
                    </Typography.Text>
                  </Link>
                  {v.shared && <Tag>{v.own ? t('savedViews.shared') : t('savedViews.by', { owner: v.owner })}</Tag>}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
