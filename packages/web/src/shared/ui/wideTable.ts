import { Grid } from 'antd';

/**
 * Where a key column beside the first is fixed too: from antd's `xl` breakpoint (1200 px) up, so at
 * 1280 px it never slides under the fixed first column; below, a fixed column more would leave the
 * scrolling part no room (a 1024 px window), so only the first column and the actions stay.
 */
export function useKeyColumnFixed(): 'left' | undefined {
  return Grid.useBreakpoint().xl ? 'left' : undefined;
}

/**
 * The props of an administration table wider than its card at 1280 px (docs/web.md "Fits at 1280 px"):
 * the caller fixes its key columns (`fixed: 'left'` / `'right'`), the rest scrolls inside the card, and
 * each edge with more to show casts a shadow one can see (`ml-wide-table` in app/app.css: antd's own
 * shadow, in the split colour, is barely there). `x` is the sum of the column widths.
 */
export function wideTable(x: number) {
  return { scroll: { x }, className: 'ml-wide-table' } as const;
}
