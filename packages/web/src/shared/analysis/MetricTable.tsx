import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameColumn } from '../ui/DisplayText.js';
import { BarCell, numericColumn, useChangeColumns } from './figures.js';
import { PagedTable } from './PagedTable.js';
import { useFormatters } from './useFormatters.js';

/** A row of a distribution or of the platform/channel overview. */
export interface MetricRow {
  key: string;
  label: string;
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
    { ...nameColumn<MetricRow>({ key: 'name', title: nameTitle, text: (r) => r.label, width: 170 }), fixed: 'left' },
    {
      key: 'sales',
      title: t('analysis.col.sales'),
      ...numericColumn,
      // The sorted figure stays beside the name when the table scrolls (docs/web.md "Fits at 1280 px").
      fixed: 'left',
      render: (_, r) => fmt.money(r.sales),
    },
    { key: 'count', title: t('analysis.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
    {
      key: 'avg',
      title: t('analysis.col.avgPrice'),
      ...numericColumn,
      render: (_, r) => fmt.metric('avg_price', r.avg_price),
    },
    {
      key: 'share',
      title: t('analysis.col.share'),
      width: 128,
      render: (_, r) => <BarCell percent={(r.share ?? 0) * 100} text={fmt.shareRatio(r.share)} />,
    },
    ...useChangeColumns<MetricRow>(),
  ];
  return (
    <PagedTable<MetricRow> rowKey="key" columns={columns} rows={rows} pageSize={pageSize ?? false} testId={testId} />
  );
}
