import { Progress, Table, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/analysis/index.js';
import { colorAt } from './charts.js';
import { Growth, numericColumn, ShareChange } from './ui.js';

/** A row of a distribution or of the platform/channel overview. */
export interface MetricRow {
  key: string;
  label: ReactNode;
  sales: number;
  count: number;
  avg_price: number | null;
  share: number | null;
  share_change: number | null;
  growth: { sales: number | null; count: number | null; avg_price: number | null } | null;
  children?: MetricRow[];
}

/**
 * The figures of a distribution (sub-categories, price bands, attribute values, platforms with their
 * channels): sales, units, average price, share with a bar, share change and growth.
 */
export function MetricTable({
  rows,
  nameTitle,
  testId,
  pageSize,
}: {
  rows: MetricRow[];
  nameTitle: string;
  testId?: string;
  pageSize?: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const columns: TableColumnsType<MetricRow> = [
    { key: 'name', title: nameTitle, dataIndex: 'label', ellipsis: true, width: 170 },
    {
      key: 'sales',
      title: t('discover.col.sales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.sales),
    },
    { key: 'count', title: t('discover.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
    {
      key: 'avg',
      title: t('discover.col.avgPrice'),
      ...numericColumn,
      render: (_, r) => fmt.metric('avg_price', r.avg_price),
    },
    {
      key: 'share',
      title: t('discover.col.share'),
      width: 128,
      render: (_, r) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Progress
            percent={Math.min(100, Math.max(0, (r.share ?? 0) * 100))}
            showInfo={false}
            size="small"
            strokeColor={colorAt(0)}
            style={{ flex: 1, margin: 0, minWidth: 40 }}
          />
          <Typography.Text style={{ width: 46, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {fmt.shareRatio(r.share)}
          </Typography.Text>
        </div>
      ),
    },
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
    <Table<MetricRow>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={pageSize && rows.length > pageSize ? { pageSize, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: 700 }}
      data-testid={testId}
    />
  );
}
