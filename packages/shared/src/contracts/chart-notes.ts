/**
 * Wire contract of the notes on chart points (docs/product.md "Notes on charts"): the list of a
 * project's notes the reader may see, a new note and its deletion. Field rules: ../chart-notes.ts
 * (checked by the handler, so that a refusal names the rule in both languages). The endpoint table
 * is `CHART_NOTE_ENDPOINTS` (chart-note-endpoints.ts).
 */
import { type Static, Type } from 'typebox';
import { CHART_NOTE_TEXT_MAX } from '../chart-notes.js';
import { AdminBody, Done, IdParams, IdParamsOf, NoBody } from './accounts.js';

export const ChartNoteView = Type.Object({
  id: Type.Integer(),
  entity_kind: Type.String(),
  entity_id: Type.Integer(),
  /** The period the note is about (its first day, YYYY-MM-DD). */
  date: Type.String(),
  text: Type.String(),
  /** The author's user name (kept when the account goes). */
  author: Type.String(),
  created_at: Type.String(),
  /** Whether the reader may delete it: its author, or whoever manages the project's members. */
  can_delete: Type.Boolean(),
});
export type ChartNoteView = Static<typeof ChartNoteView>;

export const ChartNoteList = Type.Object({ items: Type.Array(ChartNoteView) });
export type ChartNoteList = Static<typeof ChartNoteList>;

/** A note as sent; lengths are loose here and checked by the handler in the request's language. */
export const ChartNoteInput = AdminBody({
  entity_kind: Type.String({ maxLength: 32 }),
  entity_id: Type.Integer({ minimum: 0 }),
  date: Type.String({ maxLength: 10 }),
  text: Type.String({ maxLength: CHART_NOTE_TEXT_MAX * 4 }),
});
export type ChartNoteInput = Static<typeof ChartNoteInput>;

/** Only the notes about one entity (both given), or every note the reader may see. */
export const ChartNoteQuery = AdminBody({
  entity_kind: Type.Optional(Type.String({ maxLength: 32 })),
  entity_id: Type.Optional(Type.Integer({ minimum: 0 })),
});

const NoteParams = IdParamsOf('id', 'noteId');

/** Schemas of the notes endpoints, by the key of `CHART_NOTE_ENDPOINTS`. */
export const CHART_NOTE_SCHEMAS = {
  list: { body: ChartNoteQuery, params: IdParams, data: ChartNoteList },
  create: { body: ChartNoteInput, params: IdParams, data: Type.Object({ item: ChartNoteView }) },
  remove: { body: NoBody, params: NoteParams, data: Done },
};
