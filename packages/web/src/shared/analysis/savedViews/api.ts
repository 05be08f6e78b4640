import type { SavedView } from '@marketlens/shared/contracts';
import { SAVED_VIEW_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call, type Input } from '../../api/call.js';

/** Saved views' calls (`SAVED_VIEW_ENDPOINTS`): the analysis pages' dialog and the personal centre share them. */
export type { SavedView };
export type SavedViewInput = Input<typeof SAVED_VIEW_ENDPOINTS.create>;
export type SavedViewChange = Input<typeof SAVED_VIEW_ENDPOINTS.update>;

export const savedViewKeys = {
  /** Every list of a project (a page's and the whole), so one invalidation refreshes both. */
  all: (projectId: number) => ['projects', projectId, 'views'] as const,
  list: (projectId: number, page?: string) => ['projects', projectId, 'views', page ?? ''] as const,
};

export const savedViewsApi = {
  list: (projectId: number, page?: string, signal?: AbortSignal) =>
    call(SAVED_VIEW_ENDPOINTS.list, page === undefined ? {} : { page }, { params: { id: projectId }, signal }),
  create: (projectId: number, input: SavedViewInput) =>
    call(SAVED_VIEW_ENDPOINTS.create, input, { params: { id: projectId } }),
  update: (projectId: number, viewId: number, change: SavedViewChange) =>
    call(SAVED_VIEW_ENDPOINTS.update, change, { params: { id: projectId, viewId } }),
  remove: (projectId: number, viewId: number) =>
    call(SAVED_VIEW_ENDPOINTS.remove, {}, { params: { id: projectId, viewId } }),
};

/** The app path that opens a view: its page with its query. */
export const viewPath = (v: Pick<SavedView, 'page' | 'query'>) => (v.query ? `${v.page}?${v.query}` : v.page);
