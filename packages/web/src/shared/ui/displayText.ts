/**
 * docs/product.md §5 display length where long names meet narrow room: a character above code 255 counts 2,
 * others 1, and a longer text is cut with an ellipsis (`truncateDisplay` of @marketlens/shared).
 * The budgets live here so that tables, tags and charts cut alike; `DisplayText` shows the full
 * text on hover, `cutLabel` is the same cut for ECharts formatters.
 */
import { DEFAULT_ELLIPSIS, displayLength, truncateDisplay } from '@marketlens/shared';

/** Display-length budgets (a Chinese character counts 2) of the places that have no pixel width. */
export const DISPLAY_BUDGET = {
  /** A table column that takes the room left by the others. */
  cell: 30,
  /** A tag (a granted brand or shop, a page). */
  tag: 16,
  /** A chart legend entry: room for our own series names ("Average discount price", 22). */
  legend: 24,
  /** A donut slice's name: ECharts narrows the label further to the room beside the ring, ending it in "…". */
  sliceLabel: 24,
  /** A category axis label or a label beside a chart element. */
  axisLabel: 12,
} as const;

/** A budget by name, or a number of display units. */
export type DisplayBudget = keyof typeof DISPLAY_BUDGET | number;

/** One display unit is about half the 14 px font: a Latin letter's width; a Chinese character takes 2. */
const UNIT_PX = 7;
/** antd's table cell padding, both sides. */
const CELL_PADDING_PX = 32;

/** The budget of a table column `width` px wide, less what sits beside the name (a tag, a picture). */
export function columnBudget(width: number, besidePx = 0): number {
  return Math.max(4, Math.floor((width - CELL_PADDING_PX - besidePx) / UNIT_PX));
}

export const budgetOf = (budget: DisplayBudget): number =>
  typeof budget === 'number' ? budget : DISPLAY_BUDGET[budget];

/** `text` cut to the budget (unchanged when it fits). */
export const cutText = (text: string, budget: DisplayBudget): string => truncateDisplay(text, budgetOf(budget));

/** An ECharts label formatter (axis label, legend) cutting names to the budget. */
export const cutLabel =
  (budget: DisplayBudget) =>
  (name: string): string =>
    cutText(String(name ?? ''), budget);

/** Where a name's parts meet ("JD Self-operated · Apple Store"): the part after the last one tells names apart. */
const PART_SEPARATORS = new Set(['·', '|', '｜', '/', '-', '—', '–', '(', '（']);

/** Up to `units` display units of `chars`, from the start (or, `fromEnd`, from the end). */
function take(chars: readonly string[], units: number, fromEnd: boolean): string {
  const kept: string[] = [];
  let used = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[fromEnd ? chars.length - 1 - i : i] as string;
    const w = displayLength(ch);
    if (used + w > units) break;
    kept.push(ch);
    used += w;
  }
  return (fromEnd ? kept.reverse() : kept).join('');
}

/**
 * `text` cut IN THE MIDDLE to the budget, for names that share their start and differ at the end (shops:
 * "JD Self-operated · Apple Store" / "JD Self-operated · Apple Accessories"): the start and the end stay,
 * the ellipsis replaces the middle. The end is the part after the last separator (·, |, /, -, …) when it
 * takes at most two thirds of the room, else half the room.
 *
 * | text | budget | result |
 * |---|---|---|
 * | `'JD Self-operated · Apple Store'` (30) | 24 | `'JD Self-...· Apple Store'` |
 * | `'abcdefghijklmnop'` | 10 | `'abc...mnop'` |
 * | a text that fits | any | unchanged |
 */
export function cutMiddle(text: string, budget: DisplayBudget): string {
  const max = budgetOf(budget);
  if (displayLength(text) <= max) return text;
  const room = max - displayLength(DEFAULT_ELLIPSIS);
  if (room < 4) return cutText(text, budget);
  const chars = [...text];
  let sep = -1;
  for (let i = chars.length - 2; i > 0 && sep < 0; i--) if (PART_SEPARATORS.has(chars[i] as string)) sep = i;
  const part = sep < 0 ? Number.POSITIVE_INFINITY : displayLength(chars.slice(sep).join(''));
  const tailUnits = part <= Math.floor((room * 2) / 3) ? part : Math.ceil(room / 2);
  const tail = take(chars, tailUnits, true);
  const head = take(chars, room - displayLength(tail), false).trimEnd();
  return `${head}${DEFAULT_ELLIPSIS}${tail}`;
}
