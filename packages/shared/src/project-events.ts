import { CALENDAR_EVENT_KINDS } from './dataset-format.js';
import { isIsoDate } from './dates.js';
import type { MessageKey } from './messages.js';
import { PLATFORM_CODES } from './platforms.js';

/**
 * A project's events calendar (docs/product.md "Events calendar"): the dataset's promotions,
 * holidays and seasons, and the project's own events (a launch, a price change, a stock-out). The
 * rules of an own event live here so that the server and the web form refuse the same input with
 * the same words.
 */

/** Kinds of a project's own event: the dataset's kinds and a company's own. */
export const PROJECT_EVENT_KINDS = [...CALENDAR_EVENT_KINDS, 'launch', 'price_change', 'stock_out', 'other'] as const;
export type ProjectEventKind = (typeof PROJECT_EVENT_KINDS)[number];

/** Where an event of the list comes from: the dataset's calendar (read-only) or the project. */
export const EVENT_SOURCES = ['dataset', 'project'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

export const PROJECT_EVENT_NAME_MAX = 100;
export const PROJECT_EVENT_CODE_MAX = 64;
export const PROJECT_EVENT_NOTE_MAX = 1000;
/** Dates of an event: the years a market calendar can sensibly hold. */
export const PROJECT_EVENT_FIRST_DATE = '2000-01-01';
export const PROJECT_EVENT_LAST_DATE = '2100-12-31';
/** Own events a project may hold, so that the list stays one answer. */
export const PROJECT_EVENTS_MAX = 2000;

/** The fields of an own event as a form or a request gives them. */
export interface ProjectEventFields {
  code?: string | null;
  name_zh: string;
  name_en: string;
  kind: string;
  start_date: string;
  end_date: string;
  platforms: readonly string[];
  note?: string | null;
}

/** A refusal: the field it is about and the message (key and parameters) in both languages. */
export interface ProjectEventProblem {
  field: keyof ProjectEventFields;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export function isProjectEventKind(value: unknown): value is ProjectEventKind {
  return typeof value === 'string' && (PROJECT_EVENT_KINDS as readonly string[]).includes(value);
}

/** Whether a date is a real YYYY-MM-DD date within the calendar's years. */
export function projectEventDateOk(value: unknown): value is string {
  return isIsoDate(value) && value >= PROJECT_EVENT_FIRST_DATE && value <= PROJECT_EVENT_LAST_DATE;
}

/**
 * What is wrong with an own event, in field order; empty when it may be saved. Names are trimmed
 * before the length check, so a name of blanks is empty.
 */
export function projectEventProblems(e: ProjectEventFields): ProjectEventProblem[] {
  const out: ProjectEventProblem[] = [];
  const name = (field: 'name_zh' | 'name_en', value: string) => {
    const v = value.trim();
    if (v === '') out.push({ field, key: 'events.nameRequired' });
    else if (v.length > PROJECT_EVENT_NAME_MAX)
      out.push({ field, key: 'events.tooLong', params: { max: PROJECT_EVENT_NAME_MAX } });
  };
  const code = (e.code ?? '').trim();
  if (code.length > PROJECT_EVENT_CODE_MAX)
    out.push({ field: 'code', key: 'events.tooLong', params: { max: PROJECT_EVENT_CODE_MAX } });
  name('name_zh', e.name_zh);
  name('name_en', e.name_en);
  if (!isProjectEventKind(e.kind)) out.push({ field: 'kind', key: 'events.unknownKind', params: { kind: e.kind } });
  const range = { min: PROJECT_EVENT_FIRST_DATE, max: PROJECT_EVENT_LAST_DATE };
  const startOk = projectEventDateOk(e.start_date);
  const endOk = projectEventDateOk(e.end_date);
  if (!startOk) out.push({ field: 'start_date', key: 'events.dateOutOfRange', params: range });
  if (!endOk) out.push({ field: 'end_date', key: 'events.dateOutOfRange', params: range });
  if (startOk && endOk && e.end_date < e.start_date) out.push({ field: 'end_date', key: 'events.endBeforeStart' });
  const unknown = e.platforms.filter((p) => !(PLATFORM_CODES as readonly string[]).includes(p));
  if (unknown.length > 0)
    out.push({ field: 'platforms', key: 'events.unknownPlatform', params: { codes: unknown.join(', ') } });
  if ((e.note ?? '').length > PROJECT_EVENT_NOTE_MAX)
    out.push({ field: 'note', key: 'events.tooLong', params: { max: PROJECT_EVENT_NOTE_MAX } });
  return out;
}
