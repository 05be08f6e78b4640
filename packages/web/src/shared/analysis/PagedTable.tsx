import { Table, type TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';

export interface PagedTableProps<T> {
  rows: readonly T[];
  columns: TableColumnsType<T>;
  rowKey: keyof T | ((row: T) => Key);
  /** Rows per page; the pager shows only when there are more rows. false: never page. */
  pageSize?: number | false;
  /** Text of an empty table (default antd's). */
  emptyText?: ReactNode;
  testId?: string;
}

/**
 * The small table of every analysis panel: a pager only when it has more rows than a page. It is as
 * wide as its content and scrolls sideways inside its card when that is wider (docs/product.md: a
 * screen fits at 1280 px), so no figure is ever squeezed or cut; columns marked `fixed: 'left'`
 * (rank, name) stay in view while it scrolls.
 */
export function PagedTable<T extends object>({
  rows,
  columns,
  rowKey,
  pageSize = 10,
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
      scroll={{ x: 'max-content' }}
      locale={emptyText ? { emptyText } : undefined}
      data-testid={testId}
    />
  );
}
