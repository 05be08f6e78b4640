import { isIsoDate } from './dates.js';
import type { MessageKey } from './messages.js';

/**
 * Notes on chart points (docs/product.md "Notes on charts"): a member writes a line about one period
 * of an entity's trend ("price cut from ¥399 to ¥349"), shared with the project's members whose grant
 * covers that entity. The rules live here so that the server and the note form refuse the same input
 * with the same words.
 */

/**
 * What a note is about: the subject of the trend charts — a category (Category Insight, Trend
 * Overview, Concept Explore, Product Analysis, Store Analysis: the one category chosen) or a brand
 * (Brand Detail).
 */
export const CHART_NOTE_ENTITIES = ['category', 'brand'] as const;
export type ChartNoteEntity = (typeof CHART_NOTE_ENTITIES)[number];

export const CHART_NOTE_TEXT_MAX = 500;
/** Notes a project may hold, so that the list stays one answer. */
export const CHART_NOTES_MAX = 5000;

/** A note as a form or a request gives it. */
export interface ChartNoteFields {
  entity_kind: string;
  entity_id: number;
  /** The period the note is about: its first day, YYYY-MM-DD. */
  date: string;
  text: string;
}

export interface ChartNoteProblem {
  field: keyof ChartNoteFields;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export function isChartNoteEntity(value: unknown): value is ChartNoteEntity {
  return typeof value === 'string' && (CHART_NOTE_ENTITIES as readonly string[]).includes(value);
}

/**
 * What is wrong with a note, in field order; empty when it may be saved. `range` is the dataset's
 * first and latest period (both inclusive): a note is about a period the data holds. The text is
 * trimmed before the checks, so a note of blanks is empty.
 */
export function chartNoteProblems(n: ChartNoteFields, range?: { start: string; end: string }): ChartNoteProblem[] {
  const out: ChartNoteProblem[] = [];
  if (!isChartNoteEntity(n.entity_kind))
    out.push({ field: 'entity_kind', key: 'notes.unknownEntity', params: { kind: n.entity_kind } });
  if (!Number.isInteger(n.entity_id) || n.entity_id < 0) out.push({ field: 'entity_id', key: 'notes.entityNotFound' });
  if (!isIsoDate(n.date) || (range && (n.date < range.start || n.date > range.end)))
    out.push({
      field: 'date',
      key: 'notes.dateOutOfRange',
      params: { min: range?.start ?? '', max: range?.end ?? '' },
    });
  const text = n.text.trim();
  if (text === '') out.push({ field: 'text', key: 'notes.textRequired' });
  else if (text.length > CHART_NOTE_TEXT_MAX)
    out.push({ field: 'text', key: 'notes.tooLong', params: { max: CHART_NOTE_TEXT_MAX } });
  return out;
}
