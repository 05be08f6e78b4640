/**
 * Wire contract of saved views (docs/product.md "Saved views"): a project member's named page
 * states, private or shared with the project's members. Field rules: ../saved-views.ts (checked by
 * the handler, so that a refusal names the rule in the request's language). The endpoint table is
 * `SAVED_VIEW_ENDPOINTS` (saved-view-endpoints.ts).
 */
import { type Static, Type } from 'typebox';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX } from '../saved-views.js';
import { AdminBody, Done, IdParams, IdParamsOf, NoBody } from './accounts.js';

export const SavedView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The analysis page's path (/discover). */
  page: Type.String(),
  /** The page's URL query without '?': filter, range, comparison and panel switches. */
  query: Type.String(),
  shared: Type.Boolean(),
  /** Whether the reader saved it (and may rename, share and delete it). */
  own: Type.Boolean(),
  /** Whether the reader may change it: its owner, or who manages the project's members. */
  can_edit: Type.Boolean(),
  /** Who saved it (user name); shared views name their author. */
  owner: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SavedView = Static<typeof SavedView>;

export const SavedViewList = Type.Object({ items: Type.Array(SavedView) });
export type SavedViewList = Static<typeof SavedViewList>;

/** The page's views only (its path); none: every page's. */
export const SavedViewQuery = AdminBody({ page: Type.Optional(Type.String({ maxLength: 64 })) });

export const SavedViewInput = AdminBody({
  name: Type.String({ maxLength: SAVED_VIEW_NAME_MAX * 4 }),
  page: Type.String({ maxLength: 64 }),
  query: Type.String({ maxLength: SAVED_VIEW_QUERY_MAX * 2 }),
  shared: Type.Optional(Type.Boolean()),
});
export type SavedViewInput = Static<typeof SavedViewInput>;

/** A rename or a share switch; what is absent stays. */
export const SavedViewChange = AdminBody({
  name: Type.Optional(Type.String({ maxLength: SAVED_VIEW_NAME_MAX * 4 })),
  shared: Type.Optional(Type.Boolean()),
});
export type SavedViewChange = Static<typeof SavedViewChange>;

const ViewParams = IdParamsOf('id', 'viewId');

/** Schemas of the saved-view endpoints, by the key of `SAVED_VIEW_ENDPOINTS`. */
export const SAVED_VIEW_SCHEMAS = {
  list: { body: SavedViewQuery, params: IdParams, data: SavedViewList },
  create: { body: SavedViewInput, params: IdParams, data: Type.Object({ item: SavedView }) },
  update: { body: SavedViewChange, params: ViewParams, data: Type.Object({ item: SavedView }) },
  remove: { body: NoBody, params: ViewParams, data: Done },
};
