import { StarFilled } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
// follow.js directly, not the analysis index: the personal centre does not load the chart runtime.
import {
  brandDetailPath,
  FOLLOW_FAILED,
  type FollowedBrands,
  useFollowChange,
  useFollowedBrands,
} from '../../shared/analysis/follow.js';
import { useLocalName } from '../../shared/analysis/useLocalName.js';
import { showsQuietFailure } from '../../shared/api/quiet.js';
import { useSession } from '../../shared/auth/session.js';
import { formatDate } from '../../shared/ui/dates.js';
import { useAction } from '../../shared/ui/useAction.js';

type Followed = FollowedBrands['brands'][number];

/**
 * The brands the user follows in the current project, beside the favourites folder. It reads the
 * same favourite-brands store and query as Brand Detail, Brand Comparison and Favourite Brands, so a
 * brand followed there is listed here at once, and one unfollowed here is gone there.
 */
export function FollowedBrandsCard() {
  const { t } = useTranslation();
  const { project } = useSession();
  const nameOf = useLocalName();
  const followed = useFollowedBrands();
  const change = useFollowChange();
  const unfollow = useAction((id: number) => change([id], false), {
    success: t('favorites.followed.removed'),
    quietFailure: t(FOLLOW_FAILED),
  });
  if (!project) return null;
  const brands = [...(followed.data?.brands ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Card
      variant="borderless"
      title={t('favorites.followed.title', { project: project.name })}
      extra={<Link to="/favorite-brand">{t('favorites.followed.open')}</Link>}
      data-testid="followed-brands"
    >
      <Table<Followed>
        rowKey="brand_id"
        loading={followed.isPending}
        dataSource={brands}
        pagination={brands.length > 10 ? { pageSize: 10 } : false}
        locale={{
          emptyText: (
            <Empty
              description={
                followed.isError && showsQuietFailure(followed.error)
                  ? t('collections.readFailed')
                  : t('favorites.followed.empty')
              }
            />
          ),
        }}
        columns={[
          {
            title: t('favorites.kindName.brand'),
            render: (_, r) => (
              <Link to={brandDetailPath(r.brand_id)}>
                <StarFilled style={{ color: 'var(--ant-color-warning)', marginInlineEnd: 6 }} />
                {nameOf(r.brand_name, r.brand_name_en) || String(r.brand_id)}
              </Link>
            ),
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
              <Popconfirm
                title={t('favorites.followed.confirm', { name: nameOf(r.brand_name, r.brand_name_en) })}
                onConfirm={() => void unfollow.run(r.brand_id)}
              >
                <Button type="link" danger loading={unfollow.busy}>
                  {t('favorites.followed.unfollow')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}
