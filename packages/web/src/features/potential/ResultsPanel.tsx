import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { PotentialBrands, PotentialRow } from '@marketlens/shared/contracts';
import { POTENTIAL_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Alert, Button, Flex, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DownloadButton,
  EChart,
  FlaggedGrowth,
  FOLLOW_FAILED,
  flagsOf,
  numericColumn,
  PanelCard,
  ScrollTable,
  ShareChange,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { columnBudget } from '../../shared/ui/displayText.js';
import { useAction } from '../../shared/ui/useAction.js';
import { potentialScatterOption } from './charts.js';
import { useFollowBrand } from './data.js';
import { POTENTIAL_PARAMS, type SortKey, sortOf } from './params.js';
import { brandDetailLink, type PotentialConfig } from './search.js';

/** The sortable figures of a row, by the URL's sort key. */
const SORT_VALUE: Record<SortKey, (r: PotentialRow) => number | null> = {
  sales: (r) => r.sales,
  growth: (r) => r.growth,
  category_sales: (r) => r.category_sales,
  category_growth: (r) => r.category_growth,
  share: (r) => r.share,
  share_change: (r) => r.share_change,
  rank: (r) => r.rank,
  total_sales: (r) => r.total_sales,
  total_growth: (r) => r.total_growth,
};

function FollowButton({ row }: { row: PotentialRow }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const follow = useFollowBrand();
  const name = nameOf(row.brand);
  const action = useAction((on: boolean) => follow(row.brand_id, on), {
    success: (on) => t(on ? 'potential.followed' : 'potential.unfollowed', { name }),
    quietFailure: t(FOLLOW_FAILED),
  });
  return (
    <Button
      size="small"
      type="text"
      icon={row.followed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      loading={action.busy}
      aria-pressed={row.followed}
      onClick={() => void action.run(!row.followed)}
      data-testid={`follow-${row.brand_id}`}
    >
      {row.followed ? t('potential.unfollow') : t('potential.follow')}
    </Button>
  );
}

function useColumns(data: PotentialBrands): TableColumnsType<PotentialRow> {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [sort] = usePanelParam(POTENTIAL_PARAMS.sort);
  const current = sortOf(sort);
  const sorted = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder: current?.key === key ? (current.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    sortDirections: ['descend' as const, 'ascend' as const],
    ...numericColumn,
  });
  return [
    {
      key: 'brand',
      title: t('potential.col.brand'),
      fixed: 'left',
      width: 140,
      render: (_, r) => (
        <Link to={brandDetailLink(r.brand_id, r.category_id, data.range, data.benchmark)} title={t('potential.detail')}>
          <DisplayText text={nameOf(r.brand)} budget={columnBudget(140)} />
        </Link>
      ),
    },
    {
      key: 'category',
      title: t('potential.col.category'),
      width: 160,
      fixed: 'left',
      // The full path on hover says where the category sits.
      render: (_, r) => (
        <DisplayText
          text={nameOf(r.category)}
          budget={columnBudget(160)}
          tip={en ? r.category.path_en : r.category.path}
        />
      ),
    },
    // Brand, category and the brand's own figures stay in view while the rest scrolls (docs/web.md "Fits at 1280 px").
    { ...sorted('sales'), fixed: 'left', title: t('potential.col.sales'), render: (_, r) => fmt.money(r.sales) },
    {
      ...sorted('growth'),
      fixed: 'left',
      title: t('potential.col.growth'),
      render: (_, r) => <FlaggedGrowth value={r.growth} flags={flagsOf(r)} strong />,
    },
    { ...sorted('share'), title: t('potential.col.share'), render: (_, r) => fmt.shareRatio(r.share) },
    {
      ...sorted('share_change'),
      title: t('potential.col.shareChange'),
      render: (_, r) => <ShareChange value={r.share_change} />,
    },
    {
      ...sorted('rank'),
      title: t('potential.col.rank'),
      render: (_, r) => t('potential.col.rankOf', { rank: fmt.count(r.rank), count: fmt.count(r.brand_count) }),
    },
    {
      ...sorted('category_sales'),
      title: t('potential.col.categorySales'),
      render: (_, r) => fmt.money(r.category_sales),
    },
    {
      ...sorted('category_growth'),
      title: t('potential.col.categoryGrowth'),
      render: (_, r) => <FlaggedGrowth value={r.category_growth} flags={r.category_flags} />,
    },
    { ...sorted('total_sales'), title: t('potential.col.totalSales'), render: (_, r) => fmt.money(r.total_sales) },
    {
      ...sorted('total_growth'),
      title: t('potential.col.totalGrowth'),
      render: (_, r) => <FlaggedGrowth value={r.total_growth} flags={r.total_flags} />,
    },
    { key: 'actions', title: t('potential.col.actions'), width: 120, render: (_, r) => <FollowButton row={r} /> },
  ];
}

/** Why nothing passed: the limit that excluded most candidates (or no sales at all). */
function EmptyReason({ data }: { data: PotentialBrands }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const top = data.exclusions[0];
  const text =
    data.candidates === 0 || !top
      ? t('potential.results.emptyNoCandidates')
      : t('potential.results.empty', {
          limit: t(`potential.limit.${top.limit}`),
          excluded: fmt.count(top.excluded),
          candidates: fmt.count(data.candidates),
        });
  return <Alert type="info" showIcon title={text} data-testid="potential-empty" />;
}

/**
 * The brands that passed: a summary line, the category growth × brand growth bubble chart, and the
 * table (sort in the URL, paged), each row linking to Brand Detail with the search's periods.
 */
export function ResultsPanel({
  search,
  query,
}: {
  search: PotentialConfig;
  query: { data: PotentialBrands | undefined; error: Error | null; isFetching: boolean; refetch(): unknown };
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const data = query.data;
  const [sort, setSort] = usePanelParam(POTENTIAL_PARAMS.sort);
  const rows = useMemo(() => {
    const items = data?.items ?? [];
    const by = sortOf(sort);
    if (!by) return items;
    const value = SORT_VALUE[by.key];
    const sign = by.order === 'asc' ? 1 : -1;
    // Rows without a value go last either way.
    return [...items].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * (x - y);
    });
  }, [data, sort]);
  const columns = useColumns(data ?? EMPTY);
  const option = useMemo(
    () =>
      potentialScatterOption(
        data?.items ?? [],
        {
          x: t('potential.chart.x'),
          y: t('potential.chart.y'),
          sales: t('potential.col.sales'),
          nameOf: (r) => `${nameOf(r.brand)} · ${nameOf(r.category)}`,
        },
        fmt,
      ),
    [data, t, nameOf, fmt],
  );

  return (
    <PanelCard
      title={t('potential.results.title')}
      definitions={['potential', 'sales', 'growth_custom', 'share']}
      subject={t('potential.results.subject')}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      warnings={(data?.warnings ?? []).filter((w) => w.code !== 'analytics.noData')}
      minHeight={240}
      extra={
        <DownloadButton
          endpoint={POTENTIAL_ENDPOINTS.brandsDownload}
          body={search}
          withFilter={false}
          fileName={t('potential.download.file')}
          disabled={!data || data.total === 0}
        />
      }
    >
      {data && (
        <Flex vertical gap={12} data-testid="potential-results">
          <Typography.Text type="secondary" data-testid="potential-summary">
            {t('potential.results.summary', {
              total: fmt.count(data.total),
              candidates: fmt.count(data.candidates),
              categories: fmt.count(data.categories),
              passed: fmt.count(data.categories_passed),
            })}
            {data.total > data.items.length && ` (${t('potential.results.truncated', { shown: data.items.length })})`}
          </Typography.Text>
          {data.total === 0 ? (
            <EmptyReason data={data} />
          ) : (
            <>
              <div>
                <Typography.Text strong>{t('potential.chart.title')}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                  {t('potential.chart.hint')}
                </Typography.Text>
                <EChart option={option} height={340} plugin="scatter" />
              </div>
              <ScrollTable<PotentialRow>
                rowKey={(r) => `${r.brand_id}-${r.category_id}`}
                columns={columns}
                dataSource={rows}
                pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: false }}
                onChange={(_p, _f, sorter) => {
                  const s = Array.isArray(sorter) ? sorter[0] : sorter;
                  setSort(s?.order ? `${s.columnKey as SortKey}.${s.order === 'ascend' ? 'asc' : 'desc'}` : null);
                }}
                data-testid="potential-table"
              />
            </>
          )}
        </Flex>
      )}
    </PanelCard>
  );
}

const EMPTY: PotentialBrands = {
  range: { start: '', end: '' },
  benchmark: { start: '', end: '' },
  level: 2,
  items: [],
  total: 0,
  categories: 0,
  categories_passed: 0,
  candidates: 0,
  exclusions: [],
  warnings: [],
};
