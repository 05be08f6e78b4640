import { type AdminTableOf, allow, on } from './admin-endpoints.js';
import type { CHART_NOTE_SCHEMAS } from './chart-notes.js';

/**
 * Notes on chart points: every member of the project reads and writes them (within their data
 * grant); a note is deleted by its author or by whoever manages the project's members — the
 * handler checks that (docs/security.md).
 */
export const CHART_NOTE_ENDPOINTS: AdminTableOf<typeof CHART_NOTE_SCHEMAS> = {
  list: on('GET', '/projects/:id/notes', allow.project('member', 'params.id')),
  create: on('POST', '/projects/:id/notes', allow.project('member', 'params.id')),
  remove: on('DELETE', '/projects/:id/notes/:noteId', allow.project('member', 'params.id')),
};
