import type { ProjectEventView } from '@marketlens/shared/contracts';
import { PROJECT_EVENT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../shared/api/call.js';

/** The events calendar's calls (`PROJECT_EVENT_ENDPOINTS`): the list, and the writes of own events. */
export type ProjectEvent = ProjectEventView;
export type ProjectEventInput = Input<typeof PROJECT_EVENT_ENDPOINTS.create>;

export const eventKeys = {
  list: (projectId: number) => ['projects', projectId, 'events'] as const,
};

export const eventsApi = {
  list: (projectId: number, signal?: AbortSignal) =>
    call(PROJECT_EVENT_ENDPOINTS.list, {}, { params: { id: projectId }, signal }),
  create: (projectId: number, input: ProjectEventInput) =>
    call(PROJECT_EVENT_ENDPOINTS.create, input, { params: { id: projectId } }),
  update: (projectId: number, eventId: number, input: ProjectEventInput) =>
    call(PROJECT_EVENT_ENDPOINTS.update, input, { params: { id: projectId, eventId } }),
  remove: (projectId: number, eventId: number) =>
    call(PROJECT_EVENT_ENDPOINTS.remove, {}, { params: { id: projectId, eventId } }),
};
