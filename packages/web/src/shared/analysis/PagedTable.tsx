import type { TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';
import { ScrollTable } from '../ui/ScrollTable.js';

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
 * The small table of every analysis panel: a pager only when it has more rows than a page. It is a
 * `ScrollTable`: as wide as its content, scrolling sideways inside its card with a visible cue when that
 * is wider (docs/web.md "Fits at 1280 px"), so no figure is ever squeezed or cut; columns marked
 * `fixed: 'left'` (rank, name, the sorted figure) stay in view while it scrolls.
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
    <ScrollTable<T>
      rowKey={rowKey as string | ((row: T) => Key)}
      columns={columns}
      dataSource={rows as T[]}
      pagination={
        pageSize !== false && rows.length > pageSize ? { pageSize, size: 'small', showSizeChanger: false } : false
      }
      locale={emptyText ? { emptyText } : undefined}
      data-testid={testId}
    />
  );
}
