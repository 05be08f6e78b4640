import { type AdminTableOf, allow, on } from './admin-endpoints.js';
import type { PROJECT_EVENT_SCHEMAS } from './project-events.js';

/**
 * A project's events calendar: every member reads it (the dataset's calendar and the project's own
 * events, within the reader's data grant); the own events are written by those who manage the
 * project's members — the project's admin, root and global admins (docs/security.md).
 */
export const PROJECT_EVENT_ENDPOINTS: AdminTableOf<typeof PROJECT_EVENT_SCHEMAS> = {
  list: on('GET', '/projects/:id/events', allow.project('member', 'params.id')),
  create: on('POST', '/projects/:id/events', allow.project('users', 'params.id')),
  update: on('PUT', '/projects/:id/events/:eventId', allow.project('users', 'params.id')),
  remove: on('DELETE', '/projects/:id/events/:eventId', allow.project('users', 'params.id')),
};
