/**
 * Wire contract of a project's events calendar (docs/product.md "Events calendar"): the dataset's
 * calendar and the project's own events in one list, and the writes of the own ones. Field rules:
 * ../project-events.ts (checked by the handler, so that a refusal names the field in both languages).
 * The endpoint table is `PROJECT_EVENT_ENDPOINTS` (project-event-endpoints.ts).
 */
import { type Static, Type } from 'typebox';
import { PROJECT_EVENT_CODE_MAX, PROJECT_EVENT_NAME_MAX, PROJECT_EVENT_NOTE_MAX } from '../project-events.js';
import { AdminBody, Done, IdParams, IdParamsOf, NoBody } from './accounts.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
/** See custom-attributes.ts: with coerceTypes ajv turns null into 0 in a union's number branch. */
const NullableId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0 });
const DateText = Type.String({ maxLength: 10 });

export const ProjectEventView = Type.Object({
  /** The own event's id; null for an event of the dataset's calendar. */
  id: Nullable(Type.Integer()),
  source: Type.Union([Type.Literal('dataset'), Type.Literal('project')]),
  code: Nullable(Type.String()),
  /** The dataset event's edition and phase (docs/data-format.md §12); null for an own event. */
  year: Nullable(Type.Integer()),
  phase: Nullable(Type.String()),
  name_zh: Type.String(),
  name_en: Type.String(),
  kind: Type.String(),
  start_date: Type.String(),
  end_date: Type.String(),
  peak_date: Nullable(Type.String()),
  /** Platform codes; empty: every platform. */
  platforms: Type.Array(Type.String()),
  brand_id: Nullable(Type.Integer()),
  /** The brand's and the category's names in both languages (empty without one). */
  brand_name_zh: Type.String(),
  brand_name_en: Type.String(),
  category_id: Nullable(Type.Integer()),
  category_name_zh: Type.String(),
  category_name_en: Type.String(),
  note: Type.String(),
  created_by: Nullable(Type.String()),
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});
export type ProjectEventView = Static<typeof ProjectEventView>;

export const ProjectEventList = Type.Object({
  items: Type.Array(ProjectEventView),
  /** Whether the reader may add, change and delete the project's own events. */
  can_edit: Type.Boolean(),
});
export type ProjectEventList = Static<typeof ProjectEventList>;

/**
 * An own event as sent. Lengths and kinds are loose here and checked by the handler, which names the
 * field and the rule in the request's language (a schema refusal would not).
 */
export const ProjectEventInput = AdminBody({
  code: Type.Optional(Nullable(Type.String({ maxLength: PROJECT_EVENT_CODE_MAX * 4 }))),
  name_zh: Type.String({ maxLength: PROJECT_EVENT_NAME_MAX * 4 }),
  name_en: Type.String({ maxLength: PROJECT_EVENT_NAME_MAX * 4 }),
  kind: Type.String({ maxLength: 64 }),
  start_date: DateText,
  end_date: DateText,
  platforms: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 50 }),
  brand_id: Type.Optional(NullableId),
  category_id: Type.Optional(NullableId),
  note: Type.Optional(Nullable(Type.String({ maxLength: PROJECT_EVENT_NOTE_MAX * 4 }))),
});
export type ProjectEventInput = Static<typeof ProjectEventInput>;

/** The period asked for: events that overlap it (both ends inclusive, YYYY-MM-DD); none: every event. */
export const ProjectEventQuery = AdminBody({
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
});

const EventParams = IdParamsOf('id', 'eventId');

/** Schemas of the events endpoints, by the key of `PROJECT_EVENT_ENDPOINTS`. */
export const PROJECT_EVENT_SCHEMAS = {
  list: { body: ProjectEventQuery, params: IdParams, data: ProjectEventList },
  create: { body: ProjectEventInput, params: IdParams, data: Type.Object({ item: ProjectEventView }) },
  update: { body: ProjectEventInput, params: EventParams, data: Type.Object({ item: ProjectEventView }) },
  remove: { body: NoBody, params: EventParams, data: Done },
};
