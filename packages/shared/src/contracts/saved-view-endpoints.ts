import { type AdminTableOf, allow, on } from './admin-endpoints.js';
import type { SAVED_VIEW_SCHEMAS } from './saved-views.js';

/**
 * Saved views: every member of the project reads their own views and the shared ones of the pages
 * they may open, and saves their own; a view is changed by its owner or by who manages the
 * project's members (the handler decides, docs/security.md).
 */
export const SAVED_VIEW_ENDPOINTS: AdminTableOf<typeof SAVED_VIEW_SCHEMAS> = {
  list: on('GET', '/projects/:id/views', allow.project('member', 'params.id')),
  create: on('POST', '/projects/:id/views', allow.project('member', 'params.id')),
  update: on('PUT', '/projects/:id/views/:viewId', allow.project('member', 'params.id')),
  remove: on('DELETE', '/projects/:id/views/:viewId', allow.project('member', 'params.id')),
};
