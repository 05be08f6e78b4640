import { ExportOutlined } from '@ant-design/icons';
import { Flex, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DownloadButton,
  PanelCard,
  panelState,
  type SortBy,
  SortSwitch,
  useFormatters,
} from '../../shared/analysis/index.js';
import { type TopData, type TopKind, type TopRow, useInsightQuery } from './data.js';
import { Growth, numericColumn, ShareChange, useNameOf } from './ui.js';

const KINDS: readonly TopKind[] = ['brand', 'shop', 'product'];

/** The name cell: a product title or shop name links to its page on the platform (spec §9) when known. */
function NameCell({ row, kind }: { row: TopRow; kind: TopKind }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const name = nameOf(row);
  const sub =
    kind === 'product'
      ? [nameOf(row.brand), nameOf(row.shop)].filter(Boolean).join(' · ')
      : kind === 'shop'
        ? nameOf(row.channel)
        : '';
  return (
    <Flex vertical style={{ minWidth: 0, maxWidth: '100%', overflow: 'hidden' }}>
      <Flex gap={6} align="center" style={{ minWidth: 0 }}>
        {row.platform && kind !== 'brand' && <Tag style={{ marginInlineEnd: 0 }}>{nameOf(row.platform)}</Tag>}
        <Typography.Text ellipsis={{ tooltip: name }} style={{ minWidth: 0 }}>
          {row.link ? (
            <a href={row.link} target="_blank" rel="noopener noreferrer" title={t('discover.top.open')}>
              {name} <ExportOutlined style={{ fontSize: 11 }} />
            </a>
          ) : (
            name
          )}
        </Typography.Text>
      </Flex>
      {sub && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {sub}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** One ranking table for brands, shops and products (POST /top), the columns chosen by kind. */
function RankingTable({ data, kind }: { data: TopData | undefined; kind: TopKind }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const columns: TableColumnsType<TopRow> = [
    { key: 'rank', title: t('discover.col.rank'), dataIndex: 'rank', width: 64, align: 'center' },
    {
      key: 'name',
      title: t(`discover.col.${kind}`),
      render: (_, r) => <NameCell row={r} kind={kind} />,
      width: kind === 'product' ? 380 : 260,
      ellipsis: true,
    },
    ...(kind === 'product'
      ? [
          {
            key: 'price',
            title: t('discover.col.price'),
            ...numericColumn,
            render: (_: unknown, r: TopRow) => fmt.metric('avg_price', r.price),
          },
        ]
      : []),
    { key: 'sales', title: t('discover.col.sales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
    { key: 'count', title: t('discover.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
    ...(kind !== 'product'
      ? [
          {
            key: 'avg',
            title: t('discover.col.avgPrice'),
            ...numericColumn,
            render: (_: unknown, r: TopRow) => fmt.metric('avg_price', r.avg_price),
          },
        ]
      : []),
    { key: 'share', title: t('discover.col.share'), ...numericColumn, render: (_, r) => fmt.shareRatio(r.share) },
    {
      key: 'shareChange',
      title: t('discover.col.shareChange'),
      ...numericColumn,
      render: (_, r) => <ShareChange value={r.share_change} />,
    },
    {
      key: 'growth',
      title: t('discover.col.salesGrowth'),
      ...numericColumn,
      render: (_, r) => <Growth value={r.growth?.sales} />,
    },
  ];
  return (
    <Table<TopRow>
      size="small"
      rowKey={(r) => `${r.rank}-${r.id}`}
      columns={columns}
      dataSource={data?.items ?? []}
      pagination={{ pageSize: 10, size: 'small', showSizeChanger: false }}
      scroll={{ x: kind === 'product' ? 1080 : 960 }}
      data-testid={`top-${kind}`}
    />
  );
}

/** Who leads the category: top brands (up to 100), shops and products (top 50), with the .xlsx download. */
export function RankingPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TopKind>('brand');
  const [sortBy, setSortBy] = useState<SortBy>('sales');
  const q = useInsightQuery<TopData>('top', { kind, sort_by: sortBy });
  return (
    <PanelCard
      title={t('discover.top.title')}
      extra={
        <Flex gap={8}>
          <SortSwitch value={sortBy} onChange={setSortBy} />
          <DownloadButton
            path="top/downloads"
            body={{ kind, sort_by: sortBy }}
            fileName={t(`discover.top.file.${kind}`)}
            disabled={!q.data?.items.length}
          />
        </Flex>
      }
      minHeight={0}
    >
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as TopKind)}
        items={KINDS.map((k) => ({ key: k, label: t(`discover.top.${k}`) }))}
        style={{ marginTop: -8 }}
      />
      <PanelCard
        {...panelState(q)}
        subject={t('discover.top.subject')}
        empty={q.data?.items.length === 0}
        style={{ boxShadow: 'none' }}
      >
        {q.data && q.data.kind === kind && q.data.items.length > 0 && <RankingTable data={q.data} kind={kind} />}
      </PanelCard>
    </PanelCard>
  );
}
