import { ArrowDownOutlined, ArrowUpOutlined, StarOutlined } from '@ant-design/icons';
import type { FavoriteBrandRow } from '@marketlens/shared/contracts';
import { CONTRAST_ENDPOINTS } from '@marketlens/shared/endpoints';
import {
  Alert,
  Button,
  Card,
  Flex,
  Popconfirm,
  Segmented,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BrandPicker,
  brandDetailPath,
  CategoryGate,
  EChart,
  FilterPanel,
  FlaggedGrowth,
  type FlagList,
  FOLLOW_FAILED,
  flagsOf,
  numericColumn,
  PagedTable,
  PanelCard,
  panelState,
  useAnalysisFilter,
  useAnalysisQuery,
  useFollowChange,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { BrandDrawer } from './BrandDrawer.js';
import { sortFavorites, sparklineOption } from './charts.js';
import { favoriteBrandMessages } from './messages.js';
import { FAVORITE_PARAMS, FAVORITE_SORTS } from './params.js';

registerArea(favoriteBrandMessages);

/** The followed brands are the page's subject: no brand or favourites filter. */
const SECTIONS = ['date', 'compare', 'category', 'channels', 'keywords', 'attributes', 'price'] as const;
const PRIMARY = ['date', 'compare', 'category', 'channels'] as const;

/** A followed brand with the growth against the filter's comparison and that comparison's flags. */
type Row = FavoriteBrandRow & { growth: number | null; flags: FlagList };

/**
 * The latest period's unusual move (docs/pages/contrast.md "Movements"): direction and metric, and beside
 * them the period it is about and its figures (the earlier periods' mean → the latest), so the flag reads
 * apart from the growth column, which compares the whole range with the filter's comparison.
 */
function Movement({ row }: { row: Row }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const m = row.movement;
  if (!m) return <Typography.Text type="secondary">{t('favoriteBrand.movement.none')}</Typography.Text>;
  const value = (v: number) => (m.metric === 'sales' ? fmt.money(v) : fmt.shareRatio(v));
  return (
    <Tooltip
      title={t('favoriteBrand.movement.detail', {
        period: fmt.period(m.period),
        value: value(m.value),
        mean: value(m.mean),
        z: fmt.number(m.z, 1),
      })}
    >
      <Flex gap={6} align="center" wrap={false}>
        <Tag
          color={m.direction === 'up' ? 'green' : 'red'}
          icon={m.direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          data-testid={`movement-${row.brand_id}`}
        >
          {t(`favoriteBrand.movement.${m.metric}.${m.direction}`)}
        </Tag>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, whiteSpace: 'nowrap' }}
          data-testid={`movement-when-${row.brand_id}`}
        >
          {t('favoriteBrand.movement.when', { period: fmt.period(m.period), from: value(m.mean), to: value(m.value) })}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}

function Unfollow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const change = useFollowChange();
  const action = useAction(() => change([row.brand_id], false), {
    success: t('favoriteBrand.unfollow.done', { name: nameOf(row) }),
    quietFailure: t(FOLLOW_FAILED),
  });
  return (
    <Popconfirm title={t('favoriteBrand.unfollow.confirm', { name: nameOf(row) })} onConfirm={() => void action.run()}>
      <Button size="small" type="link" loading={action.busy} data-testid={`unfollow-${row.brand_id}`}>
        {t('favoriteBrand.unfollow')}
      </Button>
    </Popconfirm>
  );
}

/** Follow another brand from here (the server keeps the list to brands the user may see). */
function FollowPicker() {
  const { t } = useTranslation();
  const change = useFollowChange();
  const action = useAction((id: number) => change([id], true), {
    success: (answer) => {
      const b = answer.brands.at(-1);
      return t('favoriteBrand.follow.done', { name: b ? b.brand_name || b.brand_name_en : '' });
    },
    quietFailure: t(FOLLOW_FAILED),
  });
  return (
    <BrandPicker
      value={null}
      onChange={(id) => void action.run(id)}
      width={320}
      placeholder={t('favoriteBrand.follow.placeholder')}
    />
  );
}

/**
 * Favourite Brands (/favorite-brand, route id 8): the brands the user follows in the project, in the
 * filtered market — sales, share, growth, rank and a small trend line — with the brands whose latest
 * period moved unusually flagged, follow / unfollow, and a drawer per brand with its categories
 * (level 2 by default) and channels. Endpoints and the movement rule: docs/pages/contrast.md.
 */
export default function FavoriteBrandPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.favoriteBrand');
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const { filter } = useAnalysisFilter();
  const [sort, setSort] = usePanelParam(FAVORITE_PARAMS.sort);
  const [open, setOpen] = useState<Row | null>(null);
  const q = useAnalysisQuery(CONTRAST_ENDPOINTS.favorites, {});
  // Each trend answers every period of the applied range (docs/pages/contrast.md "Favourite brands"),
  // so the sparklines lie on the range's axis with its gaps.
  const axis = useAxisCoverage();
  const selector = filter.selector;
  const base = t(`favoriteBrand.base.${selector}`);
  const rows = sortFavorites(
    (q.data?.items ?? []).map((r) => {
      const cmp = selector === 'custom' || selector === 'event' ? r.custom : r[selector];
      return { ...r, growth: cmp?.growth.sales ?? null, flags: flagsOf(cmp) };
    }),
    sort,
  );
  const moved = rows.filter((r) => r.movement !== null).length;
  const ungranted = q.data?.ungranted ?? [];

  const columns: TableColumnsType<Row> = [
    {
      key: 'brand',
      title: t('favoriteBrand.col.brand'),
      render: (_, r) => (
        <Link to={brandDetailPath(r.brand_id)}>
          <DisplayText text={nameOf(r)} />
        </Link>
      ),
    },
    { key: 'sales', title: t('favoriteBrand.col.sales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
    { key: 'share', title: t('favoriteBrand.col.share'), ...numericColumn, render: (_, r) => fmt.shareRatio(r.share) },
    {
      key: 'growth',
      title: t('favoriteBrand.col.growth', { base }),
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={r.growth} flags={r.flags} />,
    },
    {
      key: 'rank',
      title: t('favoriteBrand.col.rank'),
      ...numericColumn,
      render: (_, r) => (r.rank === null ? '-' : fmt.count(r.rank)),
    },
    {
      key: 'trend',
      title: t('favoriteBrand.col.trend'),
      width: 160,
      render: (_, r) => <EChart option={sparklineOption(r.trend, fmt, undefined, axis)} height={36} />,
    },
    { key: 'movement', title: t('favoriteBrand.col.movement'), render: (_, r) => <Movement row={r} /> },
    {
      key: 'actions',
      title: t('favoriteBrand.col.actions'),
      render: (_, r) => (
        <Flex gap={4}>
          <Button size="small" type="link" onClick={() => setOpen(r)} data-testid={`details-${r.brand_id}`}>
            {t('favoriteBrand.details')}
          </Button>
          <Unfollow row={r} />
        </Flex>
      ),
    },
  ];

  const empty = q.data !== undefined && q.data.items.length === 0;
  return (
    <PageFrame title={title} subtitle={t('favoriteBrand.subtitle')} extra={<FollowPicker />} bare>
      <FilterPanel sections={SECTIONS} primary={PRIMARY} />
      <CategoryGate>
        {ungranted.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('favoriteBrand.ungranted', { count: ungranted.length, ids: ungranted.join(', ') })}
          />
        )}
        {empty ? (
          <Card variant="borderless" data-testid="favorite-empty">
            <StatusView
              icon={<StarOutlined style={{ color: '#faad14' }} />}
              title={t('favoriteBrand.empty.title')}
              subTitle={t('favoriteBrand.empty.description')}
            />
          </Card>
        ) : (
          <PanelCard
            title={t('favoriteBrand.list.title')}
            definitions={['sales', 'share', 'growth']}
            subject={t('favoriteBrand.subject')}
            extra={
              <Flex align="center" gap={8}>
                <Typography.Text type="secondary">{t('favoriteBrand.sort')}</Typography.Text>
                <Segmented
                  size="small"
                  value={sort}
                  onChange={(v) => setSort(v)}
                  options={FAVORITE_SORTS.map((s) => ({ value: s, label: t(`favoriteBrand.sort.${s}`) }))}
                  data-testid="favorite-sort"
                />
              </Flex>
            }
            {...panelState(q)}
          >
            {q.data && (
              <Flex vertical gap={12}>
                {moved > 0 && (
                  <Alert
                    type="info"
                    showIcon
                    title={t('favoriteBrand.movements', { count: moved })}
                    data-testid="movements"
                  />
                )}
                <PagedTable<Row> rows={rows} columns={columns} rowKey="brand_id" pageSize={20} testId="favorite-list" />
              </Flex>
            )}
          </PanelCard>
        )}
      </CategoryGate>
      {open && <BrandDrawer brand={open} onClose={() => setOpen(null)} />}
    </PageFrame>
  );
}
