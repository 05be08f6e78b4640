import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { HiddenKeyword } from '@marketlens/shared/contracts';
import { Alert, Button, Drawer, Flex, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCard } from '../../shared/analysis/index.js';
import { isApiError } from '../../shared/api/request.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { useEditHiddenKeywords, useHiddenKeywords } from './hiddenKeywords.js';

/** The drawer of the hidden keywords (opened by HiddenKeywordsButton, which loads this file then). */
export default function HiddenKeywordsDrawer({
  open,
  onClose,
  cloudWords,
}: {
  open: boolean;
  onClose(): void;
  cloudWords: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('hot.hidden.title')}
      size={520}
      destroyOnHidden
      data-testid="hidden-keywords"
    >
      <HiddenKeywordsManager cloudWords={cloudWords} />
    </Drawer>
  );
}

function HiddenKeywordsManager({ cloudWords }: { cloudWords: readonly string[] }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const hidden = useHiddenKeywords();
  const edit = useEditHiddenKeywords();
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const data = hidden.data;

  const run = async (action: 'hide' | 'unhide', words: string[]) => {
    setBusy(action === 'hide' ? '' : words[0]!);
    try {
      await edit(action, words);
      if (action === 'hide') {
        setPicked([]);
        void message.success(t('hot.hidden.hidden', { count: words.length }));
      } else void message.success(t('hot.hidden.unhidden', { word: words[0] }));
    } catch (err) {
      if (isApiError(err) && err.cancelled) return;
      // A refused request (hiding off, too many words) says why; anything else gets the failure text of
      // docs/product.md §8.
      const text = isApiError(err) && err.status === 400 && err.message ? err.message : undefined;
      void message.error(text ?? t(action === 'hide' ? 'hot.hidden.hideFailed' : 'hot.hidden.unhideFailed'));
    } finally {
      setBusy(null);
    }
  };

  const hiddenSet = new Set(data?.items.map((h) => h.keyword));
  return (
    <PanelCard
      loading={hidden.isFetching}
      error={hidden.error ?? undefined}
      onRetry={() => void hidden.refetch()}
      subject={t('hot.hidden.subject')}
      minHeight={200}
      style={{ boxShadow: 'none' }}
    >
      {data && (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('hot.hidden.intro')}</Typography.Text>
          {!data.enabled && <Alert type="info" showIcon title={t('hot.hidingOff')} data-testid="hiding-off" />}
          {data.enabled && !data.can_edit && <Alert type="info" showIcon title={t('hot.hidden.readOnly')} />}
          {data.enabled && data.can_edit && (
            <Flex gap={8}>
              <Select
                mode="tags"
                value={picked}
                onChange={setPicked}
                placeholder={t('hot.hidden.pick')}
                aria-label={t('hot.hidden.pick')}
                options={cloudWords.filter((w) => !hiddenSet.has(w)).map((w) => ({ value: w, label: w }))}
                maxCount={100}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="hidden-keywords-pick"
              />
              <Button
                type="primary"
                icon={<EyeInvisibleOutlined />}
                disabled={picked.length === 0}
                loading={busy === ''}
                onClick={() => void run('hide', picked)}
                data-testid="hidden-keywords-hide"
              >
                {t('hot.hidden.hide')}
              </Button>
            </Flex>
          )}
          <Table<HiddenKeyword>
            size="small"
            rowKey="keyword"
            dataSource={data.items}
            pagination={data.items.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            locale={{ emptyText: t('hot.hidden.empty') }}
            data-testid="hidden-keywords-list"
            columns={[
              { key: 'keyword', title: t('hot.hidden.keyword'), dataIndex: 'keyword', ellipsis: true },
              { key: 'by', title: t('hot.hidden.by'), dataIndex: 'hidden_by', width: 104, ellipsis: true },
              {
                key: 'at',
                title: t('hot.hidden.at'),
                width: 104,
                render: (_, h) => (h.hidden_at ? dayjs(h.hidden_at).format('YYYY-MM-DD') : '-'),
              },
              ...(data.enabled && data.can_edit
                ? [
                    {
                      key: 'action',
                      title: '',
                      width: 96,
                      render: (_: unknown, h: HiddenKeyword) => (
                        <Button
                          type="link"
                          size="small"
                          icon={<EyeOutlined />}
                          loading={busy === h.keyword}
                          onClick={() => void run('unhide', [h.keyword])}
                          aria-label={`${t('hot.hidden.unhide')} ${h.keyword}`}
                        >
                          {t('hot.hidden.unhide')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      )}
    </PanelCard>
  );
}
