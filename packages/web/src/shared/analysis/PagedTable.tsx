import { Table, type TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';

export interface PagedTableProps<T> {
  rows: readonly T[];
  columns: TableColumnsType<T>;
  rowKey: keyof T | ((row: T) => Key);
  /** Rows per page; the pager shows only when there are more rows. false: never page. */
  pageSize?: number | false;
  /** Width from which the table scrolls sideways instead of squeezing its columns. */
  scrollX?: number;
  /** Text of an empty table (default antd's). */
  emptyText?: ReactNode;
  testId?: string;
}

/** The small table of every analysis panel: a pager only when it has more rows than a page. */
export function PagedTable<T extends object>({
  rows,
  columns,
  rowKey,
  pageSize = 10,
  scrollX,
  emptyText,
  testId,
}: PagedTableProps<T>) {
  return (
    <Table<T>
      size="small"
      rowKey={rowKey as string | ((row: T) => Key)}
      columns={columns}
      dataSource={rows as T[]}
      pagination={
        pageSize !== false && rows.length > pageSize ? { pageSize, size: 'small', showSizeChanger: false } : false
      }
      scroll={scrollX ? { x: scrollX } : undefined}
      locale={emptyText ? { emptyText } : undefined}
      data-testid={testId}
    />
  );
}
