import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RankColumn<T> {
  key: string;
  title: ReactNode;
  render(row: T): ReactNode;
  width?: number;
}

interface Props<T> {
  rows: readonly T[];
  rowKey(row: T): string | number;
  /** The name cell (a product with picture and link, or a plain name). */
  name(row: T): ReactNode;
  /** Figures after the name, right-aligned. */
  columns: readonly RankColumn<T>[];
  testId: string;
  pageSize?: number;
}

/** One ranked list for every ranking of the page (rising, fresh): rank, name, figures, 10 a page. */
export function RankingTable<T>({ rows, rowKey, name, columns, testId, pageSize = 10 }: Props<T>) {
  const { t } = useTranslation();
  const cols: TableColumnsType<{ row: T; rank: number }> = [
    {
      key: 'rank',
      title: t('hot.col.rank'),
      width: 64,
      align: 'center',
      render: (_, r) => <span style={{ fontWeight: r.rank <= 3 ? 600 : undefined }}>{r.rank}</span>,
    },
    { key: 'name', title: t('hot.col.name'), render: (_, r) => name(r.row) },
    ...columns.map((c) => ({
      key: c.key,
      title: c.title,
      width: c.width ?? 112,
      align: 'right' as const,
      render: (_: unknown, r: { row: T }) => c.render(r.row),
    })),
  ];
  return (
    <Table
      size="small"
      data-testid={testId}
      rowKey={(r) => rowKey(r.row)}
      columns={cols}
      dataSource={rows.map((row, i) => ({ row, rank: i + 1 }))}
      pagination={rows.length > pageSize ? { pageSize, showSizeChanger: false, size: 'small' } : false}
      tableLayout="fixed"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
