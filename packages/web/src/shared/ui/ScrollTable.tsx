import { Grid, Table, type TableProps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a key column beside the first is fixed too: from antd's `xl` breakpoint (1200 px) up, so at
 * 1280 px it never slides under the fixed first column; below, a fixed column more would leave the
 * scrolling part no room (a 1024 px window), so only the first column and the actions stay.
 */
export function useKeyColumnFixed(): 'left' | undefined {
  return Grid.useBreakpoint().xl ? 'left' : undefined;
}

/** Whether the table's own scroll container (antd's `.ant-table-content` or `.ant-table-body`) is wider than its room. */
function useOverflows(rows: unknown, columns: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows or columns change the table's width
  useEffect(() => {
    const scroller = ref.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!scroller) return;
    const measure = () => setOverflows(scroller.scrollWidth > scroller.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [rows, columns]);
  return [ref, overflows] as const;
}

/**
 * Every table that may be wider than its card — analysis tables and administration lists alike
 * (docs/web.md "Fits at 1280 px"): it scrolls sideways inside the card, never cutting a figure; the
 * caller fixes its key columns (`fixed: 'left'`: rank, name and the sorted figure; actions
 * `fixed: 'right'`) so they stay in view. It is as wide as its content unless the caller gives
 * `scroll.x` (the sum of fixed column widths). When it does scroll, the scrolling edge casts a shadow
 * one can see (`ml-wide-table`, app/app.css: antd's own, in the split colour, is barely there) and a
 * short hint above it says there are more columns, in the page language.
 */
export function ScrollTable<T extends object>({ className, scroll, ...props }: TableProps<T>) {
  const { t } = useTranslation();
  const [ref, overflows] = useOverflows(props.dataSource, props.columns);
  return (
    <div ref={ref} style={{ minWidth: 0 }}>
      {overflows && (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', textAlign: 'right', fontSize: 12, marginBottom: 4 }}
          data-testid="table-scroll-hint"
        >
          {t('common.tableScrollHint')}
        </Typography.Text>
      )}
      <Table<T>
        size="small"
        {...props}
        className={['ml-wide-table', className].filter(Boolean).join(' ')}
        scroll={{ x: 'max-content', ...scroll }}
      />
    </div>
  );
}
