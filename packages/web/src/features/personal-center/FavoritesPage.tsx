import { DeleteOutlined } from '@ant-design/icons';
import type { Collection as StoredCollection } from '@marketlens/shared/contracts';
import { FAVORITE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/call.js';
import { QUIET, showsQuietFailure } from '../../shared/api/quiet.js';
import { formatDate } from '../../shared/ui/dates.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { FollowedBrandsCard } from './FollowedBrandsCard.js';

/** Kinds of collected items the app writes, with their names (other kinds show as stored). */
const KIND_KEYS: Record<string, 'favorites.kindName.category' | 'favorites.kindName.brand'> = {
  category: 'favorites.kindName.category',
  brand: 'favorites.kindName.brand',
};

/** What the folder shows of an item of `FAVORITE_ENDPOINTS.collections`; created_at is the collection time. */
export type Collection = Omit<StoredCollection, 'payload'>;

/** The favourites folder: what the user collected on the analysis pages, newest first, with removal. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['collections'],
    // Failures are shown here by the quiet rule (docs/api.md), not by the request layer's toasts.
    queryFn: ({ signal }) => call(FAVORITE_ENDPOINTS.collections, {}, { signal, ...QUIET }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(FAVORITE_ENDPOINTS.removeCollection, {}, { params: { id }, ...QUIET }),
    onSuccess: async () => {
      void message.success(t('favorites.removed'));
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
    onError: async (err) => {
      if (showsQuietFailure(err)) void message.error(t('collections.deleteFailed'));
      // Already gone (404): the list is refreshed either way.
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
  });
  if (list.isError) {
    return (
      <Card variant="borderless">
        <StatusView
          status="warning"
          title={showsQuietFailure(list.error) ? t('collections.getFailed') : t('favorites.loadFailed')}
          extra={<Button onClick={() => list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  const items = [...(list.data?.items ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Flex vertical gap={16}>
      <Card title={t('route.favorites')} variant="borderless">
        <Table<Collection>
          rowKey="id"
          loading={list.isPending}
          dataSource={items}
          locale={{ emptyText: <Empty description={t('favorites.empty')} /> }}
          columns={[
            { title: t('favorites.item'), dataIndex: 'title', render: (v: string, r) => v || r.ref },
            {
              title: t('favorites.kind'),
              dataIndex: 'kind',
              width: 140,
              render: (v: string) => <Tag>{KIND_KEYS[v] ? t(KIND_KEYS[v]) : v}</Tag>,
            },
            {
              title: t('favorites.collectedAt'),
              dataIndex: 'created_at',
              width: 200,
              render: (v: string) => formatDate(v, true),
            },
            {
              title: t('common.actions'),
              width: 120,
              render: (_, r) => (
                <Popconfirm title={t('favorites.confirmRemove')} onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" danger icon={<DeleteOutlined />}>
                    {t('common.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <FollowedBrandsCard />
    </Flex>
  );
}
